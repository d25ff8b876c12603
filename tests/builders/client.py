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
from games.bridge.play import (
    CLAIM_PENDING,
    DONE,
    BoardState,
    accept_claim,
    claim,
    legal_cards,
    make_call,
    new_board,
    play_card,
)

SEED = 20261127
_AT = re.compile(rb'name="at" value="(\d+)"')
_SEAT_VERSION = re.compile(rb'/seat/\?v=([^"&]+)')
_CONTROLS = re.compile(rb'class="play-controls" data-at="(\d+)" data-board="(\d+)"')
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


class ClubScript:
    """A short board at a Join table, as its four players play it: dealer opens 1NT
    (alerted, explained), partner raises to 3NT; ``cards`` random legal cards (seeded);
    then declarer claims half the tricks left and both defenders accept. ``next()`` is
    the next action, ``done(...)`` records it once the server accepted it.

    Each action is (seat, route name, form fields) with the board's number and ``at``, as
    the seat's page posts them; the seat is the player who acts (declarer for dummy)."""

    AUCTION = ("1NT", "P", "3NT", "P", "P", "P")

    def __init__(self, deal: str, dealer: str, vul: str, number: int, cards: int = 4, seed: int = SEED) -> None:
        self.state: BoardState = new_board(deal, dealer, vul)
        self.number = number
        self.cards = cards
        self.at = 0
        self.rng = random.Random(seed * 1000 + number)
        self._next: tuple[str, str, dict[str, str]] | None = None

    @property
    def over(self) -> bool:
        return self.state.phase == DONE

    def next(self) -> tuple[str, str, dict[str, str]] | None:
        """(seat, route, fields) of the action due now; None once the board is over."""
        if self._next is None and not self.over:
            self._next = self._choose()
        return self._next

    def _choose(self) -> tuple[str, str, dict[str, str]]:
        state, fields = self.state, {"board": str(self.number), "at": str(self.at)}
        if len(state.calls) < len(self.AUCTION):
            word = self.AUCTION[len(state.calls)]
            fields["call"] = word
            if word == "1NT":
                fields.update(alert="on", explanation="15-17")
            return state.turn or "", "play_call", fields
        if state.phase == CLAIM_PENDING:
            waiting = [s for s in state.defenders if s not in state.claim.accepted]
            return waiting[0], "play_accept", fields
        if len(state.cards) < self.cards:
            fields["card"] = self.rng.choice(legal_cards(state))
            return state.actor or "", "play_card", fields
        left = 13 - len(state.cards) // 4
        fields["tricks"] = str(left // 2)
        return state.declarer, "play_claim", fields

    def done(self) -> None:
        """The action ``next()`` gave was accepted: the table is one action on."""
        seat, route, fields = self.next()
        state = self.state
        if route == "play_call":
            state = make_call(state, seat, fields["call"])
        elif route == "play_card":
            state = play_card(state, state.turn or "", fields["card"], by=seat)
        elif route == "play_claim":
            state = claim(state, seat, int(fields["tricks"]))
        else:
            state = accept_claim(state, seat)
        self.state, self.at, self._next = state, self.at + 1, None


def shown_at(body: bytes) -> int | None:
    """The number of actions a play answer shows (its forms' ``at``); None when it shows no form."""
    found = _AT.search(body)
    return int(found.group(1)) if found else None


def seat_state(body: bytes) -> tuple[str | None, int | None, int | None]:
    """What a Join table's seat view (a page, a poll's or an action's answer) shows: the
    version its poll sends (None: no seat view), the deal on the table (DealtBoard.number)
    and the actions made on it (None for both before the first deal)."""
    version = _SEAT_VERSION.search(body)
    controls = _CONTROLS.search(body)
    return (
        version.group(1).decode() if version else None,
        int(controls.group(2)) if controls else None,
        int(controls.group(1)) if controls else None,
    )


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


TABLE_MOVED = "table-moved"  # games.views.join.TABLE_MOVED, as the page's script listens for it


def moved_table(answer) -> bool:
    """Whether ``answer`` (a Django test response) is an action done at a Join table: no
    content, and the event on which the page's pollers ask at once."""
    return answer.status_code == 204 and TABLE_MOVED in answer.headers.get("HX-Trigger", "")


def redrawn(client, answer, game_pk: int, table: int | None = None):
    """What the page shows after ``answer``, as static/games/table.js draws it: for an
    action done at a Join table, the seat view's poll (``table``: the one a host off the
    tables watches); any other answer as it is."""
    if not moved_table(answer):
        return answer
    asked = f"?table={table}" if table else ""
    return client.get(
        f"/games/{game_pk}/seat/{asked}", headers={"HX-Request": "true"}, secure=answer.wsgi_request.is_secure()
    )
