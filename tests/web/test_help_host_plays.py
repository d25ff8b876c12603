"""The help page says what a host (or staff) seated at their own Join table sees and may do:
"When the host plays", in the section on playing at the table."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.admin.review import HIDDEN
from tests.web.test_help_page import text_of


@pytest.fixture
def section(client) -> str:
    response = client.get(reverse("help_upload"))
    assert response.status_code == 200
    playing = response.text.split('<section id="playing"')[1].split("</section>")[0]
    assert '<h3 id="join-host-plays">When the host plays</h3>' in playing
    return text_of(playing.split('id="join-host-plays"')[1].split("<h3")[0])


def test_it_says_a_seated_host_is_a_player(section):
    assert "is a player like the other three" in section
    assert "any member of staff who sits down there" in section


def test_it_says_what_the_exports_leave_out(section):
    assert "the dealt boards' export leaves that board out until it is revealed" in section
    assert "after Play again , the board in play itself" in section
    assert "stand up first to download the coming boards" in section


def test_it_says_what_the_administration_shows(section):
    assert f"their own hand only (“{HIDDEN}”, wherever its deal appears)" in section
    assert "the decks still queued there with no hand" in section


def test_it_says_the_host_undoes_only_what_a_player_asks(section):
    assert "cannot take back a call or card nobody asked to undo" in section


def test_the_exports_section_points_there(client):
    html = client.get(reverse("help_upload")).text
    exports = html.split('<section id="queue-exports"')[1].split("</section>")[0]
    assert '<a href="#join-host-plays">When the host plays</a>' in exports
    assert "the queue's export waits until they stand up" in text_of(exports)
