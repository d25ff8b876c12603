"""The ``path`` filter (games/templatetags/paths.py): a game's route's path, as ``{% url %}``
gives it, reversed once per URLconf and script prefix."""

from __future__ import annotations

from django.template import engines
from django.urls import get_script_prefix, reverse, set_script_prefix

from games.templatetags.paths import path

NAMES = ("play_call", "play_card", "seat_poll", "director_call", "club_results", "game")


def test_it_gives_what_the_url_tag_gives():
    drawn = engines["django"].from_string(
        "{% load paths %}" + "|".join(f"{{% url '{name}' pk %}}={{{{ pk|path:'{name}' }}}}" for name in NAMES)
    )
    for pk in (7, 123456):
        for pair in drawn.render({"pk": pk}).split("|"):
            by_tag, by_filter = pair.split("=")
            assert by_tag == by_filter and str(pk) in by_filter, pair
    assert path(7, "play_call") == reverse("play_call", args=[7]) != path(8, "play_call")


def test_a_path_kept_follows_the_script_prefix():
    before = get_script_prefix()
    assert path(9, "play_call") == "/games/9/play/call/"
    try:
        set_script_prefix("/bridge/")
        assert path(9, "play_call") == "/bridge/games/9/play/call/"
    finally:
        set_script_prefix(before)
    assert path(9, "play_call") == "/games/9/play/call/"
