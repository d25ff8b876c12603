"""Results said in the page's language: the overview's phase and contract, the history's
result line, what a board is scored against and par. Suits stay symbols; no trump, seats,
"by", tricks and IMPs are the language's."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.bridge import rules
from games.models import BoardPlay
from games.presentation.result_text import par_said, reference_said, summary_said
from tests.playing import call, claim

pytestmark = pytest.mark.django_db


def row(html: str, number: int) -> str:
    start = html.index(f'id="overview-table-{number}"')
    return html[start : html.index("</tr>", start)]


@pytest.mark.parametrize(
    ("language", "phase", "contract", "waiting"),
    [
        ("en", "play", "1NT by S", "not started"),
        ("pl", "rozgrywka", "1BA, rozgrywa S", "nierozpoczęte"),
        ("fr", "jeu de la carte", "1SA par S", "pas commencée"),
        ("nl", "afspel", "1SA door Z", "niet begonnen"),
    ],
)
def test_the_overview_says_each_tables_phase_and_contract_in_the_page_language(
    club, host_client, language, phase, contract, waiting
):
    night = club()
    board = night.game.deal_next()
    play = call(BoardPlay.start(board, BoardPlay.Mode.TABLE, night.table(1)), "P", "P", "1NT", "P", "P", "P")
    play.act("W", "card", play.actions, card=play.state().remaining("W")[0])
    html = host_client.get(f"/games/{night.game.pk}/", headers={"accept-language": language}).text
    assert phase in row(html, 1) and contract in row(html, 1)
    assert waiting in row(html, 2)


def test_the_history_says_the_result_in_the_page_language(club, host_client):
    night = club()
    board = night.game.deal_next()
    play = call(BoardPlay.start(board, BoardPlay.Mode.TABLE, night.table(1)), "P", "P", "1NT", "P", "P", "P")
    play = claim(play.act("W", "card", play.actions, card=play.state().remaining("W")[0]), 7)
    for defender in ("E", "W"):
        play = play.act(defender, "accept", play.actions)
    assert play.done
    english = host_client.get(f"/games/{night.game.pk}/?table=1").text
    assert "1NT by S, 7 tricks, claimed" in english
    french = host_client.get(f"/games/{night.game.pk}/?table=1", headers={"accept-language": "fr"}).text
    assert "1SA par S, 7 levées, revendiqué" in french and "tricks" not in french and "claimed" not in french


@pytest.mark.parametrize(
    ("language", "file", "par"),
    [
        ("en", "at the other table: 4♥X by S, 9 tricks, claimed", "par: 4♥ by N-S, +420"),
        ("pl", "przy drugim stole: 4♥X, rozgrywa S, 9 lew, z deklaracją", "par: 4♥, rozgrywa NS, +420"),
        ("sv", "vid andra bordet: 4♥X av S, 9 stick, claimat", "par: 4♥ av N-S, +420"),
    ],
)
def test_a_stored_reference_is_said_in_each_language(language, file, par):
    parts = rules.record_parts(contract="4HX", declarer="S", result="", claim=9)
    with translation.override(language):
        assert reference_said(f"file:{parts.contract}:S:9:claimed") == file
        assert reference_said("par:4HN 4HS:420") == par
        assert summary_said(parts) == file.split(": ", 1)[1]


def test_par_passed_out_and_a_text_of_an_older_form():
    with translation.override("fr"):
        assert par_said((), 0) == "Passe général, 0"
        assert reference_said("at the other table: 3NT by N, 9 tricks") == "at the other table: 3NT by N, 9 tricks"


def test_a_par_of_many_contracts_is_stored_within_the_field_and_said_whole():
    from games.bridge.dd import Par
    from games.models.reference import par_stored

    contracts = (f"{level}{strain}X{seat}" for level in (5, 6) for strain in ("NT", "S", "H") for seat in "NS")
    many = Par(-100, tuple(contracts))
    stored = par_stored(many)
    assert len(stored) <= 80
    with translation.override("en"):
        assert reference_said(stored) == "par: 5NTX by N-S, −100"
