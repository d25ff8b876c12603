"""``manage.py analyse_decks GAME_ID [--dealt]``: solve the double-dummy tables of a game's
queued decks (or its dealt boards) ahead of time, with a progress bar.

Each distinct deal is solved once and kept (``DealAnalysis``): running it again, or for
another game holding the same decks, solves only what is new.
"""

from __future__ import annotations

import sys
import time

from django.core.management.base import BaseCommand, CommandError

from games.models import DealAnalysis, Game

BAR = 30


class Command(BaseCommand):
    help = "Solve and keep the double-dummy tables of a game's queued decks (or dealt boards)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("game_id", type=int)
        parser.add_argument("--dealt", action="store_true", help="the boards dealt so far, not the queue")

    def handle(self, *args, game_id: int, dealt: bool = False, **options) -> None:
        game = Game.objects.filter(pk=game_id).first()
        if game is None:
            raise CommandError(f"There is no game with id {game_id}.")
        rows = game.boards if dealt else game.queued()
        deals = list(dict.fromkeys(rows.values_list("deal", flat=True)))
        known = set(DealAnalysis.objects.filter(deal__in=deals).values_list("deal", flat=True))
        todo = [deal for deal in deals if deal not in known]
        what = "dealt boards" if dealt else "queued decks"
        self.stdout.write(
            f"{game.name} (game {game.pk}): {len(deals)} distinct deal{'s' * (len(deals) != 1)} in the {what}, "
            f"{len(known)} already solved, {len(todo)} to solve."
        )
        start = time.perf_counter()
        done = [0]
        show = options.get("verbosity", 1) > 0 and todo

        def progress(step: int) -> None:
            done[0] += step
            if show:
                filled = BAR * done[0] // len(todo)
                sys.stderr.write(f"\r[{'#' * filled}{' ' * (BAR - filled)}] {done[0]}/{len(todo)}")
                sys.stderr.flush()

        DealAnalysis.tables(todo, progress=progress)
        if show:
            sys.stderr.write("\n")
        seconds = time.perf_counter() - start
        self.stdout.write(f"Solved {len(todo)} deal{'s' * (len(todo) != 1)} in {seconds:.1f} s.")
