"""Every URL of the site, with hostile path and query values: never a 5xx.

The routes come from the URL conf itself (the admin's included), so a route added
later is attacked without anyone listing it here. Each route is first given real
values (a game with a queue, a dealt board, an upload, a Join table with a player),
then, one path group at a time, hostile ones; then hostile values for every query
and form parameter the views read. Requests go as anonymous, another user, the seated
player, the host and staff (see the test for who gets which), by GET and POST, with
and without htmx, each in a savepoint that is rolled back, so that one POST (a deal,
a clear) does not change what the next request sees.

Django's test client raises a view's exception; each is collected, and the first one
is the cause of the test's failure, with its traceback.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from http.cookies import SimpleCookie
from itertools import product
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import Group
from django.contrib.contenttypes.models import ContentType
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve, reverse
from django.urls.converters import UUIDConverter
from django.urls.exceptions import Resolver404
from django.utils.http import urlencode
from django.utils.regex_helper import normalize

from games.converters import MAX_DB_ID, bounded_int
from games.models import DealAnalysis, Deck, Game
from games.models.join import BoardReveal, JoinTable
from games.models.upload import Upload
from tests.fixtures_upload import THREE_BOARDS_PBN, pbn

pytestmark = pytest.mark.django_db

HUGE = "9" * 5000  # past Python's 4,300-digit int() limit: int() raises ValueError
LONG = "x" * 5000
# Path values: out of the 64-bit range, at its edge, zero, negative, empty, digits that are
# not ASCII (str.isdigit() says yes to "²", int() says no), full-width letters, a NUL.
HOSTILE_PATH = (
    "99999999999999999999",
    "9223372036854775807",
    "9223372036854775808",
    HUGE,
    "0",
    "-1",
    "",
    "²",
    "١٢",
    "ｄ",
    "%00",
    LONG,
)
HOSTILE_VALUES = ("²", "²-1", "١", "-1", "0", "99999999999999999999", HUGE, "", "\x00", LONG)
# Every name the views read from request.GET / request.POST (grep games/ for them) and the
# forms' fields; for the admin, its own (page, ordering, search, filters, actions, popups).
APP_PARAMS = (
    "file",
    "page",
    "include",
    "include_all",
    "v",
    "where",
    "seat",
    "to",
    "board",
    "shown",
    "queue_head",
    "next",
    "text",
    "files",
    "name",
    "game_type",
    "allow_upload",
    "scoring",
    "missing_info",
    "username",
    "password",
    "password1",
    "password2",
    "email",
)
ADMIN_PARAMS = (
    "p",
    "o",
    "q",
    "e",
    "all",
    "_popup",
    "_to_field",
    "_changelist_filters",
    "action",
    "_selected_action",
    "select_across",
    "index",
    "app_label",
    "model_name",
    "field_name",
    "term",
    "next",
    "password1",
    "password2",
    "game__id__exact",
    "host__id__exact",
    "created_at__gte",
    "game_type__exact",
    "allow_upload__exact",
)
# Values that only reach the code behind another parameter's valid value.
UPLOAD_SPECIAL = (
    *({"file": "0", "page": value} for value in ("²", "-1", "0", "99999999999999999999", HUGE)),
    {"include": f"{HUGE}-1"},
    {"include": f"0-{HUGE}"},
    {"include": "0-99999999999999999999"},
    {"include": ["0-0", "²-²", "-"]},
    {"include_all": "on", "include": "²-1"},
)
ADMIN_SPECIAL = ({"app_label": "games", "model_name": "game", "field_name": "host", "term": "²"},)


@dataclass(frozen=True, slots=True)
class Route:
    """One endpoint: its path as a %-format string, its groups and converters."""

    name: str
    fmt: str
    groups: tuple[str, ...]
    converters: dict[str, Any]
    view: Any

    @property
    def admin(self) -> bool:
        return self.fmt.startswith("admin/")

    def path(self, values: dict[str, str]) -> str:
        return "/" + self.fmt % values


def walk(
    patterns: list, fmt: str = "", groups: tuple[str, ...] = (), converters: dict | None = None
) -> Iterator[Route]:
    """Every endpoint under ``patterns``, as Django's reverse() sees it (normalize())."""
    for pattern in patterns:
        piece, names = normalize(pattern.pattern.regex.pattern)[0]
        found = {**(converters or {}), **getattr(pattern.pattern, "converters", {})}
        if isinstance(pattern, URLResolver):
            yield from walk(pattern.url_patterns, fmt + piece, groups + tuple(names), found)
        else:
            assert isinstance(pattern, URLPattern)
            yield Route(pattern.name or fmt + piece, fmt + piece, groups + tuple(names), found, pattern.callback)


