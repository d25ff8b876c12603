"""The Content Security Policy, clickjacking and CSRF protections on real pages."""

from __future__ import annotations

import random
import re
import uuid
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

PUBLIC_PAGES = ["home", "login", "signup", "help_upload"]


def _policy(response) -> dict[str, str]:
    header = response["Content-Security-Policy"]
    directives = (part.strip() for part in header.split(";") if part.strip())
    return {d.split(" ", 1)[0]: d.split(" ", 1)[1] if " " in d else "" for d in directives}


def _nonce(response) -> str:
    match = re.search(r"'nonce-([A-Za-z0-9+/_=-]+)'", _policy(response)["script-src"])
    assert match, response["Content-Security-Policy"]
    return match.group(1)


class _InlineFinder(HTMLParser):
    """Everything a strict policy would block: un-nonced inline scripts, inline styles, handlers."""

    def __init__(self, nonce: str) -> None:
        super().__init__()
        self.nonce = nonce
        self.blocked: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "script" and a.get("nonce") != self.nonce and not a.get("src"):
            self.blocked.append(f"<script> without src or the nonce: {attrs}")
        if tag == "script" and "nonce" in a and a["nonce"] != self.nonce:
            self.blocked.append(f"<script> with a stale nonce: {attrs}")
        if tag == "style":
            self.blocked.append("<style> element (style-src is 'self' only)")
        for name, value in attrs:
            if name == "style":
                self.blocked.append(f"style attribute on <{tag}>: {value!r}")
            if name.startswith("on"):
                self.blocked.append(f"inline handler {name} on <{tag}>")
            if name in {"href", "src", "action"} and (value or "").strip().lower().startswith("javascript:"):
                self.blocked.append(f"javascript: URL on <{tag}>")


def _assert_strict(response) -> None:
    policy = _policy(response)
    assert "unsafe-inline" not in response["Content-Security-Policy"]
    assert "unsafe-eval" not in response["Content-Security-Policy"]
    assert policy["default-src"] == "'self'"
    assert policy["style-src"] == "'self'"
    assert policy["object-src"] == "'none'"
    assert policy["base-uri"] == "'none'"
    assert policy["frame-ancestors"] == "'none'"
    assert policy["form-action"] == "'self'"
    assert policy["img-src"] == "'self' data:"


def _assert_page_obeys_policy(response) -> None:
    finder = _InlineFinder(_nonce(response))
    finder.feed(response.content.decode())
    assert finder.blocked == []


@pytest.mark.parametrize("name", PUBLIC_PAGES)
def test_public_pages_carry_a_strict_policy(client, name):
    response = client.get(reverse(name))
    assert response.status_code == 200
    _assert_strict(response)
    _assert_page_obeys_policy(response)


def test_the_host_pages_carry_a_strict_policy(host_client, game):
    for url in (reverse("new_game"), reverse("game", args=[game.pk]), reverse("upload", args=[game.pk])):
        response = host_client.get(url)
        assert response.status_code == 200, url
        _assert_strict(response)
        _assert_page_obeys_policy(response)


def test_errors_and_redirects_carry_the_policy_too(host):
    anonymous = Client()
    assert anonymous.get("/no-such-page/").status_code == 404
    assert "Content-Security-Policy" in anonymous.get("/no-such-page/")
    redirect = anonymous.get(reverse("new_game"))
    assert redirect.status_code == 302
    assert "Content-Security-Policy" in redirect
    logged_in = Client()
    logged_in.force_login(host)
    missing = logged_in.get(reverse("game", args=[999999]))
    assert missing.status_code == 404
    assert "Content-Security-Policy" in missing


def test_the_nonce_is_new_for_every_request(client):
    nonces = {_nonce(client.get(reverse("home"))) for _ in range(5)}
    assert len(nonces) == 5
    assert all(len(n) >= 22 for n in nonces)  # at least 128 bits


def test_the_htmx_script_carries_the_nonce_of_its_response(client):
    response = client.get(reverse("home"))
    nonce = _nonce(response)
    assert f'nonce="{nonce}"' in response.content.decode()
    assert response.wsgi_request.csp_nonce == nonce
    assert response.context["csp_nonce"] == nonce


