"""The teacher's view of a Join table: the host, not seated, sees all four hands live and
the lesson text, and adds notes; the players are told they are watched and see no card
more than before. Nobody else may open it."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import BoardNote, BoardPlay, Game
from games.models.lesson import MAX_NOTE_CHARS
from tests.playing import DEAL, call, cards
from tests.web.test_lesson_privacy import SECRET, TO_4H, lesson_table  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db

HANDS = dict(zip("NESW", DEAL[2:].split()))
SUITS = (("♠", "spades"), ("♥", "hearts"), ("♦", "diamonds"), ("♣", "clubs"))
HX = {"HTTP_HX_REQUEST": "true"}


def rows(seat: str) -> list[str]:
    """The diagram's suit rows of a seat's whole hand."""
    found = []
    for (symbol, name), held in zip(SUITS, HANDS[seat].split(".")):
        if held:
            spaced = " ".join("10" if c == "T" else c for c in held)
            found.append(f'title="{name}">{symbol}</span> <span class="cards">{spaced}</span>')
    return found


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def url(game, name="teacher_view") -> str:
    return reverse(name, args=[game.pk])


def test_the_teacher_sees_all_four_hands_and_the_lesson(lesson_table, host):  # noqa: F811
    game = Game.objects.get(pk=lesson_table.game_id)
    response = client_of(host).get(url(game))
    assert response.status_code == 200
    assert "no-cache" in response["Cache-Control"] and "private" in response["Cache-Control"]
    for seat in "NESW":
        for row in rows(seat):
            assert row in response.text, seat
    for secret in SECRET:
        assert secret in response.text
    assert "The players see this text once the board is over or revealed." in response.text
    assert 'name="csrfmiddlewaretoken"' in response.text and 'name="board" value="1"' in response.text


def test_the_teacher_follows_the_play_live(lesson_table, host):  # noqa: F811
    game = Game.objects.get(pk=lesson_table.game_id)
    client = client_of(host)
    page = client.get(url(game)).text
    version = page.split("?v=")[1].split('"')[0]
    assert client.get(url(game, "teacher_poll"), {"v": version}).status_code == 204
    play = cards(call(BoardPlay.start(game.boards.get(), BoardPlay.Mode.TABLE), *TO_4H), 3)
    poll = client.get(url(game, "teacher_poll"), {"v": version}, **HX)
    assert poll.status_code == 200 and 'id="teacher-table"' in poll.text
    for card in play.cards:
        assert f'data-card="{card}"' in poll.text
    assert "Jacoby" in poll.text  # the lesson, whatever the rule


def test_the_players_are_told_and_see_no_card_more(lesson_table, host):  # noqa: F811
    game = Game.objects.get(pk=lesson_table.game_id)
    east = client_of(lesson_table.players["E"])
    before = east.get(reverse("game", args=[game.pk])).text
    assert "The teacher is watching all hands." not in before
    version = before.split("?v=")[1].split('"')[0]
    client_of(host).get(url(game))
    poll = east.get(reverse("seat_poll", args=[game.pk]), {"v": version}, **HX)
    assert poll.status_code == 200
    assert "The teacher is watching all hands." in poll.text
    for row in rows("E"):
        assert row in poll.text
    for seat in "NSW":
        for row in rows(seat):
            assert row not in poll.text, f"{seat}'s cards leaked to East"
    for secret in SECRET:
        assert secret not in poll.text


def test_the_line_goes_when_the_teacher_leaves(lesson_table, host, settings):  # noqa: F811
    from datetime import timedelta

    from django.utils import timezone

    from games.models import JoinTable

    game = Game.objects.get(pk=lesson_table.game_id)
    client_of(host).get(url(game))
    JoinTable.objects.filter(game=game).update(teacher_seen_at=timezone.now() - timedelta(minutes=5))
    html = client_of(lesson_table.players["S"]).get(reverse("game", args=[game.pk])).text
    assert "The teacher is watching all hands." not in html


def test_a_note_reaches_every_seat(lesson_table, host):  # noqa: F811
    game = Game.objects.get(pk=lesson_table.game_id)
    call(BoardPlay.start(game.boards.get(), BoardPlay.Mode.TABLE), "1H", "P")
    response = client_of(host).post(
        url(game, "teacher_note"), {"board": "1", "text": "Think about the lead before you play <script>x</script>"}
    )
    assert response.status_code == 302 and response["Location"] == url(game)
    (note,) = BoardNote.objects.all()
    assert (note.section, note.at, note.written_by) == ("auction", 2, host)
    for user in lesson_table.players.values():
        html = client_of(user).get(reverse("game", args=[game.pk])).text
        assert "Think about the lead before you play" in html and "Note from alice, after call 2" in html
        assert "<script>x" not in html


def test_a_note_by_htmx_answers_the_form_and_the_table(lesson_table, host):  # noqa: F811
    game = Game.objects.get(pk=lesson_table.game_id)
    response = client_of(host).post(url(game, "teacher_note"), {"board": "1", "text": "Count trumps"}, **HX)
    assert response.status_code == 200
    assert 'id="teacher-note"' in response.text and "Note added" in response.text
    assert 'id="teacher-table" class="seat-view teacher-table" hx-swap-oob="true"' in response.text
    assert "Count trumps" in response.text


@pytest.mark.parametrize(
    "data, error",
    [
        ({"board": "1", "text": "   "}, "This field is required."),
        ({"board": "1", "text": "x" * (MAX_NOTE_CHARS + 1)}, f"at most {MAX_NOTE_CHARS} characters"),
        ({"board": "7", "text": "Late note"}, "The table has moved on to another board"),
    ],
)
def test_a_note_is_refused_with_a_reason(lesson_table, host, data, error):  # noqa: F811
    game = Game.objects.get(pk=lesson_table.game_id)
    response = client_of(host).post(url(game, "teacher_note"), data)
    assert response.status_code == 400 and error in response.text
    assert not BoardNote.objects.exists()


def test_a_note_refused_says_why_in_the_page_language(lesson_table, host):  # noqa: F811
    from django.utils import translation

    game = Game.objects.get(pk=lesson_table.game_id)
    english = "The table has moved on to another board: your note was not added. Read it again."
    response = client_of(host).post(
        url(game, "teacher_note"), {"board": "7", "text": "Late note"}, headers={"accept-language": "fr"}
    )
    with translation.override("fr"):
        said = translation.gettext(english)
    assert said != english and said in response.text and english not in response.text


def test_a_note_needs_the_csrf_token(lesson_table, host):  # noqa: F811
    game = Game.objects.get(pk=lesson_table.game_id)
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(host)
    assert strict.post(url(game, "teacher_note"), {"board": "1", "text": "x"}).status_code == 403


@pytest.mark.parametrize("name", ["teacher_view", "teacher_poll"])
def test_players_and_strangers_get_404(lesson_table, other_user, name):  # noqa: F811
    game = Game.objects.get(pk=lesson_table.game_id)
    for user in (*lesson_table.players.values(), other_user):
        assert client_of(user).get(url(game, name)).status_code == 404
    assert (
        client_of(lesson_table.players["N"]).post(url(game, "teacher_note"), {"board": "1", "text": "x"}).status_code
        == 404
    )


def test_a_seated_host_is_sent_back_to_the_table(lesson_table, host):  # noqa: F811
    game = Game.objects.get(pk=lesson_table.game_id)
    lesson_table.unseat("N")
    lesson_table.take_seat(host, "N")
    client = client_of(host)
    response = client.get(url(game))
    assert response.status_code == 302 and response["Location"] == reverse("game", args=[game.pk])
    assert client.get(url(game, "teacher_poll")).status_code == 404
    assert client.post(url(game, "teacher_note"), {"board": "1", "text": "x"}).status_code == 302
    assert not BoardNote.objects.exists()


def test_a_practice_game_has_no_teachers_view(host_client, game):
    response = host_client.get(url(game), follow=True)
    assert response.redirect_chain == [(reverse("game", args=[game.pk]), 302)]
    assert "Only a Join table has a teacher&#x27;s view" in response.text
    assert host_client.post(url(game, "teacher_note"), {"board": "1", "text": "x"}).status_code == 302
    assert not BoardNote.objects.exists()


def test_the_hosts_table_links_to_the_teachers_view(lesson_table, host):  # noqa: F811
    game = Game.objects.get(pk=lesson_table.game_id)
    assert f'href="{url(game)}"' in client_of(host).get(reverse("game", args=[game.pk])).text
    assert f'href="{url(game)}"' not in client_of(lesson_table.players["N"]).get(reverse("game", args=[game.pk])).text
