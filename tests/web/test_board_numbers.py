"""The queue's "Board 7" is dealt as board 7, with board 7's dealer and vulnerability (South,
both vulnerable) when the file states none: on the table, in the history, in the dealt
boards' exports and hand records, and in the admin, whatever its place in the queue."""

from __future__ import annotations

import io
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.formats import read_decks
from games.models import DealtBoard, Game, Upload
from games.models.join import JoinTable
from tests.fixtures_upload import upload_file
from tests.hostile import deals, lin_md

pytestmark = pytest.mark.django_db

THREE, SEVEN = deals(2, seed=31)
# Boards 3 and 7 of a lesson: no dealer digit in md, no sv, so both follow the board number.
LESSON = (f"qx|o3|md|{lin_md(THREE)[1:]}|ah|Board 3|pg||\nqx|o7|md|{lin_md(SEVEN)[1:]}|ah|Board 7|pg||\n").encode()


def add_lesson(client: Client, game: Game, **choice: str) -> None:
    """Upload the lesson, as the preview chose it (``choice``: the options form), and add it."""
    assert client.post(reverse("upload", args=[game.pk]), {"files": [upload_file("lesson.lin", LESSON)]}).status_code
    staged = Upload.objects.get(game=game)
    if choice:
        client.post(reverse("upload_options", args=[game.pk, staged.token]), choice)
    added = client.post(reverse("upload_add", args=[game.pk, staged.token]), follow=True)
    assert "2 decks added" in added.text


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def title(html: str) -> str:
    """The board title, as a reader hears it: "Board 7 Dealer South · Vul Both"."""
    found = re.search(r'<h2 id="board-title"[^>]*>(.*?)</h2>', html, re.S)
    assert found, "no board title"
    return text(found.group(1))


def history_row(html: str, number: int) -> list[str]:
    """The cells of the history's row of the game's deal ``number``."""
    row = re.search(rf'<tr id="history-board-{number}"[^>]*>(.*?)</tr>', html, re.S)
    assert row, f"no history row for deal {number}"
    return [text(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row.group(1), re.S)]


def test_the_queues_board_7_is_board_7_everywhere(host_client, game, staff):
    add_lesson(host_client, game)
    html = host_client.get(reverse("game", args=[game.pk])).text
    assert "press Deal New Cards for board 3." in html
    host_client.post(reverse("deal", args=[game.pk]))  # board 3: the game's first deal
    html = host_client.get(reverse("game", args=[game.pk])).text
    assert '<span class="deck-name">Board 7</span>' in html  # what the queue lists

    dealt = host_client.post(reverse("deal", args=[game.pk]), follow=True).text  # the game's second deal
    assert "Board 7 dealt." in dealt
    assert title(dealt) == "Board 7 Dealer South · Vul Both"
    assert '<strong class="board-no">7</strong>' in dealt  # the compass of the diagram
    assert history_row(dealt, 2)[:4] == ["7", "South", "Both", "lesson.lin, board 7"]
    assert history_row(dealt, 1)[:3] == ["3", "South", "E-W"]

    pbn = host_client.get(reverse("export", args=[game.pk, "dealt", "pbn"])).text
    seven = pbn[pbn.index('[Board "7"]') :]
    assert '[Board "3"]' in pbn and '[Board "2"]' not in pbn
    assert '[Dealer "S"]' in seven and '[Vulnerable "All"]' in seven
    read = read_decks(pbn.encode(), "dealt.pbn").decks
    assert [(d.board, d.dealer, d.vul, d.deal) for d in read] == [("3", "S", "EW", THREE), ("7", "S", "All", SEVEN)]

    staff_client = Client()
    staff_client.force_login(staff)
    board = DealtBoard.objects.get(game=game, number=2)
    listing = staff_client.get("/admin/games/dealtboard/").text
    row = re.search(rf"<tr[^>]*>(?:(?!</tr>).)*?/admin/games/dealtboard/{board.pk}/change/(.*?)</tr>", listing, re.S)
    assert row, "no row for the board in the admin's list"
    cells = [text(cell) for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row.group(0), re.S)]
    assert cells[1:3] == ["7", "2"] and cells[4:6] == ["South", "Both"]  # game, board, deal, deal diagram
    page = staff_client.get(f"/admin/games/dealtboard/{board.pk}/change/").text
    assert "<title>Tuesday practice (#1) board 7 |" in page
    fields = dict(re.findall(r"<label>([^<]+):</label>\s*<div class=\"readonly\">(.*?)</div>", page, re.S))
    assert (fields["Board"], fields["Deal no."], fields["Dealer"], fields["Vul"]) == ("7", "2", "South", "Both")


