"""A Join table of four people, where the browser tests of the table start."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser

from games.formats.model import Deck as ParsedDeck
from games.models import Game
from games.models.join import JoinTable

PLAYERS = {"N": "nina", "E": "eric", "S": "sara", "W": "walt"}


def seated_at_hals(
    deal: str, *, boards: int = 1, name: str = "Friday four"
) -> tuple[Game, AbstractBaseUser, dict[str, AbstractBaseUser]]:
    """hal's Join game (hal hosts and sits nowhere), ``PLAYERS`` seated at its table, and
    ``boards`` decks of ``deal`` (boards 1, 2, ...; North deals, nobody vulnerable) in its
    queue, none dealt: the game, hal, and the players by seat."""
    users = {seat: get_user_model().objects.create_user(username, password="x") for seat, username in PLAYERS.items()}
    hal = get_user_model().objects.create_user("hal", password="x")
    game = Game.objects.create(host=hal, name=name, game_type=Game.Type.JOIN)
    table = JoinTable.for_game(game)
    for seat, user in users.items():
        table.take_seat(user, seat)
    decks = [ParsedDeck(deal=deal, index=i, line=1, board=str(i + 1), dealer="N", vul="None") for i in range(boards)]
    game.add_decks(decks, source_name="club.pbn", source_format="pbn")
    return game, hal, users
