# A Join game's tables: JoinTable one per table (its own id, numbered in its game), seats
# at a table, and a board's play and reveal per table. 0021 puts a game's rows at its
# table 1, and 0022 makes the table required where it is.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0019_lesson_rule_and_teacher_notes"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="movement",
            field=models.CharField(
                choices=[
                    ("teaching", "Teaching: every table plays the board the host deals"),
                    ("own_pace", "Own pace: each table goes on to the next board when it finishes"),
                ],
                default="teaching",
                max_length=8,
                verbose_name="How the tables go from board to board",
            ),
        ),
        migrations.AlterField(
            model_name="game",
            name="scoring",
            field=models.CharField(
                choices=[("imps", "IMPs"), ("matchpoints", "Matchpoints")], default="imps", max_length=12
            ),
        ),
        # Each primary key that was a one-to-one field becomes a plain foreign key, and the
        # row gets an id of its own.
        migrations.AlterField(
            model_name="jointable",
            name="game",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="join_tables",
                to="games.game",
            ),
        ),
        migrations.AddField(
            model_name="jointable",
            name="id",
            field=models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID"),
        ),
        migrations.AlterField(
            model_name="boardplay",
            name="board",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE, related_name="plays", to="games.dealtboard"
            ),
        ),
        migrations.AddField(
            model_name="boardplay",
            name="id",
            field=models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID"),
        ),
        migrations.AlterField(
            model_name="boardreveal",
            name="board",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="reveals",
                related_query_name="reveal",
                to="games.dealtboard",
            ),
        ),
        migrations.AddField(
            model_name="boardreveal",
            name="id",
            field=models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID"),
        ),
        migrations.AddField(
            model_name="jointable",
            name="number",
            field=models.PositiveSmallIntegerField(default=1),
        ),
        migrations.AddField(
            model_name="jointable",
            name="deal",
            field=models.PositiveIntegerField(default=0, editable=False),
        ),
        migrations.AlterModelOptions(
            name="jointable",
            options={"ordering": ["game", "number"]},
        ),
        migrations.AddField(
            model_name="boardplay",
            name="table",
            field=models.ForeignKey(
                blank=True,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="plays",
                to="games.jointable",
            ),
        ),
        migrations.AddField(
            model_name="boardreveal",
            name="table",
            field=models.ForeignKey(
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="reveals",
                to="games.jointable",
            ),
        ),
        migrations.AddField(
            model_name="boardnote",
            name="table",
            field=models.ForeignKey(
                blank=True,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="notes",
                to="games.jointable",
            ),
        ),
        migrations.AddField(
            model_name="seat",
            name="table",
            field=models.ForeignKey(
                null=True, on_delete=django.db.models.deletion.CASCADE, related_name="seats", to="games.jointable"
            ),
        ),
        migrations.RemoveConstraint(
            model_name="seat",
            name="one_player_per_seat",
        ),
    ]