ROUTES = list(walk(get_resolver().url_patterns))
ROUTE_IDS = ["/" + r.fmt.replace("%(", "<").replace(")s", ">") for r in ROUTES]
# Each route takes thousands of requests: the slow run attacks every one; the everyday run
# attacks the upload's preview (the most parameters) and one admin list.
EVERYDAY = ("/games/<pk>/upload/<token>/", "/admin/games/game/")
assert set(EVERYDAY) <= set(ROUTE_IDS), "an everyday route is missing from the URL conf"
EACH_ROUTE = [pytest.param(r, id=i, marks=() if i in EVERYDAY else pytest.mark.slow) for r, i in zip(ROUTES, ROUTE_IDS)]


@pytest.fixture
def site(host, other_user, staff, game, queue_decks, django_user_model) -> dict[str, Any]:
    """Something behind every route: two games (Practice, Join) with a queue, a dealt
    board, an upload (one of its decks already queued, so include= matters), a seated
    player and a revealed board; a group for the auth admin."""
    player = django_user_model.objects.create_user("dave", "dave@example.com", "x")
    join = Game.objects.create(host=host, name="Friday four", game_type=Game.Type.JOIN, allow_upload=True)
    table = JoinTable.for_game(join)
    table.take_seat(player, "N")
    contexts = {}
    for g in (game, join):
        decks = queue_decks(g, 3)
        g.deal_next(by=host)
        upload = Upload.stage(g, host, [("three.pbn", pbn(THREE_BOARDS_PBN)), ("queued.pbn", pbn([decks[1].deal]))])
        contexts[g.pk] = {"pk": str(g.pk), "deck_pk": str(decks[-1].pk), "upload": str(upload.token)}
    BoardReveal.objects.create(board=join.boards.get(), table=table, revealed_by=host)
    Group.objects.create(name="dealers")
    clients = {"anonymous": Client()}
    for role, user in (("other", other_user), ("player", player), ("host", host), ("staff", staff)):
        clients[role] = Client()
        clients[role].force_login(user)
    yield {"games": [game.pk, join.pk], "contexts": contexts, "invite": table.invite_token, "clients": clients}
    cache.clear()  # nothing these requests cached (log-in failures) reaches other tests


def valid_values(route: Route, site: dict[str, Any], game_pk: int) -> dict[str, str]:
    """Real values for every group of ``route`` (a KeyError names a group no one taught this test)."""
    context = site["contexts"][game_pk]
    values = {}
    for group in route.groups:
        if group == "token":
            uuid = isinstance(route.converters.get(group), UUIDConverter)
            values[group] = context["upload"] if uuid else site["invite"]
        elif group in ("pk", "deck_pk"):
            values[group] = context[group]
        elif group in ("object_id", "id"):
            values[group] = _admin_object_id(route, game_pk)
        else:
            values[group] = {
                "which": "queue",
                "fmt": "pbn",
                "app_label": "games",
                "url": "nothing-here/",
                "number": "1",
                "key": "0-0",
                "uidb64": "MQ",  # the user of id 1, as a password-reset link names them
                "table": "1",
                "call": "1",  # a director's call (none yet: a 404, never a 500)
                "name": "1-NS",  # a pair, as the ranking's links name it
                "content_type_id": str(ContentType.objects.get_for_model(JoinTable).pk),
            }[group]
    return values


def _admin_object_id(route: Route, game_pk: int) -> str:
    parts = route.fmt.split("/")
    if parts[1] == "r":  # the admin's "view on site" redirect: /admin/r/<content type>/<JoinTable (game) id>/
        return str(game_pk)
    model = apps.get_model(parts[1], parts[2])
    obj = model.objects.order_by("pk").first()  # none for a model the site fixture knows nothing of
    return str(obj.pk) if obj else "1"


def resolves_to(route: Route, path: str) -> bool:
    try:
        match = resolve(path.split("?")[0].replace("%00", "\x00"))
    except Resolver404:
        return False
    return match.func is route.view


