"""The one place a PBN game (its tags and sections, from any tokenizer) becomes a Deck,
or the problem that keeps it from being one.

Board, Dealer and Vulnerable as stated (``values``), the deal (``deal``), the players,
the auction (``auction``), the record (``record.pbn_record``: contract, declarer and
result as stated, else from the auction), the play in played order (``play``) and every
other tag in Deck.tags (an OptimumResultTable with its rows), each within its limits.
Files repeat the same players, tags and notes board after board: those tuples are shared
between decks, which keeps a big file's decks small.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter, itemgetter

from ..model import Call, Deck, Problem
from ..record import pbn_record
from .auction import read_auction, seat_letter
from .deal import DealError, read_deal
from .play import read_play
from .tokens import TABLE, Game
from .values import BOARDS, DEALER, MISSING, OWN_TAGS, VUL, board_and_name, field, stated, where

TAG_LIMIT = 100  # other tags kept of a game
TAG_VALUE_LIMIT = 1000  # characters of an other tag's value kept, and of a deal remembered
TABLE_ROWS = 20  # rows of an OptimumResultTable kept: a seat and a strain a row
_KEPT = 4096  # entries of the memos below (they outlive the file: bounded)
_PLAYERS = ("North", "East", "South", "West")
_IS_ALERT = attrgetter("alert")

Deals = dict[str, tuple[str, str | None, tuple[str, ...]] | str]  # [Deal] value -> read_deal's answer or why not


def build(game: Game, index: int, line: int, source: str, said: Sequence[str], deals: Deals) -> Deck | Problem:
    """The Deck of a game with a [Deal], numbered ``index`` among the file's deals, whose
    deal stands on ``line``; ``said``: the reader's notes on this game (the deck keeps them).
    ``deals`` remembers the deals read in this file (result files repeat each at every table)."""
    tags = game.tags
    get = tags.get
    board, board_name = BOARDS.get(get("Board")) or board_and_name(get("Board"))
    value = tags["Deal"]
    read = deals.get(value)
    if read is None:
        try:
            read = read_deal(value)
        except DealError as exc:
            read = str(exc)
        if len(deals) < _KEPT and len(value) <= TAG_VALUE_LIMIT:
            deals[value] = read
    if type(read) is str:
        return Problem(f"{where(board, index, line)}: {read}", line, index, board)
    canonical, first, deal_notes = read  # type: ignore[misc]
    notes = [*deal_notes, *said] if deal_notes or said else []
    dealer = DEALER.get(get("Dealer"), MISSING)
    if dealer is MISSING:
        dealer = field(tags["Dealer"], "Dealer", notes)
    vul = VUL.get(get("Vulnerable"), MISSING)
    if vul is MISSING:
        vul = field(tags["Vulnerable"], "Vulnerable", notes)

    shape = game.shape
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
    other: tuple[tuple[str, str], ...] = ()
    if shape.other_names or game.notes or len(tags) > shape.named:
        other = _other_tags(game, bool(game.auction_notes) and any(map(_IS_ALERT, auction)))
    return Deck(  # (by position: keywords cost a fifth more on a plain hand record)
        canonical,
        index,
        line,
        dealer,  # type: ignore[arg-type]
        vul,  # type: ignore[arg-type]
        board,
        board_name,
        first,
        players_of(tuple(map(get, _PLAYERS))) if shape.players else (),
        auction,
        auction_first,
        play,
        None,  # claim: PBN has none
        contract,
        declarer,
        result,
        other,
        source,
        _shared_notes(notes) if notes else (),
    )


_PLAYER_CACHE: dict[tuple[str | None, ...], tuple[tuple[str, str], ...]] = {}


def players_of(names: tuple[str | None, ...]) -> tuple[tuple[str, str], ...]:
    """Deck.players from the North, East, South and West values (None: no tag)."""
    players = _PLAYER_CACHE.get(names)
    if players is None:  # the same four sit at a table for many boards
        players = tuple((seat, name) for seat, name in zip("NESW", map(stated, names)) if name)
        if len(_PLAYER_CACHE) < _KEPT and sum(len(name or "") for name in names) <= 200:
            _PLAYER_CACHE[names] = players
    return players


def _other_tags(game: Game, alerts_used: bool) -> tuple[tuple[str, str], ...]:
    """Deck.tags: the tags without a Deck field of their own in file order, then the Notes
    (but those that explain the auction's alerts), then '##' defaults from earlier games."""
    tags = game.tags
    keys = game.shape.other_names
    other = list(zip(keys, map(tags.__getitem__, keys)))
    if game.table is not None:
        other = [(k, table_value(v, game.table) if k == TABLE else v) for k, v in other]
    if game.notes:
        used = set(game.auction_notes) if alerts_used else ()
        other.extend(("Note", v) for v in game.notes if v not in used)
    if len(tags) > game.shape.named:  # '##' defaults added to this game
        named = set(game.names)
        other.extend((k, v) for k, v in tags.items() if k not in OWN_TAGS and k not in named)
    if len(other) > TAG_LIMIT or (
        game.end - game.first > TAG_VALUE_LIMIT  # else no value can be that long
        and max(map(len, map(itemgetter(1), other)), default=0) > TAG_VALUE_LIMIT
    ):
        other = [(k, v) for k, v in other if len(v) <= TAG_VALUE_LIMIT][:TAG_LIMIT]
    kept = tuple(other)
    shared = _TAGS_CACHE.get(kept)
    if shared is None:
        if len(_TAGS_CACHE) < 256 and len(kept) <= 8:
            _TAGS_CACHE[kept] = kept
        return kept
    return shared


def table_value(header: str, data: str) -> str:
    """[OptimumResultTable]'s value as Deck.tags keeps it: the column names, then a line a
    row, its elements single-spaced. Import format may put any number of elements on a
    line, so rows are cut by the count of columns; TABLE_ROWS rows are kept."""
    columns = header.count(";") + 1
    elements = data.split(None, columns * TABLE_ROWS)[: columns * TABLE_ROWS]
    return "\n".join([header, *(" ".join(elements[i : i + columns]) for i in range(0, len(elements), columns))])


_TAGS_CACHE: dict[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]] = {}  # Event, Site, Date... shared
_NOTES_CACHE: dict[tuple[str, ...], tuple[str, ...]] = {}


def _shared_notes(notes: list[str]) -> tuple[str, ...]:
    """Deck.notes, one tuple for the decks with the same notes (files repeat them)."""
    found = tuple(notes)
    if len(_NOTES_CACHE) < 256 and sum(map(len, found)) <= 500:
        return _NOTES_CACHE.setdefault(found, found)
    return _NOTES_CACHE.get(found, found)
