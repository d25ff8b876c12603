"""Building ``Deck`` values for the PBN reader."""

from __future__ import annotations

from operator import attrgetter, itemgetter

from .model import Call, Deck
from .pbn_scan import OWN_TAGS, Game
from .pbn_sections import TRUMPS, explanations, read_auction, read_play, seat_letter
from .record import pbn_record

TAG_LIMIT = 100
TAG_VALUE_LIMIT = 1000
# tags with a Deck field of their own; every other tag goes to Deck.tags
_OWN_TAGS = OWN_TAGS
_PLAYERS = ("North", "East", "South", "West")
_PLAYER_CACHE: dict[tuple[str | None, ...], tuple[tuple[str, str], ...]] = {}
PLAYER_CACHE = _PLAYER_CACHE  # Deck.players by the four values (pbn_fast looks there first)
_IS_ALERT = attrgetter("alert")


def full_deck(
    game: Game,
    canonical: str,
    index: int,
    line: int,
    dealer: str | None,
    vul: str | None,
    board: str | None,
    board_name: str,
    first: str | None,
    source: str,
    notes: list[str],
) -> Deck:
    """A Deck with what a tournament record adds: players, auction, play, result, other tags."""
    tags = game.tags
    get = tags.get
    players = players_of(tuple(map(get, _PLAYERS)))
    auction: tuple[Call, ...] = ()
    auction_first = None
    alerts_used = False
    if game.auction is not None:
        explain = explanations(game.auction_notes, game.notes)
        auction, auction_first, more = read_auction(game.auction, seat_letter(tags["Auction"]), explain)
        if more:
            notes.extend(more)
        alerts_used = bool(game.auction_notes) and any(map(_IS_ALERT, auction))
    stated_contract = get("Contract")
    contract, declarer, result = pbn_record(
        stated_contract,
        get("Declarer"),
        get("Result"),
        auction,
        auction_first or dealer or first or "S",
        notes,
    )
    play: tuple[tuple[str, ...], ...] = ()
    if game.play is not None:  # the trump suit puts the tricks in played order
        play, more = read_play(game.play, seat_letter(tags["Play"]), contract or _stated(stated_contract))
        if more:
            notes.extend(more)
    keys = game.other_names
    other = list(zip(keys, map(tags.__getitem__, keys)))
    if game.notes:
        used = set(game.auction_notes) if alerts_used else ()
        other.extend(("Note", v) for v in game.notes if v not in used)
    if len(tags) > game.named:  # '##' defaults added to this game
        named = set(game.names)
        other.extend((k, v) for k, v in tags.items() if k not in _OWN_TAGS and k not in named)
    other_tags = tags_kept(other, game.end - game.first)
    return Deck(
        canonical,
        index,
        line,
        dealer,
        vul,
        board,
        board_name,
        first,
        players,
        auction,
        auction_first,
        play,
        None,
        contract,
        declarer,
        result,
        other_tags,
        source,
        _shared_notes(notes) if notes else (),
    )


_NOTES_CACHE: dict[tuple[str, ...], tuple[str, ...]] = {}


def _shared_notes(notes: list[str]) -> tuple[str, ...]:
    """Deck.notes, one tuple for the decks with the same notes (files repeat them)."""
    found = tuple(notes)
    if len(_NOTES_CACHE) < 256 and sum(map(len, found)) <= 500:
        return _NOTES_CACHE.setdefault(found, found)
    return _NOTES_CACHE.get(found, found)


def players_of(names: tuple[str | None, ...]) -> tuple[tuple[str, str], ...]:
    """Deck.players from the North, East, South and West values (None: no tag)."""
    players = _PLAYER_CACHE.get(names)
    if players is None:  # the same four sit at a table for many boards
        players = tuple((seat, name) for seat, name in zip("NESW", map(_stated, names)) if name)
        if len(_PLAYER_CACHE) < 4096 and sum(len(name or "") for name in names) <= 200:  # (it outlives the file)
            _PLAYER_CACHE[names] = players
    return players


def tags_kept(other: list[tuple[str, str]], span: int) -> tuple[tuple[str, str], ...]:
    """Deck.tags: the other tags within TAG_LIMIT and TAG_VALUE_LIMIT; ``span`` is the
    length of the game's text (no value is longer)."""
    if len(other) > TAG_LIMIT or (
        span > TAG_VALUE_LIMIT  # else no value can be that long
        and max(map(len, map(itemgetter(1), other)), default=0) > TAG_VALUE_LIMIT
    ):
        other = [(k, v) for k, v in other if len(v) <= TAG_VALUE_LIMIT][:TAG_LIMIT]
    other_tags = tuple(other)
    shared = _TAGS_CACHE.get(other_tags)  # the same Event/Site/Date tags on every board
    if shared is None:
        if len(_TAGS_CACHE) < 256 and len(other_tags) <= 8:
            _TAGS_CACHE[other_tags] = other_tags
        return other_tags
    return shared


_TAGS_CACHE: dict[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]] = {}


def _stated(value: str | None) -> str:
    """A tag value as stated: "" when the tag is missing or says "?" (unknown)."""
    if not value:
        return ""
    if value[0] == " " or value[-1] == " ":
        value = value.strip()
    return "" if value == "?" else value


stated = _stated
# Contract, Declarer and Result values as files write them, already as stated (a look-up
# instead of a call: pbn_fast reads them on every board). Anything else: stated().
STATED: dict[str | None, str] = {v: v for v in (*TRUMPS, "Pass", "PASS", *"NESW", *map(str, range(14)))}
