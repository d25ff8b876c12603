"""Template filters for a club night's results.

{% load club %}
{{ Fraction(125, 2)|hundredths }}          -> 62.5
{{ Fraction(125, 2)|hundredths:"fixed" }}  -> 62.50
{{ Fraction(3, 2)|hundredths:"signed" }}   -> +1.5 (−1.5: the minus sign of every page)
{{ "4HX"|contract_text }}                  -> 4♥X (the suit as bridge.suit shows it; NT and
                                              "Passed out" in the page's language)
{{ "SA"|card_text }}                       -> ♠A (the rank in the page's language)
{{ pair.name|pair_label }}                 -> Table 1 N-S, Pair 3 (a club.PairName)
{{ line|line_summary }}                    -> 4♥ by S, 10 tricks (a traveller's club.TableLine)

The words are games.bridge.words' and the figures games.bridge.club_night's, as the
printed results sheet and the admin's tables write them.
"""

from __future__ import annotations

from fractions import Fraction

from django import template
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from games.bridge import rules
from games.bridge.club_night import hundredths_text, signed_text
from games.models.club import PairName, TableLine
from games.presentation import result_text
from games.presentation.language import active
from games.templatetags.bridge import with_suits

register = template.Library()


@register.filter
def hundredths(value: Fraction | int | None, style: str = "") -> str:
    """A score to hundredths as a results sheet prints it: "62.5", "62.50" (``fixed``),
    "+1.5" (``signed``: a plus before a gain, "−" before a loss)."""
    if value is None:
        return ""
    if style == "signed":
        return signed_text(value)
    return hundredths_text(value, fixed=style == "fixed")


@register.filter
def negated(value: Fraction | int) -> Fraction:
    return -Fraction(value)


@register.filter
def absolute(value: int) -> int:
    return abs(value)


@register.filter
def contract_text(contract: str) -> SafeString:
    """ "4HX" -> 4♥X; "3NT" -> 3NT, 3BA in Polish; "Pass" -> Passed out, in the page's language."""
    return with_suits(rules.contract_in_words(contract or "", active(), gettext("Passed out")))


@register.filter
def card_text(card: str) -> SafeString | str:
    """ "SA" -> ♠A; "SK" -> ♠R in French: the rank as the page's language writes it."""
    if len(card) != 2:
        return card
    return with_suits(active().card_text(card))


@register.filter
def pair_label(name: PairName | None) -> str:
    """A pair as the page names it: "Table 1 N-S", "Pair 3"; "" for none."""
    return result_text.pair_label(name) if name is not None else ""


@register.filter
def line_summary(line: TableLine) -> str:
    """A traveller's line: "4♥ by S, 10 tricks", "Passed out", an artificial score's "Avg+/Avg-"."""
    return result_text.line_summary(line)
