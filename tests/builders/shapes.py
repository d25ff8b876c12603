"""Hostile file shapes: one token repeated, runs of separators, one giant line or value,
deep comments. Every reader must stay linear in time and memory on them: a file within the
upload limit (5 MB) must read with a tracemalloc peak under ``MEMORY_LIMIT`` times its size,
whatever its shape. tests/formats/test_linear_reading.py reads each at two small sizes and
compares the work done; ``python -m bench.reader`` times each at 1.25 MB and 5 MB (bench/hostile.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.builders.club_shapes import club_shapes

MEMORY_LIMIT = 10.0  # peak memory under 10x the file's size

LIN_MD = "md|3SA5H97642DAJCKQJ9,SQ7432H5DK72CT854,SKJ86HAQ3D9863CA3|"
LIN_BOARD = f"qx|o1|{LIN_MD}rh||ah|Board 1|sv|0|mb|1S|mb|p|pc|SA|pc|S2|pg||\n"
PBN_DEAL = '[Deal "E:A95.4.AKQ432.T62 KQJT74.93.987.98 63.AQJ87.5.AKQ74 82.KT652.JT6.J53"]'
PBN_GAME = f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n{PBN_DEAL}\n'
LINK = "https://www.bridgebase.com/tools/handviewer.html?lin="
HANDS = "n=SA5H97642DAJCKQJ9&e=SQ7432H5DK72CT854&s=SKJ86HAQ3D9863CA3&d=n&v=b&b=7"


@dataclass(frozen=True)
class Shape:
    """A file made of ``head``, then ``unit`` repeated, then ``tail``."""

    name: str
    head: str
    unit: str
    tail: str = ""
    # A full deck every few bytes ('#' and '##' copy the deal of the game before): each Deck
    # holds some 330 bytes (the object, its line and index, its source text) whatever the
    # reader does, so such a file cannot stay under MEMORY_LIMIT times its size.
    tiny_decks: bool = False

    def text(self, repeats: int) -> str:
        return self.head + self.unit * repeats + self.tail

    def repeats_for(self, size: int) -> int:
        """How many units make a file of about ``size`` bytes (UTF-8)."""
        fixed = len((self.head + self.tail).encode())
        return max(1, (size - fixed) // len(self.unit.encode()))

    def data(self, size: int) -> bytes:
        return self.text(self.repeats_for(size)).encode()


def _lin(tag_pair: str) -> Shape:
    shown = tag_pair.replace("\n", "\\n")
    return Shape(f"LIN {shown} x N", LIN_MD, tag_pair)


SHAPES: tuple[Shape, ...] = (
    # LIN: every pair the reader knows, repeated after one deal
    *(
        _lin(pair)
        for pair in (
            "ah|x|",
            "ah||",
            "md|0|",
            "md||",
            "mb|p|",
            "mb|1S!|an|x|",
            "an|x|",
            "pc|SA|",
            "pc|sa|",
            "pg||",
            "mc|5|",
            "pn|a,b,c,d|",
            "sv|o|",
            "sv|q|",
            "mc|x|",
            "nt|hi|",
            "st||",
            "rh||",
            "sk||",
            "vg|a,b|",
            "rs|x|",
            "mp|x|",
            "bn|x|",
            "pw|x|",
            "zz|x|",
            "qx|o1|",
            "qx||",
            "Md||",
            "md|x|",
            "pg||pc|SA|",
            "mb|p|\n",
            "pc|SA|\n",
            "x y|v|",
        )
    ),
    Shape("LIN md|0| x N (no deal)", "", "md|0|"),
    Shape("LIN qx|o1|md|...| x N", "", "qx|o1|" + LIN_MD),
    Shape("LIN board x N", "", LIN_BOARD),
    Shape("LIN | run", LIN_MD, "|"),
    Shape("LIN line ends run", LIN_MD, "\n"),
    Shape("LIN CR run", LIN_MD, "\r"),
    Shape("LIN CRLF run", LIN_MD, "\r\n"),
    Shape("LIN space run", LIN_MD, " "),
    Shape("LIN giant nt value", LIN_MD + "nt|", "x", "|"),
    Shape("LIN giant line, no pipe", LIN_MD, "x"),
    Shape("LIN giant md value", "md|1", "S", "|"),
    Shape("LIN md of commas", "md|1", ",", "|"),
    Shape("LIN giant ah value", LIN_MD + "ah|Board ", "9", "|"),
    Shape("LIN giant mc value", LIN_MD + "mc|", "9", "|"),
    Shape("LIN % lines", LIN_MD + "\n", "%x\n"),
    Shape("LIN % run", LIN_MD + "\n", "%"),
    Shape("LIN mixed pairs", LIN_MD, "ah|x|md|0|mb|p|an|x|pc|sa|mc|5|nt|x|sv|q|pn|a|rs|x||x| y|z|\n"),
    # PBN: separators, repeated tags, comments, sections
    Shape("PBN blank lines", PBN_GAME, "\n"),
    Shape("PBN space lines", PBN_GAME, " \n"),
    Shape("PBN CRLF run", PBN_GAME, "\r\n"),
    Shape("PBN CR run", PBN_GAME, "\r"),
    Shape("PBN tab lines", PBN_GAME, "\t\n"),
    Shape("PBN space run", PBN_GAME, " "),
    Shape("PBN blank lines between", "", PBN_GAME + "\n \n\n"),
    Shape("PBN game x N", "", PBN_GAME + "\n"),
    Shape('PBN [Event ""] x N', PBN_GAME, '[Event ""]\n'),
    Shape('PBN [Event ""] x N, one line', PBN_GAME, '[Event ""]'),
    Shape('PBN [Event ""] games', PBN_GAME + "\n", '[Event ""]\n\n'),
    Shape("PBN [Deal] x N", PBN_GAME, PBN_DEAL + "\n"),
    Shape('PBN [Note "1:x"] x N', PBN_GAME, '[Note "1:x"]\n'),
    Shape('PBN [Board "#"] games', PBN_GAME + "\n", '[Board "#"]\n[Deal "#"]\n\n', tiny_decks=True),
    Shape('PBN "##" deal, then [B ""] games', PBN_DEAL.replace('"E:', '"##E:') + "\n\n", '[B ""]\n\n', tiny_decks=True),
    Shape("PBN { unterminated", PBN_GAME + "{", "x\n"),
    Shape("PBN { lines, none closed", PBN_GAME, "{\n"),
    Shape("PBN { run", PBN_GAME, "{"),
    Shape("PBN {} run", PBN_GAME, "{}"),
    Shape("PBN { } lines", PBN_GAME, "{\n\n}\n"),
    Shape("PBN ; lines", PBN_GAME, ";x\n"),
    Shape("PBN % lines", PBN_GAME, "%x\n"),
    Shape("PBN giant Auction", PBN_GAME + '[Auction "N"]\n', "Pass "),
    Shape("PBN giant Auction lines", PBN_GAME + '[Auction "N"]\n', "1S =1= Pass\n"),
    Shape("PBN giant Play", PBN_GAME + '[Contract "4S"]\n[Play "W"]\n', "SA "),
    Shape("PBN giant Play lines", PBN_GAME + '[Contract "4S"]\n[Play "W"]\n', "SA HK D2 C3\n"),
    Shape("PBN unterminated quote", PBN_GAME + '[Event "', "x"),
    Shape("PBN quote run", PBN_GAME + "[Event ", '"'),
    Shape("PBN [ run", PBN_GAME, "["),
    Shape("PBN ] run", PBN_GAME, "]"),
    Shape("PBN [ lines", PBN_GAME, "[\n"),
    Shape("PBN giant value", PBN_GAME + '[Event "', "x", '"]\n'),
    Shape("PBN escapes", PBN_GAME + '[Event "', '\\"', '"]\n'),
    Shape("PBN giant Deal", '[Deal "N:', "A", '"]\n'),
    Shape("PBN giant Board", '[Board "', "9", '"]\n' + PBN_DEAL + "\n"),
    Shape("PBN mixed", PBN_GAME, '[Event "x"] {c} ; y\n%z\n[Note "1:x"]\n[\n\n \n'),
    # BBO handviewer links
    Shape("links lin= x N", "", LINK + LIN_MD + "\n"),
    Shape("links hands x N", "", "https://x.org/h.html?" + HANDS + "\n"),
    Shape("links on one line", "", LINK + LIN_MD + " "),
    Shape("link giant lin=", LINK + LIN_MD, "ah|x|"),
    Shape("link giant query", "https://x.org/h.html?" + HANDS, "&a=x"),
    # the clubs' formats: DUP, BRI, DGE, DLM, RBN, RBX (club_shapes.py)
    *(Shape(name, head, unit, tail, tiny) for name, head, unit, tail, tiny in club_shapes()),
)
