"""Reading Bridge Base Online LIN files (rules: ../shared/formats.md).

A LIN file is a stream of ``xx|value|`` pairs; the slot before a value may
also carry stray text (newlines, an editor's words): its last two letters are
the tag. One regular expression walks the text pair by pair from the start,
so a value is never mistaken for a tag. A record starts at each ``qx``, and at
each ``md`` that is not the first deal of a ``qx`` record; the pairs that
follow belong to it. This is the hot path of every upload: the usual record
head and runs of play and auction pairs are taken as one token each and read
in bulk (``lin_values``).
"""

from __future__ import annotations

import re
from dataclasses import fields
from urllib.parse import unquote_plus

from .cards import DealError
from .lin_values import E_INFERRED, MD_SEATS, UNORDERED, read_auction, read_md, read_play
from .limits import ProblemList
from .model import Deck, Problem
from .pbn_deck import new_deck  # fills the frozen Deck's slots directly (equal value, faster)

__all__ = ["E_INFERRED", "MD0_REASON", "UNORDERED", "parse_lin", "read_lin"]

SOURCE_LIMIT = 4000  # characters of a record kept in Deck.source
TAG_LIMIT = 500  # characters kept of one header value in Deck.tags
MD0_REASON = "md|0| changes the previous deal (a teaching movie step); it is not a deck"

VULS = {"o": "None", "0": "None", "-": "None", "": "None", "n": "NS", "e": "EW", "b": "All"}
_VULS_ANY_CASE = {**VULS, **{k.upper(): v for k, v in VULS.items()}}
HEADER_TAGS = ("vg", "rs", "mp", "bn", "pw")  # session headers copied into each deck's tags

# A token is one pair, the usual record head (qx, md, ah, sv) in one match, or a run of pairs
# read later in bulk: the play (pc/pg/mc: values without free text), the auction (mb/an), or
# commentary to skip (nt/st/rh/sk). A pair whose slot holds stray text is never part of a
# run or a record head: it comes alone, so the stray text is noted.
_V = r"\|[^|]*+\|"
_TOKEN = re.compile(
    r"(?:\s*+[Qq][Xx]\|([^|]*+)\|)?(?:\s*+[Ss][Tt]\|\|)?\s*+[Mm][Dd]\|(?!\s*0)([^|]*+)\|"  # 1 qx, 2 md
    r"(?:\s*+[RrSs][HhTt]\|\|)*+"
    r"(?:\s*+[Aa][Hh]\|([^|]*+)\|)?(?:\s*+[Ss][Vv]\|([^|]*+)\|)?"  # 3 ah, 4 sv
    r"(?:\s*+[Pp][Gg]\|\|)*+"
    # 5 play: pc pg mc (a class per letter beats alternatives; a whole trick per step is faster)
    rf"|((?:pg\|\|pc{_V}pc{_V}pc{_V}pc{_V}|\s*+[PpMm][CcGg]{_V})++)"
    rf"|((?:\s*+[MmAa][BbNn]{_V})++)"  # 6 auction: mb an
    rf"|(?:\s*+[NnSsRr][TtKkHh]{_V})++"  # commentary: nt st sk rh
    r"|([^|]*+)\|([^|]*+)\|"  # 7 slot, 8 value
)
_PERCENT_LINES = re.compile(r"(?m)^%[^\r\n]*")
_BOARD = re.compile(r"(?i)\bboard\s*#?\s*(\d+)")
_LABEL = re.compile(r"\s*([oOcC])(\d+)")
_ENCODED = re.compile(r"%[0-9A-Fa-f]{2}")

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


def parse_lin(text: str) -> tuple[list[Deck], list[Problem], list[str], int]:
    """``read_lin`` plus the number of md occurrences (for readers that embed LIN)."""
    reader = _Reader()
    try:
        reader.read(text)
    except Exception as exc:  # noqa: BLE001 - a reader bug must not lose the upload
        reader.problems.append(Problem(f"this LIN text could not be read ({exc})", 1, kind="unreadable"))
    return reader.decks, reader.problems.finish(), reader.notes, reader.md_count


