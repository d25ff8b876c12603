"""The admin review desk: games with their queue, decks (a line each in the list, the
diagram on their own page) and actions, dealt boards."""

from __future__ import annotations

import pytest

from games.formats import read_decks
from games.formats.model import Deck as ParsedDeck
from games.models import DealtBoard, Deck, Game
from games.templatetags.bridge import hcp

pytestmark = pytest.mark.django_db

DEAL = "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"
EVIL = "<script>alert(1)</script>"


def act(client, action, decks, **extra):
    return client.post(
        "/admin/games/deck/",
        {"action": action, "_selected_action": [d.pk for d in decks], **extra},
    )


def order(game):
    return list(game.queued().values_list("pk", flat=True))


def test_the_game_admin_shows_the_queue_inline_in_order(staff_client, game, queue_decks):
    a, b, c = queue_decks(game, 3)
    game.move_deck(c.pk, "front")
    game.deal_next()  # c is dealt: it leaves the queue
    html = staff_client.get(f"/admin/games/game/{game.pk}/change/").content.decode()
    queue = html[html.index('id="decks-group"') :]
    assert "Queue" in queue
    assert queue.index(f"/admin/games/deck/{a.pk}/change/") < queue.index(f"/admin/games/deck/{b.pk}/change/")
    assert f"/admin/games/deck/{c.pk}/change/" not in queue
    assert "club.pbn (PBN, deck 1)" in html


def test_the_game_list_counts_queued_and_dealt(staff_client, game, queue_decks):
    queue_decks(game, 3)
    game.deal_next()
    html = staff_client.get("/admin/games/game/").content.decode()
    assert '<td class="field-queued">2</td>' in html and '<td class="field-dealt">1</td>' in html


def test_the_deck_list_shows_a_line_a_deck_and_no_diagram(staff_client, game):
    """Board and name, game, source file, dealer and vulnerability as the file states them,
    each hand's points, status: the diagram is on the deck's own page."""
    game.add_decks(
        [
            ParsedDeck(deal=DEAL, index=0, line=1, board="7", board_name="Club night", dealer="S", vul="All"),
            ParsedDeck(deal=DEAL, index=1, line=9, board="8"),
        ],
        source_name="club.pbn",
        source_format="pbn",
    )
    html = staff_client.get("/admin/games/deck/").content.decode()
    assert "diagram" not in html.split('id="result_list"')[1] and 'class="hand' not in html
    assert "games/site.css" in html
    header = html.split("<thead>")[1].split("</thead>")[0]
    for column in ("Board", "Game", "Source file", "Dealer · vul", "HCP", "Status"):
        assert column in header
    hands = dict(zip("NESW", DEAL[2:].split()))
    points = " · ".join(f"{seat} {hcp(hands[seat])}" for seat in "NESW")
    rows = html.split('id="result_list"')[1].split("<tbody>")[1].split("</tr>")
    assert "7 <small" in rows[0] and "Club night" in rows[0] and "S · Both" in rows[0]
    assert 'club.pbn <small class="deck-where">PBN · deck 1</small>' in rows[0]
    assert f'<td class="field-points">{points}</td>' in rows[0] and '<td class="field-status">Queued</td>' in rows[0]
    assert "— · —" in rows[1]  # the file gave no dealer or vulnerability
    assert 'id="nav-sidebar"' not in html  # the list has the screen's width beside its filters


def test_uploaded_text_is_escaped_everywhere(staff_client, game):
    deck, _ = game.add_decks(
        [ParsedDeck(deal=DEAL, index=i, line=1, board="1", board_name=EVIL, players=(("N", EVIL),)) for i in (0, 1)],
        source_name=EVIL,
        source_format="pbn",
    )
    game.deal_next()
    for url in (
        "/admin/games/deck/",
        f"/admin/games/deck/{deck.pk}/change/",
        "/admin/games/dealtboard/",
        f"/admin/games/game/{game.pk}/change/",
    ):
        html = staff_client.get(url).content.decode()
        assert "<script>alert(1)" not in html, url
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html, url


