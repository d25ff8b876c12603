"""Reading PBN (Portable Bridge Notation 2.1) text into decks.

Everything is read as PBN *import* format (formats.md): games are separated
by lines empty or holding only spaces/tabs (not inside a ``{}`` comment); a
tag repeated inside one game is ignored; ``#`` copies the value of the nearest
previous game and ``##text`` sets a value for the games after, honoured even
for Deal, Dealer and Vulnerable (where the standard forbids it) with a note.

A game without ``[Deal]`` yields no deck and no problem (result-only records
of another table are common): only a note. A ``[Deal]`` that is not a full
deal is a Problem naming the board and the reason; the next game still counts.
Nothing here raises on bad input. Most games are read by the fast path of
``pbn_fast``, which gives the same decks as the general path here (tests compare).
"""

from __future__ import annotations

from .limits import MAX_DECKS, MAX_TAGS, ProblemList
from .model import Deck, Problem
from .pbn_deal import DealError, read_deal
from .pbn_deck import TAG_VALUE_LIMIT, full_deck
from .pbn_fast import Plan, plan_for, read_game
from .pbn_scan import SPECIAL, TAG_SPLIT, Game, game_from_parts, game_spans, scan_slow, unescape_all
from .pbn_values import BOARDS as _BOARDS
from .pbn_values import DEALER as _DEALER
from .pbn_values import MISSING as _MISSING
from .pbn_values import SOURCE_LIMIT
from .pbn_values import VUL as _VUL
from .pbn_values import board as _board
from .pbn_values import board_and_name as _board_and_name
from .pbn_values import field as _field
from .pbn_values import where as _where

__all__ = ["read_pbn"]

_PLAIN_TAGS = frozenset(("Board", "Dealer", "Vulnerable", "Deal"))
_NO_HASH = ("Deal", "Dealer", "Vulnerable")  # where PBN forbids '#' (honoured anyway)
# The notes on them, made once: a file of '#' games has a deck every 25 bytes.
_HASH_NOTES = {
    name: (
        f'"##" used for {name}: a value for this and later games',
        f'"#" used for {name}: copied from the previous game',
        f'{name} taken from an earlier "##" default',
    )
    for name in _NO_HASH
}
NOTE_LIMIT = 20  # notes of one kind before they are only counted


def read_pbn(text: str) -> tuple[list[Deck], list[Problem], list[str]]:
    """Decks in file order, problems, and notes (harmless things read past)."""
    reader = _Reader(text)
    reader.run()
    return reader.decks, reader.problems.finish(), reader.finish_notes()


