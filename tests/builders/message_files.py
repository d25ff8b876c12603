"""A small file for each reader message that the corpus, the club files and the broken
files of the help tests do not give (tests/web/test_problem_text.py): key -> (file name,
bytes). Each is a good deal spoilt in the one place the message names."""

from __future__ import annotations

from pathlib import Path

CLUB = Path(__file__).resolve().parents[1] / "formats" / "club_files"
BRI, DGE, DUP, DLM = ((CLUB / f"bigdeal_32.{e}").read_bytes() for e in ("bri", "dge", "dup", "dlm"))
B3 = "Q5.AQT94.Q5.QJT8 AK74.76.K642.A94 J982.K53.J87.765 T63.J82.AT93.K32"
S, W, N = "SA75HJT5DQ742CA85", "SKQJ986H82D63C642", "S32HK943DKJ9CQJT7"
HANDS = "W:82.KT652.JT6.J53:A95.4.AKQ432.T62:KQJT74.93.987.98:"


def pbn(*lines: str) -> bytes:
    return "\n".join(lines).encode() + b"\n"


def deal(value: str, *tags: str) -> tuple[str, bytes]:
    return "a.pbn", pbn('[Board "3"]', *tags, f'[Deal "{value}"]')


def md(*pairs: str) -> tuple[str, bytes]:
    return "a.lin", (f"md|1{S},{W},{N},|" + "".join(pairs)).encode()


def rbn(*lines: str) -> tuple[str, bytes]:
    return "a.rbn", ("% RBN\n" + "\n".join(lines) + "\n").encode()


def hv(query: str) -> tuple[str, bytes]:
    return "a.txt", f"https://www.bridgebase.com/tools/handviewer.html?{query}\n".encode()


def spoil(data: bytes, at: int, new: bytes) -> bytes:
    return data[:at] + new + data[at + len(new) :]


