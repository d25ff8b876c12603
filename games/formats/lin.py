"""Reading Bridge Base Online LIN files (rules: ../shared/formats.md).

A LIN file is a stream of ``xx|value|`` pairs; the slot before a value may
also carry stray text (newlines, an editor's words): its last two letters are
the tag. One regular expression walks the text pair by pair from the start,
so a value is never mistaken for a tag. A record starts at each ``qx``, and at
each ``md`` that is not the first deal of a ``qx`` record; the pairs that
follow belong to it. This is the hot path of every upload: the usual record
head and runs of play and auction pairs are taken as one token each and read
in bulk (``lin_values``).

``nt`` values are the board's commentary (in vugraph files, the commentators' remarks
on the board in play): each is kept, as written but for %XX escapes (read as in ``an``),
with its place: before the first call, after so many calls, or at a trick.
"""

from __future__ import annotations

import re

from .cards import DealError
from .commentary import Budget, blank
from .limits import MAX_PAIRS, MAX_PROBLEMS, ProblemList

# (_BOARD, _board, _Record, decode_heading: the names tests use)
from .lin_board import BOARD as _BOARD  # noqa: F401
from .lin_board import TAG_LIMIT, decode_heading  # noqa: F401
from .lin_board import board_of as _board
from .lin_board import players_of as _players
from .lin_commentary import nt_values, placed
from .lin_md import E_INFERRED, UNORDERED, read_md
from .lin_record import PERCENT_LINES as _PERCENT_LINES
from .lin_record import Record as _Record
from .lin_record import has_percent_lines as _has_percent_lines
from .lin_values import read_auction, read_cards, read_claim, read_play
from .model import Deck, Problem
from .record import NUMBERS, auction_contract

__all__ = ["E_INFERRED", "MD0_REASON", "UNORDERED", "parse_lin", "read_lin"]

SOURCE_LIMIT = 4000  # characters of a record kept in Deck.source
AH_KEPT = 16  # headings of one record looked at for its board (a board has one or two)
NOTE_LIMIT = 20  # notes of one kind before they are only counted
MD0_REASON = "md|0| changes the previous deal (a teaching movie step); it is not a deck"

VULS = {"o": "None", "0": "None", "-": "None", "": "None", "n": "NS", "e": "EW", "b": "All"}
_VULS_ANY_CASE = {**VULS, **{k.upper(): v for k, v in VULS.items()}}
HEADER_TAGS = ("vg", "rs", "mp", "bn", "pw")  # session headers copied into each deck's tags

# A token is one pair, the usual record head (qx, md, ah, sv) in one match, or a run of pairs
# read later in bulk: the play (pc/pg/mc: values without free text), the auction (mb/an), or
# commentary and display pairs (nt/st/rh/sk: the nt values are kept). A pair whose slot holds
# stray text is never part of a run or a record head: it comes alone, so the stray text is noted.
_V = r"\|[^|]*+\|"
# play: pc pg mc (a class per letter beats alternatives; a whole trick per step is faster)
_PLAY = rf"(?:pg\|\|pc{_V}pc{_V}pc{_V}pc{_V}|\s*+[PpMm][CcGg]{_V})++"
_AUCTION = rf"(?:\s*+[MmAa][BbNn]{_V})++"  # mb an
_HEAD = (
    r"(?:\s*+[Qq][Xx]\|([^|]*+)\|)?(?:\s*+[Ss][Tt]\|\|)?\s*+[Mm][Dd]\|(?!\s*0)([^|]*+)\|"  # 1 qx, 2 md
    r"(?:\s*+[RrSs][HhTt]\|\|)*+"
    r"(?:\s*+[Aa][Hh]\|([^|]*+)\|)?(?:\s*+[Ss][Vv]\|([^|]*+)\|)?"  # 3 ah, 4 sv
    r"(?:\s*+[Pp][Gg]\|\|)*+"
)
_REST = (
    rf"|({_PLAY})|({_AUCTION})"  # 5 play, 6 auction
    rf"|((?:\s*+[NnSsRr][TtKkHh]{_V})++)"  # 7 commentary: nt st sk rh
    r"|((?:\s*+\|[^|]*+\|)++)"  # 8 pairs without a tag ('||' runs): read past in one token
    r"|([^|]*+)\|([^|]*+)\|"  # 9 slot, 10 value
)
# A token starts where the last one ended, after a pipe (or at the start): the lookbehind
# lets the search give up at once at every other character of an unpaired tail.
_TOKEN = re.compile(r"(?<![^|])(?:" + _HEAD + _REST + ")")
# The fast path's head also takes a pn before the md and the board's auction and play that
# follow its sv: the usual board is then one token. Its play comes in two groups: first the
# pairs written the usual way (pg||, and pc with an upper-case card: read in bulk by
# ``read_cards``), then any others (mc, lower case, line breaks...) for ``read_play``.
_CARD = r"pc\|[SHDC][2-9TJQKA]\|"
_BOARD_TOKEN = re.compile(
    r"(?<![^|])(?:(?:\s*+[Qq][Xx]\|([^|]*+)\|)?(?:\s*+[Ss][Tt]\|\|)?(?:\s*+[Pp][Nn]\|([^|]*+)\|)?"  # 1 qx, 2 pn
    + _HEAD[_HEAD.index(r"(?:\s*+[Ss][Tt]") :]  # 3 md, 4 ah, 5 sv
    + rf"({_AUCTION})?+((?:pg\|\|{_CARD}{_CARD}{_CARD}{_CARD}|{_CARD}|pg\|\|)++)?+({_PLAY})?+"  # 6 7 8
    + _REST  # 9 play, 10 auction, 11 commentary, 12 pairs without a tag, 13 slot, 14 value
    + ")"
)

