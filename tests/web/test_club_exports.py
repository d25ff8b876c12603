"""Where a club night's results go beside its results page: the dealt boards' PBN (every
table's record of a board, its [ScoreTable] after the first, the ranking as a
[TotalScoreTable]), the results' own PBN (a record a board) and PDF sheet, each read back
and compared with the results model; and who sees what in them: a player only the boards
their own table has finished, as on the results page.

Three tables, the two boards of tests/models/test_club_results.py; board 2 is finished
at tables 1 and 2 only: table 3 has not started it.
"""

from __future__ import annotations

import io

import pytest
from django.test import Client
from pypdf import PdfReader

from games.bridge.club_night import decimal_text, hundredths
from games.formats import read_decks
from games.formats.pbn.score_table import read_tables, standings_of, traveller_of
from games.formats.pdf import contract_text
from games.models import Game
from games.models.club import game_results, results_for
from games.models.join import JoinTable
from games.presentation.result_text import pair_label
from tests.models.test_club_results import BOARD_1, BOARD_2, DEAL, finish

pytestmark = pytest.mark.django_db

ONLY_TWO = {number: result for number, result in BOARD_2.items() if number != 3}


@pytest.fixture
def night(host, django_user_model):
    def make(scoring: str = Game.Scoring.MATCHPOINTS) -> Game:
        from games.formats.model import Deck as ParsedDeck

        game = Game.objects.create(host=host, name="Tuesday club", game_type=Game.Type.JOIN, scoring=scoring)
        JoinTable.for_game(game)
        JoinTable.add_to(game)
        JoinTable.add_to(game)
        for table in game.join_tables.all():
            for seat in "NESW":
                user = django_user_model.objects.create_user(f"p{table.number}{seat.lower()}", password="x")
                table.take_seat(user, seat)
        game.add_decks(
            [ParsedDeck(deal=DEAL, index=i, line=1, board=str(i + 1)) for i in range(2)], source_name="club.pbn"
        )
        for results in (BOARD_1, ONLY_TWO):
            board = game.deal_next()
            for number, (calls, tricks) in results.items():
                finish(board, JoinTable.numbered(game, number), calls, tricks)
        return game

    return make


def client_of(django_user_model, name: str) -> Client:
    client = Client()
    client.force_login(django_user_model.objects.get(username=name))
    return client


def assert_matches(text: str, results) -> None:
    """The PBN's score tables are the results model's travellers, figure for figure, and its
    total score table the model's ranking."""
    decks = read_decks(text.encode(), "night.pbn")
    assert decks.ok
    tables = read_tables(text)
    boards = [table for table in tables if table.name == "ScoreTable"]
    (total,) = [table for table in tables if table.name == "TotalScoreTable"]
    assert len(boards) == len(results.boards)
    for table, board in zip(boards, results.boards):
        assert traveller_of(table, board=board.board_number, vul=board.vul) == board.scored
        if results.matchpoints:
            assert table.values("MP_NS") == tuple(decimal_text(line.ns_mp) for line in board.lines)
            assert table.values("Percentage_EW") == tuple(
                decimal_text(hundredths(line.ew_percent), fixed=True) for line in board.lines
            )
        else:
            assert table.values("IMP_NS") == tuple(decimal_text(line.imps) for line in board.lines)
    assert standings_of(total) == tuple(pair.standing for pair in results.ranking)


@pytest.mark.parametrize("scoring", [Game.Scoring.MATCHPOINTS, Game.Scoring.IMPS])
def test_the_dealt_boards_pbn_carries_every_tables_result_and_the_ranking(night, host_client, scoring):
    game = night(scoring)
    response = host_client.get(f"/games/{game.pk}/export/dealt.pbn")
    assert response.status_code == 200 and response["Content-Disposition"].startswith("attachment")
    text = response.content.decode()
    assert_matches(text, game_results(game))
    decks = read_decks(text.encode(), "night.pbn").decks
    assert [deck.board for deck in decks] == ["1", "1", "1", "2", "2"]  # a record a table that played it
    # Each board's first record is table 1's play, scored as the night scores it.
    first = decks[0]
    assert (first.contract, first.declarer, first.result) == ("4H", "S", "10") and first.auction and first.play
    assert dict(first.players)["N"] == "p1n"
    tags = dict(first.tags)
    assert tags["Score"] == "NS 420" and tags["Event"] == "Tuesday club"
    if scoring == Game.Scoring.MATCHPOINTS:
        assert tags["Scoring"] == "MP;MP1" and tags["ScoreMP"] == "NS 2 EW 2"
        assert tags["ScorePercentage"] == "NS 50.00 EW 50.00" and "ScoreIMP" not in tags
    else:
        assert tags["Scoring"] == "IMP;Cross2" and tags["ScoreIMP"] == "NS 5 EW -5"
    assert '"p3n;p3s"' in text  # the ranking names the pairs


