"""The one place a PBN game becomes a Deck, or the problem that keeps it from being one.

Board, Dealer and Vulnerable as stated (``values``), the deal (``deal``), the players,
the auction (``auction``), the record (``record.pbn_record``: contract, declarer and
result as stated, else from the auction), the play in played order (``play``) and every
other tag in Deck.tags (an OptimumResultTable with its rows), each within its limits.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TypeVar

from games.bridge.cards import SEATS
from games.bridge.rules import Call

from ..messages import Message
from ..model import Deck, Problem
from ..record import pbn_record
from .auction import read_auction, seat_letter
from .deal import deal_or_reason
from .play import read_play
from .tokens import TABLE, Game
from .values import DEALER, MISSING, OWN_TAGS, VUL, board_and_name, field, stated, where

TAG_LIMIT = 100  # other tags kept of a game
TAG_VALUE_LIMIT = 1000  # characters of an other tag's value kept
TABLE_ROWS = 20  # rows of an OptimumResultTable kept: a seat and a strain a row
_PLAYERS = frozenset(("North", "East", "South", "West"))
DEALS_KEPT = 1024  # deals of a file remembered (the tables of a board are listed together)
SHARED_KEPT = 256  # tag, player and note tuples of a file remembered
T = TypeVar("T")


class Builder:
    """Makes the Decks of one file's games. What a file repeats board after board is read or
    kept once: a deal given at every table of a result file (or copied by '#'), and the
    tags of the event, the players of a table and the notes on the file's spelling, one
    tuple for all the decks that hold them (a file's decks are most of what reading it
    costs in memory)."""

    def __init__(self) -> None:
        self.deal = lru_cache(maxsize=DEALS_KEPT)(deal_or_reason)
        self.shared = lru_cache(maxsize=SHARED_KEPT)(_itself)  # the first of equal values

    def build(self, game: Game, index: int, line: int, source: str, said: Sequence[str]) -> Deck | Problem:
        """The Deck of a game with a [Deal], numbered ``index`` among the file's deals, whose
        deal stands on ``line``; ``said``: the reader's notes on this game (the deck keeps them)."""
        tags = game.tags
        get = tags.get
        board, board_name = board_and_name(get("Board"))
        deal = self.deal(tags["Deal"])
        if isinstance(deal, str):
            return Problem(Message("at", where=where(board, index, line), message=deal), line, index, board)
        canonical, first, deal_notes = deal
        notes = [*deal_notes, *said]
        dealer = DEALER.get(get("Dealer"), MISSING)
        if dealer is MISSING:
            dealer = field(tags["Dealer"], "Dealer", notes)
        vul = VUL.get(get("Vulnerable"), MISSING)
        if vul is MISSING:
            vul = field(tags["Vulnerable"], "Vulnerable", notes)

        auction: tuple[Call, ...] = ()
        auction_first = None
        if game.auction is not None:
            auction, auction_first, more = read_auction(
                game.auction, seat_letter(tags["Auction"]), game.auction_notes, game.notes
            )
            notes.extend(more)
        stated_contract = get("Contract")
        contract, declarer, result = pbn_record(
            stated_contract, get("Declarer"), get("Result"), auction, auction_first or dealer or first or "S", notes
        )
        play: tuple[tuple[str, ...], ...] = ()
        if game.play is not None:  # the trump suit puts the tricks in played order
            play, more = read_play(game.play, seat_letter(tags["Play"]), contract or stated(stated_contract))
            notes.extend(more)
        alerts_used = bool(game.auction_notes) and any(call.alert for call in auction)
        return Deck(
            deal=canonical,
            index=index,
            line=line,
            dealer=dealer,
            vul=vul,
            board=board,
            board_name=board_name,
            deal_first=first,
            players=self.shared(_players(tags)),
            auction=auction,
            auction_first=auction_first,
            play=play,
            contract=contract,
            declarer=declarer,
            result=result,
            tags=self.shared(_other_tags(game, alerts_used)),
            source=source,
            notes=self.shared(tuple(notes)),
        )


def _itself(value: T) -> T:
    return value


def _players(tags: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """Deck.players: (seat, name) of each seat a name is stated for."""
    if _PLAYERS.isdisjoint(tags):  # (hand records name nobody)
        return ()
    names = (tags.get("North"), tags.get("East"), tags.get("South"), tags.get("West"))
    return tuple((seat, name) for seat, name in zip(SEATS, map(stated, names)) if name)


def _other_tags(game: Game, alerts_used: bool) -> tuple[tuple[str, str], ...]:
    """Deck.tags: the tags without a Deck field of their own in file order, then the Notes
    (but those that explain the auction's alerts), then '##' defaults from earlier games."""
    items = list(game.tags.items())
    table = game.table or ""  # (a game whose tags hold the table holds its rows)
    other = [(k, table_value(v, table) if k == TABLE else v) for k, v in items[: game.named] if k not in OWN_TAGS]
    if game.notes:
        used = set(game.auction_notes) if alerts_used else ()
        other.extend(("Note", v) for v in game.notes if v not in used)
    if len(items) > game.named:  # '##' defaults
        other.extend((k, v) for k, v in items[game.named :] if k not in OWN_TAGS)
    if other and (len(other) > TAG_LIMIT or any(len(v) > TAG_VALUE_LIMIT for _, v in other)):
        other = [(k, v) for k, v in other if len(v) <= TAG_VALUE_LIMIT][:TAG_LIMIT]
    return tuple(other)


def table_value(header: str, data: str) -> str:
    """[OptimumResultTable]'s value as Deck.tags keeps it: the column names, then a line a
    row, its elements single-spaced. Import format may put any number of elements on a
    line, so rows are cut by the count of columns; TABLE_ROWS rows are kept."""
    columns = header.count(";") + 1
    elements = data.split(None, columns * TABLE_ROWS)[: columns * TABLE_ROWS]
    return "\n".join([header, *(" ".join(elements[i : i + columns]) for i in range(0, len(elements), columns))])
