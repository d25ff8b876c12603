"""Bytes to text, and recognising the format from what the file holds."""

from __future__ import annotations

import codecs

import pytest

from games.formats.decode import binary_reason, decode, detect_format

PBN = '[Board "1"]\n[Dealer "N"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
LIN = "qx|o1|md|3SA5H97642DAJCKQJ9,SQ7432H5DK72CT854,SKJ86HAQ3D9863CA3|rh||ah|Board 1|sv|0|pg||\n"


def test_utf8_bom_is_removed_and_named() -> None:
    text, encoding = decode(codecs.BOM_UTF8 + '[Event "Łódź"]'.encode())
    assert (text, encoding) == ('[Event "Łódź"]', "utf-8-sig")


@pytest.mark.parametrize(
    ("bom", "codec", "name"),
    [(codecs.BOM_UTF16_LE, "utf-16-le", "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be", "utf-16-be")],
)
def test_utf16_bom_wins(bom: bytes, codec: str, name: str) -> None:
    text, encoding = decode(bom + PBN.replace("1", "Żółw").encode(codec))
    assert encoding == name
    assert text == PBN.replace("1", "Żółw")


def test_utf16_without_bom_is_recognised_not_called_binary() -> None:
    text, encoding = decode(LIN.encode("utf-16-le"))
    assert (text, encoding) == (LIN, "utf-16-le")
    assert detect_format(text) == "lin"


def test_plain_utf8() -> None:
    assert decode('[West "Zoë"]'.encode()) == ('[West "Zoë"]', "utf-8")


def test_cp1252_when_not_utf8() -> None:
    text, encoding = decode(b'[Event "Caf\xe9 \x80 \x96"]')
    assert encoding == "cp1252"
    assert text == '[Event "Café € –"]'


def test_bytes_cp1252_leaves_undefined_still_decode() -> None:
    data = bytes([0x81, 0x8D, 0x8F, 0x90, 0x9D, 0xE9])
    text, encoding = decode(data)
    assert encoding == "cp1252"
    assert text == "\x81\x8d\x8f\x90\x9dé"


def test_decode_never_fails_on_any_byte() -> None:
    for byte in range(256):
        decode(bytes([byte, 0xFF, byte]))


def test_detection_by_content_beats_the_extension() -> None:
    assert detect_format(PBN, "hands.lin") == "pbn"
    assert detect_format(LIN, "hands.pbn") == "lin"
    assert detect_format(LIN, "hands.txt") == "lin"
    assert detect_format(PBN, "hands.xml") == "pbn"


def test_extension_breaks_a_tie() -> None:
    both = PBN + LIN
    assert detect_format(both, "x.lin") == "lin"
    assert detect_format(both, "x.PBN") == "pbn"


def test_lin_without_md_but_with_pairs_is_lin() -> None:
    assert detect_format("vg|2010 USBF,Segment 4|pn|a,b,c,d|pg||") == "lin"


def test_handviewer_links() -> None:
    link = "https://www.bridgebase.com/tools/handviewer.html?lin=md%7C3SA5H97642%7C"
    assert detect_format(link) == "handviewer"
    assert detect_format("see https://x.org/hv?n=SAKQHAKQ&e=S2&s=S3&w=S4&d=n&v=b&b=7") == "handviewer"


def test_a_handviewer_link_inside_a_lin_file_is_still_lin() -> None:
    text = LIN + "nt|see https://www.bridgebase.com/tools/handviewer.html?lin=md%7C1|\n"
    assert detect_format(text, "a.txt") == "lin"


def test_neither_format() -> None:
    assert detect_format("just a shopping list\nmilk, eggs\n", "deals.pbn") == ""
    assert detect_format("", "deals.lin") == ""


def test_binary_is_refused() -> None:
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256))
    text, _ = decode(png)
    assert binary_reason(text) == "this file is binary, not a LIN or PBN text file"
    assert detect_format(text, "deals.pbn") == ""


def test_mostly_control_characters_is_binary_even_without_nul() -> None:
    text, _ = decode(bytes(range(1, 32)) * 20 + b'[Deal "N:"]')
    assert binary_reason(text)
    assert detect_format(text) == ""


def test_text_with_a_few_odd_bytes_is_not_binary() -> None:
    text, _ = decode(PBN.encode() + b"\x81\x8d" + PBN.encode())
    assert binary_reason(text) == ""
    assert detect_format(text) == "pbn"


def test_a_long_token_does_not_slow_detection_down() -> None:
    import time

    text = "x" * 200_000 + "&n=" + "y" * 200_000
    start = time.perf_counter()
    detect_format(text)
    assert time.perf_counter() - start < 1.0
