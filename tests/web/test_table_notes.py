"""A teacher's note reaches a seat at once: above the lesson text and never folded into it,
marked new until the player marks the notes read, and said once by a polite live region
that the table's redraws keep in place."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.models import BoardNote, BoardPlay, Game
from games.presentation.table_notes import TableNotes, mark_read, table_notes
from tests.playing import call
from tests.web.test_lesson_privacy import lesson_table  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
LIVE_REGION = '<div id="table-notes-news" class="visually-hidden" aria-live="polite" hx-preserve="true"></div>'


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def game_of(table) -> Game:
    return Game.objects.get(pk=table.game_id)


def note(table, host, text: str) -> BoardNote:
    return BoardNote.add(game_of(table).boards.get(), text, host, table)


def poll(client: Client, game: Game):
    return client.get(reverse("seat_poll", args=[game.pk]), {"v": "old"}, **HX)


def test_a_note_stands_above_the_lesson_text_not_inside_it(lesson_table, host):  # noqa: F811
    game = game_of(lesson_table)
    game.show_lesson = "deal"  # the players read the lesson text with the deal
    game.save()
    note(lesson_table, host, "Count your tricks first")
    html = client_of(lesson_table.players["S"]).get(reverse("game", args=[game.pk])).text
    notes, lesson = html.index('class="table-notes"'), html.index('<details class="lesson"')
    assert notes < lesson and "Count your tricks first" in html[notes:lesson]
    assert "Count your tricks first" not in html[lesson:]  # not the last item of the folded text
    assert "Notes from the teacher" in html and "Note from alice" in html[notes:lesson]


def test_a_note_shows_even_when_the_lesson_text_does_not(lesson_table, host):  # noqa: F811
    game = game_of(lesson_table)
    note(lesson_table, host, "Lead a trump")
    html = client_of(lesson_table.players["E"]).get(reverse("game", args=[game.pk])).text
    assert "Lead a trump" in html and '<details class="lesson"' not in html  # the rule: after the board


def test_the_live_region_is_always_there_and_kept_across_redraws(lesson_table):  # noqa: F811
    game = game_of(lesson_table)
    client = client_of(lesson_table.players["N"])
    assert LIVE_REGION in client.get(reverse("game", args=[game.pk])).text
    assert LIVE_REGION in poll(client, game).text


def test_a_note_a_poll_brings_is_announced_once(lesson_table, host):  # noqa: F811
    game = game_of(lesson_table)
    client = client_of(lesson_table.players["W"])
    client.get(reverse("game", args=[game.pk]))
    note(lesson_table, host, "Watch the entries")
    first = poll(client, game).text
    news = re.search(r'<div id="table-notes-news" hx-swap-oob="beforeend">(.*?)</div>', first, re.S)
    assert news and "Note from alice" in news.group(1) and "Watch the entries" in news.group(1)
    call(BoardPlay.start(game.boards.get(), BoardPlay.Mode.TABLE), "1H")  # the table moves on
    again = poll(client, game).text
    assert "Watch the entries" in again and 'hx-swap-oob="beforeend"' not in again  # shown, not said again


def test_a_full_page_announces_nothing_its_notes_are_on_it(lesson_table, host):  # noqa: F811
    game = game_of(lesson_table)
    note(lesson_table, host, "Think first")
    html = client_of(lesson_table.players["N"]).get(reverse("game", args=[game.pk])).text
    assert "Think first" in html and 'hx-swap-oob="beforeend"' not in html


def test_a_note_is_new_until_marked_read(lesson_table, host):  # noqa: F811
    game = game_of(lesson_table)
    client = client_of(lesson_table.players["S"])
    first = note(lesson_table, host, "First note")
    page = client.get(reverse("game", args=[game.pk])).text
    assert page.count('<span class="note-new">new</span>') == 1
    assert poll(client, game).text.count('<span class="note-new">new</span>') == 1  # a redraw keeps it
    assert f'name="upto" value="{first.pk}"' in page
    answer = client.post(reverse("notes_read", args=[game.pk]), {"table": "1", "upto": str(first.pk)}, **HX)
    assert answer.status_code == 200 and 'id="seat-view"' in answer.text
    assert "First note" in answer.text and "note-new" not in answer.text and "Mark the notes as read" not in answer.text
    note(lesson_table, host, "Second note")
    again = poll(client, game).text
    assert again.count('<span class="note-new">new</span>') == 1
    assert re.search(r'note-new">new</span> Note from alice</p>\s*<div class="lesson-words">Second note', again)


def test_marking_read_is_each_players_own(lesson_table, host):  # noqa: F811
    game = game_of(lesson_table)
    made = note(lesson_table, host, "For everyone")
    north, east = client_of(lesson_table.players["N"]), client_of(lesson_table.players["E"])
    north.post(reverse("notes_read", args=[game.pk]), {"upto": str(made.pk)})
    assert "note-new" not in north.get(reverse("game", args=[game.pk])).text
    assert "note-new" in east.get(reverse("game", args=[game.pk])).text


def test_marking_read_without_htmx_goes_back_to_the_table(lesson_table, host):  # noqa: F811
    game = game_of(lesson_table)
    made = note(lesson_table, host, "x")
    response = client_of(lesson_table.players["N"]).post(reverse("notes_read", args=[game.pk]), {"upto": str(made.pk)})
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()


def test_only_the_tables_people_may_mark_its_notes(lesson_table, django_user_model):  # noqa: F811
    game = game_of(lesson_table)
    stranger = client_of(django_user_model.objects.create_user("stranger", password="x"))
    assert stranger.post(reverse("notes_read", args=[game.pk]), {"upto": "1"}).status_code == 404


def test_the_session_holds_two_ids_a_table():
    session: dict = {}

    class Row:
        def __init__(self, pk):
            self.pk, self.text, self.section, self.at, self.written_by = pk, f"note {pk}", "", 0, None

    assert table_notes(session, "7:1", (), announce=True) == TableNotes()
    shown = table_notes(session, "7:1", (Row(3), Row(5)), announce=True)
    assert [n.new for n in shown.notes] == [True, True] and len(shown.news) == 2 and shown.newest == 5
    assert session["table_notes"] == {"7:1": [5, 0]}
    mark_read(session, "7:1", 3)  # read up to what the page showed then
    later = table_notes(session, "7:1", (Row(3), Row(5), Row(9)), announce=True)
    assert [n.new for n in later.notes] == [False, True, True] and [i.html for i in later.news] == ["note 9"]
    assert session["table_notes"] == {"7:1": [9, 3]}