class _Record:
    """The pairs of one board while they are being read."""

    __slots__ = ("start", "label", "md", "late_names", "ah", "sv", "bids", "play", "md0")

    def __init__(self, start: int, label: str | None) -> None:
        self.start = start
        self.label = label
        self.md: tuple[str, int, int, str | None] | None = None  # value, index, line, pn
        self.late_names: str | None = None  # first pn after the md (when none came before)
        self.ah: list[str] | None = None
        self.sv: str | None = None
        self.bids: list[str] | None = None  # runs of mb/an pairs
        self.play: list[str] | None = None  # runs of pc/pg/mc pairs
        self.md0: list[tuple[int, int]] | None = None  # md|0| steps: (index, line)

    def add_run(self, kind: int, run: str) -> None:
        if kind == 1:
            if self.play is None:
                self.play = [run]
            else:
                self.play.append(run)
        elif self.bids is None:
            self.bids = [run]
        else:
            self.bids.append(run)


class _Reader:
    def __init__(self) -> None:
        self.decks: list[Deck] = []
        self.problems = ProblemList()
        self.notes: list[str] = []
        self.md_count = 0
        self.header: tuple[tuple[str, str], ...] = ()
        self.players: dict[tuple[str, str], tuple[tuple[str, str], ...]] = {}
        self.text = ""

    def read(self, text: str) -> None:
        if text.startswith("\ufeff"):
            text = text[1:]
        if text.startswith("%") or "\n%" in text or "\r%" in text:
            text = _PERCENT_LINES.sub("", text)  # keeps the newlines: line numbers stay right
        self.text = text
        nl = "\n" if "\n" in text or "\r" not in text else "\r"
        tags = _TAGS
        rec: _Record | None = None
        names: str | None = None
        line, counted, stray_line = 1, 0, 0
        # Pairs run on from the start, so none can begin after the last pipe that closes one;
        # stopping there keeps the pattern from rescanning a pipe-less tail at every character.
        end = text.rfind("|") + 1
        if text.count("|") % 2:
            end = text.rfind("|", 0, end - 1) + 1
        for m in _TOKEN.finditer(text, 0, end):
            kind = m.lastindex
            if kind is None:  # commentary
                continue
            if kind >= 7:
                slot, value = m.group(7, 8)
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
                        at = m.start(8) - 3
                        if rec is not None:
                            self.finish(rec, at)
                        rec = _Record(at, value)
                    elif tag == "pn":
                        names = value
                        if rec is not None and rec.md is not None and rec.late_names is None:
                            rec.late_names = names
                    elif rec is not None and tag == "ah":
                        rec.ah = [value] if rec.ah is None else [*rec.ah, value]
                    elif rec is not None and tag == "sv":
                        rec.sv = value if rec.sv is None else rec.sv
                    elif tag in HEADER_TAGS:
                        self.header = (*((k, v) for k, v in self.header if k != tag), (tag, value[:TAG_LIMIT]))
                    continue
                at = m.start(8) - 3
                ah = sv = None
                if value.lstrip()[:1] == "0":  # a teaching movie's change to the deal
                    line += text.count(nl, counted, at)
                    counted = at
                    if rec is None:
                        rec = _Record(at, None)
                    rec.md0 = [*(rec.md0 or ()), (self.md_count, line)]
                    self.md_count += 1
                    continue
            elif kind >= 5:  # a run of play (5) or auction (6) pairs
                if rec is not None and m[kind] != "pg||":
                    rec.add_run(kind - 4, m[kind])
                continue
            else:  # the usual record: [qx] [st] md [rh/st] [ah] [sv] [pg] in one match
                label, value, ah, sv = m.group(1, 2, 3, 4)
                at = m.start(2) - 3
                if label is not None:
                    qx_at = m.start(1) - 3
                    if rec is not None:
                        self.finish(rec, qx_at)
                    rec = _Record(qx_at, label)
            # An md that deals: it joins the record its qx began, or begins its own.
            line += text.count(nl, counted, at)
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
                rec.ah = [ah] if rec.ah is None else [*rec.ah, ah]
            if sv is not None and rec.sv is None:
                rec.sv = sv
        if rec is not None:
            self.finish(rec, len(text))
        if stray_line:
            self.notes.append(f"text between pairs was read past (first at line {stray_line})")
        if not self.md_count and end:
            self.notes.append("this LIN file has no md (deal) tag: only headers or commentary")

    def finish(self, rec: _Record, end: int) -> None:
        """Turn one record into a deck or a problem."""
        board, board_name = _board(rec)
        deck_ok = False
        if rec.md is not None:
            try:
                self.decks.append(self.build(rec, board, board_name, end))
                deck_ok = True
            except DealError as exc:
                self.problem(str(exc), rec.md[2], rec.md[1], board)
            except Exception as exc:  # noqa: BLE001 - one odd board must not lose the file
                self.problem(f"this board could not be read ({exc})", rec.md[2], rec.md[1], board)
        for index, line in rec.md0 or ():
            if deck_ok and rec.md is not None:
                where = f"board {board}" if board else f"deal {rec.md[1] + 1}"
                self.notes.append(f"line {line}: md|0| (a teaching movie step changing {where}) was read past")
            else:
                self.problem(MD0_REASON, line, index, board)

    def problem(self, reason: str, line: int, index: int, board: str | None) -> None:
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
        play, claim = read_play(rec.play, extra) if rec.play else ((), None)
        if names is None:
            names = rec.late_names
        players: tuple[tuple[str, str], ...] = ()
        if names:
            key = (names, rec.label[:1].lower() if rec.label else "")
            players = self.players.get(key)  # type: ignore[assignment]
            if players is None:
                players = self.players[key] = _players(*key)
        tags = self.header if rec.label is None else (*self.header, ("qx", rec.label[:TAG_LIMIT]))
        start = rec.start
        source = self.text[start:end if end < start + SOURCE_LIMIT else start + SOURCE_LIMIT].strip()
        if extra:
            notes += tuple(extra)
        first = dealer if auction else None
        if _POSITIONAL:
            return new_deck(deal, index, line, dealer, vul, board, board_name, None, players,
                        auction, first, play, claim, "", "", "", tags, source, notes)
        return Deck(  # pragma: no cover - only if model.Deck's fields change order
            deal=deal, index=index, line=line, dealer=dealer, vul=vul, board=board,
            board_name=board_name, players=players, auction=auction, auction_first=first,
            play=play, claim=claim, tags=tags, source=source, notes=notes,
        )


