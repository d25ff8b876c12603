"""Chicago at a single table: the vulnerability cycle, part scores carried into games, the
fourth deal's part-score bonus and honours, worked by hand."""

from __future__ import annotations

import pytest

from games.bridge.club_night import ChicagoDeal, chicago_vul, honours, score_chicago

# North holds the A K Q J of spades and all four aces.
DEAL = "N:AKQJ2.AKQ.AKQ.AK T98.JT9.JT9.QJT9 765.8765.8765.87 43.432.432.65432"


def test_the_vulnerability_cycle_is_none_dealer_dealer_both():
    # North first deals: none, East deals (E-W), South deals (N-S), West deals (both).
    assert [chicago_vul(n, dealer) for n, dealer in zip(range(1, 5), "NESW")] == ["None", "EW", "NS", "All"]
    assert [chicago_vul(n, dealer) for n, dealer in zip(range(1, 5), "WNES")] == ["None", "NS", "EW", "All"]


def test_a_part_score_carried_into_a_game_and_the_fourth_deals_part_score():
    # First dealer North.
    # 1. N deals, none vul:  2S by N, 9 tricks: N-S 60 below, 30 above (overtrick). N-S part score 60.
    #    E deals: passed out, dealt again by East: not one of the four.
    # 2. E deals, E-W vul:   2H by W, 8 tricks: E-W 60 below. E-W part score 60.
    # 3. S deals, N-S vul:   2D by S, 8 tricks: N-S 40 below; 60 + 40 = 100, a game, N-S
    #    vulnerable on this deal: 500 above. E-W's 60 no longer counts towards game.
    # 4. W deals, both vul:  2C by E, 9 tricks: E-W 40 below, 20 above; 40 is no game (the
    #    60 was wiped), so the fourth deal's part score earns 100.
    # N-S: 60 + 30 + 40 + 500 = 630.  E-W: 60 + 40 + 20 + 100 = 220.
    # (Duplicate would score these 140, -110, 90 and -110.)
    chicago = score_chicago([("2S", "N", 9), ("Pass", "", 0), ("2H", "W", 8), ("2D", "S", 8), ("2C", "E", 9)])
    assert chicago.deals == (
        ChicagoDeal(1, "N", "None", "2S", "N", 9, below_ns=60, above_ns=30),
        ChicagoDeal(2, "E", "EW", "Pass", "", 0),
        ChicagoDeal(2, "E", "EW", "2H", "W", 8, below_ew=60),
        ChicagoDeal(3, "S", "NS", "2D", "S", 8, below_ns=40, above_ns=500, game="NS"),
        ChicagoDeal(4, "W", "All", "2C", "E", 9, below_ew=40, above_ew=120),
    )
    assert (chicago.ns, chicago.ew) == (630, 220)
    assert chicago.complete


def test_a_part_score_completing_a_game_on_the_fourth_deal_earns_the_game_not_the_100():
    # 1. none:  1NT by N, 7:  N-S 40 below.      2. E-W vul: 1S by E, 7: E-W 30 below.
    # 3. N-S vul: 1D by W, 7: E-W 20 below (E-W part score 50).
    # 4. both:  2H by S, 8:   N-S 60 below, 40 + 60 = 100: game, vulnerable, 500.
    # N-S 40 + 60 + 500 = 600; E-W 30 + 20 = 50.
    chicago = score_chicago([("1NT", "N", 7), ("1S", "E", 7), ("1D", "W", 7), ("2H", "S", 8)])
    assert chicago.deals[-1] == ChicagoDeal(4, "W", "All", "2H", "S", 8, below_ns=60, above_ns=500, game="NS")
    assert (chicago.ns, chicago.ew) == (600, 50)


def test_a_doubled_part_score_that_reaches_game_is_a_game():
    # 2HX by S making 8, nobody vulnerable: 120 below (2 x 60), game 300, 50 for the insult.
    chicago = score_chicago([("2HX", "S", 8)])
    assert chicago.deals[0] == ChicagoDeal(1, "N", "None", "2HX", "S", 8, below_ns=120, above_ns=350, game="NS")
    assert not chicago.complete


def test_undertricks_go_above_the_defenders_line_at_the_declarers_vulnerability():
    # Deal 2, E-W vulnerable: 4SX by E, 8 tricks: down 2 doubled vulnerable = 200 + 300.
    chicago = score_chicago([("1C", "N", 7), ("4SX", "E", 8)])
    assert chicago.deals[1] == ChicagoDeal(2, "E", "EW", "4SX", "E", 8, above_ns=500)


def test_honours_count_for_the_side_holding_them_declaring_or_defending():
    assert honours(DEAL, "6S") == ("NS", 100)  # four of the five spade honours
    assert honours(DEAL, "3NT") == ("NS", 150)  # all four aces
    assert honours(DEAL, "4H") == ("", 0)  # A K Q in North, J T in East
    # Deal 4, both vulnerable: 6S by N, 12 tricks: 180 below; game 500, slam 750, honours 100.
    # And E-W's 2S on deal 1, down 3: N-S 150, and still 100 for North's honours.
    chicago = score_chicago(
        [("2S", "E", 5), ("1C", "N", 7), ("1C", "N", 7), ("6S", "N", 12)], deals=[DEAL, DEAL, DEAL, DEAL]
    )
    assert chicago.deals[0].above_ns == 150 + 100
    assert chicago.deals[3] == ChicagoDeal(4, "W", "All", "6S", "N", 12, below_ns=180, above_ns=1350, game="NS")


def test_a_fifth_deal_is_a_new_chicago():
    with pytest.raises(ValueError, match="four deals"):
        score_chicago([("1C", "N", 7)] * 5)


@pytest.mark.parametrize(
    "result, message",
    [(("8S", "N", 9), "not a contract"), (("4S", "Q", 9), "not a seat"), (("4S", "N", 14), "not a number of tricks")],
)
def test_a_result_that_is_none_is_refused(result, message):
    with pytest.raises(ValueError, match=message):
        score_chicago([result])
