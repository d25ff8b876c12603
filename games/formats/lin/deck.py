"""The one place a LIN record becomes a Deck (``Builder.build``), or the reason its md is
no deal.

The deal and its dealer (``md``), the vulnerability (sv), the players (pn: an 8-name
vugraph pn gives the qx room's four), the auction and the play (``values``), the record
(LIN states no contract: the finished auction gives it, a claim the tricks taken, else a
play of all thirteen tricks: ``rules.tricks_played``) and the
commentary: each ``nt`` value is the board's before the first call, stands after so many
calls after mb pairs, and at the trick of the last card before it after pc pairs
(``model.Comment``), its %XX escapes read as in ``an``, line ends ``\\n``. The board
number and heading come from the ah pairs, else the qx label (``board_of``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TypeVar
from urllib.parse import unquote_plus

from games.bridge.rules import Call, tricks_played
from games.bridge.types import Vul

from ..commentary import Budget, apart, clean
from ..limits import SOURCE_LIMIT
from ..messages import Message
from ..model import Comment, Deck
from ..record import NUMBERS, auction_contract
from .md import deal_or_reason
from .record import Record
from .values import ENCODED, free_text, read_auction, read_play

TAG_LIMIT = 500  # characters kept of one header value or label in Deck.tags
DEALS_KEPT = 1024  # md values of a file remembered (a vugraph match deals each board at two tables)
SHARED_KEPT = 4096  # tag, player and note tuples of a file remembered
BOARD = re.compile(r"(?i)\bboard\s*+#?\s*+(\d+)")  # possessive: '\s*#?\s*' tried each split of a run of spaces
_LABEL = re.compile(r"\s*([oOcC])(\d+)")
T = TypeVar("T")


class Builder:
    """Makes the Decks of one file's records. What a file repeats record after record is
    read or kept once: an md (a vugraph match deals each board at both tables; a hostile
    file may give one md a million times), and the session headers, the players of a table
    and a deal's notes, one tuple for all the decks that hold them (a file's decks are most
    of what reading it costs in memory)."""

    def __init__(self, text: str, nl: str) -> None:
        self.text = text
        self.nl = nl  # the file's line end
        self.deal = lru_cache(maxsize=DEALS_KEPT)(deal_or_reason)
        self.shared = lru_cache(maxsize=SHARED_KEPT)(_itself)  # the first of equal values
        self.budget = Budget()  # the file's bounds on commentary

    def build(self, rec: Record, end: int, header: tuple[tuple[str, str], ...]) -> Deck | str:
        """The deck of a record with an md, whose text ends at ``end``, or the reason its md
        is no deal; ``header``: the session headers the deck's tags begin with."""
        if rec.md is None:  # the reader builds only a record that has its md
            raise ValueError("a LIN record without an md has no deck")
        value, index, line, names = rec.md
        deal = self.deal(value)
        if isinstance(deal, str):
            return deal
        canonical, dealer, notes = deal
        board, board_name = board_of(rec)
        extra: list[str] = []
        vul = None
        if rec.sv is not None:
            vul = Vul.from_lin(rec.sv)
            if vul is None:
                extra.append(Message("lin.sv_not_understood", value=rec.sv[:20]))
        auction, calls_made = read_auction(rec.bids, extra)
        play, claim, cards_made = read_play(rec.play, extra)
        if names is None:
            names = rec.late_names
        players = ()
        if names:
            players = self.shared(players_of(names, rec.label[:1].lower() if rec.label else ""))
        tags = header
        if rec.label is not None:
            tags = self.shared((*header, ("qx", rec.label[:TAG_LIMIT])))
        start = rec.start
        source = self.text[start : min(end, start + SOURCE_LIMIT)].strip()
        contract, declarer = auction_contract(auction, dealer or "S") if auction else ("", "")
        taken = claim
        if taken is None and contract and contract != "Pass":
            taken = tricks_played(canonical, contract, declarer, play)
        commentary: tuple[Comment, ...] = ()
        machine: tuple[str, ...] = ()
        if rec.comments:  # (last: what the file's bounds keep goes to a deck that is made)
            found, machine = apart(placed(rec, auction, calls_made, play, cards_made))
            commentary = self.budget.keep(
                found,
                Message("where.board", board=board) if board else Message("where.deal", deal=index + 1, line=line),
                self.line_of,
            )
        return Deck(
            deal=canonical,
            index=index,
            line=line,
            dealer=dealer,
            vul=vul,
            board=board,
            board_name=board_name,
            players=players,
            auction=auction,
            auction_first=dealer if auction else None,
            play=play,
            claim=claim,
            contract=contract,
            declarer=declarer,
            result="" if taken is None else NUMBERS[taken],
            tags=tags,
            source=source,
            notes=self.shared(notes + tuple(extra)),
            commentary=commentary,
            machine_notes=machine,
        )

    def line_of(self, at: int) -> int:
        """The line of text position ``at``."""
        return self.text.count(self.nl, 0, at) + 1


