"""The board a Join table plays, and how it goes on to the next: the game's movement.

Teaching: the host deals the next board to every table at once; a table still playing
an older board (someone has called on it, it is not over) stays on it until it is over,
or the host moves it on. Own pace: a table goes on when its board is over, to the board
a faster table dealt already, else the queue's next deck. A club movement (Mitchell,
Howell): the table plays its round's set of boards in order, going on to the next once
one is over (``games.models.join.rounds``). A reveal ends the board at one table.
"""

from __future__ import annotations

import copy

from django.db import transaction
from django.db.models import F, QuerySet
from django.utils.translation import gettext

from games.models.board_play import BoardPlay, prefetch_plays
from games.models.deck import DealtBoard
from games.models.game import Game
from games.models.join.errors import SeatError
from games.models.join.pairs import current_deal
from games.models.join.table_like import TableLike, as_table

# What a table's pages never read of a board's deck: its file's text, tags and notes, the
# players named in the file.
TABLE_DECK_DEFERRED = ("source_text", "tags", "notes", "players")


class TableMovement:
    """``JoinTable``'s board and movement (its rows: ``game``, ``deal``, ``version``)."""

    def board(self: TableLike, *related: str) -> DealtBoard | None:
        """The game's deal this table plays now (None before the first deal), with
        ``related`` (``select_related``).

        Teaching: the newest board, which the host deals to every table at once; a table
        still playing an older board (someone has called on it, it is not over) stays on
        it until it is over, or the host moves it on (``move_on``). Own pace: the deal the
        table went on to (``deal``; the first before it went on). A club movement: the
        first board of its round's set not over at the table (``pairs.current_deal``)."""
        boards = DealtBoard.objects.filter(game_id=self.game_id).select_related(*related)
        if self.game.by_movement:
            number = self._movement_deal()
            return None if number is None else boards.filter(number=number).first()
        if self.game.movement == Game.Movement.OWN_PACE:
            return boards.filter(number=max(self.deal, 1)).first()
        held = self._held().values_list("board_id", flat=True).first()
        if held is not None:
            return boards.filter(pk=held).first()
        return boards.order_by("-number").first()

    def board_and_play(self: TableLike, *, deck: bool = True) -> DealtBoard | None:
        """``board()`` with its play at this table as ``board.played`` and, with ``deck``,
        its deck as the table shows it (``TABLE_DECK_DEFERRED`` left unread): in one
        query while the table holds a board under way (teaching), else two."""
        boards = DealtBoard.objects.filter(game_id=self.game_id)
        if deck:
            boards = boards.select_related("deck").defer(*(f"deck__{name}" for name in TABLE_DECK_DEFERRED))
        if self.game.by_movement:
            number = self._movement_deal()
            board = None if number is None else boards.filter(number=number).first()
        elif self.game.movement == Game.Movement.OWN_PACE:
            board = boards.filter(number=max(self.deal, 1)).first()
        else:
            held = self._held().select_related("board__deck" if deck else "board")
            if deck:
                held = held.defer(*(f"board__deck__{name}" for name in TABLE_DECK_DEFERRED))
            play = held.first()
            if play is not None:
                board = play.board
                board.played = play
                return board
            board = boards.order_by("-number").first()
        if board is not None:
            self.play_of(board)
            if self.robots and board.played is None:  # a robot that deals calls first
                self.start_robots(board)
        return board

    def board_after_play(self: TableLike, before: DealtBoard | None) -> DealtBoard | None:
        """``board_and_play()`` when the one change since the table held ``before`` (read
        by ``board_and_play``) was a play's: a play that was not over there, and still is
        not, keeps the table on its board in every movement, so only the play is read
        again (one statement by its key, on a copy of ``before``); else the board is read
        as ``board_and_play`` reads it."""
        play = getattr(before, "played", None)
        if before is not None and play is not None and not play.closed:
            try:
                now = BoardPlay.objects.get(pk=play.pk)
            except BoardPlay.DoesNotExist:  # the board's play was removed: read it whole
                return self.board_and_play()
            if not now.closed:
                board = copy.copy(before)
                now.board = board
                board.played = now
                return board
        return self.board_and_play()

    def _movement_deal(self: TableLike) -> int | None:
        return current_deal(self.game, as_table(self))

    def _held(self: TableLike) -> QuerySet[BoardPlay]:
        """Teaching: the plays under way at this table (called on, neither over nor left
        unfinished), the oldest board first: the first holds the table."""
        return self.plays.filter(finished_at__isnull=True, abandoned="").exclude(calls=[]).order_by("board__number")

    def play_of(self: TableLike, board: DealtBoard) -> BoardPlay | None:
        """``board``'s play at this table (None before its first call), loaded with the
        board unless it was (``board.played``, for the pages that read it there)."""
        prefetch_plays([board], self.pk)
        return board.played

    def next_board(self: TableLike, by=None, *, at: int | None = None, host: bool = False) -> DealtBoard:
        """Own pace: the table goes on to the next deal once its board is over: the board
        another table has dealt already, else the game's next (``Game.deal_next``: the
        queue's next deck). Under the game's lock, so that two tables going on at once
        take one deal, never two decks for one board. ``at``: the deal the page showed
        (SeatError when the table is elsewhere now: a double click goes on once);
        ``host``: the host moves the table on (``move_on``) from a board not played."""
        game = self.game
        if game.movement != Game.Movement.OWN_PACE:
            raise SeatError(gettext("The host deals the next board to every table in this game."))
        with transaction.atomic():
            Game.objects.select_for_update().filter(pk=self.game_id).first()
            locked = self._locked()
            current = DealtBoard.objects.filter(game_id=self.game_id, number=max(locked.deal, 1)).first()
            shown = current.number if current is not None else 0
            if at is not None and at != shown:
                raise SeatError(gettext("Your table has gone on already: look at the board on it now."))
            if current is not None:
                play = self.play_of(current)
                if play is not None and play.under_way:
                    raise SeatError(
                        gettext("Board %(board)s is not over yet: finish it first.") % {"board": current.board_number}
                    )
                if play is None and not host:
                    raise SeatError(
                        gettext("Board %(board)s has not been played at your table yet.")
                        % {"board": current.board_number}
                    )
            board = DealtBoard.objects.filter(game_id=self.game_id, number=shown + 1).first()
            if board is None:
                board = Game.objects.get(pk=self.game_id).deal_next(by=by)
            type(self).objects.filter(pk=self.pk).update(deal=board.number, version=F("version") + 1)
            self.deal, self.version = board.number, locked.version + 1
            return board

    def move_on(self: TableLike, number: int | None, by=None, *, confirm: int | None = None) -> DealtBoard | None:
        """The host moves a table on from the board it plays (the deal ``number`` the host's
        page showed; SeatError when the table is elsewhere now). A board under way there is
        recorded as not finished (once someone has called, only with ``confirm``, its
        deal number: BoardInPlay otherwise). Teaching: the table goes on to the newest
        board, which the others play; own pace: to the next (``next_board``)."""
        with transaction.atomic():
            board = self.board()
            if board is None or number != board.number:
                raise SeatError(
                    gettext("Table %(table)s has gone on already: nothing was changed.") % {"table": self.number}
                )
            if self.game.by_movement:
                return self._move_on_in_round(board, confirm)
            own_pace = self.game.movement == Game.Movement.OWN_PACE
            if not own_pace and not DealtBoard.objects.filter(game_id=self.game_id, number__gt=board.number).exists():
                raise SeatError(
                    gettext("Table %(table)s plays the newest board already: deal the next one.")
                    % {"table": self.number}
                )
            play = self.plays.select_for_update().select_related("board").filter(board=board).first()
            if play is not None:
                play.leave_unfinished(BoardPlay.Abandoned.DEALT, confirmed=confirm == board.number)
            if own_pace:
                return self.next_board(by, at=board.number, host=True)
            self._bump(self._locked())
            return self.board()

    def _move_on_in_round(self: TableLike, board: DealtBoard, confirm: int | None) -> DealtBoard | None:
        """A club movement: the table leaves ``board`` (not finished once someone has
        called, only with ``confirm``; not played before) for the next of its set."""
        play = self.plays.select_for_update().select_related("board").filter(board=board).first()
        if play is None:
            play = BoardPlay.start(board, BoardPlay.Mode.TABLE, self)
            play = BoardPlay.objects.select_for_update().select_related("board").get(pk=play.pk)
        if play.done or play.abandoned:
            raise SeatError(
                gettext("Table %(table)s has finished its boards of this round: start the next round.")
                % {"table": self.number}
            )
        why = BoardPlay.Abandoned.DEALT if play.under_way else BoardPlay.Abandoned.NOT_PLAYED
        play.leave_unfinished(why, confirmed=confirm == board.number)
        self._bump(self._locked())
        return self.board()

    def _next_board(self: TableLike) -> int:
        """The place of the next deal this table plays (``DealtBoard.number``): a seat
        taken now sees from that one."""
        board = self.board()
        if board is not None:
            return board.number + 1
        if self.game.movement == Game.Movement.OWN_PACE:
            return 1
        return Game.objects.filter(pk=self.game_id).values_list("next_board_number", flat=True).get()

    def reveal(self: TableLike, number: int | None, by=None, *, confirm: int | None = None) -> DealtBoard:
        """Show the four hands of the game's deal ``number`` (``DealtBoard.number``) to this
        table. Only the table's current board, the one the host's page shows: a page left
        open while a new board was dealt must not reveal a board its host has not seen
        (SeatError, nothing shown).

        The reveal ends the board at this table: one not over yet is recorded as revealed,
        not finished, and nothing more is called or played on it here. Once someone has
        called, only with ``confirm``, the deal's number (BoardInPlay otherwise, nothing
        shown). The other tables play on."""
        with transaction.atomic():
            board = self.board()
            if board is None:
                raise SeatError(gettext("Deal a board first: there is nothing to reveal."))
            if number != board.number:
                raise SeatError(
                    gettext(
                        "Your page shows %(shown)s, but board %(board)s is the one on the table now: nothing was "
                        "revealed. Look at board %(board)s, then reveal it."
                    )
                    % {"shown": self.game.board_named(number), "board": board.board_number}
                )
            if self.reveals.filter(board=board).exists():
                return board
            # The play's row first, then the table's, in the order BoardPlay.act locks them.
            play = BoardPlay.start(board, BoardPlay.Mode.TABLE, self)
            play = BoardPlay.objects.select_for_update().select_related("board").get(pk=play.pk)
            play.leave_unfinished(BoardPlay.Abandoned.REVEALED, confirmed=confirm == board.number)
            locked = self._locked()
            _, created = self.reveals.get_or_create(board=board, defaults={"revealed_by": by})
            if created:
                self._bump(locked)
            return board
