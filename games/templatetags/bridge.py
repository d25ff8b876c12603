"""Template filters for bridge diagrams: suit symbols, HCP, seats, calls, cards and
vulnerability, in the page's language (bridge's own words: games.bridge.words).

{% load bridge %}
{{ "H"|suit }}                  -> <span class="suit suit-h red" title="hearts">♥</span>
{{ hand|hcp }}                  -> 12 for "AKQ.J2.T98.765"
{% for s in hand|suits %}{{ s.symbol }} {{ s.cards }}{% endfor %}
{{ hands|hand:"N" }}            -> North's "AKQ.J2.T98.765" from {"N": ..., ...}
{{ "N"|seat_name }}             -> North (Noord, Północ, ...)
{{ "E"|seat_letter }}           -> E (O in Dutch, Ö in Swedish)
{{ "EW"|vul_label }}            -> E-W (O-W, E-O, ...)
{{ "NS"|pair }}                 -> N-S (N-Z, NS, ...): a side in a score line
{{ "K"|rank }}                  -> K (H in Dutch, R in French and Italian); "T" and "10" -> 10
{{ "HK"|card_name }}            -> king of hearts (harten heer, roi de cœur, ...)
{{ "NT"|strain }}               -> NT (BA in Polish, SA in Dutch, French and Italian); a suit's symbol
{{ bid|call }}                  -> a games.presentation.join_record.Bid: 4♥X, 3NT (3SA, 3BA), Pass (Passe, Pas, ...)
{{ "declarer"|term }}           -> declarer (leider, rozgrywający, ...): games.bridge.words.TERMS
{{ deck.record|record_said }}   -> 4♥ by S, 11 tricks, claimed (a record's parts, rules.RecordSummary)
{{ board.played|result_line }}  -> 4♥ by S, 11 tricks, +450, +5 IMPs (a BoardPlay in the history)
{% dealer_chip %}               -> the dealer's chip: D (G in Dutch and Swedish, R in Polish, M in Italian)
{{ "S"|is_vulnerable:"NS" }}    -> True
{{ "W"|side:"S" }}              -> left (where West sits when South is at the bottom)
{% for slot in slots|around:"E" %}   -> the seats in reading order, East's last
{% hand_diagram hands dealer vul board compact %}   -> the compass diagram (see below)

Values from files stay in the site's own notation until shown here: the filters only
change how a page prints them, never what is stored or exported.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django import template
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext, override

from games.bridge import rules, words
from games.bridge.cards import SEATS, SUIT_SYMBOLS, SUITS
from games.bridge.cards import hcp as high_card_points
from games.bridge.scoring import vulnerable
from games.bridge.words import Words
from games.presentation import language, result_text
from games.presentation.language import active

register = template.Library()


def suit_colour(suit: str) -> str:
    return "red" if suit in "HD" else "black"


# games.bridge.cards holds the English names for Python that wants them whatever the
# page's language; the filters print the page's language's (games.bridge.words). Bid.level holds a pass,
# double or redouble as its English word (games.presentation.join_record and play_view):
# back to the call, to print it in the page's language.
CALL_OF_WORD = {word: call for call, word in words.ENGLISH.calls.items()}


@register.filter
def suit(letter: str) -> SafeString | str:
    letter = str(letter).upper()
    if letter not in SUIT_SYMBOLS:
        return letter
    return format_html(
        '<span class="suit suit-{} {}" title="{}">{}</span>',
        letter.lower(),
        suit_colour(letter),
        active().suit_names[letter],
        SUIT_SYMBOLS[letter],
    )


_SUIT_OF_SYMBOL = {symbol: letter for letter, symbol in SUIT_SYMBOLS.items()}
_SYMBOL = re.compile(f"([{''.join(_SUIT_OF_SYMBOL)}])")


def with_suits(text: str) -> SafeString:
    """``text`` escaped, each suit symbol in it drawn as ``suit`` draws one: how a page
    shows a contract or a card that games.bridge.words wrote (the printed sheets colour
    the same text's symbols: games.formats.pdf.symbols)."""
    parts = (suit(_SUIT_OF_SYMBOL[part]) if part in _SUIT_OF_SYMBOL else part for part in _SYMBOL.split(text))
    return format_html_join("", "{}", ((part,) for part in parts))


@register.filter
def suit_name(letter: str) -> str:
    """ "H" -> "hearts", "harten", "kiery", ..."""
    letter = str(letter).upper()
    return active().suit_names.get(letter, letter)


@register.filter
def hcp(hand: str) -> int:
    """High-card points (A=4, K=3, Q=2, J=1) of a dotted hand."""
    return high_card_points(str(hand))


@register.filter
def suits(hand: str, said: Words | None = None) -> list[dict[str, str]]:
    """A dotted hand as four rows: symbol, colour, name and cards ("A K 10", "—" if void;
    "tight" without the spaces, for compact diagrams), ranks as the page's language
    prints them ("E K 10" in Swedish)."""
    said = said or active()
    parts = (str(hand).split(".") + ["", "", "", ""])[:4]
    return [
        {
            "letter": letter,
            "symbol": SUIT_SYMBOLS[letter],
            "colour": suit_colour(letter),
            "name": said.suit_names[letter],
            "cards": said.cards(cards) or "—",
            "tight": said.cards(cards, "") or "—",
        }
        for letter, cards in zip(SUITS, parts)
    ]


@register.filter
def hand(hands: dict[str, str] | None, seat: str) -> str:
    return (hands or {}).get(seat, "")


@register.filter
def seat_name(seat: str | None) -> str:
    return language.seat_name(seat)


@register.filter
def seat_letter(seat: str | None) -> str:
    """ "E" -> "E", "O" in Dutch, "Ö" in Swedish: the compass's and the auction's letters."""
    return language.seat_letter(seat)


@register.filter
def vul_label(vul: str | None) -> str:
    return active().vulnerability.get(str(vul or ""), vul or "")


@register.filter
def pair(pair: str | None) -> str:
    """ "NS" -> "N-S" (N-Z in Dutch, NS in Polish): a side, as a score line names it."""
    return active().pair(str(pair or ""))


@register.filter
def rank(card_rank: str | None) -> str:
    """A card's rank as the page's language prints it: "Q" -> "D" in French."""
    return active().rank(str(card_rank or ""))


@register.filter
def card_name(code: str | None) -> str:
    """ "HK" -> "king of hearts": a card's name for screen readers (aria-label)."""
    return active().card(str(code or ""))


@register.filter
def term(key: str) -> str:
    """One of the table's words (games.bridge.words.TERMS) in the page's language, in
    lower case as a sentence has it: ``|capfirst`` for a label."""
    return active().term(str(key))


@register.filter
def call(bid: Any) -> SafeString:
    """A call or a contract (a games.presentation.join_record.Bid) as the page's language writes it:
    level, then the suit's symbol or the language's no trump, then X or XX; a pass,
    double or redouble as its word."""
    if bid is None:
        return mark_safe("")
    said = active()
    if not bid.strain:
        return conditional_escape(said.call(CALL_OF_WORD.get(bid.level, bid.level)))
    return with_suits(said.contract(bid.level, bid.strain, bid.risk))


@register.filter
def strain(letter: str | None) -> SafeString:
    """A strain as a heading prints it: the language's no trump ("BA", "SA"), or a suit's symbol."""
    return with_suits(active().strain_symbol(str(letter or "").upper()))


@register.filter
def record_said(parts: rules.RecordSummary | None) -> str:
    """What a record says was played, in the page's language; "" when it says nothing."""
    return result_text.summary_said(parts)


@register.filter
def result_line(play: Any) -> str:
    """A board's result as the history shows it; "" when it was not played, or not to the
    end. Only from a play loaded with the board (``prefetch_plays``, as the history does)."""
    return result_text.result_line(play)


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


def attribute(text: str) -> str:
    """Escaped for a double-quoted attribute; apostrophes stay as typed ("North's hand")."""
    return html.escape(text).replace("&#x27;", "'")


@dataclass(frozen=True, slots=True)
class DiagramWords:
    """One language's fixed pieces of the diagram, escaped once: a diagram then only joins
    them with the hands' cards (escaped on every call: they come from files)."""

    said: Words
    names: dict[str, str]  # seat -> its name
    letters: dict[str, str]  # seat -> its letter
    labels: dict[str, str]  # seat -> "North's hand"
    rows: tuple[str, ...]  # spades to clubs: a row's markup up to its cards
    chip: str
    points: str  # " HCP"
    board_about: str  # the compass's label (a pattern, not escaped)
    about: str  # ... without a board
    unknown: str


@lru_cache(maxsize=16)
def _fragments(code: str) -> DiagramWords:
    said, e = words.BY_CODE[code], html.escape
    with override(code):
        return DiagramWords(
            said=said,
            names={s: e(name) for s, name in said.seat_names.items()},
            letters={s: e(letter) for s, letter in said.seats.items()},
            labels={s: attribute(gettext("%(seat)s's hand") % {"seat": name}) for s, name in said.seat_names.items()},
            rows=tuple(
                f'<li><span class="suit {suit_colour(s)}" title="{e(said.suit_names[s])}">{SUIT_SYMBOLS[s]}</span> '
                '<span class="cards">'
                for s in SUITS
            ),
            chip=_dealer_chip(said),
            points=" " + e(said.term("hcp")),
            board_about=gettext("Board %(board)s, dealer %(dealer)s, vulnerable %(vul)s"),
            about=gettext("Dealer %(dealer)s, vulnerable %(vul)s"),
            unknown=gettext("unknown"),
        )


def diagram_words() -> DiagramWords:
    return _fragments(active().code)


def _seat_html(seat: str, cards: str, dealer: str | None, vul: str | None, compact: bool, f: DiagramWords) -> str:
    e = html.escape
    name = f.names.get(seat) or e(seat)
    head = (f.letters.get(seat) or e(seat)) if compact else name
    label = f.labels.get(seat) or attribute(gettext("%(seat)s's hand") % {"seat": seat})
    sep = "" if compact else " "
    parts = (cards.split(".") + ["", "", "", ""])[:4]
    rows = "".join(f"{row}{e(f.said.cards(part, sep)) or '—'}</span></li>" for row, part in zip(f.rows, parts))
    return (
        f'<div class="hand hand-{e(seat.lower())}{" vulnerable" if is_vulnerable(seat, vul) else ""}">'
        f'<div class="hand-head"><span class="seat-name" title="{name}">{head}</span>'
        f"{f.chip if seat == dealer else ''}"
        f'<span class="hcp">{hcp(cards)}{"" if compact else f.points}</span></div>'
        f'<ul class="suits" aria-label="{label}">{rows}</ul></div>'
    )


def _dealer_chip(said: Words) -> str:
    title, mark = html.escape(capfirst(said.term("dealer"))), html.escape(said.dealer_mark)
    return f'<span class="dealer-chip" title="{title}">{mark}</span>'


@register.simple_tag
def dealer_chip() -> SafeString:
    """The chip beside the dealer's name: the dealer's letter in the page's language."""
    return mark_safe(_dealer_chip(active()))  # escaped there


@register.simple_tag
def hand_seat(seat: str, cards: str | None, dealer: str | None, vul: str | None, compact: bool = False) -> SafeString:
    """One seat of the diagram: name, dealer chip, HCP and the four suits."""
    return mark_safe(_seat_html(str(seat), str(cards or ""), dealer, vul, compact, diagram_words()))  # escaped


@register.simple_tag
def hand_diagram(
    hands: dict[str, str] | None, dealer: str | None, vul: str | None, board: object = None, compact: bool = False
) -> SafeString:
    """Four hands around a compass that marks the dealer, the vulnerable seats and the board."""
    e = html.escape
    hands = hands or {}
    f = diagram_words()
    said = f.said

    def seat(s: str) -> str:
        return _seat_html(s, str(hands.get(s) or ""), dealer, vul, compact, f)

    def point(s: str) -> str:
        return (
            f'<span class="c-{s.lower()}{" vul" if is_vulnerable(s, vul) else ""}'
            f'{" dealer" if dealer == s else ""}">{f.letters[s]}</span>'
        )

    label = e(str(board)) if board else ""
    number = f'<strong class="board-no">{label}</strong>' if label else ""
    small = "" if compact else "<small>" + e(said.vul(str(vul or "")) or "vul ?") + "</small>"
    names = {
        "board": str(board) if board else "",
        "dealer": said.seat_name(str(dealer or "")) or f.unknown,
        "vul": said.vul(str(vul or "")) or f.unknown,
    }
    about = (f.board_about if board else f.about) % names
    compass = (
        f'<div class="compass" aria-label="{attribute(about)}">{point("N")}{point("W")}'
        f'<span class="c-mid">{number}{small}</span>{point("E")}{point("S")}</div>'
    )
    around = f"{seat('N')}{seat('W')}{compass}{seat('E')}{seat('S')}"
    return mark_safe(f'<div class="diagram{" compact" if compact else ""}">{around}</div>')  # every value escaped above
