"""A refused action's message as a page shows it, in the page's language: the one way
views and forms turn a model's refusal into text.

The models raise the parts: the rules engine's and the table's refusals with their key
and parameters (``IllegalAction``: games.presentation.rules_said), a seating change's
sentence with its seats and a movement's reason apart (``SeatError``), a dealer run's
reason as a reader's message (``Game.ScriptFailed``). Anything else is shown as it is.
"""

from __future__ import annotations

from games.bridge.club_night.movements import MovementError
from games.bridge.play import IllegalAction
from games.bridge.types import Seat
from games.models.game import Game
from games.models.join import LeavingBoardInPlay, Seated, SeatError
from games.presentation.language import seat_name
from games.presentation.movement_said import movement_said
from games.presentation.problem_text import say
from games.presentation.rules_said import rules_said


def refusal(error: Exception) -> str:
    """``error``'s message in the page's language."""
    if isinstance(error, IllegalAction):
        return rules_said(error)
    if isinstance(error, SeatError):
        return error.said(shown)
    if isinstance(error, Game.ScriptFailed):
        return error.text % {"why": say(error.why)}
    return str(error)


def leaving_consequence(leaving: LeavingBoardInPlay) -> str:
    """What standing up from a hand in play does to the board, in the page's language."""
    return leaving.consequence(shown)


def shown(value: object) -> object:
    """A refusal's parameter as the page says it: a seat by its name, a movement's reason
    in the page's language; anything else as it is."""
    if isinstance(value, Seat):
        return seat_name(value)
    if isinstance(value, Seated):
        return value.listed(shown)
    if isinstance(value, MovementError):
        return movement_said(value)
    return value
