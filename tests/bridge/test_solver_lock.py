"""DDS keeps its search tables per thread index: a deal's table (``dd.solve``) and a robot
card (``robot.robot_card``) from two threads of one process must not run at once."""

from __future__ import annotations

import random
import threading

from games.bridge.cards import random_deal
from games.bridge.dd import SOLVER_LOCK, solve
from games.bridge.play import replay
from games.bridge.robot import robot_card


def _blocked_while_the_solver_is_held(work) -> bool:
    """Whether ``work`` waits while another thread holds the solver, and ends once it is free."""
    done = threading.Event()
    thread = threading.Thread(target=lambda: (work(), done.set()), daemon=True)
    with SOLVER_LOCK:
        thread.start()
        waited = not done.wait(0.5)
    thread.join(60)
    return waited and done.is_set()


def test_a_table_waits_while_the_solver_is_in_use():
    deal = random_deal(random.Random(3))
    assert _blocked_while_the_solver_is_held(lambda: solve([deal]))


def test_a_robot_card_waits_while_the_solver_is_in_use():
    state = replay(random_deal(random.Random(4)), "N", "None", calls=("1NT", "P", "P", "P"))
    assert _blocked_while_the_solver_is_held(lambda: robot_card(state))
