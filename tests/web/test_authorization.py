"""Who may use which route: every pattern of games.urls, GET and POST, four kinds of visitor.

The routes come from the URL conf itself: a new view fails test_every_route_is_listed
until its row is added to ROUTES, so none can be forgotten.
  anonymous  -> the login page for anything but the public pages
  other user -> 404 for another host's game (a wrong method may answer 405, but then
                the same as for a game that does not exist: nothing is learned)
  host/staff -> the page (200) or a redirect after POST (302); 405 for a wrong method
"""

from __future__ import annotations

from itertools import product

import pytest
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, reverse

from games import urls as game_urls
from games.models import DealtBoard

pytestmark = pytest.mark.django_db

PUBLIC, USER, HOST = "public", "user", "host"
ROUTES: dict[str, tuple[str, set[str]]] = {
    "home": (PUBLIC, {"GET"}),
    "signup": (PUBLIC, {"GET", "POST"}),
    "login": (PUBLIC, {"GET", "POST"}),
    "logout": (PUBLIC, {"POST"}),
    "password_reset": (PUBLIC, {"GET", "POST"}),
    "password_reset_done": (PUBLIC, {"GET"}),
    "password_reset_confirm": (PUBLIC, {"GET", "POST"}),  # an invalid link here: its page says so
    "password_reset_complete": (PUBLIC, {"GET"}),
    "help_upload": (PUBLIC, {"GET"}),
    "help_dealer": (PUBLIC, {"GET"}),
    "help_lesson": (PUBLIC, {"GET"}),
    "favicon": (PUBLIC, {"GET"}),
    "new_game": (USER, {"GET", "POST"}),
    "account": (USER, {"GET"}),
    "logout_everywhere": (USER, {"POST"}),
    "password_change": (USER, {"GET", "POST"}),
    "password_change_done": (USER, {"GET"}),
    "game": (HOST, {"GET"}),
    "game_settings": (HOST, {"GET", "POST"}),
    "game_delete": (HOST, {"GET", "POST"}),
    "deal": (HOST, {"GET", "POST"}),  # GET: the question asked before a board in play is left
    "queue_move": (HOST, {"POST"}),
    "queue_remove": (HOST, {"POST"}),
    "queue_restore": (HOST, {"POST"}),
    "queue_clear": (HOST, {"POST"}),
    "queue_go": (HOST, {"POST"}),
    "play_again": (HOST, {"POST"}),
    "board_analysis": (HOST, {"GET"}),
    "export": (HOST, {"GET"}),
    "upload": (HOST, {"GET", "POST"}),
    "upload_preview": (HOST, {"GET"}),
    "upload_add": (HOST, {"POST"}),
    "upload_options": (HOST, {"POST"}),
    "deck_analysis": (HOST, {"GET"}),
    "play_felt": (HOST, {"GET"}),
    # A job (a PDF being made) is its user's: "host" and "staff" visit their own, "other" the host's.
    "job": (HOST, {"GET"}),
    "job_download": (HOST, {"GET"}),
    # Playing a board (tests/web/test_play_*.py play whole boards at each kind of table).
    **{name: (HOST, {"POST"}) for name in ("play_call", "play_card", "play_claim", "play_accept")},
    **{name: (HOST, {"POST"}) for name in ("play_reject", "play_ask_undo", "play_undo", "play_keep")},
    # Join games (the fixture's game is a Practice game: no seats, no valid invite token;
    # tests/web/test_join_privacy.py walks the seated players' side).
    "join_game": (HOST, {"GET", "POST"}),
    "seat_poll": (HOST, {"GET"}),
    "table_events": (HOST, {"GET"}),
    "join_reveal": (HOST, {"GET", "POST"}),
    "join_invite": (HOST, {"POST"}),
    "seat_sit": (HOST, {"POST"}),
    "seat_move": (HOST, {"POST"}),
    "seat_remove": (HOST, {"POST"}),
    "seat_substitute": (HOST, {"POST"}),
    "seat_robot": (HOST, {"POST"}),
    "seat_robot_out": (HOST, {"POST"}),
    "seat_leave": (HOST, {"GET", "POST"}),
    "notes_read": (HOST, {"POST"}),
    # The teacher's view (tests/web/test_teacher_view.py watches a Join table).
    "teacher_view": (HOST, {"GET"}),
    "teacher_poll": (HOST, {"GET"}),
    "teacher_note": (HOST, {"POST"}),
    # A club night's tables (tests/web/test_club_*.py play a game of several tables).
    "table_teacher_view": (HOST, {"GET"}),
    "table_teacher_poll": (HOST, {"GET"}),
    "table_teacher_note": (HOST, {"POST"}),
    "table_add": (HOST, {"POST"}),
    "table_remove": (HOST, {"GET", "POST"}),
    "table_next": (HOST, {"POST"}),
    "table_move_on": (HOST, {"GET", "POST"}),
    "club_tables": (HOST, {"GET"}),
    "club_results": (HOST, {"GET"}),
    "club_results_pbn": (HOST, {"GET"}),
    "club_results_pdf": (HOST, {"GET"}),
    "club_results_usebio": (HOST, {"GET"}),
    "club_start_round": (HOST, {"POST"}),
    "club_next_round": (HOST, {"GET", "POST"}),
    # A player of the table calls (a seated player only: a manager off the tables is sent back).
    "director_call": (HOST, {"POST"}),
    "director_answer": (HOST, {"POST"}),
    "club_adjust": (HOST, {"GET", "POST"}),
    "club_pair_card": (HOST, {"GET"}),
}
PBN = (
    b'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    b'[Deal "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"]\n'
)
POST_DATA = {
    "queue_move": {"where": "down"},
    "queue_go": {"board": "3"},
    "upload_options": {"rotation": "90", "vul_follows_number": "0"},
    "upload": {"text": PBN.decode()},
    "game_settings": {"name": "Renamed"},
    "new_game": {
        "name": "G",
        "game_type": "practice",
        "allow_upload": "1",
        "scoring": "imps",
        "missing_info": "rotation",
    },
}
ACTORS = ["anonymous", "other", "host", "staff"]