MANY_BOARDS = "".join(f'[Board "{n}"]\n[Deal "N:{B3}"]\n{{{"x" * 200}}}\n\n' for n in range(1, 30))
SMALL_FILES = {
    "where.deal_number": ("a.lin", f"md|1{S},{W},{N},|md|0|".encode()),
    "where.link": hv("n=SAKQ&s=SHDC&w=S2"),
    "pbn.no_first_seat": deal(B3),
    "pbn.extra_spaces": deal("N:" + B3.replace(" ", "  ", 1)),
    "pbn.lower_case": deal("N:" + B3.lower()),
    "pbn.hand_inferred": deal("N:" + B3.rsplit(" ", 1)[0] + " -"),
    "pbn.deal_one_hand": deal("N:Q5.AQT94.Q5.QJT8"),
    "pbn.auction_too_long": deal("N:" + B3, '[Auction "N"]', "P " * 1001),
    "pbn.play_too_long": deal("N:" + B3, '[Contract "3NT"]', '[Declarer "S"]', '[Play "W"]', "- " * 1001),
    "pbn.not_a_call_kept": deal("N:" + B3, '[Auction "N"]', "1C Bingo P P P"),
    "pbn.not_a_call": deal("N:" + B3, '[Auction "N"]', "1C ## P P P"),
    "pbn.more_not_calls": deal("N:" + B3, '[Auction "N"]', "1C " + "Bingo " * 30),
    "pbn.play_too_many_cards": ("a.pbn", pbn(f'[Deal "N:{B3}"]', '[Contract "3NT"]', '[Play "W"]', *["- - - -"] * 14)),
    "pbn.play_columns": ("a.pbn", pbn(f'[Deal "N:{B3}"]', '[Contract "3NT"]', '[Play "Q"]', "SA - - -")),
    "pbn.not_a_card": deal("N:" + B3, '[Contract "3NT"]', '[Declarer "S"]', '[Play "W"]', "ZZ - - -"),
    "pbn.kind_malformed": ("a.pbn", pbn(*(f'[Board "{n}"\n[Deal "N:{B3}"]\n' for n in range(25)))),
    "pbn.kind_junk": ("a.pbn", pbn(*(f"junk {n}\n" for n in range(25)), f'[Deal "N:{B3}"]')),
    "pbn.kind_loose_comments": ("a.pbn", pbn(*(f"{{note {n}}}\n" for n in range(25)), f'[Deal "N:{B3}"]')),
    "pbn.kind_hash": ("a.pbn", pbn(f'[Deal "N:{B3}"]\n', *('[Deal "#"]\n' for _ in range(25)))),
    "pbn.hash_default": ("a.pbn", pbn('[Dealer "##N"]', f'[Deal "N:{B3}"]')),
    "pbn.hash_taken": ("a.pbn", pbn('[Dealer "##N"]', f'[Deal "N:{B3}"]', "", f'[Deal "N:{B3}"]')),
    "pbn.too_many_decks": ("a.pbn", pbn(f'[Deal "N:{B3}"]', *(["", '[Deal "#"]'] * 100_001))),
    "pbn.too_many_tags": ("a.pbn", pbn(*(f'[Tag{n} "x"]' for n in range(501)), f'[Deal "N:{B3}"]')),
    "pbn.unclosed_comment": deal("N:" + B3, "{ never closed"),
    "commentary.too_many": deal("N:" + B3, *(f"{{c{n}}}" for n in range(201))),
    "commentary.cut": deal("N:" + B3, "{" + "x" * 20_001 + "}"),
    "commentary.file_full": (
        "a.pbn",
        pbn(*(f'[Board "{n}"]\n[Deal "N:{B3}"]\n{{{"x" * 19_000}}}\n' for n in range(1, 55))),
    ),
    "commentary.more": ("a.pbn", pbn(*(f'[Board "{n}"]\n[Deal "N:{B3}"]\n{{{"x" * 20_001}}}\n' for n in range(1, 23)))),
    "lin.more_md0": md(*["md|0|"] * 25),
    "lin.md0_step": md("md|0|"),
    "lin.sv_not_understood": md("sv|q|"),
    "lin.auction_pairs": md("mb|p|" * 1001),
    "lin.auction_calls": md("mb|ppp|" * 700),
    "lin.call_kept": md("mb|1c|mb|zz|mb|p|"),
    "lin.call_read_past": md("mb|1c|mb||mb|p|"),
    "lin.play_pairs": md("pc|SA|" * 1001),
    "lin.claim": md("mc|x|"),
    "handviewer.no_link": ("a.txt", b"https://www.bridgebase.com/tools/handviewer.html\n"),
    "handviewer.empty_lin": ("a.txt", b"https://www.bridgebase.com/tools/handviewer.html?lin=\n"),
    "handviewer.dealer": hv(f"s={S}&w={W}&n={N}&d=x"),
    "handviewer.vul": hv(f"s={S}&w={W}&n={N}&v=q"),
    "handviewer.unordered": hv(f"s=S57AHJT5DQ742CA85&w={W}&n={N}"),
    "file.dealer_script": ("a.dlr", b"generate 1000\nproduce 4\ncondition hcp(north) > 20\naction printall\n"),
    "file.more_problems": ("a.lin", b"md||" * 1001),
    "club.blank_record": ("a.bri", BRI[:128] + b" " * 128 + BRI[256:384]),
    "club.not_a_record": ("a.bri", BRI[:256] + b"A" * 1000),
    "club.not_numbers": ("a.dup", DUP[:200] + b"A" * 1000),
    "club.numbers_end": ("a.bri", BRI[:200] + b"A" * 1000),
    "club.not_marks": ("a.dge", DGE[:256] + b"A" * 1000),
    "club.not_dge_part": ("a.dup", DUP[:234] + b"0" * 1000),
    "dup.lowest": ("a.dup", spoil(DUP, 148, b"000")),
    "dup.lowest_blank": ("a.dup", spoil(DUP, 148, b"   ")),
    "dup.blank_dge": (
        "a.dup",
        b"".join(
            spoil(DUP[i * 156 : i * 156 + 156], 78, b" " * 68) if i < 2 else DUP[i * 156 : i * 156 + 156]
            for i in range(32)
        ),
    ),
    "dup.blank_dge_one": ("a.dup", spoil(DUP, 78, b" " * 68)),
    "dup.blank_dge_more": ("a.dup", b"".join(spoil(DUP[i * 156 : i * 156 + 156], 78, b" " * 68) for i in range(12))),
    "dlm.no_set": (
        "a.dlm",
        b"\n".join(line for line in DLM.split(b"\n") if not line.lower().startswith((b"from board", b"to board"))),
    ),
    "rbn.vul": rbn("B 1", f"H {HANDS}", "A NQ:1D1S2HP:3NA"),
    "rbn.too_many_calls": rbn("B 1", f"H {HANDS}", "A NZ:" + "1C" + "P" * 400),
    "rbn.not_a_call": rbn("B 1", f"H {HANDS}", "A NZ:1D#P"),
    "rbn.after_all_pass": rbn("B 1", f"H {HANDS}", "A NZ:1DA1S"),
    "rbn.too_many_tricks": rbn("B 1", f"H {HANDS}", "C 3N:N", "P " + ":".join(["S2"] * 14)),
    "rbn.trick": rbn("B 1", f"H {HANDS}", "C 3N:N", "P ZZ"),
    "rbn.contract": rbn("B 1", f"H {HANDS}", "C 9Q:N"),
    "rbn.board_number": rbn("B one", f"H {HANDS}"),
    "rbn.other_table_one": rbn("B 1", f"H {HANDS}", "A NZ:1D1S2HP:3NA", "", "A NZ:1DP"),
    "rbn.rotation_some": rbn("B 1", f"H {HANDS}", "A NZ:1DP", "", "B 2", f"H {HANDS}"),
    "rbn.unknown_label": rbn("B 1", f"H {HANDS}", "Q what"),
    "rbn.repeated_label": rbn("B 1", "B 2", f"H {HANDS}"),
    "rbn.other_line": rbn("B 1", f"H {HANDS}", "this is prose"),
    "rbn.kind_unknown_labels": rbn(*(f"Q {n}" for n in range(25)), "B 1", f"H {HANDS}"),
    "rbn.kind_repeated_labels": rbn(*(f"B 1\nB 2\nH {HANDS}\n" for n in range(25))),
    "rbn.kind_other_lines": rbn(*("prose" for n in range(25)), "B 1", f"H {HANDS}"),
    "rbn.kind_other_text": (
        "a.rbx",
        ("%{RBX}\n" + "".join(f"B{{{n}}}H{{{HANDS}}}junk\n" for n in range(1, 25))).encode(),
    ),
    "rbx.other_text": ("a.rbx", f"%{{RBX}}\nB{{1}}H{{{HANDS}}}junk\n".encode()),
}
