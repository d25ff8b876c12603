from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_it_logs_out_by_post(host_client):
    response = host_client.post("/logout/")
    assert response.status_code == 302 and response.url == "/"
    assert b"Your games" not in host_client.get("/").content


def test_it_does_not_log_out_by_get(host_client):
    assert host_client.get("/logout/").status_code == 405
    assert b"Your games" in host_client.get("/").content


def test_the_log_out_button_is_a_form_with_a_csrf_token(host_client):
    html = host_client.get("/").content.decode()
    form = html[html.index('action="/logout/"') - 40 : html.index("Log out</button>")]
    assert 'method="post"' in form and "csrfmiddlewaretoken" in form