@pytest.mark.parametrize(
    "term, found",
    [("Opening lead", "a"), ("monday.lin", "b"), ("zoë", "a"), ("MEC", "b"), ("nobody", "")],
)
def test_it_searches_board_names_file_names_and_players(staff_client, game, term, found):
    (a,) = game.add_decks(
        [ParsedDeck(deal=DEAL, index=0, line=1, board="1", board_name="Opening lead", players=(("N", "Zoë"),))],
        source_name="tuesday.pbn",
    )
    (b,) = game.add_decks(
        [ParsedDeck(deal=DEAL, index=0, line=1, board="2", players=(("W", "Mechstroth"), ("E", "Rodwell")))],
        source_name="monday.lin",
    )
    html = staff_client.get("/admin/games/deck/", {"q": term}).content.decode()
    pks = {"a": a.pk, "b": b.pk}
    for name, pk in pks.items():
        assert (f"/admin/games/deck/{pk}/change/" in html) == (name == found), (term, name)


def test_search_keeps_the_list_filters(staff_client, game, queue_decks):
    (a,) = game.add_decks([ParsedDeck(deal=DEAL, index=0, line=1, players=(("N", "Zoë"),))])
    (b,) = game.add_decks([ParsedDeck(deal=DEAL, index=0, line=1, players=(("N", "Zoë"),))])
    game.remove_deck(b.pk)
    html = staff_client.get("/admin/games/deck/", {"q": "Zoë", "status__exact": "queued"}).content.decode()
    assert f"/admin/games/deck/{a.pk}/change/" in html and f"/admin/games/deck/{b.pk}/change/" not in html


def test_it_filters_by_game_status_format_uploader_and_date(staff_client, staff, host, game, game_without_upload):
    (pbn,) = game.add_decks([ParsedDeck(deal=DEAL, index=0, line=1)], source_format="pbn", uploaded_by=host)
    (lin,) = game_without_upload.add_decks(
        [ParsedDeck(deal=DEAL, index=0, line=1)], source_format="lin", uploaded_by=staff
    )
    html = staff_client.get("/admin/games/deck/").content.decode()
    for title in ("game", "status", "source format", "uploaded by", "uploaded at"):
        assert f'data-filter-title="{title}"' in html
    html = staff_client.get("/admin/games/deck/", {"source_format": "lin"}).content.decode()
    assert f"/admin/games/deck/{lin.pk}/change/" in html and f"/admin/games/deck/{pbn.pk}/change/" not in html


def test_games_of_the_same_name_are_told_apart_in_the_filters_and_lists(staff_client, host, game):
    twin = Game.objects.create(host=host, name=game.name, allow_upload=True)
    for g in (game, twin):
        g.add_decks([ParsedDeck(deal=DEAL, index=0, line=1)])
    html = staff_client.get("/admin/games/deck/").content.decode()
    for g in (game, twin):
        assert html.count(f"{g.name} (#{g.pk})") >= 2  # the game filter and the list's game column


def test_the_remove_action_takes_decks_out_of_the_queue(staff_client, game, queue_decks):
    a, b, c = queue_decks(game, 3)
    game.deal_next()
    response = act(staff_client, "remove_from_queue", [a, b])
    assert response.status_code == 302
    assert order(game) == [c.pk]
    assert "Removed 1 deck(s) from the queue; 1 were not queued." in staff_client.get(response.url).content.decode()


def test_the_front_action_keeps_the_selected_decks_in_order(staff_client, game, queue_decks):
    a, b, c, d = queue_decks(game, 4)
    act(staff_client, "move_to_front", [b, d])
    assert order(game) == [b.pk, d.pk, a.pk, c.pk]


def test_the_requeue_action_puts_a_dealt_deck_at_the_end(staff_client, staff, game, queue_decks):
    a, b = queue_decks(game, 2)
    board = game.deal_next()
    response = act(staff_client, "requeue", [a, b])
    assert "Put 1 deck(s) back at the end of the queue." in staff_client.get(response.url).content.decode()
    queued = list(game.queued())
    assert [d.deal for d in queued] == [b.deal, a.deal]
    assert queued[1].source_name == "club.pbn" and queued[1].uploaded_by == staff
    board.refresh_from_db()
    assert board.deck_id == a.pk  # the history still points at the deck it dealt
    game.deal_next()
    assert game.deal_next().deal == a.deal


