# A Join game of one table: its seats, the plays of its boards, their reveals and the
# teacher's notes belong to its table 1 (made for a Join game that has none).

from django.db import migrations


def to_table_one(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    JoinTable = apps.get_model("games", "JoinTable")
    Seat = apps.get_model("games", "Seat")
    BoardPlay = apps.get_model("games", "BoardPlay")
    BoardReveal = apps.get_model("games", "BoardReveal")
    BoardNote = apps.get_model("games", "BoardNote")
    games = set(Seat.objects.values_list("game_id", flat=True))
    games |= set(BoardPlay.objects.filter(mode="table").values_list("board__game_id", flat=True))
    games |= set(BoardReveal.objects.values_list("board__game_id", flat=True))
    games |= set(BoardNote.objects.values_list("board__game_id", flat=True))
    games |= set(Game.objects.filter(game_type="join").values_list("pk", flat=True))
    for game in sorted(games):
        table = JoinTable.objects.filter(game_id=game).order_by("pk").first()
        if table is None:
            table = JoinTable.objects.create(game_id=game, number=1)
        Seat.objects.filter(game_id=game).update(table=table)
        BoardPlay.objects.filter(board__game_id=game, mode="table").update(table=table)
        BoardReveal.objects.filter(board__game_id=game).update(table=table)
        BoardNote.objects.filter(board__game_id=game).update(table=table)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0020_club_tables"),
    ]

    operations = [
        migrations.RunPython(to_table_one, migrations.RunPython.noop, elidable=False),
    ]
