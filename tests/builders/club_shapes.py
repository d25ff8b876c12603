"""Hostile shapes of the club formats, for shapes.py (which makes them
``Shape``s): repeated records, giant lines and values, runs of separators.

Each is (name, head, unit, tail, tiny_decks): a file of ``head``, ``unit`` repeated, ``tail``.
The binary records are written as text of their bytes (all below 0x80, so UTF-8 keeps them).
"""

from __future__ import annotations

from games.formats.club.writers import write_bri, write_dge, write_dlm, write_dup, write_rbn
from games.formats.model import Deck

_DEAL = "N:A95.4.AKQ432.T62 KQJT74.93.987.98 63.AQJ87.5.AKQ74 82.KT652.JT6.J53"
_OTHER = "N:KQJT74.93.987.98 A95.4.AKQ432.T62 63.AQJ87.5.AKQ74 82.KT652.JT6.J53"
_DECK = Deck(deal=_DEAL, index=0, line=1, board="1")

BRI = write_bri([_DECK]).decode("latin-1")
DGE = write_dge([_DECK]).decode("latin-1")
DUP = write_dup([_DECK]).decode("latin-1")
# The BRI part of one deal with the DGE part of another: a problem on every record.
DUP_DISAGREEING = BRI[:78] + write_dge([Deck(deal=_OTHER, index=0, line=1)]).decode("latin-1")[:68] + DUP[146:]
DLM = write_dlm([_DECK])
DLM_HEAD = DLM[: DLM.index("Duplicates 01")]
DLM_BOARD = DLM.splitlines()[11] + "\n"  # "Board 01=...": the same board again and again
RBN_RECORD = write_rbn([_DECK]).removeprefix("% RBN\n")
RBN_HEAD = "% RBN\n" + RBN_RECORD + "\n"
RBX_RECORD = "B{1}H{W:82.KT652.JT6.J53:A95.4.AKQ432.T62:KQJT74.93.987.98:}A{NZ:1SP2SP:4SA}\n"


def club_shapes() -> tuple[tuple[str, str, str, str, bool], ...]:
    return (
        ("BRI record x N", "", BRI, "", False),
        ("BRI bad records x N", "", "99" * 39 + BRI[78:], "", False),
        ("BRI record, then junk", BRI, "x", "", False),
        ("BRI record, then NUL run", BRI, "\x00", "", False),
        ("DGE record x N", "", DGE, "", False),
        ("DGE bad records x N", "", DGE[:1] + "Z" + DGE[2:], "", False),
        ("DUP record x N", "", DUP, "", False),
        ("DUP disagreeing records x N", "", DUP_DISAGREEING, "", False),
        ("DLM same board x N", DLM_HEAD, DLM_BOARD, "", False),
        ("DLM blank lines", DLM, "\n", "", False),
        ("DLM CR run", DLM, "\r", "", False),
        ("DLM giant board value", DLM_HEAD + "Board 01=", "a", "\n", False),
        ("DLM [ lines", DLM, "[\n", "", False),
        ("DLM key lines", DLM_HEAD, "Headline=x\n", "", False),
        ("RBN record x N", "% RBN\n", RBN_RECORD, "", True),
        ("RBN other tables x N", RBN_HEAD, "N a+b:c+d\nA NZ:1SP2SP:4SA\nC 4S:N\nR 10\n\n", "", True),
        ("RBN blank lines", RBN_HEAD, "\n", "", False),
        ("RBN space run", RBN_HEAD, " ", "", False),
        ("RBN % lines", RBN_HEAD, "%x\n", "", False),
        ("RBN { unterminated", RBN_HEAD + "{", "x\n", "", False),
        ("RBN { run", RBN_HEAD, "{", "", False),
        ("RBN label lines", RBN_HEAD, "T x\n", "", False),
        ("RBN note lines", RBN_HEAD, "1 x\n", "", False),
        ("RBN other lines", RBN_HEAD, "xx\n", "", False),
        ("RBN giant A", RBN_HEAD + "B 2\nA NZ:", "1S", "\n", False),
        ("RBN giant P", RBN_HEAD + "B 2\nP ", "SA", "\n", False),
        ("RBN giant H", "% RBN\nH W:", "A", "\n", False),
        ("RBN giant title", "% RBN\nT ", "x", "\n" + RBN_RECORD, False),
        ("RBX record x N", "%{RBX}\n", RBX_RECORD, "", True),
        ("RBX elements on one line", "%{RBX}\n" + RBX_RECORD.strip(), "T{x}", "\n", False),
        ("RBX { run", "%{RBX}\n" + RBX_RECORD, "{", "", False),
        ("RBX } run", "%{RBX}\n" + RBX_RECORD, "}", "", False),
        ("RBX unclosed elements", "%{RBX}\n" + RBX_RECORD, "a{", "", False),
    )
