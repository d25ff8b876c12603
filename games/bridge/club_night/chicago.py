"""Chicago (four-deal bridge): rubber bridge scoring for a single table of four, four deals.

The rules are the ACBL's ("How to keep score: Chicago",
https://www.acbl.org/learn_page/how-to-play-bridge/how-to-keep-score/chicago/, the
four-deal bridge of the Laws of Rubber Bridge):

* Vulnerability follows the deal's place, not games won: deal 1 neither side, deals 2
  and 3 the dealer's side, deal 4 both. The deal passes clockwise from the first dealer,
  so with North first: none, E-W, N-S, both. (Some clubs swap deals 2 and 3 to the
  dealer's opponents by agreement; that is not done here.)
* A deal passed out is dealt again by the same dealer at the same vulnerability: it is
  not one of the four.
* Below the line: the trick score of each contract made (doubled as bid). Part scores
  add up to game (100); a game earns 300 not vulnerable, 500 vulnerable, by the
  vulnerability on that deal of the side completing it, at once, and ends both sides'
  part scores' count towards game.
* Above the line, as at rubber bridge: overtricks, the bonus for making a doubled or
  redoubled contract, slam bonuses, undertricks, and honours when the cards are given.
* A part score made on the fourth deal that does not complete a game earns 100.

Where rubber bridge differs, a club cares: rubber bridge takes vulnerability from games
won, plays until a side wins two games and then gives 700 or 500 for the rubber, and
scores an unfinished rubber with its own bonuses; Chicago ends after four deals, gives
each game its bonus at once, and so never leaves a fifth player waiting on a long rubber.
Duplicate's 50 for a part score has no place in either.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .. import rules
from ..cards import SUITS
from ..scoring import made_premiums, trick_score, undertricks, vulnerable

DEALS = 4
# Deal 1 .. 4: "dealer" is the dealer's side.
CYCLE = ("None", "dealer", "dealer", "All")
GAME = 100
PART_SCORE_ON_THE_LAST_DEAL = 100


@dataclass(frozen=True, slots=True)
class ChicagoDeal:
    """One deal's line of the score sheet."""

    number: int  # 1..4; a deal passed out shares its number with the deal dealt again
    dealer: str
    vul: str  # None, NS, EW or All
    contract: str  # "4HX", "3NT", or "Pass" (passed out)
    declarer: str  # "" when passed out
    tricks: int
    below_ns: int = 0
    below_ew: int = 0
    above_ns: int = 0
    above_ew: int = 0
    game: str = ""  # "NS" or "EW": the side that made or completed a game on this deal


@dataclass(frozen=True, slots=True)
class Chicago:
    """A Chicago's score sheet, deal by deal."""

    deals: tuple[ChicagoDeal, ...]

    @property
    def ns(self) -> int:
        """N-S's total, above and below the line."""
        return sum(deal.below_ns + deal.above_ns for deal in self.deals)

    @property
    def ew(self) -> int:
        return sum(deal.below_ew + deal.above_ew for deal in self.deals)

    @property
    def complete(self) -> bool:
        """Whether all four deals have been played (passed-out deals do not count)."""
        return sum(deal.contract != "Pass" for deal in self.deals) == DEALS


def chicago_vul(number: int, dealer: str) -> str:
    """The vulnerability of deal ``number`` (1..4) of a Chicago, dealt by ``dealer``."""
    kind = CYCLE[number - 1]
    return rules.side(dealer) if kind == "dealer" else kind


def honours(deal: str, contract: str) -> tuple[str, int]:
    """("NS", 100) when a N-S hand holds four of the five trump honours, 150 for all five
    (or, at no trump, all four aces); ("", 0) when no hand does. ``deal`` is canonical."""
    bid = rules.parse_contract(contract)
    if bid is None:
        return "", 0
    for seat, hand in rules.hands(deal).items():
        suits = dict(zip(SUITS, hand.split(".")))
        if bid.strain == "NT":
            held, needed = sum("A" in ranks for ranks in suits.values()), {4: 150}
        else:
            held, needed = sum(rank in suits[bid.strain] for rank in "AKQJT"), {4: 100, 5: 150}
        if held in needed:
            return rules.side(seat), needed[held]
    return "", 0


def score_chicago(
    results: Sequence[tuple[str, str, int]], *, first_dealer: str = "N", deals: Sequence[str] | None = None
) -> Chicago:
    """The score sheet of a Chicago from its results in the order played: (contract,
    declarer, declarer's tricks), "Pass" for a deal passed out. ``deals``, the canonical
    deals in the same order, add honours; without them none are scored.

    Raises ValueError for a result that is none, and past four deals played (a new
    Chicago starts with a clean sheet: score it apart)."""
    if deals is not None and len(deals) != len(results):
        raise ValueError("give a deal for every result, or none")
    lines = []
    number, dealer = 0, first_dealer
    part_scores = {"NS": 0, "EW": 0}  # trick scores counting towards the next game
    for index, (contract, declarer, tricks) in enumerate(results):
        if number == DEALS:
            raise ValueError("a Chicago is four deals: score the next four as a Chicago of their own")
        vul = chicago_vul(number + 1, dealer)
        written = rules.read_contract(contract)
        if written is None:
            raise ValueError(f"'{contract}' is not a contract")
        if written == "Pass":  # dealt again by the same dealer
            lines.append(ChicagoDeal(number + 1, dealer, vul, written, "", 0))
            continue
        number += 1
        seat = rules.seat_of_word(declarer)
        if not seat:
            raise ValueError(f"'{declarer}' is not a seat")
        if not 0 <= tricks <= 13:
            raise ValueError(f"{tricks} is not a number of tricks")
        bid = rules.parse_contract(written)
        assert bid is not None  # read_contract wrote it
        side, other = rules.side(seat), rules.side(rules.seat_after(seat))
        below, above = {"NS": 0, "EW": 0}, {"NS": 0, "EW": 0}
        game = ""
        vulnerable_side = vulnerable(seat, vul)
        if tricks >= 6 + bid.level:
            below[side] = trick_score(bid)
            above[side] = made_premiums(bid, vulnerable_side, tricks)
            part_scores[side] += below[side]
            if part_scores[side] >= GAME:
                above[side] += 500 if vulnerable_side else 300
                game = side
                part_scores = {"NS": 0, "EW": 0}
            elif number == DEALS:
                above[side] += PART_SCORE_ON_THE_LAST_DEAL
        else:
            above[other] = undertricks(6 + bid.level - tricks, vulnerable_side, bid.risk)
        if deals is not None:
            holder, held = honours(deals[index], written)
            if holder:
                above[holder] += held
        points = (below["NS"], below["EW"], above["NS"], above["EW"])
        lines.append(ChicagoDeal(number, dealer, vul, written, seat, tricks, *points, game))
        dealer = rules.seat_after(dealer)
    return Chicago(tuple(lines))
