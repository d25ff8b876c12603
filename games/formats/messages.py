"""The readers' messages: a stable key for each kind, its English template, and ``Message``,
the text that keeps its key and parameters.

A ``Message`` is a ``str`` (its English text), so whatever reads a problem's message or a
note as text reads it unchanged; pages read ``key`` and ``params`` and say it in their own
language (games.presentation.problem_text). One call builds each message:
``Message("deal.hand_size", seat="S", count=12)`` is "South has 12 cards".

A parameter is a number, a text (a value taken from the file, shown as it is), or another
``Message``: a message made of pieces ("board 7: " and what is wrong) keeps each piece
keyed. A parameter whose name (without trailing digits) is in ``WORD_KINDS`` holds bridge's
own notation (a seat letter, a suit letter, a card code, a rank), which the English text
and each page name in their words. Pure Python: no Django.
"""

from __future__ import annotations

import re
from functools import cache
from string import Formatter
from typing import Any

from games.bridge.cards import RANK_NAMES, SEAT_NAMES, SUIT_NAMES

Param = str | int
VUL_NAMES = {"None": "nobody vulnerable", "NS": "N-S vulnerable", "EW": "E-W vulnerable", "All": "both vulnerable"}

# Parameter kinds holding bridge's notation, and how the English text names them.
WORD_KINDS = {
    "seat": lambda v: SEAT_NAMES.get(v, v),  # "S" -> "South"
    "seats": lambda v: _listed([SEAT_NAMES.get(s, s) for s in v]),  # "NE" -> "North and East"
    "seatsand": lambda v: " and ".join(SEAT_NAMES.get(s, s) for s in v),  # "NES" -> "North and East and South"
    "suit": lambda v: SUIT_NAMES.get(v, v),  # "S" -> "spades"
    "rank": lambda v: RANK_NAMES.get(v, v),  # "T" -> "ten"
    "card": lambda v: f"the {RANK_NAMES.get(v[1:], v[1:])} of {SUIT_NAMES.get(v[:1], v[:1])}",  # "SA"
    "by": lambda v: v,  # a seat's letter, as written: "S"
    "vul": lambda v: VUL_NAMES.get(v, v),  # "NS" -> "N-S vulnerable"
}
_KIND = re.compile(r"\d+$")


def word_kind(name: str) -> str | None:
    """The notation a parameter holds ("seat2" -> "seat"), None for a number, a file's value
    or a message."""
    kind = _KIND.sub("", name)
    return kind if kind in WORD_KINDS else None


def _listed(names: list[str]) -> str:
    return names[0] if len(names) < 2 else ", ".join(names[:-1]) + " and " + names[-1]


class Part(tuple):
    """A message as its key and parameters, without its text: a piece of a message, and
    what a Problem keeps beside its English text. One tuple, ``(key, *values)``: a file's
    thousand problems hold no second copy of their texts, and no object more than needed."""

    __slots__ = ()

    def __new__(cls, key: str, values: tuple[Param | Part, ...]) -> Part:
        return super().__new__(cls, (key, *values))

    def __getnewargs__(self) -> tuple[Any, ...]:
        return (self[0], self[1:])

    @property
    def key(self) -> str:
        return self[0]

    @property
    def values(self) -> tuple[Param | Part, ...]:
        """The parameters' values, in the order of names(key)."""
        return self[1:]

    @property
    def params(self) -> dict[str, Param | Part]:
        return dict(zip(names(self[0]), self[1:]))

    @property
    def text(self) -> str:
        """The English text."""
        return TEMPLATES[self[0]].format(**{n: _english(n, v) for n, v in zip(names(self[0]), self[1:])})

    def __repr__(self) -> str:
        return f"Part({self.key!r}, {self.params!r})"

    def as_json(self) -> dict[str, Any]:
        """{"key": ..., "params": {...}}, a piece that is a message as the same."""
        params = {n: v.as_json() if isinstance(v, Part) else v for n, v in self.params.items()}
        return {"key": self.key, "params": params}


@cache
def names(key: str) -> tuple[str, ...]:
    """The parameters a key's template names, in order of first use."""
    return tuple(dict.fromkeys(name for _, name, _, _ in Formatter().parse(TEMPLATES[key]) if name))


