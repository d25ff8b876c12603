# Every seat and every reveal is at a table; one player a seat at each table, one play
# and one reveal of a board at each table (one play of a practice board, which has none).

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0021_club_tables_fill"),
    ]

    operations = [
        migrations.AlterField(
            model_name="seat",
            name="table",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE, related_name="seats", to="games.jointable"
            ),
        ),
        migrations.AlterField(
            model_name="boardreveal",
            name="table",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="reveals",
                to="games.jointable",
            ),
        ),
        migrations.AlterModelOptions(
            name="seat",
            options={"ordering": ["game", "table", "seat"]},
        ),
        migrations.AddConstraint(
            model_name="seat",
            constraint=models.UniqueConstraint(fields=("table", "seat"), name="one_player_per_seat_at_table"),
        ),
        migrations.AddConstraint(
            model_name="jointable",
            constraint=models.UniqueConstraint(fields=("game", "number"), name="one_table_number_in_game"),
        ),
        migrations.AddIndex(
            model_name="boardplay",
            index=models.Index(fields=["table", "board"], name="play_table_board"),
        ),
        migrations.AddConstraint(
            model_name="boardplay",
            constraint=models.UniqueConstraint(fields=("board", "table"), name="one_play_per_table"),
        ),
        migrations.AddConstraint(
            model_name="boardplay",
            constraint=models.UniqueConstraint(
                condition=models.Q(("table__isnull", True)), fields=("board",), name="one_practice_play_per_board"
            ),
        ),
        migrations.AddConstraint(
            model_name="boardreveal",
            constraint=models.UniqueConstraint(fields=("table", "board"), name="one_reveal_per_table"),
        ),
    ]
