"""Reading PBN (Portable Bridge Notation 2.1) text into decks.

Everything is read as PBN *import* format (formats.md): games are separated
by lines empty or holding only spaces/tabs (not inside a ``{}`` comment); a
tag repeated inside one game is ignored; ``#`` copies the value of the nearest
previous game and ``##text`` sets a value for the games after, honoured even
for Deal, Dealer and Vulnerable (where the standard forbids it) with a note.

A game without ``[Deal]`` yields no deck and no problem (result-only records
of another table are common): only a note. A ``[Deal]`` that is not a full
deal is a Problem naming the board and the reason; the next game still counts.
Nothing here raises on bad input. ``tokens.read_game`` reads each game, token by
token, and ``deck.Builder`` makes its Deck. A game's ``{}`` and ``;`` comments (before,
between and after its tags, and in its sections) are its deck's ``commentary``,
placed by ``commentary.placed`` and bounded by ``Budget``.
"""

from __future__ import annotations

from dataclasses import replace

from ..caught import log_caught
from ..commentary import Budget, apart
from ..limits import MAX_DECKS, NOTE_LIMIT, SOURCE_LIMIT, ProblemList
from ..messages import Message
from ..model import Deck, Problem
from .commentary import placed
from .deck import Builder
from .tokens import Game, plain, read_game
from .values import board, where

_NO_HASH = ("Deal", "Dealer", "Vulnerable")  # where PBN forbids '#' (honoured anyway)
# The notes on them, made once: a file of '#' games has a deck every 25 bytes.
_HASH_NOTES = {
    name: (
        Message("pbn.hash_default", tag=name),
        Message("pbn.hash_copied", tag=name),
        Message("pbn.hash_taken", tag=name),
    )
    for name in _NO_HASH
}
# Kinds of note, counted for NOTE_LIMIT, and named in the note on those past it.
_MALFORMED = "pbn.kind_malformed"
_NO_DEAL = "pbn.kind_no_deal"
_JUNK = "pbn.kind_junk"
_LOOSE_COMMENTS = "pbn.kind_loose_comments"
_HASH = "pbn.kind_hash"


def read_pbn(text: str) -> tuple[list[Deck], list[Problem], list[str]]:
    """Decks in file order, problems, and notes (harmless things read past)."""
    reader = Reader(text)
    reader.run()
    return reader.decks, reader.problems.finish(), reader.finish_notes()


class Reader:
    """One file's reading: its games in order, and what is said of them."""

    def __init__(self, text: str) -> None:
        self.text = plain(text)
        self.decks: list[Deck] = []
        self.problems = ProblemList()
        self.notes: list[str] = []
        self.counts: dict[str, int] = {}  # notes of each kind, for NOTE_LIMIT
        self.index = 0  # deal occurrences so far
        self.last: dict[str, str] = {}  # resolved value of each tag in the nearest game
        self.defaults: dict[str, str] = {}  # '##' values
        self.budget = Budget()
        self.builder = Builder()
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

    def note(self, kind: str, message: Message) -> None:
        n = self.counts.get(kind, 0)
        self.counts[kind] = n + 1
        if n < NOTE_LIMIT:
            self.notes.append(message)

    def finish_notes(self) -> list[str]:
        for kind, n in self.counts.items():
            if n > NOTE_LIMIT:
                self.notes.append(Message("more_notes", count=n - NOTE_LIMIT, kind=Message(kind)))
        self.notes.extend(self.budget.finish())
        return self.notes

    def run(self) -> None:
        text = self.text
        last_brace = text.rfind("}")
        pos = 0
        while pos < len(text):
            if len(self.decks) >= MAX_DECKS:
                message = Message("pbn.too_many_decks", count=len(self.decks))
                self.problems.append(Problem(message, self.line_at(pos), kind="too_many_decks"))
                break
            game, pos = read_game(text, pos, last_brace)
            for at, message in game.issues:
                self.note(
                    _MALFORMED, Message("at", where=Message("where.line", line=self.line_at(at)), message=message)
                )
            if game.more_issues:  # as many notes more, which NOTE_LIMIT only counts
                self.counts[_MALFORMED] = self.counts.get(_MALFORMED, 0) + game.more_issues
            try:
                self.game(game)
            except Exception as exc:  # noqa: BLE001 - a bug must not lose the other boards
                log_caught("a PBN game could not be read", f"line {self.line_at(max(game.first, 0))}")
                self.unreadable(game, exc)

    def unreadable(self, game: Game, exc: Exception) -> None:
        message = Message("pbn.game_unreadable", error=type(exc).__name__)
        self.problems.append(Problem(message, self.line_at(max(game.first, 0)), kind="unreadable"))

    def game(self, game: Game) -> None:
        """Make the game's deck, or say why there is none."""
        tags = game.tags
        if not tags and not game.notes:
            if game.junk:
                self.note(_JUNK, Message("pbn.junk", line=self.line_at(game.first)))
            elif game.comments:  # a game of comments only: no board for them to belong to
                self.note(_LOOSE_COMMENTS, Message("pbn.loose_comment", line=self.line_at(game.comments[0][3])))
            return
        hash_notes, header = self.inherit(tags)
        deal = tags.get("Deal")
        if deal is None or deal.strip() in ("", "?"):  # '?': unknown, '': not applicable
            if not header:  # a game of '##' values only is a header, not a lost board
                self.no_deal(game)
            return
        index = self.index
        self.index += 1
        line = self.line_at(game.deal_at if game.deal_at >= 0 else game.first)
        source = self.text[game.first : min(game.end, game.first + SOURCE_LIMIT)].rstrip()
        deck = self.builder.build(game, index, line, source, hash_notes)
        if isinstance(deck, Problem):
            self.problems.append(deck)
            return
        for message in hash_notes:
            self.note(_HASH, Message("pbn.hash_forbidden", where=where(deck.board, index, line), message=message))
        if game.comments:
            found, machine = apart(placed(game, len(deck.auction), len(deck.play)))
            commentary = self.budget.keep(found, where(deck.board, index, line), self.line_at)
            if commentary or machine:
                deck = replace(deck, commentary=commentary, machine_notes=machine)
        self.decks.append(deck)

    def no_deal(self, game: Game) -> None:
        if self.counts.get(_NO_DEAL, 0) >= NOTE_LIMIT:  # only counted: no message to make
            self.counts[_NO_DEAL] += 1
            return
        found = board(game.tags.get("Board"))
        line = self.line_at(game.first)
        self.note(
            _NO_DEAL,
            Message("pbn.no_deal_board", line=line, board=found) if found else Message("pbn.no_deal", line=line),
        )

    def inherit(self, tags: dict[str, str]) -> tuple[list[Message], bool]:
        """Resolve '#' and '##' values in place: notes for the tags where PBN forbids them,
        and whether every value was a '##' one (a header of defaults)."""
        notes: list[Message] = []
        defaults_set = 0
        for name, value in tags.items():
            if value[:1] != "#":
                continue
            if value[:2] == "##":
                defaults_set += 1
                self.defaults[name] = tags[name] = value[2:]
                if name in _NO_HASH:
                    notes.append(_HASH_NOTES[name][0])
            elif value == "#":
                tags[name] = self.last.get(name, "")
                if name in _NO_HASH:
                    notes.append(_HASH_NOTES[name][1])
        header = 0 < defaults_set == len(tags)
        for name, value in self.defaults.items():
            if name not in tags:
                tags[name] = value
                if name in _NO_HASH:
                    notes.append(_HASH_NOTES[name][2])
        self.last.update(tags)
        return notes, header
