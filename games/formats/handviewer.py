"""Reading BBO handviewer links pasted into a file.

Two shapes (formats.md): ``...handviewer.html?lin=<LIN, URL-encoded>`` carries a
whole LIN record, read by ``lin.parse_lin``; ``?n=SAKQ..&e=..&s=..&w=..&d=n&v=b&b=7``
gives the hands as separate parameters, in LIN's hand syntax. A file may hold
several links, one a line, with other text around them.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from urllib.parse import unquote_plus

from games.bridge.cards import SEATS, DealError, build_deal
from games.bridge.types import Vul

from .caught import log_caught
from .limits import SOURCE_LIMIT
from .lin import parse_lin
from .lin.md import INFERRED as _INFERRED
from .lin.md import parse_hand
from .messages import Message, reason
from .model import Deck, Problem

_HINT = re.compile(r"(?i)handviewer\.html\?|[?&]lin=")
_HAND_PARAM = re.compile(r"(?i)[?&][nesw]=[shdc]")
_LIN_PARAM = re.compile(r"(?i)[?&]lin=")
_NEXT_PARAM = re.compile(r"&[A-Za-z_]{1,12}=")
_QUERY = re.compile(r"\?([A-Za-z_]{1,12}=[^\s\"'<>#]*)")
HAND_PARAMS = SEATS.lower()  # "n", "e", "s", "w": the hands
NAME_PARAMS = {"nn": "N", "en": "E", "sn": "S", "wn": "W"}  # in N, E, S, W order
KNOWN = {*HAND_PARAMS, "d", "v", "b", *NAME_PARAMS}
OTHER_PARAMS = 20  # unknown parameters of a link kept (as Deck.tags)
_PART = re.compile(r"[^&]+")
_LINE_END = re.compile("\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")  # what str.splitlines splits at
_UNORDERED = Message("handviewer.unordered")


def looks_like_handviewer(text: str) -> bool:
    """A handviewer link, or a query string giving at least two hands."""
    if _HINT.search(text):
        return True
    return len(_HAND_PARAM.findall(text[:100_000])) >= 2


def read_handviewer(text: str) -> tuple[list[Deck], list[Problem], list[str]]:
    """Decks of every link in ``text``, in order; each deck's line is its link's line."""
    reader = _Links()
    try:
        for number, line in enumerate(_lines(text), 1):
            reader.read_line(line, number)
    except Exception as exc:  # noqa: BLE001 - never lose the upload to a reader bug
        log_caught("the handviewer links could not be read")
        reader.problems.append(Problem(Message("handviewer.unreadable", error=str(exc)), 1, kind="unreadable"))
    if not reader.links:
        reader.notes.append(Message("handviewer.no_link"))
    return reader.decks, reader.problems, reader.notes


class _Links:
    def __init__(self) -> None:
        self.decks: list[Deck] = []
        self.problems: list[Problem] = []
        self.notes: list[str] = []
        self.count = 0  # deal occurrences so far: the next deck's index
        self.links = 0

    def read_line(self, line: str, number: int) -> None:
        lin_at = _LIN_PARAM.search(line)
        if lin_at is not None:
            self.read_lin_link(line, lin_at.end(), number)
            line = line[: lin_at.start()]  # split-parameter links before it still count
        for query in _QUERY.finditer(line):
            params = _params(query[1])
            if any(seat in params for seat in HAND_PARAMS):
                self.read_hands_link(params, line.strip(), number)

    def read_lin_link(self, line: str, start: int, number: int) -> None:
        rest = line[start:]
        if "|" in rest:  # pasted without encoding: the LIN runs to the next parameter or the end
            after = _NEXT_PARAM.search(rest)
            lin = rest[: after.start()] if after else rest
        else:
            lin = unquote_plus(re.split(r"[\s&\"'<>#]", rest, maxsplit=1)[0])
        self.links += 1
        if not lin.strip():
            self.notes.append(Message("handviewer.empty_lin", line=number))
            return
        decks, problems, notes, count = parse_lin(lin.strip())
        source = line.strip()[:SOURCE_LIMIT]  # (once: a line of many links has many decks)
        for deck in decks:
            self.decks.append(
                dataclasses.replace(
                    deck,
                    index=deck.index + self.count,
                    line=number,
                    source=source,
                )
            )
        for problem in problems:
            index = None if problem.index is None else problem.index + self.count
            # (its Part in full: the where it names is the link's LIN, not this line)
            self.problems.append(
                dataclasses.replace(problem, line=number, index=index, detail=problem.part, own_where=False)
            )
        where = Message("where.line", line=number)
        self.notes.extend(Message("at", where=where, message=note) for note in notes)
        self.count += count

    def read_hands_link(self, params: dict[str, str], source: str, number: int) -> None:
        self.links += 1
        index = self.count
        self.count += 1
        board = params.get("b", "").strip() or None
        hands: dict[str, tuple[int, int, int, int] | None] = {}
        ordered = True
        try:
            for seat in SEATS:
                hand = params.get(seat.lower(), "").replace(" ", "")
                if hand:
                    found, in_order = parse_hand(hand, seat)
                    if any(found):  # a hand without cards ('SHDC') is one left out
                        hands[seat] = found
                    ordered = ordered and in_order
            deal, inferred = build_deal(hands)
        except DealError as exc:
            where = (
                Message("where.board", board=board) if board else Message("where.link", link=self.links, line=number)
            )
            self.problems.append(Problem(Message("at", where=where, message=reason(exc)), number, index, board))
            return
        notes: list[str] = []
        if inferred:
            missing = next(seat for seat in SEATS if seat not in hands)
            notes.append(_INFERRED[missing])
        if not ordered:
            notes.append(_UNORDERED)
        dealer = params.get("d", "").strip().upper()[:1] or None
        if dealer is not None and dealer not in SEATS:
            notes.append(Message("handviewer.dealer", value=dealer))
            dealer = None
        vul = None
        if params.get("v", "").strip():
            vul = Vul.from_lin(params["v"])
            if vul is None:
                notes.append(Message("handviewer.vul", value=params["v"][:20]))
        players = tuple((seat, params[key].strip()) for key, seat in NAME_PARAMS.items() if params.get(key, "").strip())
        tags = tuple((key, value[:500]) for key, value in params.items() if key not in KNOWN)
        self.decks.append(
            Deck(
                deal=deal,
                index=index,
                line=number,
                dealer=dealer,
                vul=vul,
                board=board,
                board_name=f"Board {board}" if board else "",
                players=players,
                tags=tags[:20],
                source=source[:SOURCE_LIMIT],
                notes=tuple(notes),
            )
        )


def _params(query: str) -> dict[str, str]:
    """'n=SAK..&d=n' -> {'n': 'SAK..', 'd': 'n'}; keys lower case, the first of a repeat wins.

    Only the first OTHER_PARAMS unknown keys are kept (they become Deck.tags, 20 at most),
    and the query is walked part by part: a giant query is no giant list or dict."""
    params: dict[str, str] = {}
    others = 0
    for part in _PART.finditer(query):
        key, _, value = part[0].partition("=")
        key = key.strip().lower()
        if not key or key in params:
            continue
        if key not in KNOWN:
            if others == OTHER_PARAMS:
                continue
            others += 1
        params[key] = unquote_plus(value)
    return params


def _lines(text: str) -> Iterator[str]:
    """text.splitlines(), one line at a time (a list of all of them costs more than the text)."""
    start = 0
    for end in _LINE_END.finditer(text):
        yield text[start : end.start()]
        start = end.end()
    if start < len(text):
        yield text[start:]
