"""While a board is played at a Join table, nobody sees a card they may not: in every
phase, on the page, its htmx partial, the poll, the answers to their own actions, the
exports and the analysis route.

What each seat may see of the cards not yet played: their own hand; dummy's once the
opening lead is made; declarer's while a claim waits for an answer; every hand once the
board is over. Every check looks both ways: the cards a seat may see are printed (so
the scan reads the real markup) and no other card is, in any form the templates print
a card: the diagram's suit rows, the dotted hand, a card button's value, data-card.
"""

from __future__ import annotations

import pytest

from games.bridge import play as rules_of_play
from games.models import BoardPlay
from tests.builders.client import moved_table, redrawn
from tests.playing import DEAL

pytestmark = pytest.mark.django_db

HANDS = dict(zip("NESW", DEAL[2:].split()))
PLAYERS = {"N": "alice", "E": "bob", "S": "dave", "W": "erin"}
NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUITS = (("S", "♠", "spades"), ("H", "♥", "hearts"), ("D", "♦", "diamonds"), ("C", "♣", "clubs"))
HX = {"HX-Request": "true"}
TO_4H = ["1H", "P", "2NT", "P", "4H", "P", "P", "P"]  # North declares 4♥, South is dummy, East leads


def holding(cards: list[str], suit: str) -> str:
    return " ".join("10" if c[1] == "T" else c[1] for c in cards if c[0] == suit)


def dotted(cards: list[str]) -> str:
    return ".".join("".join(c[1] for c in cards if c[0] == suit) for suit, _, _ in SUITS)


def rows(cards: list[str]) -> list[str]:
    """The diagram's suit rows of these cards."""
    return [
        f'title="{name}">{symbol}</span> <span class="cards">{holding(cards, suit)}</span>'
        for suit, symbol, name in SUITS
        if holding(cards, suit)
    ]


def printed(cards: list[str]) -> list[str]:
    """Every form in which the pages print these cards."""
    found = [text for card in cards for text in (f'data-card="{card}"', f'value="{card}"')]
    found += rows(cards)
    if len(cards) > 3:
        found += [dotted(cards), dotted(cards).replace(".", " ")]
    return found


def assert_sees(html: str, state: rules_of_play.BoardState, seats: set[str]) -> None:
    """``html`` shows the cards not yet played of ``seats`` (all four hands as dealt once
    the board is over), and not one card of any other hand: neither a card still held
    nor its suit rows or dotted text as dealt."""
    assert DEAL not in html and DEAL[2:] not in html
    done = state.phase == rules_of_play.DONE
    for seat in "NESW":
        if seat in seats:
            cards = state.hand(seat) if done else state.remaining(seat)
            assert f"{NAMES[seat]}'s hand" in html, f"{NAMES[seat]}'s hand is missing"
            assert any(text in html for text in printed(cards)), f"{NAMES[seat]}'s cards are missing"
            continue
        assert f"{NAMES[seat]}'s hand" not in html
        for text in [*printed(state.remaining(seat)), *rows(state.hand(seat)), HANDS[seat]]:
            assert text not in html, f"{NAMES[seat]}'s {text!r} leaked"


@pytest.fixture
def act_accepted(act, seated_table):
    """act(...), and the table took it: the answer is the felt, with no alert."""

    def post(username: str, action: str, **data):
        response = act(username, action, **data)
        assert response.status_code == 200 and 'role="alert"' not in response.text, response.text
        return response

    return post


def state() -> rules_of_play.BoardState:
    play = BoardPlay.objects.first()
    return play.state() if play else rules_of_play.new_board(DEAL, "N", "None")


def bid(act_accepted, calls) -> None:
    for i, call in enumerate(calls):
        act_accepted(PLAYERS["NESW"[i % 4]], "call", call=call)


def play_cards(act_accepted, count: int) -> None:
    for _ in range(count):
        now = state()
        act_accepted(PLAYERS[now.actor], "card", card=rules_of_play.legal_cards(now)[0])


def to_claim(act_accepted) -> None:
    bid(act_accepted, TO_4H)
    play_cards(act_accepted, 4)
    act_accepted("alice", "claim", tricks=10)


PHASES = {
    "auction": lambda act_accepted: bid(act_accepted, TO_4H[:5]),
    "opening lead": lambda act_accepted: bid(act_accepted, TO_4H),
    "after the lead": lambda act_accepted: (bid(act_accepted, TO_4H), play_cards(act_accepted, 1)),
    "dummy to play": lambda act_accepted: (bid(act_accepted, TO_4H), play_cards(act_accepted, 5)),
    "mid play": lambda act_accepted: (bid(act_accepted, TO_4H), play_cards(act_accepted, 18)),
    "claim pending": lambda act_accepted: (to_claim(act_accepted), act_accepted("bob", "accept")),
    "claim rejected": lambda act_accepted: (to_claim(act_accepted), act_accepted("erin", "reject")),
    "done": lambda act_accepted: (
        to_claim(act_accepted),
        act_accepted("bob", "accept"),
        act_accepted("erin", "accept"),
    ),
}


def may_see(phase: str, seat: str | None) -> set[str]:
    """The hands ``seat`` (None: nobody's) may see in ``phase``, by the rule written out."""
    own = {seat} if seat else set()
    if phase in ("auction", "opening lead"):
        return own
    if phase == "claim pending":
        return own | {"S", "N"}  # dummy, and declarer's hand for the claim
    if phase == "done":
        return set("NESW")
    return own | {"S"}


