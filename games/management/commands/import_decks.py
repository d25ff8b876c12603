"""``manage.py import_decks GAME_ID FILE... [--dry-run] [--rotate R] [--renumber-from N] [--vul V]``:
the Upload Decks page from the shell, rotation and numbering included.

The same reader, the same duplicate rule (``find_duplicates``: decks already
queued in the game, or repeated in these files, are left out) and the same
all-or-nothing append at the end of the queue (``Game.add_deck_batches``).
Prints per file its name, format, deck count and problems
("line L, board B: message").

Exit status 1 when nothing could be added, or when a file held no usable deck
(the decks of the other files are added, as on the web page: ``--dry-run``
first if that is not what you want).
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from games.bridge.rotate import ROTATIONS, DeckChoice, apply_choice
from games.formats import FileResult
from games.models import Game
from games.models.upload import DeckKey, chosen_batches, find_duplicates, problem_text, queued_deals, read_file


def summary_lines(results: list[FileResult], duplicates: dict[DeckKey, str]) -> list[str]:
    """Per file: "name: FORMAT, N decks", then its problems and the duplicates left out."""
    lines = []
    for f, result in enumerate(results):
        count = len(result.decks)
        head = f"{result.name}: {(result.format or 'unknown format').upper()}, {count} deck{'s' * (count != 1)}"
        left_out = [(d, why) for (g, d), why in sorted(duplicates.items()) if g == f]
        if left_out:
            head += f", {len(left_out)} duplicate{'s' * (len(left_out) != 1)} left out"
        lines.append(head)
        lines += [f"  {problem_text(p)}" for p in result.problems]
        for d, why in left_out:
            deck = result.decks[d]
            where = f"line {deck.line}" + (f", board {deck.board}" if deck.board else "")
            lines.append(f"  {where}: duplicate left out ({why})")
    return lines


class Command(BaseCommand):
    help = "Add the decks of LIN/PBN files to the end of a game's queue (all or none)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("game_id", type=int)
        parser.add_argument("files", nargs="+", type=Path, metavar="FILE")
        parser.add_argument("--dry-run", action="store_true", help="read and report, add nothing")
        parser.add_argument(
            "--rotate",
            choices=ROTATIONS,
            default="0",
            help="turn the decks: 90/180/270 clockwise, or so that South declares or deals",
        )
        parser.add_argument("--renumber-from", type=int, metavar="N", help="number the boards N, N+1, ...")
        parser.add_argument(
            "--vul",
            choices=("file", "number"),
            default="file",
            help="renumbered boards keep the file's dealer and vulnerability, or follow the number",
        )

    def handle(
        self,
        *args,
        game_id: int,
        files: list[Path],
        dry_run: bool = False,
        rotate: str = "0",
        renumber_from: int | None = None,
        vul: str = "file",
        **options,
    ) -> None:
        game = Game.objects.filter(pk=game_id).first()
        if game is None:
            raise CommandError(f"There is no game with id {game_id}.")
        if renumber_from is not None and not 1 <= renumber_from <= 99_999:
            raise CommandError("--renumber-from takes a board number from 1 to 99999.")
        results = [read_file(path.name, self._read(path)) for path in files]
        results, unturned = apply_choice(results, DeckChoice(rotate, renumber_from, vul == "number"))
        for f, d in unturned:
            deck = results[f].decks[d]
            self.stdout.write(f"{results[f].name}: line {deck.line}: no contract or auction, left as in the file")
        with transaction.atomic():
            duplicates = find_duplicates(queued_deals(game), results)
            batches = chosen_batches(results, duplicates)
            self.stdout.write("\n".join(summary_lines(results, duplicates)))
            count = sum(len(decks) for decks, _, _ in batches)
            if not count:
                raise CommandError("Nothing could be added: no new decks in these files.")
            if not dry_run:
                game.add_deck_batches(batches)
        self.stdout.write(self._outcome(game, count, dry_run))
        unusable = [r.name for r in results if not r.decks]
        if unusable:
            raise CommandError(f"No usable decks in: {', '.join(unusable)}.")

    def _read(self, path: Path) -> bytes:
        try:
            return path.read_bytes()
        except OSError as error:
            raise CommandError(f"{path}: cannot read it ({error.strerror or error}).") from None

    def _outcome(self, game: Game, count: int, dry_run: bool) -> str:
        decks = f"{count} deck{'s' * (count != 1)}"
        if dry_run:
            return f"Dry run: {decks} would be added to “{game.name}” (game {game.pk}); nothing was changed."
        return f"{decks} added to “{game.name}” (game {game.pk}); the next deal uses {game.queued().first()}."
