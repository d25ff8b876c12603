"""Before the reveal, nobody at a Join table can see another seat's cards: not on the page,
in a partial, through the poll, an export, the admin, or by naming a seat in the URL.

Every test asserts both ways: the player's own cards are there (so the check reads the
real markup) and each other seat's are not, in any form the page could print them.
"""

from __future__ import annotations

import pytest

from games.bridge.rules import Call
from games.formats.model import Deck as ParsedDeck
from games.models.join import JoinTable

pytestmark = pytest.mark.django_db

DEAL = "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"
HANDS = dict(zip("NESW", DEAL[2:].split()))
NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUITS = (("♠", "spades"), ("♥", "hearts"), ("♦", "diamonds"), ("♣", "clubs"))


def shown(seat: str) -> list[str]:
    """How the diagram prints a seat's cards: each suit's holding (unique to one hand,
    since every card is in one hand only) and the hand's label."""
    found = [f"{NAMES[seat]}'s hand"]
    for (symbol, name), cards in zip(SUITS, HANDS[seat].split(".")):
        if cards:
            spaced = " ".join("10" if c == "T" else c for c in cards)
            found.append(f'title="{name}">{symbol}</span> <span class="cards">{spaced}</span>')
    return found


def leaks(seat: str) -> list[str]:
    """Every way a page could give a seat's cards away: as shown, or as stored text."""
    return [*shown(seat), HANDS[seat], HANDS[seat].replace(".", " ")]


def assert_sees_only(html: str, seat: str | None) -> None:
    assert DEAL not in html and DEAL[2:] not in html
    for other in "NESW":
        if other == seat:
            for text in shown(other):
                assert text in html, f"{seat}'s own {text!r} is missing"
        else:
            for text in leaks(other):
                assert text not in html, f"{other}'s {text!r} leaked to {seat or 'a non-seated viewer'}"


def assert_sees_all(html: str) -> None:
    for seat in "NESW":
        for text in shown(seat):
            assert text in html, f"{seat}'s {text!r} is missing after the reveal"


@pytest.fixture
def recorded_table(join_table, host, other_user, django_user_model) -> JoinTable:
    """Four players seated as at tests/web/conftest.py's table; board 1 dealt from a file
    that records its auction (an alert explained), the opening lead and a claim of 10."""
    game = join_table.game
    dave = django_user_model.objects.create_user("dave", password="x")
    erin = django_user_model.objects.create_user("erin", password="x")
    for user, seat in ((host, "N"), (other_user, "E"), (dave, "S"), (erin, "W")):
        join_table.take_seat(user, seat)
    auction = (
        Call("1H"),
        Call("P"),
        Call("2NT", True, "Jacoby: 4+ hearts"),
        Call("P"),
        Call("4H"),
        Call("P"),
        Call("P"),
        Call("P"),
    )
    game.add_decks(
        [
            ParsedDeck(
                deal=DEAL,
                index=0,
                line=1,
                board="1",
                dealer="N",
                vul="None",
                auction=auction,
                play=(("SA", "S4", "S3", "S2"),),
                claim=10,
            )
        ],
        source_name="club.lin",
        source_format="lin",
    )
    game.deal_next(by=host)
    return join_table


SEATED = [("alice", "N"), ("bob", "E"), ("dave", "S"), ("erin", "W")]


@pytest.mark.parametrize("username, seat", SEATED)
def test_the_page_shows_only_your_own_hand(at, recorded_table, username, seat):
    response = at(username).get(f"/games/{recorded_table.game.pk}/")
    assert response.status_code == 200
    assert_sees_only(response.content.decode(), seat)


@pytest.mark.parametrize("username, seat", SEATED)
def test_the_htmx_partial_shows_only_your_own_hand(at, recorded_table, username, seat):
    response = at(username).get(f"/games/{recorded_table.game.pk}/", headers={"HX-Request": "true"})
    assert response.status_code == 200 and "<html" not in response.content.decode()
    assert_sees_only(response.content.decode(), seat)


@pytest.mark.parametrize("username, seat", SEATED)
def test_the_poll_shows_only_your_own_hand(at, recorded_table, username, seat):
    for url in (f"/games/{recorded_table.game.pk}/seat/", f"/games/{recorded_table.game.pk}/seat/?v=0.0"):
        response = at(username).get(url, headers={"HX-Request": "true"})
        assert response.status_code == 200
        assert_sees_only(response.content.decode(), seat)


@pytest.mark.parametrize(
    "query", ["?seat=N", "?seat=E&user=1", "?seat=W&seat=S", "?as=N", "?reveal=1", "?revealed=1&v=x"]
)
def test_seat_and_reveal_query_parameters_are_ignored(at, recorded_table, query):
    client = at("bob")  # East
    for url in (f"/games/{recorded_table.game.pk}/{query}", f"/games/{recorded_table.game.pk}/seat/{query}"):
        response = client.get(url)
        assert response.status_code == 200
        assert_sees_only(response.content.decode(), "E")


