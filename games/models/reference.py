"""What a board is scored against, as ``BoardPlay.reference`` stores it: the parts a page
says it from, in no one language.

The file's record is stored as ``file:4HX:S:11:claimed`` and par as ``par:4HN 4HS:420``;
``stored_parts`` reads either back, and a page says them in its language
(games.presentation.result_text). A text stored in an older form has no parts, and is
shown as it is.
"""

from __future__ import annotations

from games.bridge import rules
from games.bridge.dd import Par


def par_stored(par: Par) -> str:
    """Par as ``BoardPlay.reference`` keeps it (80 characters at most: eight contracts say
    who may declare it, which is all the sentence names)."""
    return f"par:{' '.join(par.contracts[:8])}:{par.score}"


def file_stored(parts: rules.RecordSummary | None) -> str:
    """The file's record as ``BoardPlay.reference`` keeps it; "" when it says nothing."""
    if parts is None:
        return ""
    contract = "Pass" if parts.contract is None else str(parts.contract)
    return f"file:{contract}:{parts.declarer}:{parts.tricks}:{'claimed' if parts.claimed else ''}"


def stored_parts(stored: str) -> Par | rules.RecordSummary | None:
    """The par or the file's record a stored reference holds; None for a text stored in an
    older form (or nothing)."""
    kind, _, rest = stored.partition(":")
    if kind == "par":
        contracts, _, score = rest.rpartition(":")
        if score.lstrip("-").isdecimal():
            return Par(int(score), tuple(contracts.split()))
    elif kind == "file" and rest.count(":") == 3:
        contract, declarer, tricks, claimed = rest.split(":")
        bid = None if contract == "Pass" else rules.parse_contract(contract)
        if bid is not None or contract == "Pass":
            return rules.RecordSummary(bid, declarer, tricks, claimed == "claimed")
    return None