class Message(str):
    """The English text of one message, with its stable ``key`` and its ``params`` (``part``)."""

    part: Part

    def __new__(cls, key: str, /, **params: Param | Part) -> Message:
        wanted = names(key)  # a key without an English template fails here, at once
        if set(params) != set(wanted):
            raise TypeError(f"{key} takes {wanted}, not {tuple(params)}")
        values = tuple(v.part if isinstance(v, Message) else v for v in (params[n] for n in wanted))
        part = Part(key, values)
        self = super().__new__(cls, part.text)
        self.part = part
        return self

    @classmethod
    def of(cls, part: Part) -> Message:
        return cls(part.key, **part.params)

    @property
    def key(self) -> str:
        return self.part.key

    @property
    def params(self) -> dict[str, Param | Part]:
        return self.part.params

    @property
    def text(self) -> str:
        return str.__str__(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Message.of, (self.part,))

    def as_json(self) -> dict[str, Any]:
        return self.part.as_json()


def _english(name: str, value: Param | Part) -> Any:
    if isinstance(value, Part):
        return value.text
    if not isinstance(value, str):
        return value
    kind = word_kind(name)
    return WORD_KINDS[kind](value) if kind else value


def part_from_json(value: Any) -> Part | None:
    """The Part of ``as_json``'s value; None for anything else, or a key no longer known."""
    if not isinstance(value, dict) or value.get("key") not in TEMPLATES or not isinstance(value.get("params"), dict):
        return None
    params = value["params"]
    if set(params) != set(names(value["key"])):
        return None
    values = []
    for name in names(value["key"]):
        param = params[name]
        if isinstance(param, dict):
            param = part_from_json(param)
            if param is None:
                return None
        values.append(param)
    return Part(value["key"], tuple(values))


def keyed(text: str | Part | None) -> dict[str, Any] | None:
    """A message's key and parameters as JSON; None for a text without a key."""
    if isinstance(text, Message):
        return text.as_json()
    return text.as_json() if isinstance(text, Part) else None


def reason(error: Exception) -> str:
    """The message of a DealError (or another error a reader raises with one): its Message,
    or one made from the error's ``key`` and ``params``; else its text."""
    first = error.args[0] if error.args else ""
    if isinstance(first, Message):
        return first
    key = getattr(error, "key", "")
    if key in TEMPLATES:
        return Message(key, **getattr(error, "params", {}))
    return str(error)