_RUN_TAGS = {"pc": 1, "pg": 1, "mc": 1, "mb": 2, "an": 2}
# Each case variant of the tags the token loop acts on, plain or after a newline.
_TAGS: dict[str, str] = {}
for _t in ("md", "qx", "ah", "sv", "pn", *HEADER_TAGS):
    for _v in {_t, _t.upper(), _t[0].upper() + _t[1], _t[0] + _t[1].upper()}:
        _TAGS[_v] = _TAGS["\n" + _v] = _TAGS["\r\n" + _v] = _t


def read_lin(text: str) -> tuple[list[Deck], list[Problem], list[str]]:
    """Decks in file order, problems (bad boards, with line and board), notes.

    Never raises: a board that is not a full deal is reported and skipped.
    """
    decks, problems, notes, _ = parse_lin(text)
    return decks, problems, notes


def parse_lin(text: str, fast: bool = True) -> tuple[list[Deck], list[Problem], list[str], int]:
    """``read_lin`` plus the number of md occurrences (for readers that embed LIN).

    ``fast=False`` reads without the fast paths, pair by pair (tests compare the two)."""
    reader = _Reader(fast)
    try:
        reader.read(text)
    except Exception as exc:  # noqa: BLE001 - a reader bug must not lose the upload
        reader.problems.append(Problem(f"this LIN text could not be read ({exc})", 1, kind="unreadable"))
    return reader.decks, reader.problems.finish(), reader.notes, reader.md_count


