"""The review desk has no accessibility faults axe-core finds: the admin's home, the deck
and game lists with their search boxes, a game's page, an upload's review and a club
night's results, on a laptop (1280×800) and on a phone (390×844)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

from games.bridge.cards import random_deal
from games.formats.model import Deck as ParsedDeck
from games.models import Game, Upload
from tests.browser.axe import assert_no_axe_violations
from tests.web.test_club_exports import night  # noqa: F401  (the fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"1280": {"width": 1280, "height": 800}, "390": {"width": 390, "height": 844}}


@pytest.mark.parametrize("size", SIZES)
def test_the_review_desk_has_no_axe_violations(night, live_server, browser, staff, output_dir, size):  # noqa: F811
    game = night(Game.Scoring.MATCHPOINTS)
    game.add_decks(
        [ParsedDeck(deal=random_deal(), index=0, line=1, board="9")], source_name="late.pbn", source_format="pbn"
    )
    staff.is_superuser = True
    staff.save()
    client = Client()
    client.force_login(staff)
    context = browser.new_context(viewport=SIZES[size])
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}])
    page = context.new_page()
    pages = {
        "home": "/admin/",
        "decks": "/admin/games/deck/?q=late",
        "games": "/admin/games/game/",
        "game": f"/admin/games/game/{game.pk}/change/",
        "results": f"/admin/games/game/{game.pk}/results/",
    }
    upload = Upload.objects.first()
    if upload is not None:
        pages["upload"] = f"/admin/games/upload/{upload.pk}/change/"
    for name, url in pages.items():
        page.goto(f"{live_server.url}{url}")
        page.screenshot(path=str(output_dir / f"{name}-{size}.png"))
        assert_no_axe_violations(page, f"the admin's {name} page at {size}")
    context.close()
