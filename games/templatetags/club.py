"""Template filters for a club night's results.

{% load club %}
{{ Fraction(125, 2)|hundredths }}          -> 62.5
{{ Fraction(125, 2)|hundredths:"fixed" }}  -> 62.50
{{ Fraction(3, 2)|hundredths:"signed" }}   -> +1.5
{{ "4HX"|contract_text }}                  -> 4♥X (the suit as bridge.suit shows it; NT and
                                              "Passed out" in the page's language)
{{ "SA"|card_text }}                       -> ♠A (the rank in the page's language)
"""

from __future__ import annotations

from fractions import Fraction

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext

from games.bridge.club_night import decimal_text
from games.bridge.club_night import hundredths as to_hundredths
from games.presentation.language import active
from games.templatetags.bridge import suit

register = template.Library()


@register.filter
def hundredths(value: Fraction | int | None, style: str = "") -> str:
    """A score to hundredths as a results sheet prints it: "62.5", "62.50" (``fixed``),
    "+1.5" (``signed``: a plus before a gain)."""
    if value is None:
        return ""
    text = decimal_text(to_hundredths(Fraction(value)), fixed=style == "fixed")
    return f"+{text}" if style == "signed" and value > 0 else text


@register.filter
def negated(value: Fraction | int) -> Fraction:
    return -Fraction(value)


@register.filter
def absolute(value: int) -> int:
    return abs(value)


@register.filter
def contract_text(contract: str) -> str:
    """ "4HX" -> 4♥X; "3NT" -> 3NT, 3BA in Polish; "Pass" -> Passed out, in the page's language."""
    if not contract or contract == "Pass":
        return gettext("Passed out") if contract else ""
    level, rest = contract[0], contract[1:]
    if rest.startswith("NT"):
        return f"{level}{active().notrump}{rest[2:]}"
    return format_html("{}{}{}", level, suit(rest[:1]), rest[1:])


@register.filter
def card_text(card: str) -> str:
    """ "SA" -> ♠A; "SK" -> ♠R in French: the rank as the page's language writes it."""
    if len(card) != 2:
        return card
    return format_html("{}{}", suit(card[0]), active().rank(card[1]))
