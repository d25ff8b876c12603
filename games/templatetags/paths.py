"""A game's paths, reversed once: ``{% load paths %}`` then ``{{ view.game_pk|path:"play_call" }}``.

The path ``{% url "play_call" view.game_pk %}`` gives, for a route that takes the game's
key alone, kept once reversed (per URLconf and script prefix, which reversing depends
on). The seat view names up to nine such paths and the event stream draws it for every
seat on every call and card; reversing is most of what an ``{% url %}`` costs.
"""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.urls import get_script_prefix, get_urlconf, reverse

register = template.Library()


@register.filter
def path(pk: int, name: str) -> str:
    return _reversed(name, pk, get_urlconf(), get_script_prefix())


@lru_cache(maxsize=8192)
def _reversed(name: str, pk: int, urlconf: str | None, prefix: str) -> str:
    return reverse(name, args=[pk], urlconf=urlconf)
