"""The notes of ``dd.differences`` (where a file's own double-dummy tags disagree with
the solver) in the page's language. Tag names and their values stay as the file writes
them; seats and no trump are the language's, suits symbols."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.bridge.dd import Difference
from games.presentation.language import active

# Every kind of dd.DIFFERENCES (tests/web/test_analysis_notes.py holds them equal).
SAID: dict[str, Promise] = {
    "dd_not_a_table": _("the file’s DoubleDummyTricks “%(value)s” is not a table"),
    "dd_tricks": _("the file says %(seat)s takes %(file)s in %(strain)s, the solver %(solver)s"),
    "result_table_tricks": _(
        "OptimumResultTable says %(seat)s makes %(file)s in %(strain)s; the solver finds %(solver)s"
    ),
    "result_table_row": _("the file’s OptimumResultTable row “%(value)s” is not understood"),
    "score": _("the file’s par score is %(file)s, the solver’s %(solver)s"),
    "par_contract_unread": _("the file’s ParContract “%(value)s” is not understood"),
    "par_contract_passed": _("ParContract says the board is passed out; the solver’s par is %(solver)s"),
    "par_contract": _("ParContract says %(file)s; the solver’s par is %(solver)s"),
}


def difference_said(note: Difference) -> str:
    words = active()
    values = dict(note.values)
    if "seat" in values:
        values["seat"] = words.seat(values["seat"])
    if "strain" in values:
        values["strain"] = words.strain_symbol(values["strain"])
    return str(SAID[note.kind]) % values
