"""The bridge words (games.bridge.words) of the language a request is answered in: the
presentation's sentences name seats, cards and contracts with them, and take their own
words from the catalogues."""

from __future__ import annotations

from django.utils.translation import get_language

from games.bridge import words
from games.bridge.words import Words
from games.presentation.play_parts import Card


def active() -> Words:
    """The bridge words of the language this request is answered in."""
    return words.for_language(get_language())


def seat_name(seat: str | None) -> str:
    """ "N" -> "North" ("Noord", "Północ", ...): a seat's name in the language this request
    is answered in, the one way pages, forms and messages name one (English alone:
    ``games.bridge.types.Seat.full_name``). Anything that is no seat as it came."""
    code = str(seat or "")
    return active().seat_names.get(code.upper(), code)


def seat_letter(seat: str | None) -> str:
    """ "E" -> "E", "O" in Dutch, "Ö" in Swedish: the compass's and the auction's letters."""
    code = str(seat or "")
    return active().seats.get(code.upper(), code)


def spoken_card(code: str) -> str:
    """A card as a sentence says it: "the seven of hearts", "siedem kier"... (English keeps
    its article and the spot's name: screen readers read "7" well, "K" as a letter)."""
    said = active()
    if said.code == "en":
        return Card(code).spoken
    return said.card(code)