def test_the_hand_records_of_the_dealt_boards_print_board_7(host_client, game):
    from pypdf import PdfReader

    add_lesson(host_client, game)
    for _ in range(2):
        host_client.post(reverse("deal", args=[game.pk]))
    started = host_client.get(reverse("export", args=[game.pk, "dealt", "pdf"]))
    assert started.status_code == 302
    assert "Your PDF is ready" in host_client.get(started.url).text
    pdf = host_client.get(started.url + "download/").content
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]
    assert len(pages) == 2
    assert "Board 3" in pages[0] and "Dealer South · Vul E-W" in pages[0]
    assert "Board 7" in pages[1] and "Dealer South · Vul Both" in pages[1] and "Board 2" not in pages[1]


def test_a_renumbered_upload_is_dealt_under_the_chosen_numbers(host_client, game):
    add_lesson(host_client, game, rotation="0", renumber_from="21", vul_follows_number="0")
    dealt = host_client.post(reverse("deal", args=[game.pk]), follow=True).text
    assert title(dealt) == "Board 21 Dealer North · Vul N-S"
    assert history_row(dealt, 1)[:3] == ["21", "North", "N-S"]


def test_play_again_deals_board_7_again_and_the_history_shows_both(host_client, game):
    add_lesson(host_client, game)
    for _ in range(2):
        host_client.post(reverse("deal", args=[game.pk]))
    again = host_client.post(reverse("play_again", args=[game.pk, 2]), follow=True).text
    assert "Board 7 is back at the front of the queue." in again
    dealt = host_client.post(reverse("deal", args=[game.pk]), follow=True).text
    assert title(dealt) == "Board 7 Dealer South · Vul Both"
    assert [history_row(dealt, n)[0] for n in (3, 2, 1)] == ["7", "7", "3"]
    # each deal keeps its own page: the analysis of deal 3 is board 7's
    analysis = host_client.get(reverse("board_analysis", args=[game.pk, 3])).text
    assert "Board 7" in analysis


def test_a_random_board_takes_the_next_free_number(host_client, game):
    add_lesson(host_client, game)
    for _ in range(3):
        dealt = host_client.post(reverse("deal", args=[game.pk]), follow=True).text
    assert title(dealt) == "Board 8 Dealer West · Vul None"  # after board 7, board 8 of the cycle
    assert "No uploaded decks left: this board was dealt at random" in dealt


def test_a_join_table_shows_board_7_to_the_host_and_the_players(host_client, host, other_user, password):
    game = Game.objects.create(host=host, name="Lesson table", game_type=Game.Type.JOIN)
    JoinTable.for_game(game).take_seat(other_user, "E")
    add_lesson(host_client, game)
    for _ in range(2):
        host_client.post(reverse("deal", args=[game.pk]))
    host_page = host_client.get(reverse("game", args=[game.pk])).text
    player = Client()
    player.force_login(other_user)
    player_page = player.get(reverse("game", args=[game.pk])).text
    for html in (host_page, player_page):
        assert title(html) == "Board 7 Dealer South · Vul Both"
        assert re.search(r'aria-label="Board 7, dealer South, vulnerable Both"', html)
        assert '<strong class="board-no">7</strong>' in html
        assert 'class="board-no">2<' not in html


def test_the_preview_says_a_number_past_the_columns_range_is_no_number(host_client, game):
    """Such a deck is dealt as the game's next free number, so the preview cannot know its
    vulnerability yet; board 7 beside it shows board 7's."""
    data = f'[Board "99999999999"]\n[Deal "{THREE}"]\n\n[Board "7"]\n[Deal "{SEVEN}"]\n'.encode()
    host_client.post(reverse("upload", args=[game.pk]), {"files": [upload_file("big.pbn", data)]})
    staged = Upload.objects.get(game=game)
    html = host_client.get(reverse("upload_preview", args=[game.pk, staged.token])).text
    assert [text(vul) for vul in re.findall(r"<span>Vul (.*?)</span>", html)] == ["—", "Both"]
