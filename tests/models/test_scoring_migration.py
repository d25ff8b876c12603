"""Migration 0015: games set to matchpoints or rubber, which no code scores, are scored in
IMPs, and go on being played as every other game is."""

from __future__ import annotations

BEFORE = [("games", "0014_board_play_abandoned")]
AFTER = [("games", "0015_scoring_imps_only")]


def test_matchpoints_and_rubber_games_are_scored_in_imps(executor, django_user_model):
    old = executor.loader.project_state(BEFORE).apps
    host = old.get_model("auth", "User").objects.create(username="alice")
    Game = old.get_model("games", "Game")
    for name, scoring in (("Pairs", "matchpoints"), ("Chicago", "rubber"), ("Teams", "imps")):
        Game.objects.create(host=host, name=name, scoring=scoring)

    executor.loader.build_graph()
    executor.migrate(AFTER)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())  # the schema the models below are written for

    from games.models import Game as NewGame

    assert dict(NewGame.objects.values_list("name", "scoring")) == {"Pairs": "imps", "Chicago": "imps", "Teams": "imps"}
    pairs = NewGame.objects.get(name="Pairs")
    assert pairs.get_scoring_display() == "IMPs"
    board = pairs.deal_next()
    assert board.number == 1
