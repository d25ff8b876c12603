"""The readers' messages: a stable key for each kind, its template, and ``Message``, the
text that keeps its key and parameters.

``TEMPLATES`` is the one list of them. Each key's template is written once, in English, with
its parameters as named placeholders ("%(seat)s has %(count)s cards"), and marked for the
catalogues (``gettext_noop``, ``ngettext``), which translate these very texts. A
``Message`` is a ``str``, its English text: the template filled with the English words, so
whatever reads a problem's message or a note as text reads it unchanged. Pages read ``key``
and ``params`` and fill the same template's translation in their own language
(games.presentation.problem_text). One call builds each message:
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
from typing import Any, NamedTuple

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
_PLACEHOLDER = re.compile(r"%(?:%|\((\w+)\)s)")  # "%(seat)s"; "%%" is a percent sign


def gettext_noop(template: str) -> str:
    """Marks an English template for the catalogues and returns it unchanged; makemessages
    (xgettext) finds the texts by this name, as it finds Django's own ``gettext_noop``."""
    return template


class Plural(NamedTuple):
    """A template's singular and plural, chosen by its ``count`` parameter when said: "1
    card" and "12 cards" in English; a page asks its language's catalogue, which may hold
    more forms than two (Polish has four)."""

    singular: str
    plural: str

    def english(self, count: object) -> str:
        return self.singular if count == 1 else self.plural


def ngettext(singular: str, plural: str) -> Plural:
    """Marks a template's two forms for the catalogues as one plural entry (msgid and
    msgid_plural) and returns them. It translates and chooses nothing, as the number is
    known only when a message is said. It has the name of gettext's own plural function
    because xgettext, as makemessages runs it, extracts a call by that name as a plural:
    Django has no plural ``gettext_noop``, and its other plural keywords name functions
    that translate."""
    return Plural(singular, plural)


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
        """The English text: the template filled with the English words."""
        params = self.params
        template = TEMPLATES[self[0]]
        if isinstance(template, Plural):
            template = template.english(params["count"])
        grouped = THOUSANDS.get(self[0], ())
        return template % {name: _english(name, value, name in grouped) for name, value in params.items()}

    def __repr__(self) -> str:
        return f"Part({self.key!r}, {self.params!r})"

    def as_json(self) -> dict[str, Any]:
        """{"key": ..., "params": {...}}, a piece that is a message as the same."""
        params = {n: v.as_json() if isinstance(v, Part) else v for n, v in self.params.items()}
        return {"key": self.key, "params": params}


@cache
def names(key: str) -> tuple[str, ...]:
    """The parameters a key's template names, in order of first use."""
    template = TEMPLATES[key]
    forms = template if isinstance(template, Plural) else (template,)
    return tuple(dict.fromkeys(name for form in forms for name in _PLACEHOLDER.findall(form) if name))


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


def _english(name: str, value: Param | Part, grouped: bool = False) -> Any:
    if isinstance(value, Part):
        return value.text
    if not isinstance(value, str):
        return f"{value:,}" if grouped else value
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


# Two keys with one plural each: a reader picks the key by the number, and the catalogues
# hold one entry with each language's forms.
_OTHER_TABLES = ngettext(
    "%(count)s record of other tables (no B or H) is a deck of its own, "
    "with the board and deal of the record before it",
    "%(count)s records of other tables (no B or H) are decks of their own, "
    "with the board and deal of the record before them",
)
_DEALER_SUMMARY = ngettext(
    "%(count)s deck made by %(name)s (dealer script): %(tried)s hands tried",
    "%(count)s decks made by %(name)s (dealer script): %(tried)s hands tried",
)
_DEALER_KEPT = ngettext(
    "%(problem)s; the %(count)s deck made before that is kept",
    "%(problem)s; the %(count)s decks made before that are kept",
)