# Deck is built with positional arguments (a third faster) while its fields keep this
# order; a test checks it, and keywords are used if the model changes.
DECK_FIELDS = (
    "deal", "index", "line", "dealer", "vul", "board", "board_name", "deal_first", "players",
    "auction", "auction_first", "play", "claim", "contract", "declarer", "result", "tags",
    "source", "notes",
)
_POSITIONAL = tuple(f.name for f in fields(Deck)) == DECK_FIELDS


_HEADINGS: dict[str, tuple[str | None, str]] = {}


def _board(rec: _Record) -> tuple[str | None, str]:
    """(board number, heading) from the record's ah, else from its qx label."""
    board, name = None, ""
    for raw in rec.ah or ():
        hit = _HEADINGS.get(raw)
        if hit is None and raw[:6] == "Board " and raw[6:].isdigit() and raw.isascii() and len(raw) < 40:
            hit = (raw[6:], raw)  # what the general path below makes of 'Board 1234'
        if hit is None:
            heading = decode_heading(raw)[:TAG_LIMIT]
            found = _BOARD.search(heading)
            hit = (found[1] if found else None, heading)
            if len(_HEADINGS) < 4096:
                _HEADINGS[raw] = hit
        name = name or hit[1]
        board = board or hit[0]
    if board is None and rec.label:
        found = _LABEL.match(rec.label)
        if found:
            board = found[2]
    return board, name


def decode_heading(raw: str) -> str:
    """'Board+1' and 'Board%202' are 'Board 1' and 'Board 2'."""
    text = raw.strip()
    if _ENCODED.search(text) or ("+" in text and " " not in text):
        text = unquote_plus(text).strip()
    return text


def _players(names: str, room: str) -> tuple[tuple[str, str], ...]:
    """(seat, name) in N, E, S, W order; an 8-name vugraph pn picks the room's four."""
    parts = names.split(",")
    four = parts[4:8] if room == "c" and len(parts) >= 8 else parts[:4]
    by_seat = {seat: name.strip() for seat, name in zip(MD_SEATS, four)}
    return tuple((seat, by_seat[seat]) for seat in "NESW" if by_seat.get(seat))


