"""The PBN reader's fast path: games of well-formed tags in one repeated shape.

Hand records and tournament records repeat one list of tag names board after
board. For each list seen, a ``Plan`` compiles one regular expression that
matches a whole game of exactly those tags, one after another, with nothing
between them that the general path would read differently (no comment,
escape line or bracket; see ``pbn_scan``), escapes only in the values of other
tags and players' names (see _BARE). One ``fullmatch`` then
gives every value and the Auction/Play data, where the general path cuts the
game at each tag and builds a dict, a ``Game`` and a deck from them
(``pbn._Reader.game`` and ``pbn_deck.full_deck``).

``read_game`` returns None for whatever it does not take (text between tags,
a missing or odd deal, a deal that is not a deck, annotated calls...), and the
general path reads that game instead. Where it does take a game, it returns
the Deck the general path would (tests/formats/test_pbn_fastpath.py compares
the two on the bench's files, the corpus and odd shapes).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from operator import itemgetter
from typing import Any

from .model import Call, Deck
from .pbn_deal import DealError, read_deal
from .pbn_deck import PLAYER_CACHE, STATED, TAG_VALUE_LIMIT, players_of, stated, tags_kept
from .pbn_fastsections import auction_in_words, play_in_rows
from .pbn_scan import OWN_TAGS, SPECIAL, unescape
from .pbn_sections import TRUMPS, explanations, read_auction, read_play, seat_letter, trump_of
from .pbn_values import BOARDS, DEALER, MISSING, SOURCE_LIMIT, VUL, board_and_name, field
from .record import pbn_record

# A tag value: quotes only after a backslash. Single-character classes: the regex engine runs
# those in a tight loop, several times faster than [^"\\\n]. What they let through (a line
# end, a quote after an escaped backslash) the checks in read_game turn away.
_VALUE = r'([^"]*+(?:(?<=\\)"[^"]*+)*+)'
# The short values of tags with a Deck field of their own (Board, Contract, Play...): no
# backslash, so nothing to unescape; a game with one there goes to the general path, and so
# does one with a backslash in its Deal or Notes (read as _UNQUOTED: [^"\\] costs the regex
# engine 25 instructions a character more, and those values are long). Only the other tags
# and the players' names, whose decks are remembered by their raw values (_RAW_PLAYERS,
# Plan.tags_cache), are read with escapes.
_BARE = r'([^"\\]*+)'
# The Deal and the Notes: no quote at all. read_game turns away a backslash in them, so an
# escaped quote may as well fail the match (the general path reads it either way), and the
# regex engine skips _VALUE's repeat, which costs it a few hundred instructions a value.
_UNQUOTED = r'([^"]*+)'
_CHECKED = frozenset(("Deal", "Note"))  # read as _UNQUOTED, turned away by read_game on a backslash
_LEGAL = re.compile(r'[^"\\\n]*+(?:\\.[^"\\\n]*+)*+').fullmatch  # TAG_SPLIT's value
_DATA = r"([^\[]*+)"  # the data after [Auction] and [Play]: up to the next tag
_NEVER = r"(?:(?!)())?"  # a group that never takes part: the last of groups() is None
_DATA_TAGS = ("Auction", "Play")
_PLAYERS = ("North", "East", "South", "West")
_ESCAPABLE = frozenset(_PLAYERS)  # tags with a Deck field whose values may hold escapes
_TAGS_CACHED = 256  # other-tag values remembered per plan (Event, Site, Date...)


def _tuple_getter(at: tuple[int, ...]) -> Callable[[Any], tuple[str, ...]]:
    """itemgetter(*at), always giving a tuple (itemgetter of one index gives the item).
    One index or none: an itemgetter of a slice, which gives a tuple (a lambda would be a
    Python call on every game)."""
    if len(at) > 1:
        return itemgetter(*at)
    return itemgetter(slice(at[0], at[0] + 1) if at else slice(0, 0))


class Plan:
    """A regex for games of one list of tag names, and where each value is in its groups()."""

    __slots__ = (
        "fullmatch",
        "data_at",
        "newlines",
        "deal_newlines",
        "data_before_deal",
        "main",
        "players",
        "auction",
        "play",
        "note_at",
        "auction_note_at",
        "other_names",
        "other",
        "tags_cache",
        "notes_of",
        "auction_notes_of",
        "lean",
        "last_values",
        "last_tags",
    )

    def __init__(self, names: tuple[str, ...]) -> None:
        pattern = []
        group: dict[str, int] = {}  # the group of each name's value (names do not repeat)
        notes: list[int] = []  # the groups of the Note values
        data: list[int] = []  # the groups of Auction/Play data
        g = newlines = 0
        for i, name in enumerate(names):
            if name == "Deal":  # the line ends before it: those between tags, those in data
                self.deal_newlines, self.data_before_deal = newlines, tuple(data)
            escapable = name in _ESCAPABLE or name not in OWN_TAGS
            value = _UNQUOTED if name in _CHECKED else _VALUE if escapable else _BARE
            pattern.append(rf'\[{name} "{value}"\]')
            if name == "Note":
                notes.append(g)
            else:
                group[name] = g
            g += 1
            if name in _DATA_TAGS:
                pattern.append(_DATA)
                data.append(g)
                g += 1
            elif i < len(names) - 1:
                pattern.append(r"\n")  # one tag a line, nothing else
                newlines += 1
        pattern.append(_NEVER)
        self.data_at = tuple(data)
        self.newlines = newlines  # the line ends outside the data
        self.fullmatch: Callable[[str], re.Match[str] | None] = re.compile("".join(pattern)).fullmatch
        get = group.get
        self.main = itemgetter(
            *(get(n, -1) for n in ("Deal", "Board", "Dealer", "Vulnerable", "Contract", "Declarer", "Result"))
        )
        seats = [get(n, -1) for n in _PLAYERS]
        self.players = itemgetter(*seats) if max(seats) >= 0 else None
        self.auction = get("Auction", -1)  # its data is the group after it
        self.play = get("Play", -1)
        self.note_at = tuple(notes)
        stop = self.play if self.play > self.auction else 1 << 30
        self.auction_note_at = tuple(i for i in notes if self.auction >= 0 and self.auction < i < stop)
        self.other_names = tuple(n for n in group if n not in OWN_TAGS)
        self.other = _tuple_getter(tuple(group[n] for n in self.other_names))
        self.notes_of = _tuple_getter(self.note_at)
        self.auction_notes_of = _tuple_getter(self.auction_note_at)
        self.tags_cache: dict[tuple[str, ...], tuple[tuple[str, str], ...]] = {}
        self.last_values: tuple[str, ...] = ()  # the other-tag values of the last game read
        self.last_tags: tuple[tuple[str, str], ...] = ()  # and its Deck.tags
        # a hand record (Board, Dealer, Vulnerable, Deal...): only the deal and a few values
        self.lean = not data and not notes and self.players is None and not self.other_names


_PLANS: dict[tuple[str, ...], Plan | None] = {}
_PLAN_TAGS = 64  # tags of the longest game a Plan is made for


def plan_for(names: tuple[str, ...]) -> Plan | None:
    """The Plan of a list of tag names; None (the general path) without a Deal or with a
    tag other than Note given twice (PBN ignores the second, and the data after it)."""
    plan = _PLANS.get(names, MISSING)
    if plan is not MISSING:
        return plan  # type: ignore[return-value]
    plan = None
    distinct = set(names)
    # (a Plan compiles a regex of a group per tag: a game of a thousand Notes goes the general way)
    repeated = len(distinct) + max(names.count("Note") - 1, 0) != len(names)
    short = len(names) <= _PLAN_TAGS and sum(map(len, names)) <= 1000
    if "Deal" in distinct and not repeated and short:
        plan = Plan(names)
    if len(_PLANS) < 256 and short:  # bounded: files vary little, games are short
        _PLANS[names] = plan
    return plan


_ESCAPED: dict[str, str] = {}  # escaped value -> unescaped (names and events recur)
_RAW_PLAYERS: dict[tuple[str | None, ...], tuple[tuple[str, str], ...]] = {}  # by raw values


def _unescaped(value: str) -> str | None:
    """The value unescaped; None if it is not one TAG_SPLIT takes (a quote after an
    escaped backslash ends a value there)."""
    if "\\" not in value:
        return value
    found = _ESCAPED.get(value)
    if found is None:
        if not _LEGAL(value):
            return None
        found = unescape(value)
        if len(_ESCAPED) < 4096 and len(value) <= 200:
            _ESCAPED[value] = found
    return found


def _players(names: tuple[str | None, ...]) -> tuple[tuple[str, str], ...] | None:
    """Deck.players from the raw North, East, South and West values (None: not a tag)."""
    players = _RAW_PLAYERS.get(names)
    if players is None:
        plain = tuple(None if name is None else _unescaped(name) for name in names)
        if any(a is not None and b is None for a, b in zip(names, plain)):
            return None
        players = PLAYER_CACHE.get(plain) or players_of(plain)
        if len(_RAW_PLAYERS) < 4096 and sum(len(name or "") for name in names) <= 200:  # (it outlives the file)
            _RAW_PLAYERS[names] = players
    return players


def _tags(plan: Plan, values: tuple[str, ...], span: int) -> tuple[tuple[str, str], ...] | None:
    """Deck.tags from the raw other-tag values, then the Note values kept (no escapes)."""
    n = len(plan.other_names)
    plain = [_unescaped(v) for v in values[:n]]
    if None in plain:
        return None
    other = list(zip(plan.other_names, plain))  # type: ignore[arg-type]
    other.extend(("Note", v) for v in values[n:])
    tags = tags_kept(other, span)
    if len(plan.tags_cache) < _TAGS_CACHED and sum(map(len, values)) <= 1000:
        plan.tags_cache[values] = tags
    return tags


def read_game(reader: Any, plan: Plan, chunk: str, start: int) -> Deck | None:
    """The Deck of the game ``chunk`` (of the reader's text, from ``start``) when it is a
    game of ``plan``'s tags as TAG_SPLIT reads them, and one this path takes; else None.

    Nothing here changes the reader but its caches and, for a deck, its line cursor
    (``pbn._Reader.line_at``), moved to the end of the game: the count of line ends
    that proves no value spans lines also tells the line of the deal.
    """
    match = plan.fullmatch(chunk)
    if match is None:
        return None
    groups = match.groups()
    newlines = plan.newlines
    if plan.data_at:
        # a comment or an escape line in the data: scan_slow reads it ('[' ends the data)
        odd = "{" in chunk or "}" in chunk or ";" in chunk or "%" in chunk
        for i in plan.data_at:
            data = groups[i]
            if "]" in data or "\\" in data or (odd and SPECIAL(data)):  # type: ignore[operator]
                return None
            newlines += data.count("\n")  # type: ignore[union-attr]
    in_game = chunk.count("\n")
    if in_game != newlines:  # a value spans lines: not a tag
        return None

    deal, board, dealer, vul, contract, declarer, result = plan.main(groups)
    if not deal or deal[0] in " \t?":  # no deal ('?', ''), or an odd one
        return None
    note_values = plan.notes_of(groups)
    if "\\" in chunk and ("\\" in deal or "\\" in "".join(note_values)):
        return None  # an escape in the deal or a note: the general path unescapes it
    # Result files repeat a deal at every table: the reader remembers them. Hand records
    # (lean plans) deal each board once, so there the look-up would only cost.
    read = None if plan.lean else reader.deals.get(deal)
    if read is None:
        try:
            read = read_deal(deal)
        except DealError:  # not a deck: the general path words the problem
            return None
        if len(deal) <= TAG_VALUE_LIMIT and not plan.lean:
            reader.deals[deal] = read
    elif type(read) is str:
        return None
    canonical, first_seat, deal_notes = read
    notes = list(deal_notes) if deal_notes else []
    found = BOARDS.get(board)
    if found is not None:
        board, board_name = found
    elif board.isdecimal() and board.isascii() and board[0] != "0":  # type: ignore[union-attr]
        board_name = "Board " + board  # (board_and_name's usual board, without the call)
    else:
        board, board_name = board_and_name(board)
    found = DEALER.get(dealer, MISSING)
    dealer = field(dealer, "Dealer", notes) if found is MISSING else found
    found = VUL.get(vul, MISSING)
    vul = field(vul, "Vulnerable", notes) if found is MISSING else found
    if plan.lean:  # a hand record: no players, auction, play or other tags
        contract, declarer, result = pbn_record(contract, declarer, result, (), "", notes)
        return Deck(
            canonical,
            reader.index,
            _deal_line(reader, plan, groups, chunk, start, in_game),
            dealer,
            vul,
            board,
            board_name,
            first_seat,
            (),
            (),
            None,
            (),
            None,
            contract,
            declarer,
            result,
            (),
            chunk[:SOURCE_LIMIT].rstrip(),
            tuple(notes) if notes else (),
        )
    auction_notes = plan.auction_notes_of(groups) if note_values else ()

    auction: tuple[Call, ...] = ()
    auction_first = None
    alerts_used = False
    at = plan.auction
    if at >= 0:
        data, seat = groups[at + 1], seat_letter(groups[at])  # type: ignore[arg-type]
        read_calls = auction_in_words(data, seat, auction_notes, note_values)  # type: ignore[arg-type]
        if read_calls is None:
            auction, auction_first, more = read_auction(data, seat, explanations(auction_notes, note_values))  # type: ignore[arg-type]
            notes.extend(more)
            alerts_used = bool(auction_notes) and any(call.alert for call in auction)
        else:
            auction, auction_first, alerted = read_calls
            alerts_used = alerted and bool(auction_notes)
    stated_contract = contract
    contract, declarer, result = pbn_record(
        contract,
        declarer,
        result,
        auction,
        auction_first or dealer or first_seat or "S",
        notes,
    )
    play: tuple[tuple[str, ...], ...] = ()
    at = plan.play
    if at >= 0:
        data, seat = groups[at + 1], seat_letter(groups[at])  # type: ignore[arg-type]
        # the trump suit of the contract kept, else of the one written (as pbn_deck reads the play)
        trumps = contract or STATED.get(stated_contract) or stated(stated_contract)
        tricks = play_in_rows(data, seat, TRUMPS.get(trumps) or trump_of(trumps))  # type: ignore[arg-type]
        if tricks is None:
            tricks, more = read_play(data, seat, trumps)  # type: ignore[arg-type]
            notes.extend(more)
        play = tricks

    values = plan.other(groups)
    if note_values:
        if not alerts_used:
            values += note_values
        elif len(auction_notes) < len(note_values):  # (else every note explains an alert)
            used = set(auction_notes)
            values += tuple([v for v in note_values if v not in used])
    if not values:
        tags: tuple[tuple[str, str], ...] | None = ()
    elif values == plan.last_values:  # the same Event, Site, Date... as the game before
        tags = plan.last_tags  # (compared, where a look-up would first hash every value)
    else:
        tags = plan.tags_cache.get(values)
        if tags is None:  # the same Event, Site, Date... on every board
            tags = _tags(plan, values, len(chunk))
            if tags is None:
                return None
        plan.last_values, plan.last_tags = values, tags
    players: tuple[tuple[str, str], ...] | None = ()
    if plan.players is not None:
        names = plan.players(groups)
        players = _RAW_PLAYERS.get(names) or _players(names)
        if players is None:
            return None

    return Deck(
        canonical,
        reader.index,
        _deal_line(reader, plan, groups, chunk, start, in_game),
        dealer,
        vul,
        board,
        board_name,
        first_seat,
        players,
        auction,
        auction_first,
        play,
        None,
        contract,
        declarer,
        result,
        tags,
        chunk[:SOURCE_LIMIT].rstrip(),
        tuple(notes) if notes else (),  # plans match from a '['
    )


def _deal_line(reader: Any, plan: Plan, groups: tuple[str | None, ...], chunk: str, start: int, in_game: int) -> int:
    """The line of the game's deal (pbn._Reader.line_at, inlined); the reader's line cursor
    then moves to the end of the game."""
    at = reader._line_pos
    if start >= at:  # (a slice's count: count() with bounds parses them at twice the cost)
        line = reader._line + reader.text[at:start].count("\n")
    else:
        line = reader._line - reader.text.count("\n", start, at)
    reader._line_pos = start + len(chunk)
    reader._line = line + in_game
    line += plan.deal_newlines
    for i in plan.data_before_deal:
        line += groups[i].count("\n")  # type: ignore[union-attr]
    return line
