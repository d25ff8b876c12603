"""Building ``Deck`` values for the PBN reader."""

from __future__ import annotations

from dataclasses import fields
from operator import attrgetter, itemgetter

from .model import Call, Deck
from .pbn_scan import OWN_TAGS, Game
from .pbn_sections import note_explanations, read_auction, read_play

TAG_LIMIT = 100
TAG_VALUE_LIMIT = 1000
# tags with a Deck field of their own; every other tag goes to Deck.tags
_OWN_TAGS = OWN_TAGS
_PLAYERS = ("North", "East", "South", "West")
_PLAYER_CACHE: dict[tuple[str | None, ...], tuple[tuple[str, str], ...]] = {}
_IS_ALERT = attrgetter("alert")


def _fast_constructor():  # type: ignore[no-untyped-def]
    """A Deck maker that fills the slots directly.

    ``Deck`` is a frozen dataclass, whose ``__init__`` sets each of its 19
    fields through ``object.__setattr__``: about a third of the time a plain
    hand record takes to read. Filling the slots through their descriptors
    gives an equal value for much less. If Deck's fields ever change, this
    falls back to the ordinary constructor.
    """
    names = [f.name for f in fields(Deck)]
    expected = [
        "deal", "index", "line", "dealer", "vul", "board", "board_name", "deal_first", "players",
        "auction", "auction_first", "play", "claim", "contract", "declarer", "result", "tags",
        "source", "notes",
    ]
    if names != expected:
        return Deck
    slots = [getattr(Deck, name).__set__ for name in names]
    (s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16, s17, s18) = slots
    new = object.__new__

    def make(deal, index, line, dealer, vul, board, board_name, deal_first, players,  # type: ignore[no-untyped-def]
             auction, auction_first, play, claim, contract, declarer, result, tags, source, notes):
        deck = new(Deck)
        s0(deck, deal)
        s1(deck, index)
        s2(deck, line)
        s3(deck, dealer)
        s4(deck, vul)
        s5(deck, board)
        s6(deck, board_name)
        s7(deck, deal_first)
        s8(deck, players)
        s9(deck, auction)
        s10(deck, auction_first)
        s11(deck, play)
        s12(deck, claim)
        s13(deck, contract)
        s14(deck, declarer)
        s15(deck, result)
        s16(deck, tags)
        s17(deck, source)
        s18(deck, notes)
        return deck

    return make


new_deck = _fast_constructor()


def full_deck(
    game: Game, canonical: str, index: int, line: int, dealer: str | None, vul: str | None,
    board: str | None, board_name: str, first: str | None, source: str, notes: list[str],
) -> Deck:
    """A Deck with what a tournament record adds: players, auction, play, result, other tags."""
    tags = game.tags
    get = tags.get
    names = tuple(map(get, _PLAYERS))
    players = _PLAYER_CACHE.get(names)
    if players is None:  # the same four sit at a table for many boards
        players = tuple((seat, name) for seat, name in zip("NESW", map(_stated, names)) if name)
        if len(_PLAYER_CACHE) < 4096:
            _PLAYER_CACHE[names] = players
    contract = _stated(get("Contract"))
    auction: tuple[Call, ...] = ()
    auction_first = None
    alerts_used = False
    if game.auction is not None:
        explanations = note_explanations(game.auction_notes)
        if len(game.auction_notes) < len(game.notes):  # notes placed elsewhere still explain
            explanations = {**note_explanations(game.notes), **explanations}
        auction, auction_first, more = read_auction(game.auction, tags["Auction"].strip(), explanations)
        if more:
            notes.extend(more)
        alerts_used = bool(game.auction_notes) and any(map(_IS_ALERT, auction))
    play: tuple[tuple[str, ...], ...] = ()
    if game.play is not None:
        play, more = read_play(game.play, tags["Play"].strip(), contract)
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
    if len(other) > TAG_LIMIT or (
        game.end - game.first > TAG_VALUE_LIMIT  # else no value can be that long
        and max(map(len, map(itemgetter(1), other)), default=0) > TAG_VALUE_LIMIT
    ):
        other = [(k, v) for k, v in other if len(v) <= TAG_VALUE_LIMIT][:TAG_LIMIT]
    other_tags = tuple(other)
    shared = _TAGS_CACHE.get(other_tags)  # the same Event/Site/Date tags on every board
    if shared is None:
        if len(_TAGS_CACHE) < 256 and len(other_tags) <= 8:
            _TAGS_CACHE[other_tags] = other_tags
    else:
        other_tags = shared
    return new_deck(
        canonical, index, line, dealer, vul, board, board_name, first, players,
        auction, auction_first, play, None, contract, _stated(get("Declarer")),
        _stated(get("Result")), other_tags, source, tuple(notes) if notes else (),
    )


_TAGS_CACHE: dict[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]] = {}


def _stated(value: str | None) -> str:
    """A tag value as stated: "" when the tag is missing or says "?" (unknown)."""
    if not value:
        return ""
    if value[0] == " " or value[-1] == " ":
        value = value.strip()
    return "" if value == "?" else value
