"""Why a movement's numbers cannot be played, as pages say it (games.presentation.movement_said):
every reason the movements give has its sentence, the English one word for word the
movement's own, and each is said in the page's language."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.utils.translation import override

from games.bridge.club_night.movements import REASONS, MovementError, howell, howell_rounds, mitchell
from games.presentation import movement_said as said_module
from games.presentation.movement_said import movement_said

# One way to meet each reason.
BUILDS: dict[str, Callable[[], object]] = {
    "boards_per_round": lambda: mitchell(7, 0),
    "pairs_at_tables": lambda: mitchell(7, 3, pairs=12),
    "mitchell_tables": lambda: mitchell(21, 3),
    "even": lambda: mitchell(8, 3, even="share"),  # type: ignore[arg-type]
    "mitchell_rounds": lambda: mitchell(7, 3, 8),
    "skip_rounds": lambda: mitchell(10, 3, 10, even="skip"),
    "arrow_switch": lambda: mitchell(7, 3, 4, arrow_switch=4),
    "arrow_switch_one_round": lambda: mitchell(7, 3, 1, arrow_switch=1),
    "howell_tables": lambda: howell_rounds(11),
    "howell_pairs": lambda: howell(2, 3),
    "howell_rounds": lambda: howell(12, 3, 8),
}


def reason(key: str) -> MovementError:
    with pytest.raises(MovementError) as raised:
        BUILDS[key]()
    assert raised.value.key == key
    return raised.value


def test_every_reason_has_its_sentence():
    assert set(said_module._SAID) == set(REASONS) == set(BUILDS)


@pytest.mark.parametrize("key", sorted(BUILDS))
def test_in_english_a_reason_is_the_movements_own_words(key):
    error = reason(key)
    with override("en"):
        assert movement_said(error) == str(error)


@pytest.mark.parametrize(
    ("language", "key", "expected"),
    [
        ("pl", "mitchell_tables", "Mitchell ma od 2 do 20 stołów, nie 21"),
        ("pl", "howell_rounds", "Howell na 6 stołach ma rund: 9, 10 lub 11, nie 8"),
        ("fr", "boards_per_round", "un tour compte de 1 à 6 donnes, pas 0"),
        ("nl", "howell_rounds", "een Howell met 6 tafels speelt 9, 10 of 11 ronden, niet 8"),
        ("sv", "arrow_switch_one_round", "en rörelse med en enda rond kan inte ha pilbyte"),
        ("it", "pairs_at_tables", "7 tavoli accolgono 13 o 14 coppie, non 12"),
    ],
)
def test_a_reason_is_said_in_the_pages_language(language, key, expected):
    with override(language):
        assert movement_said(reason(key)) == expected


def test_a_reason_without_a_key_stays_as_written():
    error = MovementError("even", even="share")
    error.key = "unknown"
    with override("pl"):
        assert movement_said(error) == str(error)
