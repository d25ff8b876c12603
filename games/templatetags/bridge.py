"""Template filters for bridge diagrams: suit symbols, HCP, seat and vulnerability names.

{% load bridge %}
{{ "H"|suit }}                  -> <span class="suit suit-h red" title="hearts">♥</span>
{{ hand|hcp }}                  -> 12 for "AKQ.J2.T98.765"
{% for s in hand|suits %}{{ s.symbol }} {{ s.cards }}{% endfor %}
{{ hands|hand:"N" }}            -> North's "AKQ.J2.T98.765" from {"N": ..., ...}
{{ "N"|seat_name }}             -> North
{{ "EW"|vul_label }}            -> E-W
{{ "S"|is_vulnerable:"NS" }}    -> True
{{ "W"|side:"S" }}              -> left (where West sits when South is at the bottom)
{% for slot in slots|around:"E" %}   -> the seats in reading order, East's last
{% hand_diagram hands dealer vul board compact %}   -> the compass diagram (see below)
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from games.bridge.board import VUL_NAMES
from games.bridge.cards import SEAT_NAMES, SEATS, SUIT_NAMES, SUIT_SYMBOLS, SUITS
from games.bridge.cards import hcp as high_card_points
from games.bridge.scoring import vulnerable

register = template.Library()


def _colour(suit: str) -> str:
    return "red" if suit in "HD" else "black"


@register.filter
def suit(letter: str) -> SafeString | str:
    letter = str(letter).upper()
    if letter not in SUIT_SYMBOLS:
        return letter
    return format_html(
        '<span class="suit suit-{} {}" title="{}">{}</span>',
        letter.lower(),
        _colour(letter),
        SUIT_NAMES[letter],
        SUIT_SYMBOLS[letter],
    )


@register.filter
def hcp(hand: str) -> int:
    """High-card points (A=4, K=3, Q=2, J=1) of a dotted hand."""
    return high_card_points(str(hand))


@register.filter
def suits(hand: str) -> list[dict[str, str]]:
    """A dotted hand as four rows: symbol, colour, name and cards ("A K 10", "—" if void;
    "tight" without the spaces, for compact diagrams)."""
    parts = (str(hand).split(".") + ["", "", "", ""])[:4]
    return [
        {
            "letter": letter,
            "symbol": SUIT_SYMBOLS[letter],
            "colour": _colour(letter),
            "name": SUIT_NAMES[letter],
            "cards": _spaced(cards) or "—",
            "tight": cards.upper().replace("T", "10") or "—",
        }
        for letter, cards in zip(SUITS, parts)
    ]


def _spaced(cards: str) -> str:
    """'AKT2' -> 'A K 10 2'. (Whole-string upper() is per character only in ASCII.)"""
    if cards.isascii():
        return " ".join(cards.upper()).replace("T", "10")
    return " ".join("10" if c.upper() == "T" else c.upper() for c in cards)


@register.filter
def hand(hands: dict[str, str] | None, seat: str) -> str:
    return (hands or {}).get(seat, "")


@register.filter
def seat_name(seat: str | None) -> str:
    return SEAT_NAMES.get(str(seat or "").upper(), seat or "")


@register.filter
def vul_label(vul: str | None) -> str:
    return VUL_NAMES.get(str(vul or ""), vul or "")


@register.filter
def is_vulnerable(seat: str, vul: str | None) -> bool:
    return vulnerable(str(seat), str(vul or ""))


# --- a table turned so that its viewer sits at the bottom --------------------------------

SIDES = ("bottom", "left", "top", "right")  # the viewer, then clockwise: left-hand opponent, partner, right
SIDE_ORDER = ("top", "left", "right", "bottom")  # as the page is read: partner, the opponents, the viewer


@register.filter
def side(seat: str, bottom: str | None) -> str:
    """Where ``seat`` sits on a table drawn with ``bottom`` (the viewer's seat; South when
    empty) at the bottom: "bottom", "left", "top" or "right"."""
    seat, bottom = str(seat).upper(), str(bottom or "S").upper()
    if seat not in SEATS or bottom not in SEATS:
        return ""
    return SIDES[(SEATS.index(seat) - SEATS.index(bottom)) % 4]


@register.filter
def around(places: Iterable[Any], bottom: str | None) -> list[Any]:
    """Things with a ``seat`` (hands, slots), in the order the turned table is read: the
    top seat, the left, the right, then ``bottom``'s own."""
    return sorted(places, key=lambda place: SIDE_ORDER.index(side(place.seat, bottom) or "bottom"))


