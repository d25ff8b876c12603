"""The table at play's hands and trick (games.templatetags.play_table), in the page's
language."""

from __future__ import annotations

import re
from types import SimpleNamespace

from django.template.loader import render_to_string
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from games.presentation.play_parts import Card, Hand, News, Trick
from games.templatetags.play_table import hidden_hand, phone_rows, playing_hand, table_news, trick_cards

DECK = [suit + rank for suit in "SHDC" for rank in "AKQJT98765432"]
WEST = Hand("W", ("SA", "SK", "ST", "HQ", "D2"), 5, playable=frozenset({"SA", "ST"}))


def test_a_player_may_click_only_the_cards_they_may_play():
    html = playing_hand(WEST, "N", "EW")
    buttons = re.findall(r'<button type="submit" name="card" value="(\w+)"', html)
    assert buttons == ["SA", "ST"]
    assert re.findall(r'<span class="card-text" data-card="(\w+)"', html) == ["SK", "HQ", "D2"]
    assert 'aria-label="ace of spades"' in html and ">10</button>" in html
    assert 'class="hand hand-w playing vulnerable"' in html
    assert "5 cards" in html and 'aria-label="West\'s hand"' in html


def test_a_void_is_a_dash_and_the_dealer_has_the_chip():
    html = playing_hand(Hand("E", ("SA",), 1, playable=frozenset({"SA"})), "E", "NS")
    assert html.count('<span class="void">—</span>') == 3
    assert html.count('class="dealer-chip"') == 1
    assert "vulnerable" not in html
    assert "1 card<" in html


def test_the_hands_speak_the_pages_language():
    with translation.override("nl"):
        html = playing_hand(WEST, "N", "None")
    assert ">H</span>" in html  # the king is "heer" in Dutch
    assert 'aria-label="schoppen aas"' in html
    assert "West" in html and "5 kaarten" in html


def test_a_hidden_hand_shows_one_back_for_each_card_and_no_card():
    html = hidden_hand(Hand("N", None, 7), "N", "All")
    assert html.count("<span></span>") == 7
    assert 'aria-label="North\'s 7 cards, face down"' in html
    assert "data-card" not in html and 'class="hand hidden-hand vulnerable"' in html
    assert html.count('class="dealer-chip"') == 1


def test_a_hidden_hand_with_no_card_left_has_no_backs():
    html = hidden_hand(Hand("S", None, 0), "N", "None")
    assert "card-backs" not in html and "0 cards" in html


def test_polish_counts_have_their_plural_forms():
    with translation.override("pl"):
        two, five = hidden_hand(Hand("N", None, 2), "", ""), hidden_hand(Hand("N", None, 5), "", "")
    assert "2 karty" in two and "5 kart" in five


@given(st.lists(st.sampled_from(DECK), max_size=13, unique=True), st.sampled_from("NESW"))
def test_no_hidden_hand_holds_a_card(cards, seat):
    html = hidden_hand(Hand(seat, None, len(cards)), seat, "All")
    for code in DECK:
        assert code not in html


def _play(cards: tuple[Card, ...], *, bottom="S", number=3, leader="W", winner=""):
    trick = Trick(number, leader, cards, winner)
    return SimpleNamespace(trick=trick, bottom=bottom, board_number=12, won={"NS": 2, "EW": 1})


def test_the_trick_puts_each_card_before_its_hand_as_the_table_is_turned():
    cards = (Card("HK", "W", lead=True), Card("HA", "N", wins=True))
    south, east = trick_cards(_play(cards)), trick_cards(_play(cards, bottom="E"))
    assert 'class="trick-card side-left lead" data-card="HK" title="West led"' in south
    assert 'class="trick-card side-top wins" data-card="HA" title="North, won the trick"' in south
    assert 'side-bottom lead" data-card="HK"' not in south
    assert 'class="trick-card side-top lead" data-card="HK"' in east
    assert 'aria-label="Trick 3, led by West"' in south
    assert "N-S 2</span> <span>E-W 1" in south and '<strong class="board-no">12</strong>' in south


def test_a_won_trick_is_finished_and_says_who_won_it():
    played = zip(("SA", "S2", "S3", "S4"), "WNES")
    cards = tuple(Card(code, seat, lead=seat == "W", wins=seat == "W") for code, seat in played)
    html = trick_cards(_play(cards, winner="W"))
    assert html.startswith('<div class="trick finished"')
    assert 'aria-label="Trick 3, won by West"' in html and 'title="West led, won the trick"' in html


def test_before_the_first_card_the_trick_says_so():
    play = SimpleNamespace(trick=None, bottom="S", board_number=1, won={"NS": 0, "EW": 0})
    assert 'aria-label="No card played yet"' in trick_cards(play)


def test_the_trick_speaks_the_pages_language():
    with translation.override("fr"):
        html = trick_cards(_play((Card("SK", "E", lead=True),), leader="E"))
    assert 'title="Est a entamé"' in html and 'aria-label="Levée 3, Est a entamé"' in html
    assert "</span>R</span>" in html  # the king is "roi"


def test_the_hand_partial_wraps_the_playing_hand_in_the_card_form():
    play = SimpleNamespace(game_pk=4, target="#seat-view", number=2, at=9)
    html = render_to_string("games/partials/play_hand.html", {"hand": WEST, "play": play, "dealer": "N", "vul": ""})
    form = html[html.index("<form") : html.index("</form>")]
    assert 'action="/games/4/play/card/"' in form
    assert 'name="at" value="9"' in form and 'value="SA"' in form


def test_the_tables_news_is_hidden_and_each_item_says_when_and_by_whom():
    news = (News(1, "N", "North bids 1 heart."), News(5, "", "West wins <the> trick."))
    html = table_news(news)
    assert html.startswith('<ol class="table-news" hidden>')
    assert '<li data-made="1" data-by="N">North bids 1 heart.</li>' in html
    assert '<li data-made="5" data-by="">West wins &lt;the&gt; trick.</li>' in html
    assert table_news(()) == '<ol class="table-news" hidden></ol>'


def _hand(playable: int, others: int) -> Hand:
    cards = tuple(DECK[: playable + others])
    return Hand("S", cards, len(cards), playable=frozenset(cards[:playable]))


def test_a_hand_on_lead_lies_on_two_rows_on_a_phone():
    """13 or 12 cards to choose from: two rows of tiles, the first taking half, rounded up."""
    assert 'class="hand hand-s playing two-rows per-row-7"' in playing_hand(_hand(13, 0), "N", "None")
    assert 'class="hand hand-s playing two-rows per-row-6"' in playing_hand(_hand(12, 0), "N", "None")


def test_a_hand_following_suit_keeps_one_row_while_its_tiles_fit_the_narrowest_phone():
    """3 cards to play (48 px each) and 10 others (16 px) fill 304 px of a 312-px row; 4
    and 9 would need 336."""
    assert phone_rows(_hand(3, 10)) == ""
    assert phone_rows(_hand(4, 9)) == " two-rows per-row-7"
    assert phone_rows(_hand(6, 0)) == ""
    assert phone_rows(_hand(7, 0)) == " two-rows per-row-4"