@dataclass(slots=True)
class Attack:
    route: Route
    site: dict[str, Any]
    failures: list[str]
    first: BaseException | None = None
    sent: int = 0

    def send(self, role: str, method: str, path: str, data: dict | None, htmx: bool) -> None:
        client: Client = self.site["clients"][role]
        cookies = {key: morsel.value for key, morsel in client.cookies.items()}
        headers = {"HX-Request": "true"} if htmx else {}
        what = f"{method} {_short(path)} {_short(urlencode(data or {}, doseq=True))} as {role}{' htmx' if htmx else ''}"
        self.sent += 1
        try:
            with transaction.atomic():  # rolled back: every request sees the same site
                if method == "GET":
                    response = client.get(path, data, headers=headers)
                else:
                    query = f"?{urlencode(data, doseq=True)}" if data else ""
                    response = client.post(path + query, data or {}, headers=headers)
                transaction.set_rollback(True)
        except Exception as error:  # noqa: BLE001 - every exception is a 500 in production
            self.failures.append(f"{what}: {type(error).__name__}: {_short(str(error))}")
            self.first = self.first or error
        else:
            if response.status_code >= 500:
                self.failures.append(f"{what}: HTTP {response.status_code}")
        finally:
            client.cookies = SimpleCookie(cookies)  # a logout or a log-in must not change the role


def _short(text: str, limit: int = 90) -> str:
    return text if len(text) <= limit else f"{text[:40]}…({len(text)} chars)…{text[-20:]}"


def _combos(route: Route, roles: tuple[str, ...], htmx: bool = True) -> Iterator[tuple[str, str, bool]]:
    # The admin does not look at HX-Request: no need to send each admin request twice.
    return product(roles, ("GET", "POST"), (False, True) if htmx and not route.admin else (False,))


@pytest.mark.parametrize("route", EACH_ROUTE)
def test_no_url_answers_a_server_error(route: Route, site: dict[str, Any]) -> None:
    attack = Attack(route, site, [])
    if "analysis" in route.fmt:  # each request is rolled back: a deal it solves is solved again by the next
        DealAnalysis.tables([*THREE_BOARDS_PBN, *Deck.objects.values_list("deal", flat=True)])  # once, then read
    join_pk = site["games"][1]
    games = site["games"] if "pk" in route.groups else site["games"][:1]
    for game_pk in games:
        # Who gets past the access checks to the parameters: in the admin only staff (the
        # rest see its log-in page); in the app the host, staff and, at the Join table, its
        # player. The upload's preview is its host's alone.
        if route.admin:
            roles, insiders, owner, special = ("anonymous", "host", "staff"), ("staff",), ("staff",), ADMIN_SPECIAL
        else:
            insiders = ("player", "host", "staff") if game_pk == join_pk else ("host", "staff")
            roles, owner, special = ("anonymous", "other", *insiders), ("host",), UPLOAD_SPECIAL
        valid = valid_values(route, site, game_pk)
        # Hostile path values, one group at a time. A value the route does not match is
        # a 404 from the resolver, whoever asks: asked once. htmx or not, the lookup of
        # what the path names comes first.
        for group, value in product(route.groups, HOSTILE_PATH):
            path = route.path({**valid, group: value})
            for role, method, htmx in _combos(route, roles if resolves_to(route, path) else ("anonymous",), False):
                attack.send(role, method, path, None, htmx)
        # Hostile query and form values, on the real path.
        path = route.path(valid)
        assert resolves_to(route, path), f"{path} does not resolve to {route.name}"
        params = ADMIN_PARAMS if route.admin else APP_PARAMS
        for value in HOSTILE_VALUES:
            for role, method, htmx in _combos(route, insiders):
                attack.send(role, method, path, dict.fromkeys(params, value), htmx)
        for data in special:
            for role, method, htmx in _combos(route, owner):
                attack.send(role, method, path, data, htmx)
        for role, method, htmx in _combos(route, ("anonymous", "other")):
            attack.send(role, method, path, dict.fromkeys(params, HOSTILE_VALUES[0]), htmx)
    if attack.failures:
        shown = "\n".join(attack.failures[:40])
        more = f"\n… and {len(attack.failures) - 40} more" if len(attack.failures) > 40 else ""
        raise AssertionError(
            f"{len(attack.failures)} of {attack.sent} requests to {route.fmt} failed:\n{shown}{more}"
        ) from attack.first