@register.filter
def compass_points(bottom: str | None) -> list[tuple[str, str]]:
    """The compass's four letters with their sides, in the order the page is read."""
    return sorted(((seat, side(seat, bottom)) for seat in SEATS), key=lambda point: SIDE_ORDER.index(point[1]))


# --- the compass diagram -----------------------------------------------------------------
# Built here rather than in a template: a preview page shows 50 diagrams, and as template
# markup each cost over a millisecond (90% of the page); format_html still cost 0.7 ms.
# So these are f-strings in which every value passes through html.escape (Django's escape
# does the same) before the whole is marked safe. games/partials/hand_diagram.html stays
# the one place pages include; it calls these tags.


def _seat_html(seat: str, cards: str, dealer: str | None, vul: str | None, compact: bool) -> str:
    e = html.escape
    name = e(seat_name(seat))
    shown = "tight" if compact else "cards"
    rows = "".join(
        f'<li><span class="suit {r["colour"]}" title="{r["name"]}">{r["symbol"]}</span> '
        f'<span class="cards">{e(r[shown])}</span></li>'
        for r in suits(cards)
    )
    return (
        f'<div class="hand hand-{e(seat.lower())}{" vulnerable" if is_vulnerable(seat, vul) else ""}">'
        f'<div class="hand-head"><span class="seat-name" title="{name}">{e(seat) if compact else name}</span>'
        f"{_DEALER_CHIP if seat == dealer else ''}"
        f'<span class="hcp">{hcp(cards)}{"" if compact else " HCP"}</span></div>'
        f'<ul class="suits" aria-label="{name}\'s hand">{rows}</ul></div>'
    )


_DEALER_CHIP = '<span class="dealer-chip" title="Dealer">D</span>'


@register.simple_tag
def hand_seat(seat: str, cards: str | None, dealer: str | None, vul: str | None, compact: bool = False) -> SafeString:
    """One seat of the diagram: name, dealer chip, HCP and the four suits."""
    return mark_safe(_seat_html(str(seat), str(cards or ""), dealer, vul, compact))  # every value escaped


@register.simple_tag
def hand_diagram(
    hands: dict[str, str] | None, dealer: str | None, vul: str | None, board: object = None, compact: bool = False
) -> SafeString:
    """Four hands around a compass that marks the dealer, the vulnerable seats and the board."""
    e = html.escape
    hands = hands or {}

    def seat(s: str) -> str:
        return _seat_html(s, str(hands.get(s) or ""), dealer, vul, compact)

    def point(s: str) -> str:
        return (
            f'<span class="c-{s.lower()}{" vul" if is_vulnerable(s, vul) else ""}'
            f'{" dealer" if dealer == s else ""}">{s}</span>'
        )

    label = e(str(board)) if board else ""
    number = f'<strong class="board-no">{label}</strong>' if label else ""
    small = "" if compact else "<small>" + e(vul_label(vul) or "vul ?") + "</small>"
    named = f"Board {label}, " if label else ""
    compass = (
        f'<div class="compass" aria-label="{named}dealer {e(seat_name(dealer) or "unknown")}, '
        f'vulnerable {e(vul_label(vul) or "unknown")}">{point("N")}{point("W")}'
        f'<span class="c-mid">{number}{small}</span>{point("E")}{point("S")}</div>'
    )
    hands = f"{seat('N')}{seat('W')}{compass}{seat('E')}{seat('S')}"
    return mark_safe(f'<div class="diagram{" compact" if compact else ""}">{hands}</div>')  # every value escaped above
