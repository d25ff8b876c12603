"""The printable sheets' words (games.formats.pdf and results_pdf import no Django) in the
language active now: from the catalogues, and bridge's own words from games.bridge.words."""

from __future__ import annotations

from dataclasses import fields

from django.utils.translation import gettext, ngettext, pgettext

from games.formats.model import PlaceWords
from games.formats.pdf import PdfLabels
from games.formats.results_pdf import SheetLabels
from games.presentation.language import active


def _tricks() -> tuple[str, ...]:
    return tuple(ngettext("%(count)s trick", "%(count)s tricks", n) % {"count": n} for n in range(14))


def hand_record_labels() -> PdfLabels:
    return PdfLabels(
        said=active(),
        title=gettext("Hand records"),
        page=gettext("page %(page)s"),
        no_boards=gettext("No boards."),
        board=gettext("Board %(board)s"),
        header=gettext("Dealer %(dealer)s · Vul %(vul)s"),
        dealer=pgettext("beside a hand's seat", "dealer"),
        vulnerable=pgettext("beside a hand's seat", "vul"),
        lesson=gettext("Lesson"),
        double_dummy=gettext("Double dummy"),
        par=gettext("Par: %(par)s"),
        passed_out=gettext("Passed out"),
        contract=gettext("Contract: %(contract)s"),
        by=gettext("%(contract)s by %(declarer)s"),
        claimed=gettext("%(result)s (claimed)"),
        tricks=_tricks(),
        **_places(),
    )


def places() -> PlaceWords:
    """Where a lesson comment stands (``Comment.place_in``), in the active language."""
    return PlaceWords(
        after_call=gettext("after call %(call)s"),
        first_call=gettext("before the first call"),
        at_trick=gettext("at trick %(trick)s"),
        opening_lead=gettext("before the opening lead"),
    )


def _places() -> dict[str, str]:
    words = places()
    return {f.name: getattr(words, f.name) for f in fields(words)}


def sheet_labels() -> SheetLabels:
    return SheetLabels(
        records=hand_record_labels(),
        results=gettext("Results"),
        ranking=gettext("Ranking"),
        nothing_yet=gettext("No board has been played to the end yet."),
        not_played=gettext("Not played to the end at any table yet."),
        ns_pairs=gettext("North-South pairs"),
        ew_pairs=gettext("East-West pairs"),
        pairs=gettext("Pairs"),
        table=pgettext("a traveller's column", "Table"),
        contract=pgettext("a traveller's column", "Contract"),
        by=pgettext("a traveller's column: the declarer", "By"),
        lead=pgettext("a traveller's column", "Lead"),
        tricks=pgettext("a traveller's column", "Tricks"),
        mp=pgettext("matchpoints, after a side: N-S MP", "MP"),
        imps=pgettext("a column of scores", "IMPs"),
        rank=pgettext("a ranking's column", "Rank"),
        pair=pgettext("a ranking's column", "Pair"),
        players=pgettext("a ranking's column", "Players"),
        boards=pgettext("a ranking's column", "Boards"),
        mps=pgettext("a ranking's column: matchpoints", "MPs"),
    )
