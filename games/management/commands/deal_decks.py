"""``manage.py deal_decks GAME_ID --script FILE [--count N] [--seed S] [--dry-run]``: the
decks a dealer script makes, added to the end of a game's queue.

The same run as the Upload Decks page (``games.dealer_runs``: Debian's dealer, its limits,
with ``DEALER_COMMAND_SECONDS`` of wall clock since no web worker waits on it), the same
duplicate rule and the same all-or-nothing append. ``--dry-run`` prints the decks on
standard output, one PBN ``[Deal]`` a line, and adds nothing; what the run says (decks
made, hands tried, the seed) goes to standard error, so the deals can be piped. The same
script, count and seed make the same deals.

Exit status 1, with the message, when the script cannot be run or makes no deck.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from games import dealer_runs
from games.formats.dealer import SEED_MAX
from games.formats.decode import decode
from games.forms.upload import SCRIPT_COUNT
from games.models import Game
from games.models.upload import chosen_batches, find_duplicates, queued_deals


class Command(BaseCommand):
    help = "Make decks with a dealer script and add them to the end of a game's queue."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game_id", type=int)
        parser.add_argument("--script", type=Path, required=True, metavar="FILE", help="the dealer script")
        parser.add_argument("--count", type=int, default=SCRIPT_COUNT, metavar="N", help="decks to make (16)")
        parser.add_argument("--seed", type=int, metavar="S", help="the same seed makes the same deals (new if none)")
        parser.add_argument("--dry-run", action="store_true", help="print the decks' deals, add nothing")

    def handle(self, *args, game_id: int, script: Path, count: int, seed: int | None, dry_run: bool, **options):
        game = Game.objects.filter(pk=game_id).first()
        if game is None:
            raise CommandError(f"There is no game with id {game_id}.")
        if not 1 <= count <= settings.DECK_UPLOAD_MAX_DECKS:
            raise CommandError(f"--count takes a number of decks from 1 to {settings.DECK_UPLOAD_MAX_DECKS:,}.")
        if seed is not None and not 1 <= seed <= SEED_MAX:
            raise CommandError(f"--seed takes a whole number from 1 to {SEED_MAX:,}.")
        try:
            text, _ = decode(script.read_bytes())
        except OSError as error:
            raise CommandError(f"{script}: cannot read it ({error.strerror or error}).") from None
        run = dealer_runs.run_from_command(text, name=script.name, count=count, seed=seed)
        if not run.decks:
            raise CommandError(f"{script.name}: {run.problem}")
        report = self.stderr if dry_run else self.stdout
        for line in run.file_result().notes:
            report.write(line[:1].upper() + line[1:])
        if dry_run:
            for deck in run.decks:
                self.stdout.write(f'[Deal "{deck.deal}"]')
            return
        result = run.file_result()
        with transaction.atomic():
            duplicates = find_duplicates(queued_deals(game), [result])
            batches = chosen_batches([result], duplicates)
            if not batches:
                raise CommandError("Nothing could be added: every deck made is already queued in this game.")
            game.add_deck_batches(batches)
        added = sum(len(decks) for decks, _, _ in batches)
        if duplicates:
            self.stdout.write(f"{len(duplicates)} already queued in this game, left out")
        self.stdout.write(
            f"{added} deck{'s' * (added != 1)} added to “{game.name}” (game {game.pk}); "
            f"the next deal uses {game.queued().first()}."
        )
