"""The bridge template filters and the shared compass diagram."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from games.templatetags.bridge import hcp, is_vulnerable, seat_name, suit, suits, vul_label
from games.templatetags.club import card_text, contract_text

HANDS = {"N": "J4.KJ732.7.Q9862", "E": "Q9873.9.KJ8532.A", "S": "KT2.A64.QT.KJT74", "W": "A65.QT85.A964.53"}


def test_it_counts_high_card_points():
    assert hcp("AKQ.J2.T98.7654") == 10
    assert hcp("...") == 0
    assert sum(hcp(h) for h in HANDS.values()) == 40


def test_it_colours_hearts_and_diamonds_red():
    assert 'class="suit suit-h red"' in suit("H") and "♥" in suit("H")
    assert 'class="suit suit-d red"' in suit("D")
    assert 'class="suit suit-s black"' in suit("S") and "♣" in suit("C")


def test_it_shows_tens_as_10_and_voids_as_a_dash():
    rows = suits("AKT..T98.765")
    assert [r["symbol"] for r in rows] == ["♠", "♥", "♦", "♣"]
    assert rows[0]["cards"] == "A K 10"
    assert rows[1]["cards"] == "—"


def test_it_names_seats_and_vulnerability():
    assert seat_name("S") == "South"
    assert [vul_label(v) for v in ("None", "NS", "EW", "All")] == ["None", "N-S", "E-W", "Both"]
    assert is_vulnerable("N", "NS") and is_vulnerable("W", "All")
    assert not is_vulnerable("E", "NS") and not is_vulnerable("N", "None") and not is_vulnerable("N", "")


def test_the_diagram_shows_four_hands_with_hcp_board_dealer_and_vulnerability():
    html = render_to_string(
        "games/partials/hand_diagram.html", {"hands": HANDS, "dealer": "E", "vul": "EW", "board": 7}
    )
    for name in ("North", "East", "South", "West"):
        assert name in html
    assert "7 HCP" in html and "13 HCP" in html
    assert '<strong class="board-no">7</strong>' in html
    assert html.count('title="Dealer"') == 1
    assert html.count("hand-e vulnerable") == 1 and html.count("hand-w vulnerable") == 1
    assert "hand-n vulnerable" not in html
    assert "E-W" in html


def test_the_compact_diagram_is_marked_compact():
    html = render_to_string("games/partials/hand_diagram.html", {"hands": HANDS, "compact": True})
    assert 'class="diagram compact"' in html
    assert "HCP" not in html


def test_compact_rows_drop_the_spaces():
    assert [r["tight"] for r in suits("AKT..T98.765")] == ["AK10", "—", "1098", "765"]


def test_the_diagram_escapes_every_value_from_a_file():
    evil = '<script>alert("x")</script>'
    html = render_to_string(
        "games/partials/hand_diagram.html",
        {"hands": {"N": evil + ".2.3.4", "E": "", "S": "", "W": ""}, "dealer": evil, "vul": evil, "board": evil},
    )
    assert "<script" not in html and 'alert("x")' not in html
    assert (
        html.count("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;") == 5
    )  # the board twice, the dealer, the vulnerability twice
    assert '<span class="cards">&lt; S C R I P 10 &gt; A L E R 10' in html  # the cards, spaced out as ranks are


def test_the_seat_partial_shows_one_hand():
    html = render_to_string(
        "games/partials/hand_diagram.html#seat",
        {"seat": "S", "cards": "AKQ.J.T98.7654", "dealer": "S", "vul": "NS", "compact": False},
    )
    assert 'class="hand hand-s vulnerable"' in html and 'title="Dealer"' in html
    assert "10 HCP" in html and '<span class="cards">10 9 8</span>' in html and "South's hand" in html


@given(st.text(alphabet="AKQJT98765432akqjt.x ß\u0131ﬀ-", max_size=30))
def test_hcp_and_suit_rows_read_any_text_as_card_by_card_would(hand):
    """hcp and suits work on whole strings; a card-by-card reading gives the same."""
    assert hcp(hand) == sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(c, 0) for c in hand.upper())
    parts = (hand.split(".") + ["", "", "", ""])[:4]
    assert [row["cards"] for row in suits(hand)] == [
        " ".join("10" if c.upper() == "T" else c.upper() for c in cards) or "—" for cards in parts
    ]


def test_a_contract_and_a_card_draw_their_suits_as_the_suit_filter_does():
    assert contract_text("4HX") == f"4{suit('H')}X" and contract_text("Pass") == "Passed out"
    assert card_text("ST") == f"{suit('S')}10"
    with translation.override("fr"):
        assert card_text("SK") == f"{suit('S')}R" and contract_text("3NT") == "3SA"
    assert contract_text("<b>4H") == "&lt;b&gt;4H"  # no contract: as it came, escaped