@pytest.mark.parametrize("fmt", ["pbn", "lin"])
def test_the_export_actions_download_the_selected_decks(staff_client, game, queue_decks, fmt):
    a, b, c = queue_decks(game, 3)
    response = act(staff_client, f"export_{fmt}", [c, a])
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="decks-')
    assert response["Content-Disposition"].endswith(f'.{fmt}"')
    assert [d.deal for d in read_decks(response.content, f"x.{fmt}").decks] == [a.deal, c.deal]
    assert f"Exported 2 deck(s) as {fmt.upper()}." in staff_client.get("/admin/").content.decode()


def test_dealt_boards_are_read_only(staff_client, game, queue_decks):
    queue_decks(game, 1)
    game.deal_next()
    board = game.deal_next()
    html = staff_client.get("/admin/games/dealtboard/").content.decode()
    assert html.count('class="diagram compact"') == 2
    assert "club.pbn, board 1" in html and "random" in html
    assert staff_client.get("/admin/games/dealtboard/add/").status_code == 403
    assert staff_client.post(f"/admin/games/dealtboard/{board.pk}/delete/", {"post": "yes"}).status_code == 403
    assert DealtBoard.objects.count() == 2


def test_players_cannot_open_the_admin(other_client):
    response = other_client.get("/admin/games/deck/")
    assert response.status_code == 302 and "/admin/login/" in response.url


def test_a_deck_change_page_shows_its_diagram(staff_client, game, queue_decks):
    (deck,) = queue_decks(game, 1)
    html = staff_client.get(f"/admin/games/deck/{deck.pk}/change/").content.decode()
    assert 'class="diagram compact"' in html
    assert Deck.objects.get().status == "queued"
    assert Game.objects.count() == 1


def test_decks_are_read_only_outside_the_actions(staff_client, game, queue_decks):
    (deck,) = queue_decks(game, 1)
    html = staff_client.get(f"/admin/games/deck/{deck.pk}/change/").content.decode()
    assert 'name="status"' not in html and 'name="deal"' not in html
    assert staff_client.get("/admin/games/deck/add/").status_code == 403
    assert staff_client.post(f"/admin/games/deck/{deck.pk}/delete/", {"post": "yes"}).status_code == 403
    assert 'value="delete_selected"' not in staff_client.get("/admin/games/deck/").content.decode()


def test_the_game_can_be_saved_with_its_queue_inline(staff_client, game, queue_decks):
    a, b = queue_decks(game, 2)
    data = {
        "host": game.host_id,
        "name": "Renamed",
        "game_type": "practice",
        "allow_upload": "on",
        "scoring": "imps",
        "missing_info": "rotation",
        "when_empty": "random",
        "practice_play": "show",
        "practice_seat": "S",
        "show_lesson": "after",
        "boards_per_round": "2",
        "even": "relay",
        "arrow_switch": "0",
        "missed_boards": "average",
        **{
            f"avg{kind}_{unit}": value
            for kind, unit, value in (
                ("_plus", "percent", "60"),
                ("", "percent", "50"),
                ("_minus", "percent", "40"),
                ("_plus", "imps", "3"),
                ("", "imps", "0"),
                ("_minus", "imps", "-3"),
            )
        },
        "decks-TOTAL_FORMS": "2",
        "decks-INITIAL_FORMS": "2",
        "decks-MIN_NUM_FORMS": "0",
        "decks-MAX_NUM_FORMS": "0",
        "decks-0-id": a.pk,
        "decks-0-game": game.pk,
        "decks-1-id": b.pk,
        "decks-1-game": game.pk,
    }
    response = staff_client.post(f"/admin/games/game/{game.pk}/change/", data)
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.name == "Renamed" and list(game.queued()) == [a, b]


def test_staff_see_join_seating_without_the_invite_token(staff_client, host, other_user):
    from games.models.join import JoinTable, Seat

    table = JoinTable.for_game(Game.objects.create(host=host, name="Friday four", game_type=Game.Type.JOIN))
    Seat.objects.create(game=table.game, table=table, seat="W", user=other_user)
    listing = staff_client.get("/admin/games/seat/").content.decode()
    assert "Friday four" in listing and "bob" in listing
    page = staff_client.get(f"/admin/games/jointable/{table.pk}/change/").content.decode()
    assert table.invite_token not in page
