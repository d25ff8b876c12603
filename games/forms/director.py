"""The director's adjusted score for one table's result on a board: which table, which
kind, the reason, and the fields of that kind, each mistake named."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.bridge import rules
from games.bridge.club_night import table_result
from games.models.director import Adjustment


class AdjustmentForm(forms.Form):
    """``tables``: the numbers of the game's tables; ``vul``: the board's vulnerability
    (an assigned result is scored with it); ``played``: the tables that finished the board
    (a fouled board's line is the table's result as played)."""

    table = forms.TypedChoiceField(label=_("Table"), coerce=int)
    kind = forms.ChoiceField(label=_("Kind"), choices=Adjustment.Kind.choices, widget=forms.RadioSelect)
    reason = forms.CharField(label=_("Reason"), max_length=200, help_text=_("Shown beside the score on the traveller."))
    ns_average = forms.ChoiceField(label=_("N-S"), choices=[("", "—"), *Adjustment.Average.choices], required=False)
    ew_average = forms.ChoiceField(label=_("E-W"), choices=[("", "—"), *Adjustment.Average.choices], required=False)
    contract = forms.CharField(label=_("Contract"), max_length=5, required=False, help_text=_("4S, 3NTX, Pass"))
    declarer = forms.ChoiceField(
        label=_("Declarer"), choices=[("", "—"), ("N", "N"), ("E", "E"), ("S", "S"), ("W", "W")], required=False
    )
    tricks = forms.IntegerField(label=_("Tricks"), min_value=0, max_value=13, required=False)
    group = forms.CharField(label=_("Group"), max_length=4, required=False, help_text=_("The deal played: A, B"))

    def __init__(self, *args, tables: list[int], vul: str, played: set[int], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        table = self.fields["table"]
        assert isinstance(table, forms.ChoiceField)  # for the checker: declared above as one
        table.choices = [(number, str(number)) for number in tables]
        self.vul, self.played = vul, played

    def clean(self):
        cleaned = super().clean()
        kind = cleaned.get("kind")
        if kind == Adjustment.Kind.ARTIFICIAL:
            for side in ("ns_average", "ew_average"):
                if not cleaned.get(side):
                    self.add_error(side, gettext("An artificial score gives this side Avg+, Avg or Avg−."))
            cleaned.update(contract="", declarer="", tricks=None, group="")
        elif kind == Adjustment.Kind.ASSIGNED:
            self._assigned(cleaned)
            cleaned.update(ns_average="", ew_average="", group="")
        elif kind == Adjustment.Kind.FOULED:
            if not cleaned.get("group", "").strip():
                self.add_error("group", gettext("Name the group of this table's deal (A, B…)."))
            if cleaned.get("table") is not None and cleaned["table"] not in self.played:
                self.add_error(
                    "table", gettext("A fouled board keeps the table's result: this table has not finished the board.")
                )
            cleaned.update(ns_average="", ew_average="", contract="", declarer="", tricks=None)
            cleaned["group"] = cleaned.get("group", "").strip().upper()
        return cleaned

    def _assigned(self, cleaned: dict) -> None:
        written = rules.read_contract(cleaned.get("contract", "").strip())
        if written is None:
            self.add_error("contract", gettext("Write the assigned contract: 4S, 3NTX, or Pass."))
            return
        cleaned["contract"] = written
        if written == "Pass":
            cleaned.update(declarer="", tricks=0)
            return
        if not cleaned.get("declarer"):
            self.add_error("declarer", gettext("Say who declares the assigned contract."))
        if cleaned.get("tricks") is None:
            self.add_error("tricks", gettext("Say how many tricks declarer takes (0 to 13)."))
        if self.errors:
            return
        try:
            table_result(1, 1, written, cleaned["declarer"], cleaned["tricks"], vul=self.vul)
        except ValueError:
            self.add_error("contract", gettext("That is not a result that can be scored."))
