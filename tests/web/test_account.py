from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_it_shows_the_user_and_what_they_can_do(host_client):
    html = host_client.get("/account/").content.decode()
    assert "<h1>Account</h1>" in html
    assert "<dd>alice</dd>" in html and "<dd>alice@example.com</dd>" in html
    assert 'href="/password_change/"' in html
    form = html[html.index('action="/logout/everywhere/"') - 40 : html.index("Log out everywhere</button>")]
    assert 'method="post"' in form and "csrfmiddlewaretoken" in form


def test_it_counts_the_browsers_logged_in(host_client, host):
    assert "logged in on 1 browser or device," in host_client.get("/account/").text
    other = host_client.__class__()
    other.force_login(host)
    assert "logged in on 2 browsers or devices," in host_client.get("/account/").text


def test_it_says_when_there_is_no_address_to_reset_to(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("dana"))
    assert "none: a forgotten password cannot be reset" in client.get("/account/").text


def test_it_needs_a_log_in(client):
    response = client.get("/account/")
    assert response.status_code == 302 and response.url == "/login/?next=/account/"


def test_the_header_links_to_it(host_client):
    assert '<a href="/account/" class="who"' in host_client.get("/").text