class _Reader:
    def __init__(self, text: str, fast: bool = True) -> None:
        if text.startswith("\ufeff"):
            text = text[1:]
        if "\r" in text:
            # CRLF: one line end for every scanner (line numbers are unchanged); lone CR: old Mac
            text = text.replace("\r\n", "\n") if "\n" in text else text.replace("\r", "\n")
        self.text = text
        self.fast = fast  # False: every game through the general path (for tests)
        self.decks: list[Deck] = []
        self.problems = ProblemList()
        self.notes: list[str] = []
        self.counts: dict[str, int] = {}  # notes of each kind, for NOTE_LIMIT
        self.index = 0  # deal occurrences so far
        # '#' alone first: one memchr pass, where the two-character search walks the text
        # at several instructions a character (most files hold no '#' at all)
        self.has_hash = "#" in text and '"#' in text
        self.last: dict[str, str] = {}  # resolved value of each tag in the nearest game
        self.defaults: dict[str, str] = {}  # '##' values
        self.deals: dict[str, tuple[str, str | None, tuple[str, ...]] | str] = {}
        self._line_pos = 0
        self._line = 1

    def line_at(self, pos: int) -> int:
        """1-based line of ``pos``; cheap when called with growing positions."""
        if pos >= self._line_pos:
            self._line += self.text.count("\n", self._line_pos, pos)
        else:
            self._line -= self.text.count("\n", pos, self._line_pos)
        self._line_pos = pos
        return self._line

    def note(self, kind: str, message: str) -> None:
        n = self.counts.get(kind, 0)
        self.counts[kind] = n + 1
        if n < NOTE_LIMIT:
            self.notes.append(message)

    def finish_notes(self) -> list[str]:
        for kind, n in self.counts.items():
            if n > NOTE_LIMIT:
                self.notes.append(f"... and {n - NOTE_LIMIT} more {kind}")
        return self.notes

    def run(self) -> None:
        text = self.text
        fast = self.fast and not self.has_hash
        decks = self.decks
        # The plan to try first for a game, by its count of '[' and whether it ends with a tag:
        # files repeat a few shapes of game (with and without play, one note or two...).
        recent: dict[tuple[int, bool], Plan] = {}
        resume = 0
        for start, end, _ in game_spans(text):
            if start < resume:  # read already, as part of a slow game
                while resume < end:  # only when that game ended inside this piece
                    resume = self.slow(resume)
                continue
            if start == end:
                continue
            if len(decks) >= MAX_DECKS:
                self.problems.append(
                    Problem(
                        f"this file holds {len(decks):,} decks, the most read from one file: "
                        "the rest of it was not read",
                        self.line_at(start),
                        kind="too_many_decks",
                    )
                )
                break
            chunk = text[start:end]
            tried = None
            if fast:
                key = (chunk.count("["), chunk[-1] == "]")
                tried = recent.get(key)
                if tried is not None:
                    try:  # (fast_deck, inlined: this runs for nearly every game)
                        deck = read_game(self, tried, chunk, start)
                    except Exception:  # noqa: BLE001 - the general path reads it, or says why not
                        deck = None
                    if deck is not None:
                        self.index += 1
                        decks.append(deck)
                        continue
            if (key[0] if fast else chunk.count("[")) > MAX_TAGS:
                resume = self.slow(start)  # which keeps MAX_TAGS tags, where a split would keep them all
                continue
            parts = TAG_SPLIT(chunk)
            gaps = parts[0::3]
            between = "".join(gaps)
            if len(parts) == 1 or (between and not between.isspace() and SPECIAL(between)):
                resume = self.slow(start)
                continue
            names = parts[1::3]
            if fast:
                plan = plan_for(tuple(names))
                if plan is not None and plan is not tried:
                    if len(recent) < 64:
                        recent[key] = plan
                    if self.fast_deck(plan, chunk, start):
                        continue
            values = parts[2::3]
            if "\\" in chunk:
                values = unescape_all(values)
            game = game_from_parts(names, values, gaps)
            game.first = start + chunk.find("[")
            at = chunk.find('[Deal "')
            game.deal_at = start + at if at >= 0 else -1
            game.end = end
            self.guarded(game)

    def fast_deck(self, plan: Plan, chunk: str, start: int) -> bool:
        """Read the game by ``plan`` (pbn_fast); False when the general path must read it."""
        try:
            deck = read_game(self, plan, chunk, start)
        except Exception:  # noqa: BLE001 - the general path reads it, or says why not
            return False
        if deck is None:
            return False
        self.index += 1
        self.decks.append(deck)
        return True

    def read_deal(self, value: str) -> tuple[str, str | None, tuple[str, ...]] | str:
        """read_deal, remembered per value (result files repeat a deal at every table)."""
        found = self.deals.get(value)
        if found is None:
            try:
                found = read_deal(value)
            except DealError as exc:
                found = str(exc)
            if len(value) <= TAG_VALUE_LIMIT:
                self.deals[value] = found
        return found

    def slow(self, start: int) -> int:
        game, next_start = scan_slow(self.text, start)
        for at, message in game.issues:
            self.note("places with malformed text read past", f"line {self.line_at(at)}: {message}")
        if game.more_issues:  # as many notes more, which NOTE_LIMIT only counts
            kind = "places with malformed text read past"
            self.counts[kind] = self.counts.get(kind, 0) + game.more_issues
        self.guarded(game)
        return next_start

    def guarded(self, game: Game) -> None:
        try:
            self.game(game)
        except Exception as exc:  # noqa: BLE001 - a bug must not lose the other boards
            self.problems.append(
                Problem(
                    f"a game could not be read ({type(exc).__name__}): please report this file",
                    self.line_at(max(game.first, 0)),
                    kind="unreadable",
                )
            )

    def game(self, game: Game) -> None:
        tags = game.tags
        if not tags and not game.notes:
            if game.junk:
                self.note(
                    "stretches of text that is not PBN read past",
                    f"line {self.line_at(game.first)}: text that is not PBN read past",
                )
            return
        header = False
        hash_notes: list[str] | tuple[()] = ()
        if self.has_hash:
            header = bool(tags) and all(v.startswith("##") for v in tags.values())
            hash_notes = self.inherit(tags)
        deal = tags.get("Deal")
        if deal is None or deal.strip() in ("", "?"):  # '?': unknown, '': not applicable
            kind = "games without a deal read past"
            if not header:  # a game of '##' values only is a header, not a lost board
                if self.counts.get(kind, 0) >= NOTE_LIMIT:  # only counted: no message to make
                    self.counts[kind] += 1
                else:
                    board = _board(tags.get("Board"))
                    where = f" (board {board})" if board else ""
                    self.note(kind, f"game at line {self.line_at(game.first)}{where} has no deal: read past")
            return
        index = self.index
        self.index += 1
        line = self.line_at(game.deal_at if game.deal_at >= 0 else game.first)
        board, board_name = _BOARDS.get(tags.get("Board")) or _board_and_name(tags["Board"])
        read = self.read_deal(deal)
        if type(read) is str:
            self.problems.append(Problem(f"{_where(board, index, line)}: {read}", line, index, board))
            return
        canonical, first_seat, deal_notes = read
        notes = list(deal_notes)
        for message in hash_notes:
            notes.append(message)
            self.note(
                "notes on '#' or '##' used for Deal, Dealer or Vulnerable",
                f"{_where(board, index, line)}: {message} (the PBN standard forbids this)",
            )
        dealer = _DEALER.get(tags.get("Dealer"), _MISSING)
        if dealer is _MISSING:
            dealer = _field(tags["Dealer"], "Dealer", notes)
        vul = _VUL.get(tags.get("Vulnerable"), _MISSING)
        if vul is _MISSING:
            vul = _field(tags["Vulnerable"], "Vulnerable", notes)
        first = game.first if game.first > 0 else 0
        end = game.end if game.end >= 0 else len(self.text)
        if end > first + SOURCE_LIMIT:  # min() and max() are calls: these run on every game
            end = first + SOURCE_LIMIT
        source = self.text[first:end].rstrip()
        self.decks.append(
            full_deck(
                game,
                canonical,
                index,
                line,
                dealer,
                vul,
                board,
                board_name,
                first_seat,
                source,
                notes,
            )
        )

    def inherit(self, tags: dict[str, str]) -> list[str]:
        """Resolve '#' and '##' values in place; notes for the tags where PBN forbids them."""
        notes: list[str] = []
        for name, value in tags.items():
            if value[:1] != "#":
                continue
            if value[:2] == "##":
                self.defaults[name] = tags[name] = value[2:]
                if name in _NO_HASH:
                    notes.append(_HASH_NOTES[name][0])
            elif value == "#":
                tags[name] = self.last.get(name, "")
                if name in _NO_HASH:
                    notes.append(_HASH_NOTES[name][1])
        for name, value in self.defaults.items():
            if name not in tags:
                tags[name] = value
                if name in _NO_HASH:
                    notes.append(_HASH_NOTES[name][2])
        self.last.update(tags)
        return notes