def test_one_tables_dealt_boards_have_no_score_table(seated_table, host_client):
    text = host_client.get(f"/games/{seated_table.game.pk}/export/dealt.pbn").content.decode()
    assert "ScoreTable" not in text


def test_a_player_exports_only_the_boards_their_table_has_finished(night, django_user_model):
    game = night()
    text = client_of(django_user_model, "p3e").get(f"/games/{game.pk}/results.pbn").content.decode()
    decks = read_decks(text.encode(), "night.pbn").decks
    assert [deck.board for deck in decks] == ["1"]
    assert (decks[0].contract, decks[0].declarer) == ("3NT", "N")  # their own table's play
    assert dict(decks[0].players)["E"] == "p3e"
    at_three = results_for(game, django_user_model.objects.get(username="p3e"))
    assert_matches(text, at_three)
    assert "2S" not in text and "110" not in text  # nothing of board 2, which table 3 has to play
    # Table 1 has finished both boards: both, with both travellers.
    text = client_of(django_user_model, "p1e").get(f"/games/{game.pk}/results.pbn").content.decode()
    assert [deck.board for deck in read_decks(text.encode(), "night.pbn").decks] == ["1", "2"]
    assert_matches(text, results_for(game, django_user_model.objects.get(username="p1e")))


def test_a_seated_hosts_dealt_export_holds_the_score_tables_their_table_may_see(night, host, host_client):
    game = night()
    table = JoinTable.numbered(game, 3)
    table.unseat("N")
    table.take_seat(host, "N")
    text = host_client.get(f"/games/{game.pk}/export/dealt.pbn").content.decode()
    assert [deck.board for deck in read_decks(text.encode(), "night.pbn").decks] == ["1", "1", "1"]
    assert_matches(text, results_for(game, host))
    assert "2S" not in text


def test_the_results_sheet_shows_the_travellers_and_the_ranking(night, host_client):
    game = night()
    response = host_client.get(f"/games/{game.pk}/results.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith("inline") and "private" in response["Cache-Control"]
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    results = game_results(game)
    assert "Tuesday club: results" in text and "Matchpoints · 3 tables" in text
    for board in results.boards:
        section = text[text.index(f"Board {board.board_number}") :]
        for line in board.lines:
            assert contract_text(line.contract) in section
            assert str(abs(line.score)) in section
            assert decimal_text(hundredths(line.ns_percent), fixed=True) in section
    for pair in results.ranking:
        assert pair_label(pair.name) in text and pair.players in text
    assert "87.50" in text and "Still playing: table 3." in text


def test_a_players_sheet_leaves_out_what_their_table_has_to_play(night, django_user_model):
    game = night()
    response = client_of(django_user_model, "p3e").get(f"/games/{game.pk}/results.pdf")
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "Board 1" in text and "3NT" in text
    assert "Board 2" not in text and "2♠" not in text
    assert "1 board left out until your table has finished it" in text


def test_a_long_night_is_printed_in_ranges_of_boards(night, host_client, settings):
    settings.RESULTS_SHEET_MAX_BOARDS = 1
    game = night()
    response = host_client.get(f"/games/{game.pk}/results.pdf")
    html = response.content.decode()
    assert response.status_code == 400 and "a results sheet holds up to 1" in html
    assert "?boards=1-1" in html and "?boards=2-2" in html
    response = host_client.get(f"/games/{game.pk}/results.pdf?boards=2-2")
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "Board 2" in text and "Board 1 " not in text and "boards 2–2 of the travellers" in text


def test_the_results_page_links_its_sheet_and_pbn(night, host_client):
    game = night()
    html = host_client.get(f"/games/{game.pk}/results/").content.decode()
    assert f'href="/games/{game.pk}/results.pdf"' in html and f'href="/games/{game.pk}/results.pbn"' in html


def test_it_checks_ownership(night, other_client, django_user_model):
    game = night()
    for url in (f"/games/{game.pk}/results.pbn", f"/games/{game.pk}/results.pdf"):
        assert other_client.get(url).status_code == 404
        response = Client().get(url)
        assert response.status_code == 302 and response.url.startswith("/login/")
        assert client_of(django_user_model, "p1n").post(url).status_code == 405
    # The dealt boards' export stays the manager's.
    assert client_of(django_user_model, "p1n").get(f"/games/{game.pk}/export/dealt.pbn").status_code == 404


def test_a_practice_games_host_is_sent_back(host_client, game):
    assert host_client.get(f"/games/{game.pk}/results.pbn").status_code == 302
    assert host_client.get(f"/games/{game.pk}/results.pdf").status_code == 302
