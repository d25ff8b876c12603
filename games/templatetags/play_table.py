"""The parts of a table at play that every seat's page draws on each call and card: a
hand whose cards its player may click, a hand hidden from the viewer, the trick and the
table's news.

{% load play_table %}
{% playing_hand hand dealer vul %}   -> the hand inside the card form (play_hand.html)
{% hidden_hand hand dealer vul %}    -> a hand's name, its count and one card back a card
{% trick_cards play %}               -> the trick under way, or the one just won (play_trick.html)
{% table_news play.news %}           -> the table's news for the page's live region (play_panel.html)

Built here rather than as template markup for the reason the compass diagram is
(games.templatetags.bridge): the event stream draws four seat views for every card at
every table, and as markup these cost over a third of a seat view's template. Every value
passes through html.escape (a card's code only ever one of the 52 that ``ranks`` holds); a
language's fixed words are escaped once and kept.
Seats, ranks, suits and card names are the page's language's (games.bridge.words), the
sentences the catalogues' (the same messages the templates used).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext, override

from games.bridge import words
from games.bridge.cards import SUIT_SYMBOLS, SUITS
from games.bridge.scoring import vulnerable
from games.presentation.language import active
from games.presentation.play_parts import Card, Hand, News, Trick
from games.templatetags.bridge import DiagramWords, attribute, dealer_chip, diagram_words, side, suit_colour
from games.templatetags.bridge import suit as suit_symbol

register = template.Library()

VOID = '<span class="void">—</span>'


@dataclass(frozen=True, slots=True)
class _Said:
    """One language's fixed pieces, escaped once."""

    code: str
    seats: DiagramWords  # the diagram's: the seats' names, "North's hand", a suit row's start
    ranks: dict[str, str]  # "HK" -> "K" ("H" in Dutch): a card's rank as a hand prints it
    card_names: dict[str, str]  # "HK" -> "king of hearts" (an attribute)
    suit_marks: dict[str, str]  # "H" -> the suit's symbol as the trick shows it (the suit filter's)
    pairs: tuple[str, str]  # N-S and E-W as the trick's tally names them


@lru_cache(maxsize=16)
def _said(code: str) -> _Said:
    w, e = words.BY_CODE[code], html.escape
    with override(code):
        codes = [s + rank for s in SUITS for rank in "AKQJT98765432"]
        return _Said(
            code=code,
            seats=diagram_words(),
            ranks={c: e(w.rank(Card(c).rank)) for c in codes},
            card_names={c: attribute(w.card(c)) for c in codes},
            suit_marks={s: str(suit_symbol(s)) for s in SUITS},
            pairs=(e(w.pair("NS")), e(w.pair("EW"))),
        )


def _language() -> _Said:
    return _said(active().code)


@lru_cache(maxsize=256)
def _count(code: str, cards: int) -> str:
    with override(code):
        return html.escape(ngettext("%(cards)s card", "%(cards)s cards", cards) % {"cards": cards})


@lru_cache(maxsize=512)
def _backs_label(code: str, seat: str, cards: int) -> str:
    with override(code):
        return attribute(
            ngettext("%(seat)s's %(cards)s card, face down", "%(seat)s's %(cards)s cards, face down", cards)
            % {"seat": words.BY_CODE[code].seat_name(seat), "cards": cards}
        )


def _head(said: _Said, seat: str, dealer: str | None) -> str:
    chip = dealer_chip() if seat == dealer else ""
    return f'<span class="seat-name">{said.seats.names.get(seat, html.escape(seat))}</span>{chip}'


# A phone lays a hand with cards to play out as a row of tiles (site.css): a card to play
# 3rem (48 px) wide, any other down to 1rem. The narrowest phone's row (360 px wide) holds
# 312 px; a hand that needs more lies on two rows of tiles there, each card on the screen,
# rather than on one row that scrolls and hides some (on lead, or void in the suit led).
ROW_ROOM, PLAYABLE_WIDTH, OTHER_WIDTH = 312, 48, 16


def phone_rows(hand: Hand) -> str:
    """The classes for a phone's layout of ``hand``: "" for one row; for two, how many
    tiles each row takes (``per-row-N``, the second row taking the rest)."""
    held = len(hand.cards or ())
    playable = len(hand.playable)
    if playable * PLAYABLE_WIDTH + (held - playable) * OTHER_WIDTH <= ROW_ROOM:
        return ""
    return f" two-rows per-row-{(held + 1) // 2}"


