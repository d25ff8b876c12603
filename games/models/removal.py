"""Deleting a game with everything that belongs to it, and saying beforehand what that is.

Every row that points at a game cascades from it (decks, dealt boards and their play and
reveals, staged uploads and their files, the Join table, its seats, the jobs made for
it), as the admin's delete does; here the game's row is locked first, so no deal or
upload slips a row in between the count and the delete, and all of it goes in one
transaction or none does.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Q

from games.models.board_play import BoardPlay
from games.models.deck import Deck
from games.models.game import Game
from games.models.job import Job
from games.models.join import JoinTable, Seat
from games.models.upload import Upload, UploadFile


@dataclass(frozen=True, slots=True)
class GameContents:
    """What deleting a game takes with it."""

    queued: int  # decks waiting in the queue
    dealt_decks: int  # uploaded decks already dealt
    removed: int  # decks taken out of the queue, kept for the review desk
    boards: int  # boards dealt (random ones too)
    played: int  # boards played at the table, with their results
    uploads: int  # staged uploads, added or not
    upload_files: int
    join_table: bool  # a Join game's tables and their invite links
    seats: int  # players seated at it
    jobs: int  # PDFs and analyses made for it, waiting or done

    @property
    def decks(self) -> int:
        return self.queued + self.dealt_decks + self.removed


def contents_of(game: Game) -> GameContents:
    """Count what belongs to ``game``: a handful of COUNT queries, whatever its size."""
    decks = Deck.objects.filter(game=game).aggregate(
        queued=Count("pk", filter=Q(status=Deck.Status.QUEUED)),
        dealt=Count("pk", filter=Q(status=Deck.Status.DEALT)),
        removed=Count("pk", filter=Q(status=Deck.Status.REMOVED)),
    )
    return GameContents(
        queued=decks["queued"],
        dealt_decks=decks["dealt"],
        removed=decks["removed"],
        boards=game.boards.count(),
        played=BoardPlay.objects.filter(board__game=game).count(),
        uploads=Upload.objects.filter(game=game).count(),
        upload_files=UploadFile.objects.filter(upload__game=game).count(),
        join_table=JoinTable.objects.filter(game=game).exists(),
        seats=Seat.objects.filter(game=game).count(),
        jobs=Job.objects.filter(game=game).count(),
    )


def delete_game(game: Game) -> GameContents:
    """Delete ``game`` and everything in it, in one transaction; what went.
    Game.DoesNotExist when it is gone already (deleted in another tab)."""
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        contents = contents_of(locked)
        locked.delete()
    return contents
