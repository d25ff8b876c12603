"""``manage.py export_decks GAME_ID --format FORMAT [--dealt] [-o FILE] [--per-page 1|4] [--paper A4|Letter]``,
FORMAT one of pbn, lin, dup, bri, dge, dlm, rbn, pdf.

Writes the game's deck queue, in queue order (or with ``--dealt`` the boards
dealt so far, by board number, with the dealer and vulnerability used at the
table) as PBN, LIN, DLM or RBN, to FILE or to standard output; as the dealing
machines' binary DUP, BRI or DGE to FILE; or as PDF hand records (every deal
solved double dummy first, with a progress line) to FILE.
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.formats import WRITERS, WriteError
from games.formats.pdf import PAPERS, FontMissing, hand_records_pdf
from games.models import DealAnalysis, Game
from games.models.analysis import hand_records, with_analysis


class Command(BaseCommand):
    help = "Write a game's deck queue (or its dealt boards) as PBN, LIN, DUP, BRI, DGE, DLM, RBN or PDF."

    def add_arguments(self, parser) -> None:
        parser.add_argument("game_id", type=int)
        parser.add_argument("--format", choices=[*sorted(WRITERS), "pdf"], required=True, dest="fmt")
        parser.add_argument("--per-page", type=int, choices=(1, 4), default=1, help="PDF: boards a page")
        parser.add_argument("--paper", choices=PAPERS, default="A4", help="PDF: paper size")
        parser.add_argument("--dealt", action="store_true", help="the boards dealt so far instead of the queue")
        parser.add_argument("-o", "--output", type=Path, help="file to write (default: standard output)")

    def handle(
        self,
        *args,
        game_id: int,
        fmt: str,
        dealt: bool,
        output: Path | None,
        per_page: int = 1,
        paper: str = "A4",
        **options,
    ) -> None:
        game = Game.objects.filter(pk=game_id).first()
        if game is None:
            raise CommandError(f"There is no game with id {game_id}.")
        decks = game.exported_decks(dealt=dealt)
        if fmt == "pdf":
            self._write_pdf(game, decks, dealt, output, per_page, paper)
            return
        try:
            text = WRITERS[fmt](with_analysis(decks))
        except WriteError as error:
            raise CommandError(str(error)) from None
        if output is None:
            if isinstance(text, bytes):
                raise CommandError(f"{fmt.upper()} is binary: give -o FILE.")
            self.stdout.write(text, ending="")
            return
        try:
            if isinstance(text, bytes):
                output.write_bytes(text)
            else:
                output.write_text(text, encoding="utf-8", newline="")
        except OSError as error:
            raise CommandError(f"{output}: cannot write it ({error.strerror or error}).") from None
        what = "dealt boards" if dealt else "queued decks"
        self.stderr.write(f"Wrote {len(decks)} {what} of “{game.name}” (game {game.pk}) to {output}.")

    def _write_pdf(self, game: Game, decks, dealt: bool, output: Path | None, per_page: int, paper: str) -> None:
        if output is None:
            raise CommandError("A PDF goes to a file: give -o FILE.")
        what = "dealt boards" if dealt else "queued decks"
        unsolved = DealAnalysis.unsolved(deck.deal for deck in decks)
        if unsolved:
            self.stderr.write(f"Solving {len(unsolved)} deals double dummy…")
            done = 0

            def progress(step: int) -> None:
                nonlocal done
                done += step
                if done % 10 == 0 or done == len(unsolved):
                    self.stderr.write(f"  solved {done} of {len(unsolved)}")

            DealAnalysis.tables(unsolved, progress=progress)
        try:
            data = hand_records_pdf(hand_records(decks), per_page=per_page, paper=paper, title=f"{game.name}: {what}")
            output.write_bytes(data)
        except FontMissing as error:
            raise CommandError(str(error)) from None
        except OSError as error:
            raise CommandError(f"{output}: cannot write it ({error.strerror or error}).") from None
        self.stderr.write(f"Wrote {len(decks)} {what} of “{game.name}” (game {game.pk}) to {output} as hand records.")
