"""Results in the words of the page's language: what a record says was played ("4♥ by S,
11 tricks, claimed"), par ("4♥ by N-S, +420"), what a board is scored against, a finished
board's line in the history, a traveller's line and a club night's pairs.

Suits stay symbols; no trump, the seats and the sides are the language's
(games.bridge.words), the sentences the catalogues'. Files, exports and the CLI keep the
English of ``rules.record_summary`` and ``dd.par_text``. The models hand over the parts
(``rules.RecordSummary``, ``dd.Par``, ``club.PairName``, a play's fields), never a
sentence; a board's reference is stored as its parts (games.models.reference).
"""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from games.bridge import rules
from games.bridge.club_night import signed_text
from games.bridge.dd import Par, par_in_words
from games.models.club import NS, PairName, TableLine
from games.models.reference import stored_parts
from games.presentation.language import active


def summary_said(parts: rules.RecordSummary | None) -> str:
    """A record's parts as a sentence in the page's language; "" when the record says nothing."""
    return rules.record_in_words(
        parts,
        active(),
        by=gettext("%(contract)s by %(declarer)s"),
        tricks=lambda count: ngettext("%(count)s trick", "%(count)s tricks", count) % {"count": count},
        claimed=gettext("claimed"),
        passed_out=gettext("Passed out"),
    )


def record_said(*, contract: str, declarer: str, result: str, claim: int | None, calls=(), first: str = "") -> str:
    """``rules.record_summary`` in the page's language."""
    return summary_said(
        rules.record_parts(contract=contract, declarer=declarer, result=result, claim=claim, calls=calls, first=first)
    )


def par_said(contracts: tuple[str, ...] | list[str], score: int) -> str:
    """ "4♥ by N-S, +420", "Passed out, 0" (``dd.par_text`` in the page's language)."""
    return par_in_words(
        Par(score, tuple(contracts)), active(), gettext("%(contract)s by %(declarer)s"), gettext("Passed out")
    )


def reference_said(stored: str) -> str:
    """What a board is scored against, as ``BoardPlay.reference`` keeps it, in the page's
    language: "at the other table: 4♥ by S, 11 tricks", "par: 4♥ by N-S, +420"."""
    parts = stored_parts(stored)
    if isinstance(parts, Par):
        return gettext("par: %(par)s") % {"par": par_said(parts.contracts, parts.score)}
    if parts is not None:
        return gettext("at the other table: %(record)s") % {"record": summary_said(parts)}
    return stored


def result_line(play) -> str:
    """A finished board's result as the history shows it, N-S's score and IMPs, in the
    page's language: "4♥ by S, 11 tricks, +450, +5 IMPs", "Passed out, 0, −3 IMPs"; a board
    ended before it was over says so ("not finished: 4♥ by N, 14 cards played"); "" while
    the board is in play, or for no play (a ``BoardPlay``, or what has its fields)."""
    if play is None:
        return ""
    if play.finished_at is None:
        return unfinished_line(play) if getattr(play, "abandoned", "") else ""
    tricks = "" if play.tricks is None else str(play.tricks)
    claim = play.tricks if play.claim_tricks is not None else None
    text = record_said(contract=play.contract, declarer=play.declarer, result=tricks, claim=claim)
    if play.score is not None:
        text += f", {signed_text(play.score)}"
    if play.imps is not None:
        text += f", {signed_text(play.imps)} {active().term('imp' if abs(play.imps) == 1 else 'imps')}"
    return text


def unfinished_line(play) -> str:
    """A board ended before it was over, and how far it went: "not finished: 4♥ by N, 14
    cards played", "revealed, not finished: in the auction, 5 calls made"."""
    label = play.get_abandoned_display()
    if not play.calls:
        if play.abandoned == "revealed":
            return gettext("revealed before the first call")
        return gettext("%(label)s, before the first call") % {"label": label}
    state = play.state()
    if not state.contract:
        return gettext("%(label)s: in the auction, %(progress)s") % {"label": label, "progress": play.progress()}
    contract = record_said(contract=state.contract, declarer=state.declarer, result="", claim=None)
    where = play.progress() if play.cards else gettext("before the opening lead")
    return f"{label}: {contract}, {where}"


def line_summary(line: TableLine) -> str:
    """A traveller's line as a page says it: "4♥ by S, 10 tricks", "Passed out"; an
    artificial score's "Avg+/Avg-"."""
    if line.adjustment is not None and line.adjustment.artificial:
        return line.adjustment.label
    return record_said(contract=line.contract, declarer=line.declarer, result=str(line.tricks), claim=None)


def pair_label(name: PairName) -> str:
    """A pair as a page names it: a movement's "Pair 3", "Pair 1 N-S"; a table's "Table 1 N-S"."""
    number, _, moved = name.pair.partition(" ")
    if moved or not name.direction:  # a movement's pair: "1 NS", or a Howell's "3"
        if not moved:
            return gettext("Pair %(pair)s") % {"pair": number}
        return gettext("Pair %(pair)s %(direction)s") % {"pair": number, "direction": active().pair(moved)}
    side = active().pair("NS" if name.direction == NS else "EW")
    return gettext("Table %(pair)s %(direction)s") % {"pair": name.pair, "direction": side}