def test_the_deal_response_and_its_redraw_show_the_host_only_their_own_hand(at, recorded_table):
    host = at("alice")
    response = host.post(f"/games/{recorded_table.game.pk}/deal/", headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200 and "Board 2" in html
    assert_sees_only(html, None)  # the queue, the history and the board's number: no hand
    redraw = host.get(f"/games/{recorded_table.game.pk}/seat/", headers={"HX-Request": "true"}).content.decode()
    assert "Board 2" in redraw and "♠" in redraw and "North's hand" in redraw  # the host's new North hand
    for seat in "ESW":
        assert f"{NAMES[seat]}'s hand" not in redraw


def test_the_host_not_seated_sees_no_hand(at, recorded_table, host):
    recorded_table.leave(host)
    for headers in ({}, {"HX-Request": "true"}):
        assert_sees_only(at("alice").get(f"/games/{recorded_table.game.pk}/", headers=headers).content.decode(), None)


def test_staff_see_no_hand_on_the_table_before_the_reveal(at, recorded_table, staff):
    assert_sees_only(at("carol").get(f"/games/{recorded_table.game.pk}/").content.decode(), None)


@pytest.mark.parametrize("which", ["queue", "dealt"])
@pytest.mark.parametrize("fmt", ["pbn", "lin"])
@pytest.mark.parametrize("username", ["bob", "dave", "erin"])
def test_exports_stay_host_and_staff_only(at, recorded_table, which, fmt, username):
    response = at(username).get(f"/games/{recorded_table.game.pk}/export/{which}.{fmt}")
    assert response.status_code == 404
    assert_sees_only(response.content.decode(), None)


@pytest.mark.parametrize(
    "path",
    [
        "/admin/",
        "/admin/games/dealtboard/",
        "/admin/games/deck/",
        "/admin/games/game/",
        "/admin/games/dealtboard/1/change/",
    ],
)
def test_the_admin_is_closed_to_players(at, recorded_table, path):
    response = at("bob").get(path)
    assert response.status_code == 302 and response.url.startswith("/admin/login/")
    assert_sees_only(at("bob").get(path, follow=True).content.decode(), None)


@pytest.mark.parametrize("path", ["", "seat/", "seat/?v=0.0", "export/dealt.pbn", "reveal/"])
def test_anyone_not_at_the_table_gets_404(at, recorded_table, django_user_model, path):
    django_user_model.objects.create_user("frank", password="x")
    client = at("frank")
    send = client.post if path == "reveal/" else client.get
    response = send(f"/games/{recorded_table.game.pk}/{path}")
    assert response.status_code == 404
    assert_sees_only(response.content.decode(), None)


def test_the_invite_page_shows_no_cards_to_a_newcomer(at, recorded_table, django_user_model):
    recorded_table.unseat("W")
    django_user_model.objects.create_user("frank", password="x")
    recorded_table.reveal(1)  # even once revealed: the invite page is not the table
    html = at("frank").get(f"/games/{recorded_table.game.pk}/join/{recorded_table.invite_token}/").content.decode()
    assert "Choose your seat" in html
    assert_sees_only(html, None)


@pytest.mark.parametrize("username", ["bob", "dave", "erin"])
def test_players_cannot_reveal_deal_or_reseat(at, recorded_table, username):
    client = at(username)
    pk = recorded_table.game.pk
    assert client.post(f"/games/{pk}/reveal/").status_code == 404
    assert client.post(f"/games/{pk}/deal/").status_code == 404
    assert client.post(f"/games/{pk}/seats/move/", {"seat": "N", "to": "E"}).status_code == 404
    assert client.post(f"/games/{pk}/seats/remove/", {"seat": "N"}).status_code == 404
    assert client.post(f"/games/{pk}/invite/").status_code == 404
    assert not recorded_table.game.boards.filter(reveal__isnull=False).exists()
    assert recorded_table.game.boards.count() == 1 and recorded_table.game.seats.count() == 4
    assert_sees_only(client.get(f"/games/{pk}/").content.decode(), dict(SEATED)[username])


@pytest.mark.parametrize("username", ["alice", "bob", "dave", "erin"])
def test_after_the_reveal_everyone_at_the_table_sees_all_four_and_the_record(at, recorded_table, username):
    assert at("alice").post(f"/games/{recorded_table.game.pk}/reveal/", {"board": "1"}).status_code == 302
    for url in (f"/games/{recorded_table.game.pk}/", f"/games/{recorded_table.game.pk}/seat/"):
        html = at(username).get(url).content.decode()
        assert_sees_all(html)
        assert "Auction" in html and "Jacoby: 4+ hearts" in html and "declarer claimed 10 tricks" in html


def test_the_record_stays_hidden_before_the_reveal(at, recorded_table):
    html = at("bob").get(f"/games/{recorded_table.game.pk}/").content.decode()
    assert "Jacoby" not in html and "Auction" not in html and "claimed" not in html


def test_a_player_who_rejoins_at_another_seat_sees_nothing_of_the_board_in_play(at, recorded_table):
    """bob held East when board 1 was dealt; after leaving and taking North he sees no hand."""
    client = at("bob")
    assert client.post(f"/games/{recorded_table.game.pk}/seats/leave/").status_code == 302
    recorded_table.unseat("N")  # the host stands up so that North is free
    html = client.get(f"/games/{recorded_table.game.pk}/join/{recorded_table.invite_token}/").content.decode()
    assert_sees_only(html, None)
    assert (
        client.post(f"/games/{recorded_table.game.pk}/join/{recorded_table.invite_token}/", {"seat": "N"}).status_code
        == 302
    )
    for url in (f"/games/{recorded_table.game.pk}/", f"/games/{recorded_table.game.pk}/seat/"):
        html = client.get(url).content.decode()
        assert_sees_only(html, None)
        assert "you see your hand from the next board on" in html


@pytest.mark.parametrize("htmx", [False, True])
def test_a_reveal_of_a_board_the_page_does_not_show_is_refused(at, recorded_table, htmx):
    """The host's page still shows board 1 when board 2 has been dealt in another tab."""
    recorded_table.game.deal_next(by=recorded_table.game.host)
    headers = {"HX-Request": "true"} if htmx else {}
    response = at("alice").post(
        f"/games/{recorded_table.game.pk}/reveal/", {"board": "1"}, headers=headers, follow=True
    )
    html = response.content.decode()
    assert "board 2 is the one on the table now" in html and "nothing was revealed" in html
    assert not recorded_table.game.boards.filter(reveal__isnull=False).exists()
    for username in ("bob", "dave", "erin"):
        assert "All four hands are shown" not in at(username).get(f"/games/{recorded_table.game.pk}/").content.decode()


@pytest.mark.parametrize("board", ["", "²", "-1", "99999999999999999999"])
def test_a_reveal_without_a_readable_board_is_refused(at, recorded_table, board):
    response = at("alice").post(f"/games/{recorded_table.game.pk}/reveal/", {"board": board}, follow=True)
    assert response.status_code == 200 and "nothing was revealed" in response.content.decode()
    assert not recorded_table.game.boards.filter(reveal__isnull=False).exists()


@pytest.mark.parametrize("fmt", ["pbn", "lin"])
def test_a_seated_host_exports_no_board_in_play_until_it_is_revealed(at, recorded_table, fmt):
    client = at("alice")  # the host sits North
    html = client.get(f"/games/{recorded_table.game.pk}/").content.decode()
    assert "leaves out the board in play until it is revealed" in html
    text = client.get(f"/games/{recorded_table.game.pk}/export/dealt.{fmt}").content.decode()
    assert_sees_only(text, None)
    client.post(f"/games/{recorded_table.game.pk}/reveal/", {"board": "1"})
    text = client.get(f"/games/{recorded_table.game.pk}/export/dealt.{fmt}").content.decode()
    assert "KJ732" in text and "Q9873" in text  # North's and East's hearts and spades


def test_a_host_not_seated_exports_every_dealt_board(at, recorded_table, host):
    recorded_table.leave(host)
    text = at("alice").get(f"/games/{recorded_table.game.pk}/export/dealt.pbn").content.decode()
    assert DEAL in text


@pytest.fixture
def staff_with(django_user_model):
    """staff_with("view_game") -> a staff user (not superuser) holding those permissions."""
    from django.contrib.auth.models import Permission

    def make(*codenames: str):
        user = django_user_model.objects.create_user(
            f"staff-{'-'.join(codenames) or 'none'}", password="x", is_staff=True
        )
        user.user_permissions.set(Permission.objects.filter(content_type__app_label="games", codename__in=codenames))
        return user

    return make


GAME_ROUTES = [
    ("get", ""),
    ("get", "seat/"),
    ("get", "upload/"),
    ("get", "export/dealt.pbn"),
    ("get", "export/queue.lin"),
    ("post", "deal/"),
    ("post", "reveal/"),
    ("post", "queue/clear/"),
]


@pytest.mark.parametrize("codenames", [(), ("view_game", "view_deck", "view_dealtboard")])
def test_staff_without_the_change_permission_manage_no_game(client, recorded_table, staff_with, codenames):
    client.force_login(staff_with(*codenames))
    for method, path in GAME_ROUTES:
        response = getattr(client, method)(
            f"/games/{recorded_table.game.pk}/{path}", {"board": "1"} if method == "post" else {}
        )
        assert response.status_code == 404, (path, response.status_code)
        assert_sees_only(response.content.decode(), None)
    assert (
        recorded_table.game.boards.count() == 1 and not recorded_table.game.boards.filter(reveal__isnull=False).exists()
    )


def test_staff_with_the_change_permission_manage_every_game(client, recorded_table, staff_with):
    client.force_login(staff_with("change_game"))
    assert client.get(f"/games/{recorded_table.game.pk}/").status_code == 200
    assert client.post(f"/games/{recorded_table.game.pk}/deal/").status_code == 302
    assert recorded_table.game.boards.count() == 2


@pytest.mark.parametrize("username", ["alice", "bob", "dave", "erin", "frank"])
def test_no_analysis_of_an_unrevealed_board_reaches_anyone(at, recorded_table, django_user_model, username):
    from games.models import DealAnalysis

    django_user_model.objects.get_or_create(username="frank")
    client = at(username)
    url = f"/games/{recorded_table.game.pk}/boards/1/analysis/"
    for headers in ({}, {"HX-Request": "true"}):
        response = client.get(url, headers=headers)
        assert response.status_code == 404 and "dd-table" not in response.text
    for page in (f"/games/{recorded_table.game.pk}/", f"/games/{recorded_table.game.pk}/seat/"):
        assert url not in client.get(page).text
    assert not DealAnalysis.objects.exists()  # not even solved, so not cached for a later leak


@pytest.mark.parametrize("username", ["alice", "bob", "dave", "erin"])
def test_after_the_reveal_everyone_at_the_table_may_see_the_analysis(at, recorded_table, username):
    recorded_table.reveal(1)
    client = at(username)
    url = f"/games/{recorded_table.game.pk}/boards/1/analysis/"
    assert url in client.get(f"/games/{recorded_table.game.pk}/").text
    response = client.get(url, headers={"HX-Request": "true"})
    assert response.status_code == 200 and "dd-table" in response.text


def test_after_the_reveal_a_stranger_still_gets_404(at, recorded_table, django_user_model):
    recorded_table.reveal(1)
    django_user_model.objects.create_user("frank", password="x")
    assert at("frank").get(f"/games/{recorded_table.game.pk}/boards/1/analysis/").status_code == 404


# --- while the board is played (tests/web/test_play_privacy.py has every phase) ----------


def play_to_the_lead(at, recorded_table) -> None:
    """The table bids 1♥ P 2NT P 4♥ P P P (North declares) and East leads the ♠3."""
    pk = recorded_table.game.pk
    for i, (username, call) in enumerate(zip(["alice", "bob", "dave", "erin"] * 2, TO_4H)):
        response = at(username).post(f"/games/{pk}/play/call/", {"board": 1, "at": i, "call": call})
        assert response.status_code == 302
    assert at("bob").post(f"/games/{pk}/play/card/", {"board": 1, "at": 8, "card": "S3"}).status_code == 302


TO_4H = ["1H", "P", "2NT", "P", "4H", "P", "P", "P"]


@pytest.mark.parametrize("username, seat", SEATED)
def test_after_the_lead_every_seat_sees_dummy_and_no_other_hand(at, recorded_table, username, seat):
    play_to_the_lead(at, recorded_table)
    html = at(username).get(f"/games/{recorded_table.game.pk}/").content.decode()
    if seat == "N":  # declarer plays from dummy next: its spades are buttons to click
        assert all(f'name="card" value="{card}"' in html for card in ("SK", "ST", "S2"))
    else:
        for text in shown("S"):  # dummy (South) has played nothing yet: shown as dealt
            assert text in html, f"dummy's {text!r} is missing for {seat}"
    for other in "NEW":
        if other != seat:
            for text in leaks(other):
                assert text not in html, f"{other}'s {text!r} leaked to {seat}"


def test_the_files_record_stays_hidden_while_the_board_is_played(at, recorded_table):
    play_to_the_lead(at, recorded_table)
    for username in ("alice", "bob", "dave", "erin"):
        html = at(username).get(f"/games/{recorded_table.game.pk}/").content.decode()
        assert "Jacoby" not in html and "From the file" not in html and "claimed" not in html


@pytest.mark.parametrize("username", ["alice", "bob", "dave", "erin"])
def test_a_board_revealed_at_play_shows_every_hand_still_held(at, recorded_table, username):
    play_to_the_lead(at, recorded_table)
    recorded_table.reveal(1, confirm=1)
    html = at(username).get(f"/games/{recorded_table.game.pk}/").content.decode()
    for seat in "NW":
        for text in shown(seat):
            assert text in html
    assert "South's hand" in html and "K 10 2" in html and 'name="card"' not in html  # the board is over
    assert 'title="spades">♠</span> <span class="cards">Q 9 8 7</span>' in html  # East, less the ♠3 led
