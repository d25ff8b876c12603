"""What a client of the site posts and reads, for the tests and the benchmarks that drive
the real views: the deal fields of a game page, and every call and card of a board in turn
(scripts/locustfile.py's hosts and tables post the same), with files of boards to play.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from games.bridge.board import dealer_for_board, vul_for_board
from games.bridge.cards import random_deal
from games.bridge.play import DONE, BoardState, legal_cards, make_call, new_board, play_card

SEED = 20261127
_AT = re.compile(rb'name="at" value="(\d+)"')
_PAGE_STATE = re.compile(rb'name="(shown|queue_head)" value="(\d*)"')


def page_state(body: bytes) -> list[tuple[str, str]]:
    """The board a game page shows and the first deck of its queue, as its Deal New Cards
    button sends them (hx-include); a deal's answer replaces both out of band, as htmx
    would. scripts/locustfile.py deals this way too."""
    return [(name.decode(), value.decode()) for name, value in _PAGE_STATE.findall(body)]


class Script:
    """A board as a client plays it: every call and card in turn, as the play forms post
    them (the board's number and ``at``, the actions the page shows). The host opens 1♣
    (alerted, explained) as dealer; dealer's side reaches 3NT; the cards are random legal
    ones (seeded). ``moves()`` assumes each post it gave was accepted."""

    AUCTION = ("1C", "P", "1H", "P", "1NT", "P", "3NT", "P", "P", "P")

    def __init__(self, deal: str, dealer: str, vul: str, number: int, seed: int = SEED) -> None:
        self.state: BoardState = new_board(deal, dealer, vul)
        self.number = number
        self.at = 0
        self.rng = random.Random(seed * 1000 + number)

    def moves(self) -> Iterator[tuple[str, dict[str, str]]]:
        """(route name, form fields) of each action in turn."""
        for word in self.AUCTION:
            fields = {"board": str(self.number), "at": str(self.at), "call": word}
            if word == "1C":
                fields.update(alert="on", explanation="2+ clubs")
            yield "play_call", fields
            self.state = make_call(self.state, self.state.turn or "", word)
            self.at += 1
        while self.state.phase != DONE:
            card = self.rng.choice(legal_cards(self.state))
            yield "play_card", {"board": str(self.number), "at": str(self.at), "card": card}
            self.state = play_card(self.state, self.state.turn or "", card, by=self.state.actor)
            self.at += 1


def shown_at(body: bytes) -> int | None:
    """The number of actions a play answer shows (its forms' ``at``); None when it shows no form."""
    found = _AT.search(body)
    return int(found.group(1)) if found else None


def table_pbn(boards: int, seed: int = SEED) -> bytes:
    """Boards 1..n with dealer and vulnerability by number and another table's result (3NT
    by dealer, 9 tricks), so a played board is scored against the file, not par."""
    rng = random.Random(seed)
    games = []
    for number in range(1, boards + 1):
        dealer = dealer_for_board(number)
        games.append(
            f'[Board "{number}"]\n[Dealer "{dealer}"]\n[Vulnerable "{vul_for_board(number)}"]\n'
            f'[Deal "{random_deal(rng)}"]\n[Declarer "{dealer}"]\n[Contract "3NT"]\n[Result "9"]\n'
        )
    return "\n".join(games).encode()