class _Reader:
    def __init__(self, fast: bool = True) -> None:
        self.decks: list[Deck] = []
        self.problems = ProblemList()
        self.notes: list[str] = []
        self.md_count = 0
        self.md0_noted = 0  # md|0| steps read past beside a deck: the first NOTE_LIMIT get a note
        self.headers: dict[str, str] = {}  # session headers, the one set last at the end
        self.header: tuple[tuple[str, str], ...] | None = ()  # the same as Deck.tags; None: to make
        self.label_tags: dict[str, tuple[tuple[str, str], ...]] = {}  # Deck.tags by qx label
        self.players: dict[tuple[str, str], tuple[tuple[str, str], ...]] = {}
        self.text = ""
        self.nl = "\n"
        self.fast = fast
        self.budget = Budget()
        self.loose_comment = -1  # position of the first nt before any board

    def read(self, text: str) -> None:
        if text.startswith("\ufeff"):
            text = text[1:]
        if _has_percent_lines(text):
            text = _PERCENT_LINES.sub("", text)  # keeps the newlines: line numbers stay right
        self.text = text
        nl = self.nl = "\n" if "\n" in text or "\r" not in text else "\r"
        tags = _TAGS
        # The fast token has four more groups in its head (pn, auction, cards, play): the
        # same kinds of token come four group numbers later.
        token, shift = (_BOARD_TOKEN, 4) if self.fast else (_TOKEN, 0)
        pair_kind, untagged_kind, comment_kind, run_kind = 9 + shift, 8 + shift, 7 + shift, 5 + shift
        rec: _Record | None = None
        names: str | None = None
        line, counted, stray_line = 1, 0, 0
        # Pairs run on from the start: none begins after the last pipe.
        end = text.rfind("|") + 1
        for m in token.finditer(text, 0, end):
            kind = m.lastindex
            if kind >= pair_kind:
                slot, value = m.group(pair_kind, pair_kind + 1)
                tag = tags.get(slot)
                if tag is None:
                    key = slot.rstrip()[-2:]
                    if len(key) == 2 and key.isascii() and key.isalpha():
                        tag = key.lower()
                    if (tag is None or len(slot.strip()) > 2) and not stray_line:
                        stray_line = line + text.count(nl, counted, m.start())
                    if tag is None:
                        continue
                    if tag in _RUN_TAGS:  # a pc, mb... after stray text
                        if rec is not None:
                            rec.add_run(_RUN_TAGS[tag], f"{tag}|{value}|")
                        continue
                if tag != "md":
                    if tag == "qx":
                        at = m.start(pair_kind + 1) - 3
                        if rec is not None:
                            self.finish(rec, at)
                        rec = _Record(at, value)
                    elif tag == "pn":
                        names = value
                        if rec is not None and rec.md is not None and rec.late_names is None:
                            rec.late_names = names
                    elif rec is not None and tag == "ah":
                        if rec.ah is None:
                            rec.ah = [value]
                        elif len(rec.ah) < AH_KEPT:  # (a copy per pair made 260,000 pairs take minutes)
                            rec.ah.append(value)
                    elif rec is not None and tag == "sv":
                        rec.sv = value if rec.sv is None else rec.sv
                    elif tag == "nt":
                        self.comment(rec, value, m.start(pair_kind + 1))
                    elif tag in HEADER_TAGS:
                        self.headers.pop(tag, None)
                        self.headers[tag] = value[:TAG_LIMIT]
                        self.header = None  # (made again once a deck needs it: a file may repeat these)
                        self.label_tags.clear()
                    continue
                at = m.start(pair_kind + 1) - 3
                ah = sv = bids = cards = play = None
                if value.lstrip()[:1] == "0":  # a teaching movie's change to the deal
                    line += text.count(nl, counted, at)
                    counted = at
                    if rec is None:
                        rec = _Record(at, None)
                    if rec.md0 is None:
                        rec.md0 = []
                    if len(rec.md0) < MAX_PROBLEMS:
                        rec.md0.append((self.md_count, line))
                    else:
                        rec.md0_more += 1
                    self.md_count += 1
                    continue
            elif kind == untagged_kind:  # as pairs whose slot has no tag, one by one
                if not stray_line:
                    stray_line = line + text.count(nl, counted, m.start())
                continue
            elif kind == comment_kind:  # nt, st, rh, sk: the nt values are commentary
                if (self.loose_comment < 0) if rec is None else not rec.comments_full():
                    self.comments_of(rec, m.start(kind), m.end(kind))
                continue
            elif kind >= run_kind:  # a run of play or auction pairs
                if rec is not None and m[kind] != "pg||":
                    rec.add_run(kind - 4 - shift, m[kind])
                continue
            else:  # the usual record: [qx] [st] [pn] md [rh/st] [ah] [sv] [pg] [bids] [play]
                if shift:
                    label, pn, value, ah, sv, bids, cards, play = m.group(1, 2, 3, 4, 5, 6, 7, 8)
                    at = m.start(3) - 3
                else:
                    label, value, ah, sv = m.group(1, 2, 3, 4)
                    pn = bids = cards = play = None
                    at = m.start(2) - 3
                if label is not None:
                    qx_at = m.start(1) - 3
                    if rec is not None:
                        self.finish(rec, qx_at)
                    rec = _Record(qx_at, label)
                if pn is not None:  # as a pn pair of its own would
                    names = pn
                    if rec is not None and rec.md is not None and rec.late_names is None:
                        rec.late_names = names
            # An md that deals: it joins the record its qx began, or begins its own.
            # (A board has one line or a few: find, unlike count, runs at memchr speed.)
            first_nl = text.find(nl, counted, at)
            if first_nl >= 0:
                line += 1 if text.find(nl, first_nl + 1, at) < 0 else text.count(nl, first_nl, at)
            counted = at
            if rec is None or rec.md is not None:
                label = None
                if rec is not None:
                    label = rec.label
                    self.finish(rec, at)
                rec = _Record(at, label)
            rec.md = (value, self.md_count, line, names)
            self.md_count += 1
            if ah is not None:
                if rec.ah is None:
                    rec.ah = [ah]
                elif len(rec.ah) < AH_KEPT:
                    rec.ah.append(ah)
            if sv is not None and rec.sv is None:
                rec.sv = sv
            if bids is not None:  # as add_run(2, bids), without the call
                if rec.bids is None:
                    rec.bids = [bids]
                else:
                    rec.bids.append(bids)
            if cards is not None:
                if rec.play is None and rec.cards is None:
                    rec.cards = cards
                else:
                    rec.add_run(1, cards)
            if play is not None and play != "pg||":
                if (
                    rec.cards is cards
                    and cards is not None
                    and play[:3] == "mc|"
                    and play.count("|") == 2
                    and len(cards) < _CARDS_WITH_CLAIM
                    and "\n" not in play
                    and "\r" not in play
                ):
                    rec.claim = play[3:-1]  # the usual claim after the usual cards: both read in bulk
                else:
                    rec.add_run(1, play)
        if rec is not None:
            self.finish(rec, len(text))
        if self.md0_noted > NOTE_LIMIT:
            self.notes.append(f"... and {self.md0_noted - NOTE_LIMIT} more md|0| steps read past")
        if stray_line:
            self.notes.append(f"text between pairs was read past (first at line {stray_line})")
        if not self.md_count and text.find("|", text.find("|") + 1, end) >= 0:  # a whole pair
            self.notes.append("this LIN file has no md (deal) tag: only headers or commentary")
        if self.loose_comment >= 0:
            line_of = text.count(nl, 0, self.loose_comment) + 1
            self.notes.append(f"line {line_of}: commentary (nt) before the first board belongs to no deck: read past")
        self.notes.extend(self.budget.finish())

    def comment(self, rec: _Record | None, value: str, at: int) -> None:
        """An nt value at text position ``at``: the record's, else said to belong to no deck."""
        if rec is not None:
            rec.add_comment(value, at)
        elif self.loose_comment < 0 and not blank(value):
            self.loose_comment = at

    def comments_of(self, rec: _Record | None, start: int, end: int) -> None:
        """The nt values of the run of nt, st, rh and sk pairs at ``start:end`` of the text,
        pair by pair until the record holds all it keeps (a run may be a million pairs)."""
        for value, at in nt_values(self.text, start, end):
            self.comment(rec, value, at)
            if self.loose_comment >= 0 if rec is None else rec.comments_full():
                return

    def finish(self, rec: _Record, end: int) -> None:
        """Turn one record into a deck or a problem."""
        if rec.md is None and not rec.md0:  # a qx without a deal
            return
        if rec.md is not None and rec.md[0] in _NOT_DECKS and not rec.md0 and self.problems.full():
            self.problems.count_more(1)  # an md that was no deck before: a problem only counted
            return
        board, board_name = _board(rec)
        deck_ok = False
        if rec.md is not None:
            try:
                self.decks.append(self.build(rec, board, board_name, end))
                deck_ok = True
            except DealError as exc:
                value = rec.md[0]
                if len(value) <= 100 and len(_NOT_DECKS) < 4096:  # (build raises for the md alone)
                    _NOT_DECKS.add(value)
                self.problem(str(exc), rec.md[2], rec.md[1], board)
            except Exception as exc:  # noqa: BLE001 - one odd board must not lose the file
                self.problem(f"this board could not be read ({exc})", rec.md[2], rec.md[1], board)
        if not rec.md0:
            return
        if deck_ok and rec.md is not None:
            where = f"board {board}" if board else f"deal {rec.md[1] + 1}"
            for _, line in rec.md0:
                if self.md0_noted < NOTE_LIMIT:
                    self.notes.append(f"line {line}: md|0| (a teaching movie step changing {where}) was read past")
                self.md0_noted += 1
            self.md0_noted += rec.md0_more
        else:
            for index, line in rec.md0:
                self.problem(MD0_REASON, line, index, board)
            self.problems.count_more(rec.md0_more)

    def problem(self, reason: str, line: int, index: int, board: str | None) -> None:
        if self.problems.full():
            self.problems.count_more(1)
            return
        where = f"board {board}" if board else f"deal {index + 1} (line {line})"
        self.problems.append(Problem(f"{where}: {reason}", line, index, board))

    def build(self, rec: _Record, board: str | None, board_name: str, end: int) -> Deck:
        value, index, line, names = rec.md  # type: ignore[misc]
        deal, dealer, notes = read_md(value)
        extra: list[str] = []
        vul = None
        if rec.sv is not None:
            vul = _VULS_ANY_CASE.get(rec.sv) or VULS.get(rec.sv.strip().lower())
            if vul is None:
                extra.append(f"vulnerability sv|{rec.sv[:20]}| not understood; not stated")
        auction = read_auction(rec.bids, extra) if rec.bids else ()
        if rec.cards is not None:
            play = read_cards(rec.cards, extra)
            claim = None if rec.claim is None else read_claim(rec.claim, extra)
        else:
            play, claim = read_play(rec.play, extra) if rec.play else ((), None)
        if names is None:
            names = rec.late_names
        players: tuple[tuple[str, str], ...] = ()
        if names:
            key = (names, rec.label[:1].lower() if rec.label else "")
            players = self.players.get(key)  # type: ignore[assignment]
            if players is None:
                players = self.players[key] = _players(*key)
        header = self.header
        if header is None:
            header = self.header = tuple(self.headers.items())
        if rec.label is None:
            tags = header
        else:  # shared by the decks of one label (a deck of each room, or a file repeating one)
            tags = self.label_tags.get(rec.label)  # type: ignore[assignment]
            if tags is None:
                tags = (*header, ("qx", rec.label[:TAG_LIMIT]))
                if len(self.label_tags) < 4096:
                    self.label_tags[rec.label] = tags
        start = rec.start
        source = self.text[start : end if end < start + SOURCE_LIMIT else start + SOURCE_LIMIT].strip()
        if extra:
            notes += tuple(extra)
        first = dealer if auction else None
        # LIN states no contract: the finished auction gives it; a claim, the tricks taken.
        contract, declarer = auction_contract(auction, dealer or "S") if auction else ("", "")
        result = "" if claim is None else NUMBERS[claim]
        commentary = ()
        if rec.comments:  # (last: what the file's bounds keep goes to a deck that is made)
            commentary = self.budget.keep(
                placed(rec, auction, play),
                f"board {board}" if board else f"deal {index + 1} (line {line})",
                lambda pos: self.text.count(self.nl, 0, pos) + 1,
            )
        return Deck(
            deal=deal,
            index=index,
            line=line,
            dealer=dealer,
            vul=vul,
            board=board,
            board_name=board_name,
            players=players,
            auction=auction,
            auction_first=first,
            play=play,
            claim=claim,
            contract=contract,
            declarer=declarer,
            result=result,
            tags=tags,
            source=source,
            notes=notes,
            commentary=commentary,
        )


# Usual cards shorter than this have fewer than MAX_PAIRS - 1 pairs (each takes 4 characters
# or more): with their claim, read_play would read them all too.
_CARDS_WITH_CLAIM = 4 * (MAX_PAIRS - 1)


# md values that are no deck (read_md raised): a file of a million 'md||' counts its
# problems past ProblemList's first ones without reading each md again.
_NOT_DECKS: set[str] = set()
