"""A new game's rules and a game's settings. Upload forms live in games/forms/upload.py."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from games import dealer_runs
from games.bridge.cards import SEATS
from games.bridge.club_night.movements import MovementError
from games.models import Game, LessonRule
from games.models.join.rounds import movement_fixed
from games.presentation.language import seat_name
from games.presentation.movement_said import movement_said
from games.presentation.problem_text import say

YES_NO = [("1", _("Yes")), ("0", _("No"))]
LESSON_HELP = _(
    "A board's teaching text from its file (comments in a PBN or LIN lesson). "
    "After the board is played: the players see it once the board is over or revealed. "
    "With the deal: they read it before the auction, for a lesson that sets a problem. "
    "You see it as the host, off the table, whatever you choose."
)
SCRIPT_EXAMPLE = (
    "dealer south\ncondition hcp(south) >= 15 && hcp(south) <= 17\n    && shape(south, any 4333 + any 4432 + any 5332)"
)


def tables_field(help_text: StrOrPromise) -> forms.IntegerField:
    """The number of a Join game's tables, as the new-game and settings forms ask it."""
    return forms.IntegerField(
        label=_("Tables"),
        min_value=1,
        initial=1,
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),  # its max set by the form, from the settings
        help_text=help_text,
    )


def table_count(tables: int) -> int:
    """``tables``, refused past the site's most (JOIN_MAX_TABLES)."""
    if tables > settings.JOIN_MAX_TABLES:
        raise forms.ValidationError(
            gettext("A game has %(limit)s tables at most.") % {"limit": settings.JOIN_MAX_TABLES}
        )
    return tables


MOVEMENT_DEFAULTS = {"boards_per_round": 2, "rounds": None, "even": Game.Even.RELAY, "arrow_switch": 0}


def movement_plays(form: forms.BaseForm, cleaned: dict) -> None:
    """A Mitchell or Howell only with numbers it can be played at ``cleaned``'s tables (the
    movement's own reason, MovementError, in the page's language, is the error on the
    movement); the numbers left out take their defaults, as every number does for the
    movements that use none (teaching, own pace)."""
    for name, value in MOVEMENT_DEFAULTS.items():
        if cleaned.get(name) in (None, ""):
            cleaned[name] = value
    if cleaned.get("movement") not in (Game.Movement.MITCHELL, Game.Movement.HOWELL):
        cleaned.update(MOVEMENT_DEFAULTS)
        return
    trial = Game(**{name: cleaned[name] for name in (*MOVEMENT_DEFAULTS, "movement")})
    try:
        trial.club_movement(cleaned.get("tables") or 1)
    except MovementError as why:
        form.add_error("movement", gettext("This movement cannot be played: %(why)s.") % {"why": movement_said(why)})