@register.simple_tag
def playing_hand(hand: Hand, dealer: str | None, vul: str | None) -> SafeString:
    """The hand of a player whose turn it is: each card they may play a submit button
    (name="card"), the others text; every card with data-card and data-suit (its tile on a
    phone); a void a dash of its own (a phone's tiles show no suit rows, nor the dash)."""
    said, seat = _language(), hand.seat
    rows = []
    for suit in SUITS:
        symbol = SUIT_SYMBOLS[suit]
        cards = []
        for code in hand.cards or ():
            if code[0] != suit:
                continue
            rank = said.ranks[code]
            if code in hand.playable:
                cards.append(
                    f'<button type="submit" name="card" value="{code}" data-card="{code}" data-suit="{symbol}" '
                    f'class="card-button {suit_colour(suit)}" aria-label="{said.card_names[code]}">{rank}</button>'
                )
            else:
                cards.append(f'<span class="card-text" data-card="{code}" data-suit="{symbol}">{rank}</span>')
        rows.append(f"{said.seats.rows[SUITS.index(suit)]}{' '.join(cards) or VOID}</span></li>")
    vulnerability = " vulnerable" if vulnerable(seat, str(vul or "")) else ""
    return mark_safe(  # every value escaped above
        f'<div class="hand hand-{seat.lower()} playing{vulnerability}{phone_rows(hand)}">'
        f'<div class="hand-head">{_head(said, seat, dealer)}'
        f'<span class="hcp">{_count(said.code, hand.count)}</span></div>'
        f'<ul class="suits" aria-label="{said.seats.labels.get(seat, "")}">{"".join(rows)}</ul></div>'
    )


@register.simple_tag
def hidden_hand(hand: Hand, dealer: str | None, vul: str | None) -> SafeString:
    """A hand this viewer may not see: its name, how many cards it holds, and a card back
    for each."""
    said, seat = _language(), hand.seat
    backs = ""
    if hand.count:
        label = _backs_label(said.code, seat, hand.count)
        backs = f'<div class="card-backs" role="img" aria-label="{label}">{"<span></span>" * hand.count}</div>'
    return mark_safe(  # every value escaped above
        f'<div class="hand hidden-hand{" vulnerable" if vulnerable(seat, str(vul or "")) else ""}">'
        f'<div class="hand-head">{_head(said, seat, dealer)}'
        f'<span class="hcp" aria-hidden="true">{_count(said.code, hand.count)}</span></div>{backs}</div>'
    )


def _trick_label(said: _Said, trick: Trick | None) -> str:
    if trick is None:
        return gettext("No card played yet")
    number = trick.number
    if trick.winner:
        return gettext("Trick %(number)s, won by %(seat)s") % {"number": number, "seat": said.seats.names[trick.winner]}
    if trick.leader:
        return gettext("Trick %(number)s, led by %(seat)s") % {"number": number, "seat": said.seats.names[trick.leader]}
    return gettext("Trick %(number)s") % {"number": number}


def _card_title(said: _Said, card: Card) -> str:
    name = said.seats.names.get(card.seat, html.escape(card.seat))
    if card.lead and card.wins:
        return gettext("%(seat)s led, won the trick") % {"seat": name}
    if card.lead:
        return gettext("%(seat)s led") % {"seat": name}
    if card.wins:
        return gettext("%(seat)s, won the trick") % {"seat": name}
    return name


@register.simple_tag
def trick_cards(play: Any) -> SafeString:
    """The middle of the table once cards are played: each card of the trick in front of
    its hand (play.bottom's seat at the bottom), the lead underlined and the winner marked,
    and the board's number with the tricks each side has won."""
    said, trick = _language(), play.trick
    cards = "".join(
        f'<span class="trick-card side-{side(card.seat, play.bottom)}{" lead" if card.lead else ""}'
        f'{" wins" if card.wins else ""}" data-card="{html.escape(card.code)}" title="{_card_title(said, card)}">'
        f"{said.suit_marks[card.suit]}{said.ranks[card.code]}</span>"
        for card in (trick.cards if trick else ())
    )
    won = play.won
    return mark_safe(  # every value escaped above; the catalogues' sentences keep no markup
        f'<div class="trick{" finished" if trick and trick.winner else ""}" role="group" '
        f'aria-label="{_trick_label(said, trick)}">{cards}'
        f'<span class="trick-mid"><strong class="board-no">{html.escape(str(play.board_number))}</strong>'
        f'<small class="won"><span>{said.pairs[0]} {won.get("NS", "")}</span> '
        f"<span>{said.pairs[1]} {won.get('EW', '')}</span></small></span></div>"
    )


@register.simple_tag
def table_news(news: tuple[News, ...]) -> SafeString:
    """The table's news, hidden: static/games/table.js reads it into the page's live
    region, each item once (``data-made``: the calls and cards made by then; ``data-by``:
    the seat that acted). The same for a table's four seats: drawn once."""
    return mark_safe(_news_html(news))  # escaped there


@lru_cache(maxsize=512)
def _news_html(news: tuple[News, ...]) -> str:
    items = "".join(f'<li data-made="{n.n}" data-by="{html.escape(n.by)}">{html.escape(n.text)}</li>' for n in news)
    return f'<ol class="table-news" hidden>{items}</ol>'
