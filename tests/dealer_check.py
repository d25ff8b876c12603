"""An evaluator for made deals that shares no code with the path under test.

``holds(script, deal)`` asks Debian's ``dealer`` itself whether ``deal`` meets the script's
condition: the script's own predeal taken out, all 52 cards of the deal predealt, one hand
generated (it can only be that deal) and its output read here. ``hands``, ``hcp`` and
``lengths`` are plain Python for the library's simple cases. Nothing here imports the
app's dealer code or its deal parsing.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from tests.conftest import skip_or_fail

PROGRAM = "/usr/games/dealer"
FIXTURES = Path(__file__).resolve().parent / "fixtures_dealer"
POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}
_PREDEAL = re.compile(r"^predeal\b")
_PREDEAL_MORE = re.compile(r"^\s+(north|east|south|west)\b")
_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
# printoneline's deal, to the end of its line: the program echoes some characters of a
# script's comments (a /*@chat ... @chat*/ block) in front of the first one.
_DEAL_LINE = re.compile(r"n (\S+) e (\S+) s (\S+) w (\S+)\s*$")


def dealer_program() -> str:
    path = PROGRAM if Path(PROGRAM).exists() else shutil.which("dealer")
    if not path:
        skip_or_fail("Debian's dealer is not installed: apt-get install dealer")
    return str(path)


def hands(deal: str) -> dict[str, list[str]]:
    """{"N": ["AKQ", "J2", "T98", "765"], ...} from "N:AKQ.J2.T98.765 ..."."""
    assert deal.startswith("N:")
    return {seat: hand.split(".") for seat, hand in zip("NESW", deal[2:].split(" "))}


def hcp(suits: list[str]) -> int:
    return sum(POINTS.get(card, 0) for suit in suits for card in suit)


def lengths(suits: list[str]) -> list[int]:
    return [len(suit) for suit in suits]


def without_predeal(script: str) -> str:
    kept, skipping = [], False
    for line in script.splitlines():
        if _PREDEAL.match(line):
            skipping = True
            continue
        if skipping and _PREDEAL_MORE.match(line):
            continue
        skipping = False
        kept.append(line)
    return "\n".join(kept)


def predealt(script: str) -> dict[str, set[str]]:
    """{"W": {"SK", "SJ", ...}} from one-line ``predeal west SKJ83, HQ74, ...`` statements."""
    cards: dict[str, set[str]] = {}
    for line in script.splitlines():
        match = re.match(r"^predeal\s+(north|east|south|west)\s+(.*)$", line.strip())
        if match:
            seat = match.group(1)[0].upper()
            for holding in match.group(2).split(","):
                holding = holding.strip()
                cards.setdefault(seat, set()).update(holding[0] + rank for rank in holding[1:])
    return cards


def holds(script: str, deal: str) -> bool:
    """Whether ``deal`` meets ``script``'s condition, as the reference program judges it."""
    predeal = "\n".join(
        f"predeal {_NAMES[seat]} " + ", ".join(f"{suit}{cards}" for suit, cards in zip("SHDC", suits) if cards)
        for seat, suits in hands(deal).items()
    )
    text = f"{without_predeal(script)}\n{predeal}\naction printoneline\n"
    done = subprocess.run(
        [dealer_program(), "-s", "1", "-g", "1", "-p", "1"], input=text.encode(), capture_output=True, timeout=30
    )
    assert done.returncode == 0, done.stderr.decode()
    found = [m for line in done.stdout.decode().splitlines() if (m := _DEAL_LINE.search(line))]
    if not found:
        return False
    n, e, s, w = found[0].groups()
    assert f"N:{n} {e} {s} {w}".upper() == deal.upper(), "the predealt deal came back changed"
    return True
