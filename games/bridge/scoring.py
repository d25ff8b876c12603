"""Duplicate bridge scores and the IMP scale, and the parts of a score rubber bridge shares."""

from __future__ import annotations

from bisect import bisect_left

from . import rules
from .board import VULS
from .cards import SEATS

# The upper end of each IMP band: a difference of 0-10 is 0 IMPs, 20-40 is 1, ... 4000+ is 24.
_IMP_BANDS = (
    10,
    40,
    80,
    120,
    160,
    210,
    260,
    310,
    360,
    420,
    490,
    590,
    740,
    890,
    1090,
    1290,
    1490,
    1740,
    1990,
    2240,
    2490,
    2990,
    3490,
    3990,
)


def vulnerable(seat: str, vul: str) -> bool:
    """Whether ``seat``'s side is vulnerable under ``vul`` (None, NS, EW or All)."""
    return vul == "All" or (vul in ("NS", "EW") and seat in vul)


def duplicate_score(contract: str, declarer: str, vul: str, tricks: int) -> int:
    """The duplicate score of ``contract`` ("4HX", "3NT", "Pass") played by ``declarer``
    taking ``tricks`` of 13, from North-South's side: positive when N-S score.

    Raises ValueError for a contract, seat, vulnerability or trick count that is none."""
    if contract.strip().lower() == "pass":
        return 0
    bid = rules.parse_contract(contract)
    if bid is None:
        raise ValueError(f"'{contract}' is not a contract")
    if len(declarer) != 1 or declarer not in SEATS:
        raise ValueError(f"'{declarer}' is not a seat")
    if vul not in VULS:
        raise ValueError(f"'{vul}' is not a vulnerability")
    if not 0 <= tricks <= 13:
        raise ValueError(f"{tricks} is not a number of tricks")
    score = _declarer_score(bid, vulnerable(declarer, vul), tricks)
    return score if declarer in "NS" else -score


def _declarer_score(bid: rules.Contract, vul: bool, tricks: int) -> int:
    over = tricks - 6 - bid.level
    if over < 0:
        return -undertricks(-over, vul, bid.risk)
    points = trick_score(bid)
    bonus = (500 if vul else 300) if points >= 100 else 50  # game, else part score
    return points + bonus + made_premiums(bid, vul, tricks)


def trick_score(bid: rules.Contract) -> int:
    """Points for the tricks bid (doubled or redoubled as bid): what counts towards game,
    and what rubber bridge writes below the line."""
    per_trick = 20 if bid.strain in ("C", "D") else 30
    return (per_trick * bid.level + (10 if bid.strain == "NT" else 0)) * {"": 1, "X": 2, "XX": 4}[bid.risk]


def made_premiums(bid: rules.Contract, vul: bool, tricks: int) -> int:
    """The slam bonus, the bonus for making a doubled (50) or redoubled (100) contract and
    the overtricks of a contract made with ``tricks``: alike at duplicate and rubber bridge
    (above the line), where the game and part-score bonuses differ."""
    times = {"": 1, "X": 2, "XX": 4}[bid.risk]
    over = tricks - 6 - bid.level
    score = 0
    if bid.level == 6:
        score += 750 if vul else 500
    elif bid.level == 7:
        score += 1500 if vul else 1000
    score += 50 * (times // 2)  # for the insult: 50 doubled, 100 redoubled
    if times == 1:
        score += over * (20 if bid.strain in ("C", "D") else 30)
    else:
        score += over * (200 if vul else 100) * (times // 2)
    return score


def undertricks(down: int, vul: bool, risk: str) -> int:
    """The defenders' points for defeating a contract by ``down`` tricks; ``risk`` is "",
    "X" or "XX"."""
    if not risk:
        return down * (100 if vul else 50)
    if vul:
        penalty = 200 + 300 * (down - 1)
    else:  # 100 for the first, 200 each for the second and third, 300 each after
        penalty = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return penalty * (2 if risk == "XX" else 1)


def imps(difference: int) -> int:
    """IMPs for a difference in points on the standard scale; negative for a loss."""
    won = bisect_left(_IMP_BANDS, abs(difference))
    return won if difference >= 0 else -won


def score_against(other: int, ours: int) -> int:
    """IMPs for our score against another table's score (or par), both from the same side."""
    return imps(ours - other)
