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
from collections.abc import Mapping
from typing import Any, Union

from games.bridge.cards import RANK_NAMES, SEAT_NAMES, SUIT_NAMES

Param = Union[str, int, "Message"]

# Parameter kinds holding bridge's notation, and how the English text names them.
WORD_KINDS = {
    "seat": lambda v: SEAT_NAMES.get(v, v),  # "S" -> "South"
    "seats": lambda v: _listed([SEAT_NAMES.get(s, s) for s in v]),  # "NE" -> "North and East"
    "seatsand": lambda v: " and ".join(SEAT_NAMES.get(s, s) for s in v),  # "NES" -> "North and East and South"
    "suit": lambda v: SUIT_NAMES.get(v, v),  # "S" -> "spades"
    "rank": lambda v: RANK_NAMES.get(v, v),  # "T" -> "ten"
    "card": lambda v: f"the {RANK_NAMES.get(v[1:], v[1:])} of {SUIT_NAMES.get(v[:1], v[:1])}",  # "SA"
}
_KIND = re.compile(r"\d+$")


def word_kind(name: str) -> str | None:
    """The notation a parameter holds ("seat2" -> "seat"), None for a number, a file's value
    or a message."""
    kind = _KIND.sub("", name)
    return kind if kind in WORD_KINDS else None


def _listed(names: list[str]) -> str:
    return names[0] if len(names) < 2 else ", ".join(names[:-1]) + " and " + names[-1]


class Message(str):
    """The English text of one message, with its stable ``key`` and its ``params``."""

    key: str
    params: Mapping[str, Param]

    def __new__(cls, key: str, /, **params: Param) -> Message:
        template = TEMPLATES[key]  # a key without an English template fails here, at once
        english = {name: _english(name, value) for name, value in params.items()}
        self = super().__new__(cls, template.format(**english))
        self.key = key
        self.params = params
        return self

    @property
    def text(self) -> str:
        return str.__str__(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (self.key, dict(self.params)))

    def as_json(self) -> dict[str, Any]:
        """{"key": ..., "params": {...}}, a piece that is a message as the same."""
        return {
            "key": self.key,
            "params": {n: v.as_json() if isinstance(v, Message) else v for n, v in self.params.items()},
        }


def _restore(key: str, params: dict[str, Param]) -> Message:
    return Message(key, **params)


def _english(name: str, value: Param) -> Any:
    if isinstance(value, Message) or not isinstance(value, str):
        return value
    kind = word_kind(name)
    return WORD_KINDS[kind](value) if kind else value


def message_from_json(value: Any) -> Message | None:
    """The Message of ``as_json``'s value; None for anything else, or a key no longer known."""
    if not isinstance(value, dict) or value.get("key") not in TEMPLATES or not isinstance(value.get("params"), dict):
        return None
    params = {}
    for name, param in value["params"].items():
        if isinstance(param, dict):
            param = message_from_json(param)
            if param is None:
                return None
        params[name] = param
    try:
        return Message(value["key"], **params)
    except (KeyError, IndexError, ValueError, TypeError):
        return None


def keyed(text: str) -> dict[str, Any] | None:
    """A message's key and parameters as JSON; None for a text without a key."""
    return text.as_json() if isinstance(text, Message) else None


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
        "pbn.hand_trouble": "{seat}'s hand '{hand}': {reason}",
        "pbn.no_hand": "no hand is given",
        "pbn.end_position": "every hand has {count} cards: an end position, not a full deal",
        "pbn.field_not_understood": "{tag} '{value}' is not understood: read as not stated",
        # --- PBN: the auction and the play ---------------------------------------------
        "pbn.auction_too_long": "auction: more than {count} words; the rest was read past",
        "pbn.play_too_long": "play: more than {count} words; the rest was read past",
        "pbn.not_a_call_kept": "auction: '{word}' is not a call: kept as '?'",
        "pbn.not_a_call": "auction: '{word}' is not a call: read past",
        "pbn.more_not_calls": "auction: {count} more words that are not calls kept as '?'",
        "pbn.play_too_many_cards": "play: more than {count} cards; the rest was read past",
        "pbn.play_columns": "play kept in column order (seats clockwise from {letter})",
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
        "pbn.too_many_decks": "this file holds {count:,} decks, the most read from one file: the rest of it was not read",
        "pbn.game_unreadable": "a game could not be read ({error}): please report this file",
        "pbn.junk": "line {line}: text that is not PBN read past",
        "pbn.loose_comment": "line {line}: a comment outside any board read past",
        "pbn.no_deal": "game at line {line} has no deal: read past",
        "pbn.no_deal_board": "game at line {line} (board {board}) has no deal: read past",
        "pbn.too_many_tags": "this game has more than {count} tags: the rest read past",
        "pbn.unclosed_comment": "a '{{' comment is never closed: read to the end of its line",
        "pbn.malformed_tag": "'{text}' is not a well-formed tag: read past",
    }
)