def patterns() -> dict[str, URLPattern]:
    return {p.name: p for p in game_urls.urlpatterns}


def test_every_route_is_listed():
    assert set(patterns()) == set(ROUTES)


def url_for(name: str, game, deck, token) -> str:
    values = {
        "pk": game.pk,
        "deck_pk": deck.pk,
        "token": token,
        "which": "queue",
        "fmt": "pbn",
        "number": 1,
        "key": "0-0",
        "uidb64": "MQ",
        "table": 1,
        "call": 1,
        "name": "1-NS",
    }
    converters = patterns()[name].pattern.converters
    unknown = set(converters) - set(values)
    assert not unknown, f"tell test_authorization how to fill {unknown} of route {name}"
    return reverse(name, kwargs={key: values[key] for key in converters})


def state(game) -> tuple:
    """What a refused request must leave alone."""
    from games.models.upload import Upload

    return (
        DealtBoard.objects.count(),
        list(game.queued().values_list("pk", "position")),
        sorted(Upload.objects.filter(added_at__isnull=False).values_list("pk", flat=True)),
        game.decks.count(),
    )


@pytest.fixture
def visit(game, host, other_user, staff, queue_decks):
    from games.models import Job
    from games.models.upload import Upload

    decks = queue_decks(game, 3)[1:]
    game.deal_next()  # board 1, from the first deck: a board to play again
    tokens = {user: Upload.stage(game, user, [("t.pbn", PBN)]).token for user in (host, staff)}
    jobs = {
        user: Job.objects.create(user=user, kind=Job.Kind.PDF, status=Job.Status.DONE, result=b"%PDF").pk
        for user in (host, staff)
    }

    def go(actor: str, name: str, method: str, *, missing_game: bool = False):
        user = {"anonymous": None, "other": other_user, "host": host, "staff": staff}[actor]
        client = Client()
        if user is not None:
            client.force_login(user)
        url = url_for(name, game, decks[0], tokens.get(user, tokens[host]))
        if name in ("job", "job_download"):
            url = reverse(name, args=[jobs.get(user, jobs[host])])
        if missing_game:
            url = url.replace(f"/games/{game.pk}/", "/games/999999/")
        send = client.post if method == "POST" else client.get
        return send(url, POST_DATA.get(name, {}) if method == "POST" else {})

    return go


@pytest.mark.parametrize("name", ROUTES)
def test_who_may_use_which_route(visit, game, name, subtests):
    """Each method and visitor is a subtest, its requests rolled back after it: every one
    meets the same site."""
    for method, actor in product(("GET", "POST"), ACTORS):
        with subtests.test(method=method, actor=actor), transaction.atomic():
            check_visit(visit, game, name, method, actor)
            transaction.set_rollback(True)


def check_visit(visit, game, name: str, method: str, actor: str) -> None:
    kind, methods = ROUTES[name]
    allowed = method in methods
    before = state(game)
    response = visit(actor, name, method)
    status = response.status_code
    if kind == PUBLIC or (kind == USER and actor != "anonymous"):
        assert status in ((200, 302) if allowed else (405,)), status
    elif actor == "anonymous":
        assert status == 302 and response.url.startswith("/login/?next="), status
        assert state(game) == before
    elif actor == "other":
        if allowed or status != 405:
            assert status == 404, status
        else:
            assert visit(actor, name, method, missing_game=True).status_code == 405
        assert state(game) == before
    else:  # the host and staff
        assert status in ((200, 302) if allowed else (405,)), status
        if status == 302:
            assert not response.url.startswith("/login/"), response.url