def test_pages_name_their_icon_so_browsers_do_not_ask_for_a_missing_favicon_ico(client):
    from django.contrib.staticfiles import finders

    page = client.get(reverse("home")).content.decode()
    icon = re.search(r'<link rel="icon" href="/static/([^"]+)"', page)
    assert icon and finders.find(icon[1])
    assert finders.find(icon[1]).endswith(".svg") and "<svg" in Path(finders.find(icon[1])).read_text()


def test_it_forbids_framing(client):
    response = client.get(reverse("home"))
    assert response["X-Frame-Options"] == "DENY"
    assert _policy(response)["frame-ancestors"] == "'none'"


def test_it_sends_the_usual_hardening_headers(client):
    response = client.get(reverse("home"))
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"


# --- CSRF ------------------------------------------------------------------------------


@pytest.fixture
def csrf_client(host) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(host)
    return client


@pytest.mark.parametrize(
    "name, args",
    [
        ("deal", lambda g: [g.pk]),
        ("new_game", lambda g: []),
        ("upload_add", lambda g: [g.pk, uuid.uuid4()]),
        ("queue_clear", lambda g: [g.pk]),
    ],
)
def test_a_post_without_a_csrf_token_is_refused(csrf_client, game, name, args):
    response = csrf_client.post(reverse(name, args=args(game)), {"name": "Forged"})
    assert response.status_code == 403
    assert game.boards.count() == 0


def test_a_forged_log_in_is_refused(host, password):
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("login"), {"username": host.username, "password": password})
    assert response.status_code == 403
    assert "_auth_user_id" not in client.session


def test_a_post_with_the_token_from_the_page_goes_through(csrf_client, game):
    page = csrf_client.get(reverse("game", args=[game.pk]))
    token = page.cookies["csrftoken"].value
    response = csrf_client.post(reverse("deal", args=[game.pk]), HTTP_X_CSRFTOKEN=token)
    assert response.status_code in {200, 302}
    assert game.boards.count() == 1


# --- in a real browser -------------------------------------------------------------------

_LISTEN = """
window.__csp = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__csp.push(
    `${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`));
"""


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_real_browser_meets_no_policy_violation(live_server, browser, django_user_model, password):
    """Chromium enforces the policy: every page, htmx included, must run without a violation
    (htmx's own indicator <style> too: base.html turns it off with the htmx-config meta)."""
    from games.bridge.cards import random_deal
    from games.formats.model import Deck as ParsedDeck
    from games.models import Game

    host = django_user_model.objects.create_user("alice", password=password)
    game = Game.objects.create(host=host, name="Tuesday practice", allow_upload=True)
    rng = random.Random(5)
    game.add_decks([ParsedDeck(deal=random_deal(rng), index=i, line=1) for i in range(14)], source_name="q.pbn")
    page = browser.new_page()
    page.add_init_script(_LISTEN)
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    failed: list[str] = []  # and nothing the pages load (styles, scripts) fails
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)

    def visit(url: str) -> None:
        page.goto(live_server.url + url)
        page.wait_for_load_state("networkidle")
        violations.extend(f"{url}: {v}" for v in page.evaluate("window.__csp"))

    for name in PUBLIC_PAGES:
        visit(reverse(name))
    visit(reverse("login"))
    page.fill("input[name=username]", "alice")
    page.fill("input[name=password]", password)
    page.click("main button[type=submit]")
    for url in (
        reverse("home"),
        reverse("new_game"),
        reverse("upload", args=[game.pk]),
        reverse("game", args=[game.pk]),
    ):
        visit(url)
    # Chromium's own form code (seen after a sign-up) and extensions put style attributes on
    # fields; htmx must not copy them onto the swapped-in fields, a write the policy blocks.
    page.evaluate("document.querySelectorAll('input').forEach(e => e.style.setProperty('--mark', '1'))")
    for number in range(1, 5):  # htmx swaps: both panels whole, then the small out-of-band answers
        page.click("button:has-text('Deal New Cards')")
        page.wait_for_selector(f".board-title:has-text('Board {number}')")
        page.wait_for_timeout(100)  # htmx settles 20 ms after the swap
    violations.extend(page.evaluate("window.__csp"))
    page.close()
    assert violations == []
    assert failed == []
