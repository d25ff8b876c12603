"""Template filters for bridge diagrams: suit symbols, HCP, seat and vulnerability names.

    {% load bridge %}
    {{ "H"|suit }}                  -> <span class="suit suit-h red" title="hearts">♥</span>
    {{ hand|hcp }}                  -> 12 for "AKQ.J2.T98.765"
    {% for s in hand|suits %}{{ s.symbol }} {{ s.cards }}{% endfor %}
    {{ hands|hand:"N" }}            -> North's "AKQ.J2.T98.765" from {"N": ..., ...}
    {{ "N"|seat_name }}             -> North
    {{ "EW"|vul_label }}            -> E-W
    {{ "S"|is_vulnerable:"NS" }}    -> True
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

register = template.Library()

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
VUL_LABELS = {"None": "None", "NS": "N-S", "EW": "E-W", "All": "Both"}
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


def _colour(suit: str) -> str:
    return "red" if suit in "HD" else "black"


@register.filter
def suit(letter: str) -> SafeString | str:
    letter = str(letter).upper()
    if letter not in SUIT_SYMBOLS:
        return letter
    return format_html(
        '<span class="suit suit-{} {}" title="{}">{}</span>',
        letter.lower(), _colour(letter), SUIT_NAMES[letter], SUIT_SYMBOLS[letter],
    )


@register.filter
def hcp(hand: str) -> int:
    """High-card points (A=4, K=3, Q=2, J=1) of a dotted hand."""
    return sum(HCP.get(card, 0) for card in str(hand).upper())


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
            "cards": " ".join("10" if c.upper() == "T" else c.upper() for c in cards) or "—",
            "tight": cards.upper().replace("T", "10") or "—",
        }
        for letter, cards in zip("SHDC", parts)
    ]


@register.filter
def hand(hands: dict[str, str] | None, seat: str) -> str:
    return (hands or {}).get(seat, "")


@register.filter
def seat_name(seat: str | None) -> str:
    return SEAT_NAMES.get(str(seat or "").upper(), seat or "")


@register.filter
def vul_label(vul: str | None) -> str:
    return VUL_LABELS.get(str(vul or ""), vul or "")


@register.filter
def is_vulnerable(seat: str, vul: str | None) -> bool:
    return vul == "All" or (vul in ("NS", "EW") and str(seat) in str(vul))

