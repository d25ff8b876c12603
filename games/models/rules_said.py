"""The rules engine's refusals (games.bridge.play raises IllegalAction in English: it
imports no Django) in the language the request is answered in. Each of its sentences is
matched whole and said again from the catalogues with the seats and suits named in that
language; a sentence not listed here stays as the engine wrote it."""

from __future__ import annotations

import re
from collections.abc import Callable

from django.utils.translation import get_language, gettext

from games.bridge import words
from games.bridge.cards import SEAT_NAMES, SUIT_NAMES

_SEAT = "(?P<seat>" + "|".join(SEAT_NAMES.values()) + ")"
_SEAT_OF = {name: seat for seat, name in SEAT_NAMES.items()}
_SUIT_OF = {name: suit for suit, name in SUIT_NAMES.items()}


def _seat(name: str) -> str:
    return words.for_language(get_language()).seat_name(_SEAT_OF.get(name, name))


def _suit(name: str) -> str:
    return words.for_language(get_language()).suit_names.get(_SUIT_OF.get(name, ""), name)


def _follow(m: re.Match) -> str:
    names = {"suit": _suit(m["suit"])}
    if m["holder"] == "you hold":
        return gettext("You must follow suit: you hold %(suit)s") % names
    return gettext("You must follow suit: dummy holds %(suit)s") % names


_SAID: tuple[tuple[re.Pattern[str], Callable[[re.Match], str]], ...] = tuple(
    (re.compile(pattern + r"\Z"), say)
    for pattern, say in (
        ("The auction is over", lambda m: gettext("The auction is over")),
        (
            f"It is {_SEAT}'s turn to call",
            lambda m: gettext("It is %(seat)s's turn to call") % {"seat": _seat(m["seat"])},
        ),
        ("'(?P<call>.*)' is not a call", lambda m: gettext("'%(call)s' is not a call") % {"call": m["call"]}),
        (
            f"It is {_SEAT}'s turn to play",
            lambda m: gettext("It is %(seat)s's turn to play") % {"seat": _seat(m["seat"])},
        ),
        ("Dummy's cards are played by declarer", lambda m: gettext("Dummy's cards are played by declarer")),
        (
            f"Only {_SEAT} can play (?P=seat)'s cards",
            lambda m: gettext("Only %(seat)s can play %(seat)s's cards") % {"seat": _seat(m["seat"])},
        ),
        ("'(?P<card>.*)' is not a card", lambda m: gettext("'%(card)s' is not a card") % {"card": m["card"]}),
        (
            f"That card is not in {_SEAT}'s hand",
            lambda m: gettext("That card is not in %(seat)s's hand") % {"seat": _seat(m["seat"])},
        ),
        ("You must follow suit: (?P<holder>you hold|dummy holds) (?P<suit>[a-z]+)", _follow),
        (
            "You cannot play a card before the auction is over",
            lambda m: gettext("You cannot play a card before the auction is over"),
        ),
        (
            "You cannot claim before the auction is over",
            lambda m: gettext("You cannot claim before the auction is over"),
        ),
        (
            "You cannot play a card while a claim is pending",
            lambda m: gettext("You cannot play a card while a claim is pending"),
        ),
        ("You cannot claim while a claim is pending", lambda m: gettext("You cannot claim while a claim is pending")),
        ("The board is over", lambda m: gettext("The board is over")),
        (
            "Declarer can claim once the opening lead has been made",
            lambda m: gettext("Declarer can claim once the opening lead has been made"),
        ),
        ("Only declarer can claim", lambda m: gettext("Only declarer can claim")),
        (
            "You can claim from 0 to (?P<left>[0-9]+) tricks",
            lambda m: gettext("You can claim from 0 to %(left)s tricks") % {"left": m["left"]},
        ),
        (
            f"{_SEAT} has already accepted the claim",
            lambda m: gettext("%(seat)s has already accepted the claim") % {"seat": _seat(m["seat"])},
        ),
        ("There is no claim to accept", lambda m: gettext("There is no claim to accept")),
        ("There is no claim to reject", lambda m: gettext("There is no claim to reject")),
        ("Only a defender can accept a claim", lambda m: gettext("Only a defender can accept a claim")),
        ("Only a defender can reject a claim", lambda m: gettext("Only a defender can reject a claim")),
        (
            "A claim has been made: it must be answered, not undone",
            lambda m: gettext("A claim has been made: it must be answered, not undone"),
        ),
        ("There is nothing to undo", lambda m: gettext("There is nothing to undo")),
    )
)


def rules_said(message: str) -> str:
    """``message``, one of the engine's refusals, in the active language."""
    for pattern, say in _SAID:
        found = pattern.match(message)
        if found:
            return say(found)
    return message
