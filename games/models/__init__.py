"""The app's models, one module per area: games and their queue (game), decks and dealt
boards (deck), staged uploads (upload), Join tables (join); the statements the hot paths
build once (queries)."""

from games.models.analysis import DealAnalysis
from games.models.deck import SEAT_CHOICES, VUL_CHOICES, DealtBoard, Deck
from games.models.game import Game, GameManager, manages_every_game
from games.models.join import BoardReveal, JoinTable, Seat
from games.models.upload import Upload, UploadFile

__all__ = [
    "SEAT_CHOICES",
    "VUL_CHOICES",
    "BoardReveal",
    "DealAnalysis",
    "DealtBoard",
    "Deck",
    "Game",
    "GameManager",
    "JoinTable",
    "Seat",
    "Upload",
    "UploadFile",
    "manages_every_game",
]
