"""The app's models, one module per area: games and their queue (game), decks and dealt
boards (deck), staged uploads (upload), Join tables (join), boards played at the table
(board_play) and what they score against (results); a club night's director's calls and
adjusted scores (director); lesson text at the table and the teacher's notes (lesson);
database sessions that know their user (sessions); background work a user waits on (job);
the password-reset mails counted per address and client (reset_mail)."""

from games.models.analysis import DealAnalysis
from games.models.board_play import BoardPlay
from games.models.deck import SEAT_CHOICES, VUL_CHOICES, DealtBoard, Deck
from games.models.director import Adjustment, DirectorCall
from games.models.game import Game, GameManager, manages_every_game
from games.models.job import Job
from games.models.join import BoardReveal, JoinTable, Seat
from games.models.lesson import BoardNote, LessonRule
from games.models.reset_mail import ResetMailCount
from games.models.sessions import UserSession
from games.models.upload import Upload, UploadFile

__all__ = [
    "SEAT_CHOICES",
    "VUL_CHOICES",
    "Adjustment",
    "BoardNote",
    "BoardPlay",
    "BoardReveal",
    "DealAnalysis",
    "DealtBoard",
    "Deck",
    "DirectorCall",
    "Game",
    "GameManager",
    "Job",
    "JoinTable",
    "LessonRule",
    "ResetMailCount",
    "Seat",
    "Upload",
    "UploadFile",
    "UserSession",
    "manages_every_game",
]
