"""``manage.py export_decks GAME_ID --format pbn|lin [--dealt] [-o FILE]``.

Writes the game's deck queue, in queue order (or with ``--dealt`` the boards
dealt so far, by board number, with the dealer and vulnerability used at the
table) as PBN or LIN, to FILE or to standard output.
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.formats import write_lin, write_pbn
from games.models import Game

WRITERS = {"pbn": write_pbn, "lin": write_lin}


class Command(BaseCommand):
    help = "Write a game's deck queue (or its dealt boards) as PBN or LIN."

    def add_arguments(self, parser) -> None:
        parser.add_argument("game_id", type=int)
        parser.add_argument("--format", choices=sorted(WRITERS), required=True, dest="fmt")
        parser.add_argument("--dealt", action="store_true", help="the boards dealt so far instead of the queue")
        parser.add_argument("-o", "--output", type=Path, help="file to write (default: standard output)")

    def handle(self, *args, game_id: int, fmt: str, dealt: bool, output: Path | None, **options) -> None:
        game = Game.objects.filter(pk=game_id).first()
        if game is None:
            raise CommandError(f"There is no game with id {game_id}.")
        decks = game.exported_decks(dealt=dealt)
        text = WRITERS[fmt](decks)
        if output is None:
            self.stdout.write(text, ending="")
            return
        try:
            output.write_text(text, encoding="utf-8", newline="")
        except OSError as error:
            raise CommandError(f"{output}: cannot write it ({error.strerror or error}).") from None
        what = "dealt boards" if dealt else "queued decks"
        self.stderr.write(f"Wrote {len(decks)} {what} of “{game.name}” (game {game.pk}) to {output}.")