def test_the_walk_finds_the_apps_and_the_admins_routes() -> None:
    names = {route.name for route in ROUTES}
    assert {"upload_preview", "queue_move", "deal", "join_game", "games_game_change", "app_list"} <= names


# The 500s the walk found, one by one.


def test_a_game_id_past_64_bits_is_a_404(host_client, game):
    assert host_client.post("/games/99999999999999999999/deal/").status_code == 404
    assert host_client.get("/games/9223372036854775808/upload/").status_code == 404
    assert host_client.get("/games/9223372036854775807/").status_code == 404  # fits: no such game
    assert reverse("game", args=[game.pk]) == f"/games/{game.pk}/"


def test_a_file_number_in_superscript_is_a_404(host_client, game):
    staged = Upload.stage(game, game.host, [("three.pbn", pbn(THREE_BOARDS_PBN))])
    url = reverse("upload_preview", args=[game.pk, staged.token])
    for file in ("²", "١", HUGE, "1", "-0"):
        assert host_client.get(url, {"file": file}, headers={"HX-Request": "true"}).status_code == 404
    assert host_client.get(url, {"file": "0"}, headers={"HX-Request": "true"}).status_code == 200


def test_a_deck_choice_in_superscript_is_refused(host_client, game):
    staged = Upload.stage(game, game.host, [("three.pbn", pbn(THREE_BOARDS_PBN))])
    add = reverse("upload_add", args=[game.pk, staged.token])
    for include in ("²-1", "1-²", f"{HUGE}-1", "١-1"):
        response = host_client.post(add, {"include": include})
        assert response.status_code == 400 and "not one of this upload" in response.text
    assert not game.queued().exists()


def test_signup_ignores_a_next_that_is_not_a_path(host_client):
    for next_url in ("²", "home", "-1"):
        response = host_client.get("/signup/", {"next": next_url})
        assert response.status_code == 302 and response.url == reverse("home")


def test_the_admin_says_an_id_past_64_bits_does_not_exist(staff_client, host):
    table = JoinTable.for_game(Game.objects.create(host=host, name="Join", game_type=Game.Type.JOIN))
    for url in (
        "/admin/games/jointable/99999999999999999999/change/",
        "/admin/games/boardreveal/9223372036854775808/delete/",
        "/admin/games/jointable/99999999999999999999/history/",
        "/admin/games/game/99999999999999999999/change/",
    ):
        assert staff_client.get(url).status_code == 302  # to the admin's index, "doesn't exist"
    content_type = ContentType.objects.get_for_model(JoinTable).pk
    assert staff_client.get(f"/admin/r/{content_type}/99999999999999999999/").status_code == 404
    assert staff_client.get(f"/admin/games/jointable/{table.pk}/change/").status_code == 200


def test_the_admin_takes_an_empty_to_field_for_the_primary_key(staff_client, game):
    for page in ("change", "delete"):
        response = staff_client.get(f"/admin/games/game/{game.pk}/{page}/", {"_to_field": ""})
        assert response.status_code == 200 and game.name in response.text


def test_every_admin_of_the_site_has_the_safe_lookups(staff_client, staff):
    """The project's admins inherit them; the other apps' are registered again with them."""
    from django.contrib import admin

    from games.admin.site import SafeLookupMixin

    admins = [admin.site.get_model_admin(model) for model in apps.get_models() if admin.site.is_registered(model)]
    assert len(admins) > 6 and all(isinstance(model_admin, SafeLookupMixin) for model_admin in admins)
    response = staff_client.get(f"/admin/auth/user/{staff.pk}/change/", {"_to_field": ""})
    assert response.status_code == 200 and staff.username in response.text


def test_numbers_from_requests_are_ascii_digits_within_bounds() -> None:
    assert bounded_int("12", 100) == 12 and bounded_int("0", 0) == 0
    for text in ("²", "١٢", "ｄ", "-1", "+1", " 1", "1_0", "", "101", HUGE):
        assert bounded_int(text, 100) is None, text
    assert bounded_int(str(MAX_DB_ID), MAX_DB_ID) == MAX_DB_ID
    assert bounded_int(str(MAX_DB_ID + 1), MAX_DB_ID) is None