# Every message the readers give, by key. Placeholders name their parameters; a parameter's
# name says what it holds (WORD_KINDS). The English here is what the files' tests expect.
TEMPLATES: dict[str, str] = {
    # --- pieces: where a message is about --------------------------------------------
    "at": "{where}: {message}",
    "where.board": "board {board}",
    "where.deal": "deal {deal} (line {line})",
    "where.line": "line {line}",
    "where.deal_number": "deal {deal}",
    "where.link": "link {link} (line {line})",
    "where.record": "record {record} (bytes {first}–{last})",
    # --- the cards of one deal (games.bridge.cards and the readers' hand syntax) ------
    "deal.not_a_rank": "'{char}' is not a card rank",
    "deal.rank_twice": "the {rank} is written twice in one suit",
    "deal.not_full_deck": "the cards do not make a full deck",
    "deal.hands_not_given": "{seatsand} are not given: a deck needs at least three hands",
    "deal.hands_not_given_list": "{seats} are not given: a deck needs at least three hands",
    "deal.card_twice": "{card} is in both {seat} and {seat2}",
    "deal.hand_size": "{seat} has {count} cards",
    "deal.not_four_suits": "hand '{hand}' does not have four suits separated by dots",
}
TEMPLATES.update(
    {
        # --- PBN: the [Deal] value -------------------------------------------------------
        "pbn.unordered": "ranks not in descending order within a suit",
        "pbn.no_first_seat": "the deal gives no first seat: hands read from South, as Trickster does",
        "pbn.extra_spaces": "extra spaces between the hands of the deal",
        "pbn.lower_case": "cards written in lower case",
        "pbn.hand_inferred": "{seat}'s hand is not given: it holds the 13 remaining cards",
        "pbn.deal_first_seat": "the deal starts with '{value}', not a seat (N, E, S or W) and ':'",
        "pbn.deal_empty": "the deal is empty",
        "pbn.deal_one_hand": "the deal has one hand; it needs four ('-' for a hand not given)",
        "pbn.deal_hand_count": "the deal has {count} hands; it needs four ('-' for a hand not given)",
        "pbn.hand_suits": "{seat}'s hand '{hand}' has {count} suits: it needs four, separated by dots",
        "deal.hand_trouble": "{seat}'s hand '{hand}': {reason}",
        "pbn.no_hand": "no hand is given",
        "pbn.end_position": "every hand has {count} cards: an end position, not a full deal",
        "tag_not_understood": "{tag} '{value}' is not understood: read as not stated",
        # --- PBN: the auction and the play ---------------------------------------------
        "pbn.auction_too_long": "auction: more than {count} words; the rest was read past",
        "pbn.play_too_long": "play: more than {count} words; the rest was read past",
        "pbn.not_a_call_kept": "auction: '{word}' is not a call: kept as '?'",
        "pbn.not_a_call": "auction: '{word}' is not a call: read past",
        "pbn.more_not_calls": "auction: {count} more words that are not calls kept as '?'",
        "pbn.play_too_many_cards": "play: more than {count} cards; the rest was read past",
        "pbn.play_columns": "play kept in column order (seats clockwise from {by})",
        "pbn.not_a_card": "play: '{word}' is not a card: read past",
        # --- PBN: the file -------------------------------------------------------------------
        "more_notes": "... and {count} more {kind}",
        "pbn.kind_malformed": "places with malformed text read past",
        "pbn.kind_no_deal": "games without a deal read past",
        "pbn.kind_junk": "stretches of text that is not PBN read past",
        "pbn.kind_loose_comments": "comments outside any board read past",
        "pbn.kind_hash": "notes on '#' or '##' used for Deal, Dealer or Vulnerable",
        "pbn.hash_default": '"##" used for {tag}: a value for this and later games',
        "pbn.hash_copied": '"#" used for {tag}: copied from the previous game',
        "pbn.hash_taken": '{tag} taken from an earlier "##" default',
        "pbn.hash_forbidden": "{where}: {message} (the PBN standard forbids this)",
        "pbn.too_many_decks": (
            "this file holds {count:,} decks, the most read from one file: the rest of it was not read"
        ),
        "pbn.game_unreadable": "a game could not be read ({error}): please report this file",
        "pbn.junk": "line {line}: text that is not PBN read past",
        "pbn.loose_comment": "line {line}: a comment outside any board read past",
        "pbn.no_deal": "game at line {line} has no deal: read past",
        "pbn.no_deal_board": "game at line {line} (board {board}) has no deal: read past",
        "pbn.too_many_tags": "this game has more than {count} tags: the rest read past",
        "pbn.unclosed_comment": "a '{{' comment is never closed: read to the end of its line",
        "pbn.malformed_tag": "'{text}' is not a well-formed tag: read past",
        # --- the record: contract, declarer, result ------------------------------------------
        "record.contract_by": "{contract} by {by}",
        "record.disagreement": "contract from the auction: {auction}; the file says {file}",
        # --- commentary (lesson text) --------------------------------------------------------
        "commentary.too_many": "{where}: more than {count} comments; those from line {line} on were left out",
        "commentary.file_full": (
            "{where}, line {line}: this file's commentary passed {count:,} characters; the rest of it was left out"
        ),
        "commentary.cut": "{where}, line {line}: commentary cut: a board keeps {count:,} characters",
        "commentary.more": "... and {count} more boards with commentary cut",
        # --- LIN: the file -------------------------------------------------------------------
        "lin.md0": "md|0| changes the previous deal (a teaching movie step); it is not a deck",
        "lin.more_md0": "... and {count} more md|0| steps read past",
        "lin.stray_text": "text between pairs was read past (first at line {line})",
        "lin.no_md": "this LIN file has no md (deal) tag: only headers or commentary",
        "lin.loose_commentary": "line {line}: commentary (nt) before the first board belongs to no deck: read past",
        "lin.board_unreadable": "this board could not be read ({error})",
        "lin.md0_step": "line {line}: md|0| (a teaching movie step changing {where}) was read past",
        "lin.unreadable": "this LIN text could not be read ({error})",
        # --- LIN: one board ------------------------------------------------------------------
        "lin.sv_not_understood": "vulnerability sv|{value}| not understood; not stated",
        "lin.auction_pairs": "the auction has more than {count} pairs: the rest was read past",
        "lin.auction_calls": "the auction has more than {count} calls: the rest was read past",
        "lin.call_kept": "call mb|{value}| not understood; kept as '?'",
        "lin.call_read_past": "call mb|{value}| not understood; read past",
        "lin.play_pairs": "the play has more than {count} pairs: the rest was read past",
        "lin.claim": "claim mc|{value}| not understood",
        # --- LIN: the md value ---------------------------------------------------------------
        "lin.hand_inferred": "hand {by} not given; completed with the 13 remaining cards",
        "lin.unordered": "ranks not in descending order within a suit (md)",
        "lin.dealer_digit": "dealer digit '{digit}' is not 1-4; dealer not stated",
        "lin.no_hands": "md gives no hands",
        "lin.too_many_hands": "md gives {count} hands; a deal has four",
        "lin.one_hand": "md gives only one hand; a deck needs South, West and North (East may be left out)",
        "lin.two_hands": "md gives only two hands; a deck needs South, West and North (East may be left out)",
        "lin.before_suit": "'{char}' comes before any suit letter in {seat}'s hand '{hand}'",
        "lin.suit_twice": "{suit} are given twice in {seat}'s hand '{hand}'",
        "lin.not_a_rank": "'{char}' is not a card rank (in {seat}'s hand '{hand}')",
        "lin.card_twice": "{card} is written twice in {seat}'s hand '{hand}'",
        "lin.suit_unreadable": "{seat}'s {suit} '{ranks}' cannot be read",
        # --- BBO handviewer links ------------------------------------------------------------
        "handviewer.unreadable": "these links could not be read ({error})",
        "handviewer.no_link": "no BBO handviewer link was found",
        "handviewer.empty_lin": "line {line}: the lin= link holds nothing",
        "handviewer.dealer": "dealer d={value} not understood; not stated",
        "handviewer.vul": "vulnerability v={value} not understood; not stated",
        "handviewer.unordered": "ranks not in descending order within a suit (link)",
        # --- the file as a whole -------------------------------------------------------------
        "file.no_format": 'no LIN pairs (like md|...|) or PBN tags (like [Deal "..."]) found',
        "file.no_deals": "no deals found in this file",
        "file.dealer_script": (
            "a dealer script: it makes decks when it is run (on the Upload Decks page, or by manage.py deal_decks)"
        ),
        "file.handviewer": "read as BBO handviewer links",
        "file.internal": "could not read this file: {error}",
        "file.more_problems": "... and {count} more problems like these (only the first {listed} are listed)",
        "file.binary": "this file is binary, not a LIN or PBN text file",
        # --- the dealing machines' files (BRI, DGE, DUP, DLM) and RBN ------------------------
        "club.rotation": "dealer and vulnerability follow the board numbers: the file does not state them",
        "club.blank_record": (
            "record {record} is blank, which ends a {format} file's boards: the records after it were not read"
        ),
        "club.record_length": (
            "the file ends with {count} bytes that are not a whole {size}-byte {format} record: the file is cut short "
            "or is not a {format} file"
        ),
        "club.not_a_record": (
            "not a {format} record: {reason}; the file is read no further ({count:,} bytes from this record to its end)"
        ),
        "club.not_numbers": "bytes {first}–{last} hold '{text}', not two-digit card numbers",
        "club.numbers_end": "byte 79 holds '{text}', not the padding that follows the card numbers",
        "club.not_marks": "bytes 1–68 hold '{text}', not four hands with their sixteen suit marks (bytes 06 03 04 05)",
        "club.not_dge_part": (
            "bytes 79–146 hold '{text}', neither a DGE part's four hands with their suit marks nor blank"
        ),
        "bri.not_a_card": "{seat}'s number {number} (bytes {first}–{last}) is not a card: cards are 01–52",
        "bri.not_a_number": "bytes {first}–{last} hold '{text}', not a two-digit card number ({seat}'s cards)",
        "bri.card_twice": "card {number} ({card}) is given twice to {seat}",
        "bri.card_both": "card {number} ({card}) is given to both {seat} and {seat2}",
        "dge.marks": (
            "{seat}'s 17 bytes ({first}–{last}) '{text}' are not the four suit marks (♠♥♦♣, bytes 06 03 04 05, in "
            "that order) each followed by its ranks"
        ),
        "dup.lowest": (
            "the lowest board number in record 1's trailer (bytes 149–151) is {value}: boards are numbered from 1"
        ),
        "dup.lowest_blank": (
            "the lowest board number in record 1's trailer (bytes 149–151) is blank: boards are numbered from 1"
        ),
        "dup.bri_part": "the BRI part: {reason}",
        "dup.blank_dge_one": (
            "the DGE part (the cards the machine shows) is blank for board {boards}: read from the BRI part alone"
        ),
        "dup.blank_dge": (
            "the DGE part (the cards the machine shows) is blank for boards {boards}: read from the BRI part alone"
        ),
        "dup.blank_dge_more": (
            "the DGE part (the cards the machine shows) is blank for boards {boards} and {count} more: read from the "
            "BRI part alone"
        ),
        "dup.highest": (
            "record 1's trailer gives {highest} as the highest board (bytes 154–156), but the file holds boards "
            "{lowest}–{last}"
        ),
        "dup.dge_unreadable": "the DGE part cannot be read, so it cannot confirm the BRI part: {reason}",
        "dup.disagree_hand": (
            "the DGE part disagrees with the BRI part: {seat} holds {bri} in the BRI part, {dge} in the DGE part"
        ),
        "dup.disagree": "the DGE part disagrees with the BRI part",
        "dlm.board_number": "line {line}: 'Board {value}' is not a board number 01–{most}",
        "dlm.board_twice": "board {board} is given twice (lines {first} and {second}): the second is left out",
        "dlm.sealed": (
            "this DLM file is sealed: its boards are encrypted (Crypto key={value}) and cannot be read. Save the set "
            "in Duplimate without sealing it, or export it as PBN, and upload that"
        ),
        "dlm.marked_sealed": "the file is marked Sealed (the machine shows no cards): its boards are read as usual",
        "dlm.set_left_out": (
            "the set is boards {first}–{last} (From board, To board): the file's other {count} boards are left out"
        ),
        "dlm.set_missing": (
            "board {board} is in the set (From board={first}, To board={last}) but the file does not give it"
        ),
        "dlm.set_unclear": (
            "From board={low} and To board={high} do not give a set of boards 1–{most}: the boards that are not "
            "filler are read"
        ),
        "dlm.no_set": (
            "the file does not say which boards are the set (From board, To board): the boards that are not filler "
            "are read"
        ),
        "dlm.value": "'{value}' is not 26 letters a–p and 3 check digits",
        "dlm.letter": "'{char}' (letter {position}) is not one of a–p, which code the cards",
        "dlm.check": (
            "the check digits {digits} do not match the board's cards (they give {expected}): the board was changed "
            "or damaged after it was written"
        ),
        "rbn.hands_length": "the hands take {count:,} characters: four hands take at most 70",
        "rbn.hands_start": "'{value}' does not start with a seat (N, E, S or W) and a colon, like 'W:AK2.…'",
        "rbn.hand_count": "{count} hands are given: a deal has four",
        "rbn.unknown_cards": "{seat}'s hand '{hand}' has unknown cards (x or ?): not a full deal",
        "rbn.hand": "{seat}'s hand: {reason}",
        "rbn.vul": "vulnerability '{value}' in the auction is not Z, N, E, B or ?: not stated",
        "rbn.too_many_calls": "the auction holds more than {count} calls: the rest is left out",
        "rbn.not_a_call": "'{char}' in the auction is not a call: the auction is kept up to it",
        "rbn.after_all_pass": "the auction goes on after 'A' (all pass): the rest is left out",
        "rbn.too_many_tricks": "the play holds more than 13 tricks: the rest is left out",
        "rbn.trick": "trick {trick} of the play '{text}' cannot be read: the play is kept up to it",
        "rbn.other_table": "another table's record (no B or H): the board and deal of the record before it",
        "rbn.no_hands_before": (
            "line {line}: a record with an auction, contract, play or result, but no hands (H) given before it: there "
            "is no deal to read"
        ),
        "rbn.no_hands": "the record gives no hands (H)",
        "rbn.contract": "contract '{value}' is not understood: left out",
        "rbn.board_number": "board '{board}' is not a board number: dealer and vulnerability cannot follow it",
        "rbn.other_table_one": (
            "{count} record of other tables (no B or H) is a deck of its own, with the board and deal of the record "
            "before it"
        ),
        "rbn.other_tables": (
            "{count} records of other tables (no B or H) are decks of their own, with the board and deal of the "
            "record before them"
        ),
        "rbn.rotation_some": (
            "dealer and vulnerability follow the board numbers for the {count} decks whose record does not state them "
            "(an A label starting with them, like 'NZ:')"
        ),
        "rbn.kind_unknown_labels": "unknown labels",
        "rbn.kind_repeated_labels": "repeated labels",
        "rbn.kind_other_lines": "other lines",
        "rbn.kind_other_text": "other text",
        "rbn.unknown_label": "line {line}: '{label}' is not an RBN label: read past",
        "rbn.repeated_label": "line {line}: a second {label} in one record: the first is kept",
        "rbn.other_line": "line {line}: '{text}' is not a label and its data: read past",
        "rbx.other_text": "line {line}: '{text}' is not an RBX element like E{{…}}: read past",
    }
)
TEMPLATES.update(
    {
        # --- dealer scripts' runs (games.formats.dealer) -------------------------------------
        "dealer.summary_one": "{count} deck made by {name} (dealer script): {tried:,} hands tried",
        "dealer.summary": "{count} decks made by {name} (dealer script): {tried:,} hands tried",
        "dealer.seed": "seed {seed}: the same script, number of decks and seed make the same deals again",
        "dealer.sets_both": "the script sets the dealer ({seat}) and the vulnerability ({vul})",
        "dealer.sets_dealer": (
            "the script sets the dealer ({seat}) but not the vulnerability: the game's rule for missing information "
            "gives it"
        ),
        "dealer.sets_vul": (
            "the script sets the vulnerability ({vul}) but not the dealer: the game's rule for missing information "
            "gives it"
        ),
        "dealer.sets_none": (
            "the script sets no dealer or vulnerability: the game's rule for missing information gives them"
        ),
        "dealer.produce": "the script's produce {produce:,} is replaced by the {count} decks asked for",
        "dealer.only_some": "only {made} of the {count} decks asked for matched in {tries:,} tries",
        "dealer.kept_one": "{problem}; the {count} deck made before that is kept",
        "dealer.kept": "{problem}; the {count} decks made before that are kept",
        "dealer.too_big": "the script is {size:,} bytes; a dealer script may have at most {most:,}",
        "dealer.not_run": "not run: {reason}",
        "dealer.reasons": "{first}; {then}",
        "dealer.refused_tricks": (
            "line {line}: tricks() writes each deal to a temporary file and runs another program (GIB's double-dummy "
            "solver) through the shell; scripts here may not run programs or write files"
        ),
        "dealer.refused_csvrpt": "line {line}: csvrpt writes a report to a file; scripts here may not write files",
        "dealer.generate_capped": (
            "line {line}: the script's generate {count:,} is above this site's cap: at most {most:,} hands were tried"
        ),
        "dealer.missing": "dealer scripts need Debian's dealer program, which this server does not have ({install})",
        "dealer.not_started": "dealer could not be started: {error}",
        "dealer.budget_spent": (
            "{name} was not run: the dealer scripts before it used up the {seconds} seconds that one upload's "
            "scripts share"
        ),
        "dealer.budget_hit": (
            "stopped when the {seconds} seconds that one upload's dealer scripts share ran out (the scripts before "
            "it used the rest)"
        ),
        "dealer.too_slow": (
            "stopped after {seconds} seconds: the script takes too long (each hand costs too much to check, or too "
            "few hands match)"
        ),
        "dealer.too_much_output": "stopped: dealer printed far more than {count} deals need",
        "dealer.crashed": "dealer crashed while running this script: {why}",
        "dealer.cpu": "it used its {count} seconds of processor time",
        "dealer.signal_fpe": "a division by zero (/ or % by 0)",
        "dealer.signal_segv": "it ran out of stack (a script nested or chained too deeply)",
        "dealer.signal_abrt": "one of its internal checks failed",
        "dealer.signal_bus": "a memory fault",
        "dealer.signal": "signal {name}",
        "dealer.stopped_at_line": "dealer stopped at line {line}: “{error}”",
        "dealer.stopped_near": "dealer stopped at line {line}: “{error}” near “{word}”",
        "dealer.stopped_at_end": "dealer stopped at the end of the script: “{error}”",
        "dealer.stopped": "dealer stopped: “{error}”",
        "dealer.exit_status": "dealer stopped with exit status {status} and no message",
        "dealer.no_match": "no hand matched in {count:,} tries: loosen the specification",
        "dealer.unread": "only {made} of the deals dealer printed ({printed}) could be read",
    }
)
