"""Staff who sit at a Join table are players there: the admin shows them the board in play
as the table does (their own hand, or nothing), on every page that shows its deal, and
nothing of the decks still queued for that table.

alice hosts "Friday four"; the viewer (rita, a reviewer, or carol, a superuser) sits East,
board 1 (``DEAL``) is in play and ``COMING`` waits in the queue. Both came in one upload.
"""

from __future__ import annotations

import random
import re

import pytest
from django.contrib.auth.models import Group

from games.admin.reviewers import GROUP
from games.bridge.cards import SEAT_NAMES, random_deal
from games.formats import read_decks, write_pbn
from games.formats.model import Deck as ParsedDeck
from games.models import DealtBoard, Deck, Game, Job, Upload
from games.models.join import JoinTable
from games.templatetags.bridge import suits
from tests.playing import DEAL

pytestmark = pytest.mark.django_db

COMING = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
HIDDEN = "Hidden while you play at this table"


def hands(deal: str) -> dict[str, str]:
    return dict(zip("NESW", deal[2:].split()))


def printed(deal: str, seat: str) -> list[str]:
    """Every way the admin could print a seat's hand of ``deal``: each suit's holding as a
    diagram shows it, and the stored text."""
    hand = hands(deal)[seat]
    found = [f"{SEAT_NAMES[seat]}'s hand", hand, hand.replace(".", " ")]
    for row in suits(hand):
        if row["tight"] != "—":
            found.append(f'title="{row["name"]}">{row["symbol"]}</span> <span class="cards">{row["tight"]}</span>')
    return found


def assert_shows_only(html: str, deal: str, seat: str | None) -> None:
    """The page shows ``seat``'s hand of ``deal`` (none when None), no other, and not the deal."""
    assert HIDDEN in html
    assert deal not in html and deal[2:] not in html
    for other in "NESW":
        label, dotted, spaced, *diagram = printed(deal, other)
        if other == seat:
            for text in (label, *diagram):
                assert text in html, f"the viewer's own {text!r} is missing"
        else:
            for text in (label, dotted, spaced, *diagram):
                assert text not in html, f"{other}'s {text!r} leaked"


def assert_shows_all(html: str, deal: str) -> None:
    assert HIDDEN not in html
    for seat in "NESW":
        for text in printed(deal, seat)[3:]:
            assert text in html


@pytest.fixture
def rita(django_user_model):
    user = django_user_model.objects.create_user("rita", password="x", is_staff=True)
    user.groups.add(Group.objects.get(name=GROUP))
    return user


@pytest.fixture(params=["rita", "carol"])
def viewer(request, rita, staff):
    """The reviewer, and a superuser: both sit East."""
    return {"rita": rita, "carol": staff}[request.param]


@pytest.fixture
def reviewer_table(join_table, host, viewer, django_user_model) -> JoinTable:
    """The viewer seated East (alice North, dave South, erin West); DEAL and COMING added
    from one upload, board 1 dealt."""
    game = join_table.game
    join_table.take_seat(host, "N")
    join_table.take_seat(viewer, "E")
    for name, seat in (("dave", "S"), ("erin", "W")):
        join_table.take_seat(django_user_model.objects.create_user(name, password="x"), seat)
    decks = [ParsedDeck(deal=deal, index=i, line=1, board=str(i + 1)) for i, deal in enumerate((DEAL, COMING))]
    upload = Upload.stage(game, host, [("club.pbn", write_pbn(decks).encode())])
    assert upload.add_to_game() == 2
    game.deal_next(by=host)
    return join_table


@pytest.fixture
def admin(client, viewer):
    client.force_login(viewer)
    return client


def board_url(reviewer_table) -> str:
    return f"/admin/games/dealtboard/{DealtBoard.objects.get(game=reviewer_table.game, number=1).pk}/change/"


def deck_url(deal: str) -> str:
    return f"/admin/games/deck/{Deck.objects.filter(deal=deal).order_by('pk').first().pk}/change/"


def page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_the_dealt_board_list_shows_the_board_in_play_as_the_table_does(admin, reviewer_table):
    assert_shows_only(page(admin, "/admin/games/dealtboard/"), DEAL, "E")


def test_the_dealt_board_page_shows_no_deal_but_the_viewer_s_hand(admin, reviewer_table):
    html = page(admin, board_url(reviewer_table))
    assert_shows_only(html, DEAL, "E")
    assert "your hand, East" in html


def test_the_deck_list_shows_no_hand_of_the_board_in_play_and_its_page_the_viewer_s(admin, reviewer_table):
    """The list's rows show no hand at all (nor its points); the deck's page the viewer's own."""
    assert_shows_only(page(admin, f"/admin/games/deck/?game=%23{reviewer_table.game.pk}"), DEAL, None)
    html = page(admin, deck_url(DEAL))
    assert_shows_only(html, DEAL, "E")
    assert "Tricks and par" not in html and "as uploaded" not in html  # no analysis, no file text