class ChoicesShownWhen(forms.RadioSelect):
    """Radio buttons of which some are for one kind of game only: ``shown_when`` maps a
    choice's value to the condition the page's script shows it under (as a field's
    ``shown_when``, ``GameForm.SHOWN_WHEN``)."""

    def __init__(self, *args, shown_when: dict[str, str], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.shown_when = shown_when

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        if str(value) in self.shown_when:
            option["attrs"] = {**option["attrs"], "data-shown-when": self.shown_when[str(value)]}
        return option


class GameForm(forms.ModelForm):
    """Trickster-style "Bridge Rules" for a new game.

    Some rules are for one type of game only. ``SHOWN_WHEN`` says which, as conditions
    ("field=value", all of them holding) that ``form_fields.html`` writes on the field's
    block and ``static/games/rules_form.js`` keeps: a field whose condition fails is hidden
    and disabled, so it is not posted and takes its default. Without the script every
    field shows, and ``clean`` refuses a choice the game type does not use."""

    SHOWN_WHEN = {
        "tables": "game_type=join",
        "movement": "game_type=join",
        "boards_per_round": "game_type=join",
        "rounds": "game_type=join",
        "even": "game_type=join movement=mitchell",
        "arrow_switch": "game_type=join movement=mitchell",
        "missed_boards": "game_type=join",
        "rank_robot_pairs": "game_type=join",
        "practice_play": "game_type=practice",
        "practice_seat": "game_type=practice practice_play=robots",
        "robot_hints": "game_type=practice practice_play=robots",
    }

    allow_upload = forms.TypedChoiceField(
        label=_("Allow deck upload"),
        choices=YES_NO,
        coerce=lambda value: value == "1",
        initial="1",
        help_text=_("Players can upload LIN or PBN files; Deal New Cards takes the next uploaded deck."),
    )

    tables = tables_field(
        _(
            "Join games: tables of four that play the same boards, with travellers and a ranking. "
            "You can add or remove tables later."
        )
    )

    class Meta:
        model = Game
        fields = (
            "name",
            "game_type",
            "tables",
            "practice_play",
            "practice_seat",
            "robot_hints",
            "movement",
            "boards_per_round",
            "rounds",
            "even",
            "arrow_switch",
            "missed_boards",
            "allow_upload",
            "scoring",
            "rank_robot_pairs",
            "missing_info",
            "when_empty",
            "when_empty_script",
            "show_lesson",
        )
        labels = {
            "name": _("Game name"),
            "game_type": _("Game type"),
            "practice_play": _("How a practice board is played"),
            "scoring": _("Scoring"),
        }
        widgets = {
            "practice_play": forms.RadioSelect,
            "practice_seat": forms.RadioSelect,
            "movement": forms.RadioSelect,
            "even": forms.RadioSelect,
            "missed_boards": forms.RadioSelect,
            "boards_per_round": forms.NumberInput(attrs={"inputmode": "numeric", "min": 1, "max": 6}),
            "rounds": forms.NumberInput(attrs={"inputmode": "numeric", "min": 1}),
            "arrow_switch": forms.NumberInput(attrs={"inputmode": "numeric", "min": 0}),
            "scoring": ChoicesShownWhen(
                shown_when={Game.Scoring.MATCHPOINTS: "game_type=join", Game.Scoring.BUTLER: "game_type=join"}
            ),
            "missing_info": forms.RadioSelect,
            "when_empty": forms.RadioSelect,
            "show_lesson": forms.RadioSelect,
            "when_empty_script": forms.Textarea(
                attrs={"rows": 6, "class": "dealer-script-input", "spellcheck": "false", "placeholder": SCRIPT_EXAMPLE}
            ),
        }
        help_texts = {
            "game_type": _(
                "Practice: you deal and see all four hands. "
                "Join: players take seats with an invite link, four at each table, and each sees only their own hand."
            ),
            "practice_play": _(
                "Practice games only (a Join table's four players play their own hands). "
                "Show: Deal New Cards shows all four hands. Play all four hands: bid and play every seat yourself. "
                "Just Declare: each board is turned so that you declare from South, in the contract of the "
                "file's auction, its contract or par, against a double-dummy robot. "
                "With robots: you bid and play your seat; robots bid Acol (Bid for Game's engine, each call "
                "explained) and play double dummy in the other three."
            ),
            "missing_info": _("Board rotation: board 1 North deals, nobody vulnerable; board 2 East, N-S; and so on."),
            "when_empty": _("What Deal New Cards does once every uploaded deck has been dealt."),
            "when_empty_script": _(
                "For “Deal to this script”: a dealer script, as on the Upload Decks page "
                "(see the help page “Dealer scripts”). Each Deal New Cards with an empty queue makes one board from it."
            ),
            "scoring": _(
                "At one table, each board played to the end is scored in IMPs against the result its "
                "file records (“at the other table”), or against par when the file records none. A Join game with "
                "several tables also ranks its pairs: by cross-IMPs, by matchpoints or by Butler IMPs (against each "
                "board's datum, its average score; Join games only)."
            ),
            "movement": _(
                "Join games with several tables, every table playing the same boards. Teaching: you "
                "deal each board to every table at once; a table still playing finishes it first. Own pace: a "
                "table goes on to the next board when it has finished. Mitchell and Howell: the pairs move "
                "from table to table each round, each table playing its round's set of boards; you start "
                "round 1 and each next round on the tables' overview."
            ),
            "boards_per_round": _("Mitchell and Howell: 1 to 6 boards each round."),
            "rounds": _("Mitchell and Howell: left empty, the whole movement (a Mitchell can stop early)."),
            "missed_boards": _("Mitchell and Howell: a pair that arrives after round 1 takes the sit-out's place."),
            "show_lesson": LESSON_HELP,
        }

    def __init__(self, *args, user_key: str, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.user_key = user_key  # whose share of the dealer runs the script's trial takes (games.dealer_runs)
        # Left out of a form post (an older page): the model's default, dealing at random.
        self.fields["when_empty"].required = False
        self.fields["practice_play"].required = False  # likewise: showing the hands, as before
        self.fields["show_lesson"].required = False  # likewise: after the board is played
        self.fields["movement"].required = False  # likewise: teaching, the host dealing
        for name in ("boards_per_round", "even", "arrow_switch", "missed_boards"):
            self.fields[name].required = False  # for a movement only: the model's defaults otherwise
        self.fields["practice_seat"].required = False  # likewise: South
        seat_field = self.fields["practice_seat"]
        assert isinstance(seat_field, forms.ChoiceField)  # for the checker: the model field's choices make one
        seat_field.choices = [(seat, seat_name(seat)) for seat in SEATS]
        self.fields["tables"].widget.attrs["max"] = settings.JOIN_MAX_TABLES
        for name, condition in self.SHOWN_WHEN.items():
            self.fields[name].shown_when = condition  # type: ignore[attr-defined]

    def clean_tables(self) -> int:
        return table_count(self.cleaned_data["tables"] or 1)  # left out of an older page's post: one table

    def clean_movement(self) -> str:
        return self.cleaned_data["movement"] or Game.Movement.TEACHING

    def clean_when_empty(self) -> str:
        return self.cleaned_data["when_empty"] or Game.WhenEmpty.RANDOM

    def clean(self):
        cleaned = super().clean()
        if (cleaned.get("tables") or 1) > 1 and cleaned.get("game_type") != Game.Type.JOIN:
            self.add_error("tables", gettext("Only a Join game has several tables: a practice game is your own table."))
        if cleaned.get("scoring") == Game.Scoring.MATCHPOINTS and cleaned.get("game_type") != Game.Type.JOIN:
            self.add_error(
                "scoring", gettext("Matchpoints compare the tables of a Join game: a practice game is scored in IMPs.")
            )
        if cleaned.get("scoring") == Game.Scoring.BUTLER and cleaned.get("game_type") != Game.Type.JOIN:
            self.add_error(
                "scoring",
                gettext(
                    "Butler IMPs compare the tables of a Join game with a datum: a practice game is scored in IMPs."
                ),
            )
        self._only_what_the_type_uses(cleaned)
        self._movement_plays(cleaned)
        if cleaned.get("when_empty") != Game.WhenEmpty.SCRIPT:
            cleaned["when_empty_script"] = ""  # kept only for the rule that uses it
            return cleaned
        script = cleaned.get("when_empty_script", "")
        if not script.strip():
            self.add_error("when_empty_script", gettext("“Deal to this script” needs a dealer script here."))
            return cleaned
        why = trial_run(script, user_key=self.user_key)
        if why:
            self.add_error("when_empty_script", why)
        return cleaned

    def _only_what_the_type_uses(self, cleaned: dict) -> None:
        """Refuse a rule chosen for the other type of game (only a page without its script
        can post one), and give the rules a game does not use their defaults."""
        join = cleaned.get("game_type") == Game.Type.JOIN
        if join and cleaned.get("practice_play", Game.PracticePlay.SHOW) != Game.PracticePlay.SHOW:
            self.add_error(
                "practice_play",
                gettext(
                    "How a practice board is played is for practice games: "
                    "at a Join table each player plays their own hand."
                ),
            )
        if not join and cleaned.get("movement", Game.Movement.TEACHING) != Game.Movement.TEACHING:
            self.add_error("movement", gettext("The movement is for Join games: a practice game is your own table."))
        if join or cleaned.get("practice_play") != Game.PracticePlay.ROBOTS:
            cleaned["practice_seat"], cleaned["robot_hints"] = "S", True  # the model's defaults
        if not join:
            cleaned["rank_robot_pairs"] = True  # likewise

    def _movement_plays(self, cleaned: dict) -> None:
        movement_plays(self, cleaned)
        cleaned["missed_boards"] = cleaned.get("missed_boards") or Game.MissedBoards.AVERAGE

    def clean_practice_play(self) -> str:
        return self.cleaned_data["practice_play"] or Game.PracticePlay.SHOW

    def clean_practice_seat(self) -> str:
        return self.cleaned_data["practice_seat"] or "S"

    def clean_show_lesson(self) -> str:
        return self.cleaned_data["show_lesson"] or LessonRule.AFTER

    def clean_name(self) -> str:
        return game_name(self.cleaned_data["name"])


def trial_run(script: str, *, user_key: str) -> str:
    """Why ``script`` cannot be the game's rule ("" when it made a deal): one deck made now,
    so that a script that never matches is said when the game is made, not at a deal. The
    run is the user's (``user_key``): refused while another of theirs is under way."""
    try:
        run = dealer_runs.make_decks(script, name="the script", count=1, seed=None, user_key=user_key)
    except dealer_runs.Busy as busy:
        return gettext("The script could not be tried: %(why)s") % {"why": busy}
    return "" if run.decks else gettext("The script made no deal: %(why)s.") % {"why": say(run.problem)}


# What the artificial adjusted scores Avg+, Avg and Avg- are worth: percentages, then IMPs.
AVERAGE_FIELDS = ("avg_plus_percent", "avg_percent", "avg_minus_percent", "avg_plus_imps", "avg_imps", "avg_minus_imps")


# A Join game's movement and its numbers, which its settings page changes until play begins.
MOVEMENT_FIELDS = ("movement", "boards_per_round", "rounds", "even", "arrow_switch")


class GameSettingsForm(forms.ModelForm):
    """A game's settings page: its name, as the new-game form takes it, when the players
    see the lesson text, and the robots' rules the game has (hints, robot pairs in the
    ranking). A Join game's movement, its tables, boards a round and rounds too, until
    play begins (``movement_fixed``), checked as the new-game form checks them
    (``movement_plays``); the view saves them with ``change_movement``. A post without
    one of these rules keeps the game's."""

    tables = tables_field(_("The tables the movement is played at: tables are added or removed when you save."))

    class Meta:
        model = Game
        fields = (
            "name",
            "show_lesson",
            "robot_hints",
            "rank_robot_pairs",
            "movement",
            "tables",
            "boards_per_round",
            "rounds",
            "even",
            "arrow_switch",
            *AVERAGE_FIELDS,
        )
        labels = {"name": _("Game name")}
        widgets = {
            "show_lesson": forms.RadioSelect,
            **{name: GameForm.Meta.widgets[name] for name in MOVEMENT_FIELDS if name in GameForm.Meta.widgets},
        }
        help_texts = {
            "show_lesson": LESSON_HELP,
            **{name: GameForm.Meta.help_texts[name] for name in ("boards_per_round", "rounds")},
        }

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["show_lesson"].required = False
        game = self.instance
        if not (game.game_type == Game.Type.PRACTICE and game.practice_play == Game.PracticePlay.ROBOTS):
            del self.fields["robot_hints"]  # only a practice With robots offers hints
        if game.game_type != Game.Type.JOIN:
            del self.fields["rank_robot_pairs"]  # only a club night ranks pairs
        for name in AVERAGE_FIELDS:  # a club night's artificial adjusted scores; kept when not posted
            if game.game_type != Game.Type.JOIN:
                del self.fields[name]
            else:
                self.fields[name].required = False
        self.moves = game.game_type == Game.Type.JOIN and not movement_fixed(game)
        for name in (*MOVEMENT_FIELDS, "tables"):
            if not self.moves:
                del self.fields[name]  # shown read-only on the page, with the reason
            else:
                self.fields[name].required = False
        if self.moves:
            self.fields["tables"].widget.attrs["max"] = settings.JOIN_MAX_TABLES
            self.fields["tables"].initial = game.join_tables.count()

    def clean_tables(self) -> int | None:
        tables = self.cleaned_data["tables"]
        return None if tables is None else table_count(tables)

    def clean(self):
        cleaned = super().clean()
        for name in AVERAGE_FIELDS:
            if name in self.fields and cleaned.get(name) is None:
                cleaned[name] = getattr(self.instance, name)
        if self.moves:
            for name in MOVEMENT_FIELDS:
                if name not in self.data:
                    cleaned[name] = getattr(self.instance, name)
            if cleaned.get("tables") is None:
                cleaned["tables"] = self.fields["tables"].initial
            cleaned["movement"] = cleaned.get("movement") or self.instance.movement
            movement_plays(self, cleaned)
        if "avg_plus_percent" in self.fields:
            percents = [cleaned.get(name) for name in AVERAGE_FIELDS[:3]]
            if any(value is not None and not 0 <= value <= 100 for value in percents):
                self.add_error("avg_plus_percent", gettext("Avg+, Avg and Avg− are percentages from 0 to 100."))
        return cleaned

    def clean_name(self) -> str:
        return game_name(self.cleaned_data["name"])

    def clean_show_lesson(self) -> str:
        return self.cleaned_data["show_lesson"] or self.instance.show_lesson


def game_name(value: str) -> str:
    """A game's name with its spaces made single; a name of spaces alone is none."""
    name = " ".join(value.split())
    if not name:
        raise forms.ValidationError(gettext("Give the game a name."))
    return name