# Every message the readers give, by key: the one template the English text, the pages and
# the catalogues share. A placeholder "%(name)s" names a parameter, whose name says what it
# holds (WORD_KINDS); "%%" is a percent sign. A template is its translations' msgid in
# locale/*/LC_MESSAGES/django.po: a changed wording is untranslated until the catalogues
# catch up, and a new kind of message gets a new key (docs/messages.md).
TEMPLATES: dict[str, str | Plural] = {
    # --- pieces: where a message is about --------------------------------------------
    "at": gettext_noop("%(where)s: %(message)s"),
    "where.board": gettext_noop("board %(board)s"),
    "where.deal": gettext_noop("deal %(deal)s (line %(line)s)"),
    "where.line": gettext_noop("line %(line)s"),
    "where.deal_number": gettext_noop("deal %(deal)s"),
    "where.link": gettext_noop("link %(link)s (line %(line)s)"),
    "where.record": gettext_noop("record %(record)s (bytes %(first)s–%(last)s)"),
    # --- the cards of one deal (games.bridge.cards and the readers' hand syntax) ------
    "deal.not_a_rank": gettext_noop("'%(char)s' is not a card rank"),
    "deal.rank_twice": gettext_noop("the %(rank)s is written twice in one suit"),
    "deal.not_full_deck": gettext_noop("the cards do not make a full deck"),
    "deal.hands_not_given": gettext_noop("%(seatsand)s are not given: a deck needs at least three hands"),
    "deal.hands_not_given_list": gettext_noop("%(seats)s are not given: a deck needs at least three hands"),
    "deal.card_twice": gettext_noop("%(card)s is in both %(seat)s and %(seat2)s"),
    "deal.hand_size": ngettext("%(seat)s has %(count)s card", "%(seat)s has %(count)s cards"),
    "deal.not_four_suits": gettext_noop("hand '%(hand)s' does not have four suits separated by dots"),
}
TEMPLATES.update(
    {
        # --- PBN: the [Deal] value -------------------------------------------------------
        "pbn.unordered": gettext_noop("ranks not in descending order within a suit"),
        "pbn.no_first_seat": gettext_noop("the deal gives no first seat: hands read from South, as Trickster does"),
        "pbn.extra_spaces": gettext_noop("extra spaces between the hands of the deal"),
        "pbn.lower_case": gettext_noop("cards written in lower case"),
        "pbn.hand_inferred": gettext_noop("%(seat)s's hand is not given: it holds the 13 remaining cards"),
        "pbn.deal_first_seat": gettext_noop("the deal starts with '%(value)s', not a seat (N, E, S or W) and ':'"),
        "pbn.deal_empty": gettext_noop("the deal is empty"),
        "pbn.deal_one_hand": gettext_noop("the deal has one hand; it needs four ('-' for a hand not given)"),
        "pbn.deal_hand_count": gettext_noop("the deal has %(count)s hands; it needs four ('-' for a hand not given)"),
        "pbn.hand_suits": ngettext(
            "%(seat)s's hand '%(hand)s' has %(count)s suit: it needs four, separated by dots",
            "%(seat)s's hand '%(hand)s' has %(count)s suits: it needs four, separated by dots",
        ),
        "deal.hand_trouble": gettext_noop("%(seat)s's hand '%(hand)s': %(reason)s"),
        "pbn.no_hand": gettext_noop("no hand is given"),
        "pbn.end_position": ngettext(
            "every hand has %(count)s card: an end position, not a full deal",
            "every hand has %(count)s cards: an end position, not a full deal",
        ),
        "tag_not_understood": gettext_noop("%(tag)s '%(value)s' is not understood: read as not stated"),
        # --- PBN: the auction and the play ---------------------------------------------
        "pbn.auction_too_long": gettext_noop("auction: more than %(count)s words; the rest was read past"),
        "pbn.play_too_long": gettext_noop("play: more than %(count)s words; the rest was read past"),
        "pbn.not_a_call_kept": gettext_noop("auction: '%(word)s' is not a call: kept as '?'"),
        "pbn.not_a_call": gettext_noop("auction: '%(word)s' is not a call: read past"),
        "pbn.more_not_calls": gettext_noop("auction: %(count)s more words that are not calls kept as '?'"),
        "pbn.play_too_many_cards": gettext_noop("play: more than %(count)s cards; the rest was read past"),
        "pbn.play_columns": gettext_noop("play kept in column order (seats clockwise from %(by)s)"),
        "pbn.not_a_card": gettext_noop("play: '%(word)s' is not a card: read past"),
        # --- PBN: the file -------------------------------------------------------------------
        "more_notes": gettext_noop("... and %(count)s more %(kind)s"),
        "pbn.kind_malformed": gettext_noop("places with malformed text read past"),
        "pbn.kind_no_deal": gettext_noop("games without a deal read past"),
        "pbn.kind_junk": gettext_noop("stretches of text that is not PBN read past"),
        "pbn.kind_loose_comments": gettext_noop("comments outside any board read past"),
        "pbn.kind_hash": gettext_noop("notes on '#' or '##' used for Deal, Dealer or Vulnerable"),
        "pbn.hash_default": gettext_noop('"##" used for %(tag)s: a value for this and later games'),
        "pbn.hash_copied": gettext_noop('"#" used for %(tag)s: copied from the previous game'),
        "pbn.hash_taken": gettext_noop('%(tag)s taken from an earlier "##" default'),
        "pbn.hash_forbidden": gettext_noop("%(where)s: %(message)s (the PBN standard forbids this)"),
        "pbn.too_many_decks": gettext_noop(
            "this file holds %(count)s decks, the most read from one file: the rest of it was not read"
        ),
        "pbn.game_unreadable": gettext_noop("a game could not be read (%(error)s): please report this file"),
        "pbn.junk": gettext_noop("line %(line)s: text that is not PBN read past"),
        "pbn.loose_comment": gettext_noop("line %(line)s: a comment outside any board read past"),
        "pbn.no_deal": gettext_noop("game at line %(line)s has no deal: read past"),
        "pbn.no_deal_board": gettext_noop("game at line %(line)s (board %(board)s) has no deal: read past"),
        "pbn.too_many_tags": gettext_noop("this game has more than %(count)s tags: the rest read past"),
        "pbn.unclosed_comment": gettext_noop("a '{' comment is never closed: read to the end of its line"),
        "pbn.malformed_tag": gettext_noop("'%(text)s' is not a well-formed tag: read past"),
        # --- the record: contract, declarer, result ------------------------------------------
        "record.contract_by": gettext_noop("%(contract)s by %(by)s"),
        "record.disagreement": gettext_noop("contract from the auction: %(auction)s; the file says %(file)s"),
        # --- commentary (lesson text) --------------------------------------------------------
        "commentary.too_many": gettext_noop(
            "%(where)s: more than %(count)s comments; those from line %(line)s on were left out"
        ),
        "commentary.file_full": gettext_noop(
            "%(where)s, line %(line)s: this file's commentary passed %(count)s characters; the rest of it was left out"
        ),
        "commentary.cut": gettext_noop("%(where)s, line %(line)s: commentary cut: a board keeps %(count)s characters"),
        "commentary.more": gettext_noop("... and %(count)s more boards with commentary cut"),
        # --- LIN: the file -------------------------------------------------------------------
        "lin.md0": gettext_noop("md|0| changes the previous deal (a teaching movie step); it is not a deck"),
        "lin.more_md0": gettext_noop("... and %(count)s more md|0| steps read past"),
        "lin.stray_text": gettext_noop("text between pairs was read past (first at line %(line)s)"),
        "lin.no_md": gettext_noop("this LIN file has no md (deal) tag: only headers or commentary"),
        "lin.loose_commentary": gettext_noop(
            "line %(line)s: commentary (nt) before the first board belongs to no deck: read past"
        ),
        "lin.board_unreadable": gettext_noop("this board could not be read (%(error)s)"),
        "lin.md0_step": gettext_noop("line %(line)s: md|0| (a teaching movie step changing %(where)s) was read past"),
        "lin.unreadable": gettext_noop("this LIN text could not be read (%(error)s)"),
        # --- LIN: one board ------------------------------------------------------------------
        "lin.sv_not_understood": gettext_noop("vulnerability sv|%(value)s| not understood; not stated"),
        "lin.auction_pairs": gettext_noop("the auction has more than %(count)s pairs: the rest was read past"),
        "lin.auction_calls": gettext_noop("the auction has more than %(count)s calls: the rest was read past"),
        "lin.call_kept": gettext_noop("call mb|%(value)s| not understood; kept as '?'"),
        "lin.call_read_past": gettext_noop("call mb|%(value)s| not understood; read past"),
        "lin.play_pairs": gettext_noop("the play has more than %(count)s pairs: the rest was read past"),
        "lin.claim": gettext_noop("claim mc|%(value)s| not understood"),
        # --- LIN: the md value ---------------------------------------------------------------
        "lin.hand_inferred": gettext_noop("hand %(by)s not given; completed with the 13 remaining cards"),
        "lin.unordered": gettext_noop("ranks not in descending order within a suit (md)"),
        "lin.dealer_digit": gettext_noop("dealer digit '%(digit)s' is not 1-4; dealer not stated"),
        "lin.no_hands": gettext_noop("md gives no hands"),
        "lin.too_many_hands": gettext_noop("md gives %(count)s hands; a deal has four"),
        "lin.one_hand": gettext_noop(
            "md gives only one hand; a deck needs South, West and North (East may be left out)"
        ),
        "lin.two_hands": gettext_noop(
            "md gives only two hands; a deck needs South, West and North (East may be left out)"
        ),
        "lin.before_suit": gettext_noop("'%(char)s' comes before any suit letter in %(seat)s's hand '%(hand)s'"),
        "lin.suit_twice": gettext_noop("%(suit)s are given twice in %(seat)s's hand '%(hand)s'"),
        "lin.not_a_rank": gettext_noop("'%(char)s' is not a card rank (in %(seat)s's hand '%(hand)s')"),
        "lin.card_twice": gettext_noop("%(card)s is written twice in %(seat)s's hand '%(hand)s'"),
        "lin.suit_unreadable": gettext_noop("%(seat)s's %(suit)s '%(ranks)s' cannot be read"),
        # --- BBO handviewer links ------------------------------------------------------------
        "handviewer.unreadable": gettext_noop("these links could not be read (%(error)s)"),
        "handviewer.no_link": gettext_noop("no BBO handviewer link was found"),
        "handviewer.empty_lin": gettext_noop("line %(line)s: the lin= link holds nothing"),
        "handviewer.dealer": gettext_noop("dealer d=%(value)s not understood; not stated"),
        "handviewer.vul": gettext_noop("vulnerability v=%(value)s not understood; not stated"),
        "handviewer.unordered": gettext_noop("ranks not in descending order within a suit (link)"),
        # --- the file as a whole -------------------------------------------------------------
        "file.no_format": gettext_noop('no LIN pairs (like md|...|) or PBN tags (like [Deal "..."]) found'),
        "file.no_deals": gettext_noop("no deals found in this file"),
        "file.dealer_script": gettext_noop(
            "a dealer script: it makes decks when it is run (on the Upload Decks page, or by manage.py deal_decks)"
        ),
        "file.handviewer": gettext_noop("read as BBO handviewer links"),
        "file.internal": gettext_noop("could not read this file: %(error)s"),
        "file.more_problems": gettext_noop(
            "... and %(count)s more problems like these (only the first %(listed)s are listed)"
        ),
        "file.binary": gettext_noop("this file is binary, not a LIN or PBN text file"),
        # --- the dealing machines' files (BRI, DGE, DUP, DLM) and RBN ------------------------
        "club.rotation": gettext_noop(
            "dealer and vulnerability follow the board numbers: the file does not state them"
        ),
        "club.blank_record": gettext_noop(
            "record %(record)s is blank, which ends a %(format)s file's boards: the records after it were not read"
        ),
        "club.record_length": gettext_noop(
            "the file ends with %(count)s bytes that are not a whole %(size)s-byte "
            "%(format)s record: the file is cut short or is not a %(format)s file"
        ),
        "club.not_a_record": gettext_noop(
            "not a %(format)s record: %(reason)s; the file is read no further "
            "(%(count)s bytes from this record to its end)"
        ),
        "club.not_numbers": gettext_noop("bytes %(first)s–%(last)s hold '%(text)s', not two-digit card numbers"),
        "club.numbers_end": gettext_noop("byte 79 holds '%(text)s', not the padding that follows the card numbers"),
        "club.not_marks": gettext_noop(
            "bytes 1–68 hold '%(text)s', not four hands with their sixteen suit marks (bytes 06 03 04 05)"
        ),
        "club.not_dge_part": gettext_noop(
            "bytes 79–146 hold '%(text)s', neither a DGE part's four hands with their suit marks nor blank"
        ),
        "bri.not_a_card": gettext_noop(
            "%(seat)s's number %(number)s (bytes %(first)s–%(last)s) is not a card: cards are 01–52"
        ),
        "bri.not_a_number": gettext_noop(
            "bytes %(first)s–%(last)s hold '%(text)s', not a two-digit card number (%(seat)s's cards)"
        ),
        "bri.card_twice": gettext_noop("card %(number)s (%(card)s) is given twice to %(seat)s"),
        "bri.card_both": gettext_noop("card %(number)s (%(card)s) is given to both %(seat)s and %(seat2)s"),
        "dge.marks": gettext_noop(
            "%(seat)s's 17 bytes (%(first)s–%(last)s) '%(text)s' are not the four suit marks "
            "(♠♥♦♣, bytes 06 03 04 05, in that order) each followed by its ranks"
        ),
        "dup.lowest": gettext_noop(
            "the lowest board number in record 1's trailer (bytes 149–151) is %(value)s: boards are numbered from 1"
        ),
        "dup.lowest_blank": gettext_noop(
            "the lowest board number in record 1's trailer (bytes 149–151) is blank: boards are numbered from 1"
        ),
        "dup.bri_part": gettext_noop("the BRI part: %(reason)s"),
        "dup.blank_dge_one": gettext_noop(
            "the DGE part (the cards the machine shows) is blank for board %(boards)s: read from the BRI part alone"
        ),
        "dup.blank_dge": gettext_noop(
            "the DGE part (the cards the machine shows) is blank for boards %(boards)s: read from the BRI part alone"
        ),
        "dup.blank_dge_more": gettext_noop(
            "the DGE part (the cards the machine shows) is blank for boards "
            "%(boards)s and %(count)s more: read from the BRI part alone"
        ),
        "dup.highest": gettext_noop(
            "record 1's trailer gives %(highest)s as the highest board (bytes "
            "154–156), but the file holds boards %(lowest)s–%(last)s"
        ),
        "dup.dge_unreadable": gettext_noop(
            "the DGE part cannot be read, so it cannot confirm the BRI part: %(reason)s"
        ),
        "dup.disagree_hand": gettext_noop(
            "the DGE part disagrees with the BRI part: %(seat)s holds %(bri)s in the BRI part, %(dge)s in the DGE part"
        ),
        "dup.disagree": gettext_noop("the DGE part disagrees with the BRI part"),
        "dlm.board_number": gettext_noop("line %(line)s: 'Board %(value)s' is not a board number 01–%(most)s"),
        "dlm.board_twice": gettext_noop(
            "board %(board)s is given twice (lines %(first)s and %(second)s): the second is left out"
        ),
        "dlm.sealed": gettext_noop(
            "this DLM file is sealed: its boards are encrypted (Crypto key=%(value)s) and cannot be read. Save "
            "the set in Duplimate without sealing it, or export it as PBN, and upload that"
        ),
        "dlm.marked_sealed": gettext_noop(
            "the file is marked Sealed (the machine shows no cards): its boards are read as usual"
        ),
        "dlm.set_left_out": gettext_noop(
            "the set is boards %(first)s–%(last)s (From board, To board): "
            "the file's other %(count)s boards are left out"
        ),
        "dlm.set_missing": gettext_noop(
            "board %(board)s is in the set (From board=%(first)s, To board=%(last)s) but the file does not give it"
        ),
        "dlm.set_unclear": gettext_noop(
            "From board=%(low)s and To board=%(high)s do not give a set of boards "
            "1–%(most)s: the boards that are not filler are read"
        ),
        "dlm.no_set": gettext_noop(
            "the file does not say which boards are the set (From board, To "
            "board): the boards that are not filler are read"
        ),
        "dlm.value": gettext_noop("'%(value)s' is not 26 letters a–p and 3 check digits"),
        "dlm.letter": gettext_noop("'%(char)s' (letter %(position)s) is not one of a–p, which code the cards"),
        "dlm.check": gettext_noop(
            "the check digits %(digits)s do not match the board's cards (they give "
            "%(expected)s): the board was changed or damaged after it was written"
        ),
        "rbn.hands_length": gettext_noop("the hands take %(count)s characters: four hands take at most 70"),
        "rbn.hands_start": gettext_noop(
            "'%(value)s' does not start with a seat (N, E, S or W) and a colon, like 'W:AK2.…'"
        ),
        "rbn.hand_count": gettext_noop("%(count)s hands are given: a deal has four"),
        "rbn.unknown_cards": gettext_noop("%(seat)s's hand '%(hand)s' has unknown cards (x or ?): not a full deal"),
        "rbn.hand": gettext_noop("%(seat)s's hand: %(reason)s"),
        "rbn.vul": gettext_noop("vulnerability '%(value)s' in the auction is not Z, N, E, B or ?: not stated"),
        "rbn.too_many_calls": gettext_noop("the auction holds more than %(count)s calls: the rest is left out"),
        "rbn.not_a_call": gettext_noop("'%(char)s' in the auction is not a call: the auction is kept up to it"),
        "rbn.after_all_pass": gettext_noop("the auction goes on after 'A' (all pass): the rest is left out"),
        "rbn.too_many_tricks": gettext_noop("the play holds more than 13 tricks: the rest is left out"),
        "rbn.trick": gettext_noop("trick %(trick)s of the play '%(text)s' cannot be read: the play is kept up to it"),
        "rbn.other_table": gettext_noop(
            "another table's record (no B or H): the board and deal of the record before it"
        ),
        "rbn.no_hands_before": gettext_noop(
            "line %(line)s: a record with an auction, contract, play or result, but "
            "no hands (H) given before it: there is no deal to read"
        ),
        "rbn.no_hands": gettext_noop("the record gives no hands (H)"),
        "rbn.contract": gettext_noop("contract '%(value)s' is not understood: left out"),
        "rbn.board_number": gettext_noop(
            "board '%(board)s' is not a board number: dealer and vulnerability cannot follow it"
        ),
        "rbn.other_table_one": _OTHER_TABLES,
        "rbn.other_tables": _OTHER_TABLES,
        "rbn.rotation_some": gettext_noop(
            "dealer and vulnerability follow the board numbers for the %(count)s decks whose "
            "record does not state them (an A label starting with them, like 'NZ:')"
        ),
        "rbn.kind_unknown_labels": gettext_noop("unknown labels"),
        "rbn.kind_repeated_labels": gettext_noop("repeated labels"),
        "rbn.kind_other_lines": gettext_noop("other lines"),
        "rbn.kind_other_text": gettext_noop("other text"),
        "rbn.unknown_label": gettext_noop("line %(line)s: '%(label)s' is not an RBN label: read past"),
        "rbn.repeated_label": gettext_noop("line %(line)s: a second %(label)s in one record: the first is kept"),
        "rbn.other_line": gettext_noop("line %(line)s: '%(text)s' is not a label and its data: read past"),
        "rbx.other_text": gettext_noop("line %(line)s: '%(text)s' is not an RBX element like E{…}: read past"),
    }
)
TEMPLATES.update(
    {
        # --- dealer scripts' runs (games.formats.dealer) -------------------------------------
        "dealer.summary_one": _DEALER_SUMMARY,
        "dealer.summary": _DEALER_SUMMARY,
        "dealer.seed": gettext_noop(
            "seed %(seed)s: the same script, number of decks and seed make the same deals again"
        ),
        "dealer.sets_both": gettext_noop("the script sets the dealer (%(seat)s) and the vulnerability (%(vul)s)"),
        "dealer.sets_dealer": gettext_noop(
            "the script sets the dealer (%(seat)s) but not the vulnerability: "
            "the game's rule for missing information gives it"
        ),
        "dealer.sets_vul": gettext_noop(
            "the script sets the vulnerability (%(vul)s) but not the dealer: "
            "the game's rule for missing information gives it"
        ),
        "dealer.sets_none": gettext_noop(
            "the script sets no dealer or vulnerability: the game's rule for missing information gives them"
        ),
        "dealer.produce": ngettext(
            "the script's produce %(produce)s is replaced by the %(count)s deck asked for",
            "the script's produce %(produce)s is replaced by the %(count)s decks asked for",
        ),
        "dealer.only_some": ngettext(
            "only %(made)s of the %(count)s deck asked for matched in %(tries)s tries",
            "only %(made)s of the %(count)s decks asked for matched in %(tries)s tries",
        ),
        "dealer.kept_one": _DEALER_KEPT,
        "dealer.kept": _DEALER_KEPT,
        "dealer.too_big": gettext_noop("the script is %(size)s bytes; a dealer script may have at most %(most)s"),
        "dealer.not_run": gettext_noop("not run: %(reason)s"),
        "dealer.reasons": gettext_noop("%(first)s; %(then)s"),
        "dealer.refused_tricks": gettext_noop(
            "line %(line)s: tricks() writes each deal to a temporary file and runs another program (GIB's "
            "double-dummy solver) through the shell; scripts here may not run programs or write files"
        ),
        "dealer.refused_csvrpt": gettext_noop(
            "line %(line)s: csvrpt writes a report to a file; scripts here may not write files"
        ),
        "dealer.generate_capped": gettext_noop(
            "line %(line)s: the script's generate %(count)s is above this site's cap: at most %(most)s hands were tried"
        ),
        "dealer.missing": gettext_noop(
            "dealer scripts need Debian's dealer program, which this server does not have (%(install)s)"
        ),
        "dealer.not_started": gettext_noop("dealer could not be started: %(error)s"),
        "dealer.budget_spent": gettext_noop(
            "%(name)s was not run: the dealer scripts before it used up the "
            "%(seconds)s seconds that one upload's scripts share"
        ),
        "dealer.budget_hit": gettext_noop(
            "stopped when the %(seconds)s seconds that one upload's dealer scripts "
            "share ran out (the scripts before it used the rest)"
        ),
        "dealer.too_slow": gettext_noop(
            "stopped after %(seconds)s seconds: the script takes too long (each "
            "hand costs too much to check, or too few hands match)"
        ),
        "dealer.too_much_output": gettext_noop("stopped: dealer printed far more than %(count)s deals need"),
        "dealer.crashed": gettext_noop("dealer crashed while running this script: %(why)s"),
        "dealer.cpu": gettext_noop("it used its %(count)s seconds of processor time"),
        "dealer.signal_fpe": gettext_noop("a division by zero (/ or %% by 0)"),
        "dealer.signal_segv": gettext_noop("it ran out of stack (a script nested or chained too deeply)"),
        "dealer.signal_abrt": gettext_noop("one of its internal checks failed"),
        "dealer.signal_bus": gettext_noop("a memory fault"),
        "dealer.signal": gettext_noop("signal %(name)s"),
        "dealer.stopped_at_line": gettext_noop("dealer stopped at line %(line)s: “%(error)s”"),
        "dealer.stopped_near": gettext_noop("dealer stopped at line %(line)s: “%(error)s” near “%(word)s”"),
        "dealer.stopped_at_end": gettext_noop("dealer stopped at the end of the script: “%(error)s”"),
        "dealer.stopped": gettext_noop("dealer stopped: “%(error)s”"),
        "dealer.exit_status": gettext_noop("dealer stopped with exit status %(status)s and no message"),
        "dealer.no_match": gettext_noop("no hand matched in %(count)s tries: loosen the specification"),
        "dealer.unread": gettext_noop("only %(made)s of the deals dealer printed (%(printed)s) could be read"),
    }
)

# The numbers the English text writes with a thousands separator ("12,345 hands tried"):
# counts that run into thousands. A line, a board, a byte or a seed is written plain.
THOUSANDS: dict[str, tuple[str, ...]] = {
    "pbn.too_many_decks": ("count",),
    "commentary.file_full": ("count",),
    "commentary.cut": ("count",),
    "club.not_a_record": ("count",),
    "rbn.hands_length": ("count",),
    "dealer.summary_one": ("tried",),
    "dealer.summary": ("tried",),
    "dealer.produce": ("produce",),
    "dealer.only_some": ("tries",),
    "dealer.too_big": ("size", "most"),
    "dealer.generate_capped": ("count", "most"),
    "dealer.no_match": ("count",),
}
