"""Playing boards in tests: every call and card through ``BoardPlay.act``, as a page would
post them (the acting seat and the number of actions the page showed)."""

from __future__ import annotations

from games.bridge.play import legal_cards
from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay, Game

# The deal of the Join table fixture (tests/web/conftest.py) and the tests that read its hands.
DEAL = "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"


def queue_deals(game: Game, count: int) -> None:
    """Queue ``count`` decks of DEAL as boards 1, 2, ..., North dealing, nobody vulnerable."""
    decks = [ParsedDeck(DEAL, i, 1, dealer="N", vul="None", board=str(i + 1)) for i in range(count)]
    game.add_decks(decks, source_name="club.pbn", source_format="pbn")


def call(play: BoardPlay, *calls: str | tuple[str, str]) -> BoardPlay:
    """Make ``calls`` in turn; ("1NT", "15-17") alerts a call with its explanation."""
    for made in calls:
        word, explanation = made if isinstance(made, tuple) else (made, "")
        play = play.act(play.state().turn, "call", play.actions, call=word, explanation=explanation)
    return play


def cards(play: BoardPlay, count: int) -> BoardPlay:
    """Play ``count`` cards, each the first legal one of the hand to play (declarer plays dummy's)."""
    for _ in range(count):
        state = play.state()
        play = play.act(state.actor, "card", play.actions, card=legal_cards(state)[0])
    return play


def claim(play: BoardPlay, tricks: int) -> BoardPlay:
    return play.act(play.state().declarer, "claim", play.actions, tricks=tricks)
