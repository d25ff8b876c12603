"""List pages that stay small: filters by game and user take a typed value, the paginator
does not count a big table, a game's page shows the head of its queue."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.db import connection

from games.admin import lists as admin_lists
from games.admin.lists import BigTablePaginator, estimated_rows
from games.formats import read_decks
from games.formats.club import FORMATS as CLUB_FORMATS
from games.models import Deck, Game

pytestmark = pytest.mark.django_db

DECKS = "/admin/games/deck/"
CLUB_FILES = Path(__file__).resolve().parents[1] / "formats" / "club_files"


def deck_url(deck) -> str:
    return f"{DECKS}{deck.pk}/change/"


@pytest.fixture
def two_games(host, other_user, queue_decks):
    monday = Game.objects.create(host=other_user, name="Monday club")
    tuesday = Game.objects.create(host=host, name="Tuesday practice")
    return queue_decks(monday, 1)[0], queue_decks(tuesday, 1)[0]


@pytest.mark.parametrize(
    "query, found",
    [
        ({"game": "monday"}, "m"),
        ({"game": "PRACTICE"}, "t"),
        ({"game": "club"}, "m"),
        ({"game": "nothing"}, ""),
        ({"game": ""}, "mt"),
    ],
)
def test_the_game_filter_takes_part_of_a_name(staff_client, two_games, query, found):
    html = staff_client.get(DECKS, query).content.decode()
    for name, deck in zip("mt", two_games):
        assert (deck_url(deck) in html) == (name in found), (query, name)


def test_the_game_filter_takes_an_id(staff_client, two_games):
    monday, tuesday = two_games
    html = staff_client.get(DECKS, {"game": f"#{tuesday.game_id}"}).content.decode()
    assert deck_url(tuesday) in html and deck_url(monday) not in html


def test_filters_offer_the_games_and_users_of_the_page_only(staff_client, two_games, django_user_model):
    for i in range(30):  # games and users nobody uploaded to or as: not listed anywhere
        Game.objects.create(host=django_user_model.objects.create_user(f"quiet{i}"), name=f"Quiet game {i}")
    html = staff_client.get(DECKS).content.decode()
    sidebar = html[html.index('id="changelist-filter"') :]
    assert "Quiet game" not in sidebar and "quiet1" not in sidebar
    monday, tuesday = two_games
    assert f'href="?game=%23{monday.game_id}"' in sidebar and f'href="?game=%23{tuesday.game_id}"' in sidebar
    assert 'name="game"' in sidebar and 'name="uploaded_by"' in sidebar


def test_a_quick_pick_keeps_the_other_filters(staff_client, two_games):
    html = staff_client.get(DECKS, {"status__exact": "queued", "q": "club"}).content.decode()
    sidebar = html[html.index('id="changelist-filter"') :]
    assert f"?game=%23{two_games[0].game_id}&amp;q=club&amp;status__exact=queued" in sidebar
    assert '<input type="hidden" name="status__exact" value="queued">' in sidebar
    assert '<input type="hidden" name="q" value="club">' in sidebar


def test_the_chosen_value_stays_in_the_box(staff_client, two_games):
    html = staff_client.get(DECKS, {"game": "<b>Monday"}).content.decode()
    assert 'value="&lt;b&gt;Monday"' in html and "<b>Monday" not in html


@pytest.mark.parametrize("param", ["game", "uploaded_by"])
@pytest.mark.parametrize("value", ["#99999999999999999999", "#" + "9" * 5000, "#²", "#-1", "#", "zz\x00", "x" * 5000])
def test_nonsense_typed_values_find_nothing(staff_client, two_games, param, value):
    response = staff_client.get(DECKS, {param: value})
    assert response.status_code == 200
    assert not any(deck_url(d) in response.content.decode() for d in two_games)


@pytest.mark.parametrize("query, found", [({"uploaded_by": "ali"}, "t"), ({"uploaded_by": "bob"}, "m")])
def test_the_uploader_filter_takes_part_of_a_username(staff_client, host, other_user, two_games, query, found):
    monday, tuesday = two_games
    Deck.objects.filter(pk=monday.pk).update(uploaded_by=other_user)
    Deck.objects.filter(pk=tuesday.pk).update(uploaded_by=host)
    html = staff_client.get(DECKS, query).content.decode()
    for name, deck in zip("mt", two_games):
        assert (deck_url(deck) in html) == (name in found)


def test_the_game_list_filters_by_host(staff_client, two_games):
    html = staff_client.get("/admin/games/game/", {"host": "bob"}).content.decode()
    assert "Monday club" in html and "Tuesday practice" not in html


def test_the_format_filter_lists_every_format_the_readers_read(staff_client, two_games):
    sidebar = staff_client.get(DECKS).content.decode().split('id="changelist-filter"')[1]
    for fmt in ("pbn", "lin", *CLUB_FORMATS):
        assert f'href="?source_format={fmt}"' in sidebar, fmt
        assert f">{fmt.upper()}</a>" in sidebar, fmt


def test_the_format_filter_finds_a_deck_from_a_dup_file(staff_client, host, two_games):
    result = read_decks((CLUB_FILES / "bigdeal_32.dup").read_bytes(), "bigdeal_32.dup")
    assert result.format == "dup"
    game = two_games[0].game
    dup = game.add_decks(result.decks[:1], source_name=result.name, source_format=result.format, uploaded_by=host)[0]
    html = staff_client.get(DECKS, {"source_format": "dup"}).content.decode()
    assert deck_url(dup) in html
    assert not any(deck_url(d) in html for d in two_games)  # the PBN decks
    html = staff_client.get(DECKS, {"source_format": "pbn"}).content.decode()
    assert deck_url(dup) not in html and all(deck_url(d) in html for d in two_games)


def test_dealt_boards_filter_by_game(staff_client, two_games):
    for deck in two_games:
        deck.game.deal_next()
    html = staff_client.get("/admin/games/dealtboard/", {"game": "monday"}).content.decode()
    assert "Monday club" in html and "Tuesday practice (#" not in html.split('id="changelist-filter"')[0]


def test_lists_do_not_count_the_whole_table_twice(staff_client, two_games):
    html = staff_client.get(DECKS, {"game": "monday"}).content.decode()
    assert "1 deck" in html and "total" not in html.split('class="paginator"')[1][:200]


def test_a_games_page_shows_the_head_of_a_long_queue_and_links_to_all_of_it(
    staff_client, game, queue_decks, monkeypatch
):
    monkeypatch.setattr("games.admin.review.QUEUE_SHOWN", 3)
    decks = queue_decks(game, 5)
    html = staff_client.get(f"/admin/games/game/{game.pk}/change/").content.decode()
    assert [deck_url(d) in html for d in decks] == [True, True, True, False, False]
    assert f'{DECKS}?game=%23{game.pk}&amp;status__exact=queued">5 queued deck(s) in the deck list</a>' in html


def test_the_estimate_is_only_for_an_unfiltered_postgresql_table():
    if connection.vendor != "postgresql":
        assert estimated_rows(Deck.objects.all()) is None
    assert estimated_rows(Deck.objects.filter(status="queued")) is None
    assert estimated_rows(Deck.objects.distinct()) is None
    assert estimated_rows([1, 2, 3]) is None


def test_the_paginator_counts_from_the_estimate_only_for_a_big_table(game, queue_decks, monkeypatch):
    queue_decks(game, 3)
    monkeypatch.setattr(admin_lists, "estimated_rows", lambda qs: 250_000)
    assert BigTablePaginator(Deck.objects.all(), 50).count == 250_000
    assert BigTablePaginator(Deck.objects.all(), 50).num_pages == 5_000
    monkeypatch.setattr(admin_lists, "estimated_rows", lambda qs: 99_999)
    assert BigTablePaginator(Deck.objects.all(), 50).count == 3
    monkeypatch.setattr(admin_lists, "estimated_rows", lambda qs: None)
    assert BigTablePaginator(Deck.objects.all(), 50).count == 3


@pytest.mark.queue  # run again on PostgreSQL by scripts/test.sh
@pytest.mark.skipif(connection.vendor != "postgresql", reason="pg_class estimates: PostgreSQL only")
def test_postgresql_estimates_an_analysed_table(game, queue_decks, monkeypatch):
    queue_decks(game, 30)
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {connection.ops.quote_name(Deck._meta.db_table)}")
    assert estimated_rows(Deck.objects.all()) == 30
    monkeypatch.setattr(admin_lists, "ESTIMATE_FROM", 10)
    Deck.objects.filter(pk__in=list(Deck.objects.values_list("pk", flat=True)[:5])).delete()
    assert BigTablePaginator(Deck.objects.all(), 50).count == 30  # the estimate, until the next ANALYZE
    assert BigTablePaginator(Deck.objects.filter(status="queued"), 50).count == 25


def test_filters_do_not_offer_to_count_every_choice(staff_client, two_games):
    for path in (DECKS, "/admin/games/upload/", "/admin/games/game/", "/admin/games/dealtboard/"):
        html = staff_client.get(path, {"_facets": "1"}).content.decode()
        assert "Show counts" not in html and "Hide counts" not in html, path