def _itself(value: T) -> T:
    return value


def board_of(rec: Record) -> tuple[str | None, str]:
    """(board number, heading) from the record's ah, else from its qx label."""
    board, name = None, ""
    for raw in rec.ah:
        heading = decode_heading(raw)[:TAG_LIMIT]
        found = BOARD.search(heading)
        name = name or heading
        board = board or (found[1] if found else None)
    if board is None and rec.label:
        found = _LABEL.match(rec.label)
        if found:
            board = found[2]
    return board, name


def decode_heading(raw: str) -> str:
    """'Board+1' and 'Board%202' are 'Board 1' and 'Board 2'."""
    text = raw.strip()
    if ENCODED.search(text) or ("+" in text and " " not in text):
        text = unquote_plus(text).strip()
    return text


def players_of(names: str, room: str) -> tuple[tuple[str, str], ...]:
    """(seat, name) in N, E, S, W order; an 8-name vugraph pn picks the room's four."""
    parts = names.split(",")
    if len(parts) not in (4, 8) and ", " in names:
        parts = _with_commas(parts)
    four = parts[4:8] if room == "c" and len(parts) >= 8 else parts[:4]
    south, west, north, east = [name.strip() for name in four] + [""] * (4 - len(four))  # md order
    return tuple(pair for pair in (("N", north), ("E", east), ("S", south), ("W", west)) if pair[1])


def _with_commas(parts: list[str]) -> list[str]:
    """Names with a comma in them ("Smith, J."): a piece that starts with a space continues
    the name before it, when that makes the 4 or 8 names of a pn; else the pieces as split."""
    joined: list[str] = []
    for part in parts:
        if joined and part[:1] == " ":
            joined[-1] += "," + part
        else:
            joined.append(part)
    return joined if len(joined) in (4, 8) else parts


def placed(
    rec: Record,
    auction: tuple[Call, ...],
    calls_made: list[int],
    play: tuple[tuple[str, ...], ...],
    cards_made: list[int],
) -> list[tuple[Comment, int]]:
    """(comment, text position) of each of the record's nt values, in file order; no place
    counts past the calls and tricks of the deck."""
    found = []
    for value, at, bids, plays, _ in rec.comments:
        text = clean(free_text(value))
        if plays:
            comment = Comment(text, "play", min((_after(cards_made, plays) + 3) // 4, len(play)))
        elif bids:
            comment = Comment(text, "auction", min(_after(calls_made, bids), len(auction)))
        else:
            comment = Comment(text)
        found.append((comment, at))
    return found


def _after(made: list[int], pairs: int) -> int:
    """How many calls (or cards) stand after the first ``pairs`` pairs: ``made`` holds that
    for each pair read (a reader stops at its bound)."""
    return made[min(pairs, len(made)) - 1] if made else 0