@pytest.mark.parametrize("phase", PHASES)
def test_each_seat_sees_only_what_the_phase_allows(
    act_accepted, client, seated_table, django_user_model, phase, subtests
):
    PHASES[phase](act_accepted)  # played once: the seats only read their pages
    now = state()
    for seat in "NESW":
        with subtests.test(seat=seat):
            client.force_login(django_user_model.objects.get(username=PLAYERS[seat]))
            for url, headers in (
                (f"/games/{seated_table.game.pk}/", {}),
                (f"/games/{seated_table.game.pk}/", HX),
                (f"/games/{seated_table.game.pk}/seat/", HX),
                (f"/games/{seated_table.game.pk}/seat/?v=0.0", HX),
            ):
                response = client.get(url, headers=headers)
                assert response.status_code == 200
                assert_sees(response.text, now, may_see(phase, seat))


@pytest.mark.parametrize("phase", PHASES)
def test_the_host_not_seated_sees_dummy_and_a_claim_only(act_accepted, client, seated_table, host, phase):
    PHASES[phase](act_accepted)
    seated_table.leave(host, confirm=1)  # alice played North; standing up, she watches as the host
    client.force_login(host)
    for headers in ({}, HX):
        assert_sees(client.get(f"/games/{seated_table.game.pk}/", headers=headers).text, state(), may_see(phase, None))


def test_a_player_seated_after_the_deal_sees_only_what_the_table_sees(
    act_accepted, client, seated_table, django_user_model
):
    bid(act_accepted, TO_4H)
    play_cards(act_accepted, 2)
    seated_table.unseat("W")
    frank = django_user_model.objects.create_user("frank", password="x")
    seated_table.take_seat(frank, "W")
    client.force_login(frank)
    html = client.get(f"/games/{seated_table.game.pk}/").text
    assert_sees(html, state(), {"S"})  # dummy only: not West's hand, held by erin at the deal


def test_every_redraw_after_an_action_shows_the_actor_only_what_they_may_see(client, seated_table, django_user_model):
    """The whole board, from the first call to the claim accepted, checking the table the
    actor's page draws after each action (the answer is empty: the page's poll draws it)."""
    calls = iter(TO_4H)
    seen = 0
    while True:
        now = state()
        if now.phase == rules_of_play.DONE:
            break
        if now.phase == rules_of_play.AUCTION:
            seat, action, data = now.turn, "call", {"call": next(calls)}
        elif now.phase == rules_of_play.CLAIM_PENDING:
            seat, action, data = [s for s in now.defenders if s not in now.claim.accepted][0], "accept", {}
        elif len(now.cards) == 24:
            seat, action, data = now.declarer, "claim", {"tricks": 13 - len(now.tricks)}
        else:
            seat, action, data = now.actor, "card", {"card": rules_of_play.legal_cards(now)[-1]}
        client.force_login(django_user_model.objects.get(username=PLAYERS[seat]))
        at = BoardPlay.objects.values_list("actions", flat=True).first() or 0
        answer = client.post(
            f"/games/{seated_table.game.pk}/play/{action}/", {"board": 1, "at": at, **data}, headers=HX
        )
        assert moved_table(answer) and answer.content == b""
        html = redrawn(client, answer, seated_table.game.pk).text
        after = state()
        expected = {seat}
        if after.cards:
            expected.add(after.dummy)
        if after.phase == rules_of_play.CLAIM_PENDING:
            expected.add(after.declarer)
        if after.phase == rules_of_play.DONE:
            expected = set("NESW")
        assert_sees(html, after, expected)
        seen += 1
    assert seen == len(TO_4H) + 24 + 3  # calls, six tricks, the claim and two answers


@pytest.mark.parametrize("phase", ["after the lead", "claim pending", "done"])
def test_a_seated_host_exports_nothing_of_the_board_at_play(act_accepted, client, seated_table, host, phase, subtests):
    PHASES[phase](act_accepted)
    client.force_login(host)
    for fmt in ("pbn", "lin"):
        with subtests.test(fmt=fmt):
            text = client.get(f"/games/{seated_table.game.pk}/export/dealt.{fmt}").text
            for seat in "ESW":
                assert HANDS[seat] not in text and HANDS[seat].replace(".", " ") not in text


@pytest.mark.parametrize("phase", ["auction", "after the lead", "claim pending", "done"])
def test_no_analysis_of_the_board_at_play_reaches_the_table(
    act_accepted, client, seated_table, django_user_model, phase, subtests
):
    PHASES[phase](act_accepted)
    url = f"/games/{seated_table.game.pk}/boards/1/analysis/"
    for username in ("alice", "bob", "dave", "erin"):
        with subtests.test(username=username):
            client.force_login(django_user_model.objects.get(username=username))
            assert client.get(url, headers=HX).status_code == 404
            assert url not in client.get(f"/games/{seated_table.game.pk}/").text


def test_play_query_parameters_name_no_seat(act_accepted, client, seated_table, django_user_model):
    bid(act_accepted, TO_4H)
    play_cards(act_accepted, 1)
    client.force_login(django_user_model.objects.get(username="bob"))
    for query in ("?seat=N", "?viewer=W", "?as=S&seat=N", "?reveal=1"):
        html = client.get(f"/games/{seated_table.game.pk}/{query}").text
        assert_sees(html, state(), {"E", "S"})


def test_a_claim_rejected_hides_declarers_hand_again(act_accepted, client, seated_table, django_user_model):
    to_claim(act_accepted)
    client.force_login(django_user_model.objects.get(username="erin"))
    assert "North's hand" in client.get(f"/games/{seated_table.game.pk}/").text
    act_accepted("erin", "reject")
    client.force_login(django_user_model.objects.get(username="erin"))
    html = client.get(f"/games/{seated_table.game.pk}/").text
    assert_sees(html, state(), {"W", "S"})