def test_a_hidden_deck_s_page_starts_no_solve_for_the_viewer(admin, reviewer_table, viewer):
    page(admin, deck_url(DEAL))
    page(admin, deck_url(COMING))
    assert not Job.objects.filter(user=viewer).exists()
    reviewer_table.leave(viewer)
    page(admin, deck_url(COMING))  # shown now: its analysis is solved for the page
    assert Job.objects.filter(user=viewer, kind=Job.Kind.SOLVE).count() == 1


def test_play_again_s_copy_in_the_queue_shows_no_more(admin, reviewer_table, host):
    reviewer_table.game.play_again(1)
    copy = reviewer_table.game.queued().first()
    assert copy.deal == DEAL
    assert_shows_only(page(admin, f"/admin/games/deck/{copy.pk}/change/"), DEAL, "E")
    assert_shows_only(
        page(admin, f"/admin/games/deck/?game=%23{reviewer_table.game.pk}&status__exact=queued"), DEAL, None
    )


def test_the_decks_still_to_come_show_no_hand(admin, reviewer_table):
    assert_shows_only(
        page(admin, f"/admin/games/deck/?game=%23{reviewer_table.game.pk}&status__exact=queued"), COMING, None
    )
    assert_shows_only(page(admin, deck_url(COMING)), COMING, None)


def test_a_viewer_who_sat_down_after_the_deal_sees_no_hand_of_it(admin, reviewer_table, viewer):
    reviewer_table.leave(viewer)
    reviewer_table.take_seat(viewer, "E")  # from the next board on
    html = page(admin, board_url(reviewer_table))
    assert_shows_only(html, DEAL, None)
    assert "your hand" not in html


def test_the_export_action_leaves_the_hidden_decks_out(admin, reviewer_table, host):
    other = Game.objects.create(host=host, name="Elsewhere")
    elsewhere = other.add_decks([ParsedDeck(deal=random_deal(random.Random(5)), index=0, line=1)])[0]
    chosen = [*Deck.objects.filter(game=reviewer_table.game).values_list("pk", flat=True), elsewhere.pk]
    response = admin.post("/admin/games/deck/", {"action": "export_pbn", "_selected_action": chosen})
    assert response.status_code == 200
    text = response.content.decode()
    assert [d.deal for d in read_decks(response.content, "decks.pbn").decks] == [elsewhere.deal]
    for deal in (DEAL, COMING):
        assert deal not in text and not any(hand in text for hand in hands(deal).values())
    html = page(admin, "/admin/games/deck/")
    assert "Exported 1 deck(s) as PBN. 2 left out: hidden while you play at their table." in html


def test_the_upload_s_files_are_not_downloaded_while_seated(admin, reviewer_table):
    upload = Upload.objects.get(game=reviewer_table.game)
    response = admin.get(f"/admin/games/upload/{upload.pk}/download/", follow=True)
    html = response.content.decode()
    assert "stand up first to download the boards coming there" in html
    assert not any(hand in html for deal in (DEAL, COMING) for hand in hands(deal).values())
    response = admin.post("/admin/games/upload/", {"action": "download_files", "_selected_action": [upload.pk]})
    assert response.status_code == 302 and not response.has_header("Content-Disposition")


def test_after_the_reveal_the_board_shows_all_four_and_the_queue_stays_hidden(admin, reviewer_table):
    reviewer_table.reveal(1)
    assert_shows_all(page(admin, "/admin/games/dealtboard/"), DEAL)
    assert_shows_all(page(admin, deck_url(DEAL)), DEAL)
    assert_shows_only(page(admin, deck_url(COMING)), COMING, None)


def test_standing_up_shows_everything_again(admin, reviewer_table, viewer):
    reviewer_table.leave(viewer)
    assert_shows_all(page(admin, "/admin/games/dealtboard/"), DEAL)
    html = page(admin, board_url(reviewer_table))
    assert DEAL in html
    assert_shows_all(page(admin, deck_url(COMING)), COMING)
    upload = Upload.objects.get(game=reviewer_table.game)
    assert admin.get(f"/admin/games/upload/{upload.pk}/download/").has_header("Content-Disposition")


def test_staff_not_seated_see_every_hand(client, reviewer_table, django_user_model):
    other = django_user_model.objects.create_user("ron", password="x", is_staff=True)
    other.groups.add(Group.objects.get(name=GROUP))
    client.force_login(other)
    assert_shows_all(page(client, "/admin/games/dealtboard/"), DEAL)
    assert re.search(re.escape(DEAL), page(client, board_url(reviewer_table)))
