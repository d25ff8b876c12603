"""Results in the words of the page's language: what a record says was played ("4♥ by S,
11 tricks, claimed"), par ("4♥ by N-S, +420") and what a board is scored against.

Suits stay symbols; no trump, the seats and the sides are the language's
(games.bridge.words), the sentences the catalogues'. Files, exports and the CLI keep the
English of ``rules.record_summary`` and ``dd.par_text``.

A board's reference (``BoardPlay.reference``) is stored as the parts it is said from,
``file:4HX:S:11:claimed`` or ``par:4HN 4HS:420``, so that each page says it in its own
language; a text stored in an older form is shown as it is.
"""

from __future__ import annotations

from django.utils.translation import get_language, gettext, ngettext

from games.bridge import rules, words
from games.bridge.dd import Par, par_in_words


def summary_said(parts: rules.RecordSummary | None) -> str:
    """A record's parts as a sentence in the page's language; "" when the record says nothing."""
    return rules.record_in_words(
        parts,
        words.for_language(get_language()),
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
    said = words.for_language(get_language())
    return par_in_words(
        Par(score, tuple(contracts)), said, gettext("%(contract)s by %(declarer)s"), gettext("Passed out")
    )


def par_stored(par: Par) -> str:
    """Par as ``BoardPlay.reference`` keeps it (80 characters at most: eight contracts say
    who may declare it, which is all the sentence names)."""
    return f"par:{' '.join(par.contracts[:8])}:{par.score}"


def file_stored(parts: rules.RecordSummary | None) -> str:
    if parts is None:
        return ""
    contract = "Pass" if parts.contract is None else str(parts.contract)
    return f"file:{contract}:{parts.declarer}:{parts.tricks}:{'claimed' if parts.claimed else ''}"


def reference_said(stored: str) -> str:
    """What a board is scored against, as ``BoardPlay.reference`` keeps it, in the page's
    language: "at the other table: 4♥ by S, 11 tricks", "par: 4♥ by N-S, +420"."""
    kind, _, rest = stored.partition(":")
    if kind == "par":
        contracts, _, score = rest.rpartition(":")
        if score.lstrip("-").isdecimal():
            return gettext("par: %(par)s") % {"par": par_said(contracts.split(), int(score))}
    elif kind == "file" and rest.count(":") == 3:
        contract, declarer, tricks, claimed = rest.split(":")
        bid = None if contract == "Pass" else rules.parse_contract(contract)
        if bid is not None or contract == "Pass":
            parts = rules.RecordSummary(bid, declarer, tricks, claimed == "claimed")
            return gettext("at the other table: %(record)s") % {"record": summary_said(parts)}
    return stored
