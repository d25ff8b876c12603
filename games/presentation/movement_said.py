"""Why a movement's numbers cannot be played, in the language the request is answered in.

games.bridge.club_night.movements raises MovementError in English (it imports no Django)
with a key and its parameters; here each key has its sentence in the catalogues. A
reason without a key, or with one not listed here, stays as the movement wrote it."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.utils.text import get_text_list
from django.utils.translation import gettext

from games.bridge.club_night.movements import MovementError

Say = Callable[[Mapping[str, object]], str]
# Every key of movements.REASONS (tests/web/test_movement_reasons.py holds them equal).
_SAID: dict[str, Say] = {
    "boards_per_round": lambda p: gettext("a round has %(least)s to %(most)s boards, not %(boards)s") % p,
    "pairs_at_tables": lambda p: gettext("%(tables)s tables seat %(fewer)s or %(more)s pairs, not %(pairs)s") % p,
    "mitchell_tables": lambda p: gettext("a Mitchell has %(least)s to %(most)s tables, not %(tables)s") % p,
    "even": lambda p: gettext("an even number of tables plays a skip or a relay, not '%(even)s'") % p,
    "mitchell_rounds": lambda p: (
        gettext("a Mitchell of %(tables)s tables plays 1 to %(most)s rounds, not %(rounds)s") % p
    ),
    "skip_rounds": lambda p: (
        gettext(
            "a skip Mitchell of %(tables)s tables plays 1 to %(most)s rounds "
            "(round %(tables)s would meet round 1's opponents again), not %(rounds)s"
        )
        % p
    ),
    "arrow_switch": lambda p: (
        gettext("an arrow switch turns some of the last rounds, 1 to %(most)s of %(rounds)s, not %(arrow_switch)s") % p
    ),
    "arrow_switch_one_round": lambda p: gettext("a movement of one round cannot be arrow-switched"),
    "howell_tables": lambda p: (
        gettext("a Howell has %(least)s to %(most)s tables (%(fewest)s to %(most_pairs)s pairs), not %(tables)s") % p
    ),
    "howell_pairs": lambda p: gettext("a Howell has %(least)s to %(most)s pairs, not %(pairs)s") % p,
    "howell_rounds": lambda p: (
        gettext("a Howell of %(tables)s tables plays %(listed)s rounds, not %(rounds)s")
        % {**p, "listed": _listed(p["offered"])}
    ),
}


def _listed(numbers: object) -> str:
    """ "9, 10 or 11" in the active language (Django's own word for "or")."""
    assert isinstance(numbers, tuple)
    return str(get_text_list([str(number) for number in numbers]))


def movement_said(error: MovementError) -> str:
    """The reason ``error`` gives, in the active language."""
    say = _SAID.get(getattr(error, "key", ""))
    return say(error.params) if say is not None else str(error)
