"""games.presentation.problem_help: every problem message the readers and the upload forms give has a
specific entry on the help page, and the entry exists there."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.template import Context, Template
from django.urls import reverse
from django.utils.datastructures import MultiValueDict
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.formats import Problem, read_decks
from games.formats.club import FORMATS as CLUB_FORMATS
from games.formats.club.dlm import check_digits
from games.forms.upload import AddDecksForm, UploadForm, file_reason
from games.models.upload import problem_text, read_file
from games.presentation.problem_help import ANCHORS, CATCH_ALL, help_anchor
from tests.mutations import mutated

# Board 1 of four-boards.lin (South, West, North; East is the rest), to break in many ways.
S, W, N = "SA75HJT5DQ742CA85", "SKQJ986H82D63C642", "S32HK943DKJ9CQJT7"
PBN_DEAL = "Q5.AQT94.Q5.QJT8 AK74.76.K642.A94 J982.K53.J87.765 T63.J82.AT93.K32"
SPADES, HEARTS, DIAMONDS, CLUBS = "AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432"


def lin(md: str) -> bytes:
    return f"md|{md}|rh||ah|Board 7|sv|o|".encode()


def pbn(deal: str, *tags: str) -> bytes:
    return "\n".join([*tags, '[Board "7"]', f'[Deal "{deal}"]', ""]).encode()


# Big Deal's files of the same 32 deals (tests/formats/club_files), to spoil one place at a time.
CLUB_FILES = Path(__file__).resolve().parents[1] / "formats" / "club_files"
BRI, DGE, DUP, DLM = ((CLUB_FILES / f"bigdeal_32.{ext}").read_bytes() for ext in ("bri", "dge", "dup", "dlm"))
BRI_RECORD = DGE_RECORD = 128
DUP_RECORD, DUP_DGE_AT, DGE_PART = 156, 78, 68  # a DUP record: BRI part, DGE part, trailer
DLM_BOARD_3 = b"Board 03=lpajadghfnicdnbomgckilnnfc025"
RBN_HANDS = "W:82.KT652.JT6.J53:A95.4.AKQ432.T62:KQJT74.93.987.98:"


def spoil(data: bytes, at: int, new: bytes) -> bytes:
    """``data`` with ``new`` written over its bytes from ``at``."""
    return data[:at] + new + data[at + len(new) :]


def dlm_board_3(letters: str) -> bytes:
    """Board 3 of the DLM file with these letters and their right check digits."""
    return DLM.replace(DLM_BOARD_3, f"Board 03={letters}{check_digits(3, letters):03d}".encode())


def rbn(hands: str) -> bytes:
    return f"% RBN\nB 1\nH {hands}\nA NZ:1D1S2HP:3NA\n".encode()


def rbx(hands: str) -> bytes:
    return f"%{{RBX}}\nB{{1}}H{{{hands}}}A{{NZ:1D1S2HP:3NA}}\n".encode()


# name -> (file name, bytes, the entry its problems belong to)
CLUB_BROKEN: dict[str, tuple[str, bytes, str]] = {
    "bri cut short": ("set.bri", BRI[: 2 * BRI_RECORD + 50], "problem-record-length"),
    "dge cut short": ("set.dge", DGE[: 2 * DGE_RECORD + 50], "problem-record-length"),
    "dup cut short": ("set.dup", DUP[: 2 * DUP_RECORD + 50], "problem-record-length"),
    "bri junk after its boards": ("set.bri", BRI[:200] + b"A" * 2000, "problem-record-length"),
    "dge junk after its boards": ("set.dge", DGE[:200] + b"A" * 2000, "problem-record-length"),
    "dup junk after its boards": ("set.dup", DUP[:200] + b"A" * 2000, "problem-record-length"),
    "bri number past 52": ("set.bri", spoil(BRI, BRI_RECORD, b"57"), "problem-bri-number"),
    "bri number not digits": ("set.bri", spoil(BRI, BRI_RECORD, b"x1"), "problem-bri-number"),
    "bri card twice in a hand": (
        "set.bri",
        spoil(BRI, BRI_RECORD + 2, BRI[BRI_RECORD : BRI_RECORD + 2]),
        "problem-bri-number",
    ),
    "bri card in two hands": (
        "set.bri",
        spoil(BRI, BRI_RECORD + 26, BRI[BRI_RECORD : BRI_RECORD + 2]),
        "problem-bri-number",
    ),
    "dup bri part number past 52": ("set.dup", spoil(DUP, DUP_RECORD, b"57"), "problem-bri-number"),
    "dge suit mark lost": ("set.dge", spoil(DGE, DGE_RECORD, b"Z"), "problem-dge-marks"),
    "dge unknown rank": ("set.dge", spoil(DGE, DGE_RECORD + 1, b"Z"), "problem-unknown-rank"),
    # board 1: North ♠QJ♥AQ9♦KQJ84♣Q76, East ♠9765♥T8♦A53♣A932, ...
    "dge rank twice": ("set.dge", spoil(DGE, 2, b"Q"), "problem-card-twice"),  # ♠QJ -> ♠QQ
    "dge card in two hands": ("set.dge", spoil(DGE, 2, b"9"), "problem-card-twice"),  # ♠QJ -> ♠Q9: East's nine
    "dup parts disagree": (
        "set.dup",
        spoil(DUP, DUP_RECORD + DUP_DGE_AT, DUP[2 * DUP_RECORD + DUP_DGE_AT :][:DGE_PART]),  # board 3's cards
        "problem-dup-parts",
    ),
    "dup dge part lost a mark": ("set.dup", spoil(DUP, DUP_RECORD + DUP_DGE_AT, b"Z"), "problem-dup-parts"),
    # The DGE part's own reason is a card entry's; the board's trouble is the two parts.
    "dup dge part with a card twice": ("set.dup", spoil(DUP, DUP_DGE_AT + 2, b"Q"), "problem-dup-parts"),
    "dlm check digits": ("set.dlm", DLM.replace(DLM_BOARD_3, DLM_BOARD_3[:-1] + b"9"), "problem-dlm-board"),
    "dlm letter past p": ("set.dlm", DLM.replace(DLM_BOARD_3, b"Board 03=q" + DLM_BOARD_3[10:]), "problem-dlm-board"),
    "dlm board line cut": ("set.dlm", DLM.replace(DLM_BOARD_3, DLM_BOARD_3[:20]), "problem-dlm-board"),
    "dlm 15 cards": ("set.dlm", dlm_board_3("a" + DLM_BOARD_3[10:35].decode()), "problem-card-count"),
    "dlm board 100": ("set.dlm", DLM.replace(b"Board 99=", b"Board 100="), "problem-dlm-set"),
    "dlm board x": ("set.dlm", DLM.replace(b"Board 99=", b"Board x="), "problem-dlm-set"),
    "dlm board twice": ("set.dlm", DLM.replace(b"Board 04=", b"Board 03="), "problem-dlm-set"),
    "dlm board of the set missing": ("set.dlm", DLM.replace(b"Board 04=", b"Bored 04="), "problem-dlm-set"),
    "dlm from after to": ("set.dlm", DLM.replace(b"From board=1\n", b"From board=40\n"), "problem-dlm-set"),
    "dlm no set at all": ("set.dlm", b"[Document]\nFrom board=1\nTo board=0\n", "problem-dlm-set"),
    "dlm sealed": ("set.dlm", DLM.replace(b"Crypto key=0", b"Crypto key=4711"), "problem-dlm-sealed"),
    "rbn no seat": ("set.rbn", rbn("X" + RBN_HANDS[1:]), "problem-rbn-hands"),
    "rbn no colon": ("set.rbn", rbn("W " + RBN_HANDS[2:]), "problem-rbn-hands"),
    "rbn five hands": ("set.rbn", rbn(RBN_HANDS + "63.AQJ87.5.AKQ74:"), "problem-rbn-hands"),
    "rbn unknown cards": ("set.rbn", rbn(RBN_HANDS.replace("J53", "J5x")), "problem-rbn-hands"),
    "rbn giant hands": ("set.rbn", rbn("W:" + "A" * 300), "problem-rbn-hands"),
    "rbn one hand": ("set.rbn", rbn("W:82.KT652.JT6.J53"), "problem-hands-missing"),
    "rbn unknown rank": ("set.rbn", rbn(RBN_HANDS.replace("J53", "J5Z")), "problem-unknown-rank"),
    "rbn three suits": ("set.rbn", rbn(RBN_HANDS.replace("KT652.JT6", "KT652JT6")), "problem-not-four-suits"),
    "rbn card in two hands": ("set.rbn", rbn(RBN_HANDS.replace("82.", "A2.")), "problem-card-twice"),
    "rbn 12 cards": ("set.rbn", rbn(RBN_HANDS.replace("82.", "2.")), "problem-card-count"),
    "rbn auction without hands": ("set.rbn", b"% RBN\nA NZ:1D1S2HP:3NA\nC 3N:N\n\n", "problem-rbn-no-hands"),
    "rbn board without hands": ("set.rbn", b"% RBN\nB 1\nA NZ:1D1S2HP:3NA\n\n", "problem-rbn-no-hands"),
    "rbn empty H": ("set.rbn", rbn(""), "problem-rbn-no-hands"),
    "rbn comments only": ("set.rbn", b"% RBN\n% the deals follow\n", "problem-no-deals"),
    "rbx no seat": ("set.rbx", rbx("X" + RBN_HANDS[1:]), "problem-rbn-hands"),
    "rbx unknown cards": ("set.rbx", rbx(RBN_HANDS.replace("J53", "J5?")), "problem-rbn-hands"),
    "rbx card in two hands": ("set.rbx", rbx(RBN_HANDS.replace("82.", "A2.")), "problem-card-twice"),
    "rbx board without hands": ("set.rbx", b"%{RBX}\nB{1}A{NZ:1D1S2HP:3NA}\n", "problem-rbn-no-hands"),
}

# name -> (file name, bytes, the entry its problems belong to)
BROKEN: dict[str, tuple[str, bytes, str]] = {
    "lin card in two hands": ("a.lin", lin(f"1{S},SAQJ986H82D63C642,{N},"), "problem-card-twice"),
    "lin rank twice in a suit": ("a.lin", lin(f"1SAA75HJT5DQ742CA8,{W},{N},"), "problem-card-twice"),
    "lin 12 cards": ("a.lin", lin(f"1SA75HJT5DQ742CA8,{W},{N},"), "problem-card-count"),
    "lin 14 cards": ("a.lin", lin(f"1{S},SKQJ986HA82D63C642,{N},"), "problem-card-count"),
    "lin no hands": ("a.lin", b"md|1|", "problem-hands-missing"),
    "lin empty hands": ("a.lin", b"md|1,,,|", "problem-hands-missing"),
    "lin 14 cards, no clash": ("a.lin", lin(f"1SA75HJT5DQ742CA85,{W},S32HK943DKJ9CQJT7,S4"), "problem-card-count"),
    "lin unknown rank": ("a.lin", lin(f"1SA75HJT5DQ742CA8Z,{W},{N},"), "problem-unknown-rank"),
    "lin rank before suit": ("a.lin", lin(f"1A75HJT5DQ742CA85,{W},{N},"), "problem-rank-before-suit"),
    "lin suit twice": ("a.lin", lin(f"1SA75HJT5DQ742SA85,{W},{N},"), "problem-suit-twice"),
    "lin one hand": ("a.lin", lin(f"1{S}"), "problem-hands-missing"),
    "lin two hands": ("a.lin", lin(f"1{S},{W}"), "problem-hands-missing"),
    "lin five hands": ("a.lin", lin(f"1{S},{W},{N},ST4HAQ76DAT85CK93,S2"), "problem-too-many-hands"),
    "lin md|0| alone": ("a.lin", b"md|0|", "problem-md0"),
    "lin md|0| with cards": ("a.lin", lin(f"0{S},{W},{N},"), "problem-md0"),
    "lin headers only": ("a.lin", b"vg|Club night,Round 1,I,1,8,A,0,B,0|pg||", "problem-no-deals"),
    "pbn card in two hands": ("a.pbn", pbn(f"N:{SPADES} {SPADES} {HEARTS} {CLUBS}"), "problem-card-twice"),
    "pbn 12 cards": (
        "a.pbn",
        pbn("N:AKQJT9876543... 2.AKQJT9876543.. .2.AKQJT98765432. " + CLUBS),
        "problem-card-count",
    ),
    "pbn three suits": ("a.pbn", pbn(f"N:AKQJT98765432.. {HEARTS} {DIAMONDS} {CLUBS}"), "problem-not-four-suits"),
    "pbn unknown rank": ("a.pbn", pbn("N:" + PBN_DEAL.replace("QJT8", "QBT8")), "problem-unknown-rank"),
    "pbn rank twice": ("a.pbn", pbn("N:Q" + PBN_DEAL), "problem-card-twice"),
    "pbn first seat": ("a.pbn", pbn(f"North:{PBN_DEAL}"), "problem-deal-first-seat"),
    "pbn empty deal": ("a.pbn", pbn("N:"), "problem-empty-deal"),
    "pbn no deal given": ("a.pbn", pbn(""), "problem-no-deals"),
    "pbn three hands": ("a.pbn", pbn("N:" + PBN_DEAL.rsplit(" ", 1)[0]), "problem-deal-hand-count"),
    "pbn five hands": ("a.pbn", pbn(f"N:{PBN_DEAL} -"), "problem-deal-hand-count"),
    "pbn two unknown": ("a.pbn", pbn("N:Q5.AQT94.Q5.QJT8 AK74.76.K642.A94 - -"), "problem-hands-missing"),
    "pbn no hand": ("a.pbn", pbn("N:- - - -"), "problem-hands-missing"),
    "pbn end position": ("a.pbn", pbn("N:AK.Q.. QJ..A. T9.K.. 87..K."), "problem-end-position"),
    "pbn malformed deal tag": ("a.pbn", f'[Board "7"]\n[Deal "N:{PBN_DEAL}"\n'.encode(), "problem-no-deals"),
    "pbn results only": ("a.pbn", b'% PBN 2.1\n[Event "Club"]\n[Board "1"]\n[Result "9"]\n', "problem-no-deals"),
    "pbn header only": ("a.pbn", b"% PBN 2.1\n% EXPORT\n", "problem-no-deals"),
    "handviewer short hand": (
        "a.txt",
        b"https://www.bridgebase.com/tools/handviewer.html?n=SAKQ&s=SHDC&w=S2&b=3",
        "problem-card-count",
    ),
    "handviewer lin link": (
        "a.txt",
        b"https://www.bridgebase.com/tools/handviewer.html?lin=md%7C1SAK%2C%2C%7C",
        "problem-card-count",
    ),
    "binary": ("a.lin", b"PK\x03\x04\x14\x00\x06\x00" + bytes(range(256)) * 8, "problem-binary"),
    "nul bytes": ("a.pbn", b'[Deal "\x00\x00\x00\x00\x00"]', "problem-binary"),
    "prose": ("a.txt", b"Board 1, North deals\nS AK73 H Q2 D KJ5 C 9842\n", "problem-not-deal-file"),
    "empty": ("a.pbn", b"", "problem-empty-file"),
    "blank": ("a.lin", b"  \r\n\t\n", "problem-empty-file"),
    **CLUB_BROKEN,
}


def problems_of(name: str, data: bytes) -> list[Problem]:
    return read_file(name, data).problems


@pytest.mark.parametrize("case", CLUB_BROKEN)
def test_a_broken_club_file_is_read_as_its_format(case):
    name, data, _ = CLUB_BROKEN[case]
    assert read_file(name, data).format == name.rsplit(".", 1)[1], case


@pytest.mark.parametrize("case", BROKEN)
def test_every_reader_problem_has_its_own_entry(case):
    name, data, expected = BROKEN[case]
    problems = problems_of(name, data)
    assert problems, f"{case}: the reader found no problem"
    for problem in problems:
        # However the upload page words it, the message leads to the same entry.
        shapes = [problem.message, problem_text(problem), file_reason(read_file(name, data))]
        for shape in shapes:
            assert help_anchor(shape, problem.kind) == expected, (case, shape)
        assert help_anchor(problem.message, problem.kind) != CATCH_ALL


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("dealer digit '5' is not 1-4; dealer not stated", "problem-dealer-digit"),
        ("Vulnerable 'Nobody' is not understood: read as not stated", "problem-dealer-vul"),
        ("Dealer 'X' is not understood: read as not stated", "problem-dealer-vul"),
        ("vulnerability sv|z| not understood; not stated", "problem-dealer-vul"),
        ("vulnerability v=zz not understood; not stated", "problem-dealer-vul"),
        ("dealer d=Q not understood; not stated", "problem-dealer-vul"),
        ("line 3: '[Board \"3\"' is not a well-formed tag: read past", "problem-malformed-tag"),
        ("line 4: md|0| (a teaching movie step changing board 1) was read past", "problem-md0"),
        ("this LIN file has no md (deal) tag: only headers or commentary", "problem-no-deals"),
    ],
)
def test_the_readers_notes_have_entries_too(note, expected):
    assert help_anchor(note) == expected


def test_the_notes_come_from_the_readers():
    notes = [
        *read_decks(lin(f"5{S},{W},{N},")).decks[0].notes,
        *read_decks(pbn(f"N:{PBN_DEAL}", '[Vulnerable "Nobody"]')).decks[0].notes,
        *read_decks(f'[Board "7"\n[Deal "N:{PBN_DEAL}"]\n'.encode()).notes,
    ]
    anchors = {help_anchor(note) for note in notes if "13 remaining cards" not in note}
    assert anchors == {"problem-dealer-digit", "problem-dealer-vul", "problem-malformed-tag"}


@pytest.mark.parametrize(
    ("message", "kind", "expected"),
    [
        ("could not read this file: UnicodeDecodeError: 'utf-8' codec can't decode", "internal", "problem-encoding"),
        ("could not read this file: KeyError: 'x'", "internal", "problem-reader"),
        ("board 3: this board could not be read (list index out of range)", "invalid_deal", "problem-reader"),
        ("this LIN text could not be read (boom)", "unreadable", "problem-reader"),
        ("these links could not be read (boom)", "unreadable", "problem-reader"),
        ("a game could not be read (TypeError): please report this file", "unreadable", "problem-reader"),
        ("South's spades '9x' cannot be read", "invalid_deal", "problem-unknown-rank"),
        ("board 2: the cards do not make a full deck", "invalid_deal", "problem-card-count"),
        ("a reworded message", "empty", "problem-empty-file"),
        ("a reworded message", "no_deals", "problem-no-deals"),
        ("a reworded message", "internal", "problem-reader"),
    ],
)
def test_rare_messages_and_kinds(message, kind, expected):
    assert help_anchor(message, kind) == expected


def test_anything_else_gets_the_catch_all_entry():
    assert help_anchor("the moon is made of cheese") == CATCH_ALL
    assert help_anchor("") == CATCH_ALL
    assert help_anchor(None) == CATCH_ALL  # type: ignore[arg-type]


def test_words_in_a_hand_or_name_do_not_fool_it():
    # A file named like a message still maps by the reader's wording after the name.
    assert help_anchor("binary.pbn: deal 1 (line 1): South has 12 cards") == "problem-card-count"
    assert help_anchor("empty.lin is empty") == "problem-empty-file"
    assert help_anchor("empty.lin: deal 1 (line 1): the deal is empty") == "problem-empty-deal"
    more = "x.lin: md gives only one hand; a deck needs South (and 2 more problems)"
    assert help_anchor(more) == "problem-hands-missing"


# --- the upload form ---------------------------------------------------------------------------


def upload_form(*files: tuple[str, bytes], text: str = "") -> UploadForm:
    uploads = MultiValueDict({"files": [SimpleUploadedFile(name, data) for name, data in files]})
    return UploadForm(data={"text": text}, files=uploads)


def form_errors(form: UploadForm) -> list[str]:
    assert not form.is_valid()
    return [error for errors in form.errors.values() for error in errors]


@pytest.fixture
def one_deck_limits(settings):
    settings.DECK_UPLOAD_MAX_FILES = 2
    settings.DECK_UPLOAD_MAX_FILE_BYTES = 300
    settings.DECK_UPLOAD_MAX_TOTAL_BYTES = 400
    settings.DECK_UPLOAD_MAX_DECKS = 1
    return settings


def two_decks() -> bytes:
    return lin(f"1{S},{W},{N},") + b"\n" + lin(f"2{W},{S},{N},")  # South and West swapped


@pytest.mark.parametrize(
    ("files", "text", "expected"),
    [
        ([("a.lin", b"md|1|")] * 3, "", "problem-too-many-files"),
        ([("big.pbn", b"x" * 301)], "", "problem-file-too-big"),
        ([], "x" * 301, "problem-file-too-big"),
        ([("a.lin", b"x" * 250), ("b.lin", b"y" * 250)], "", "problem-total-too-big"),
        ([("two.lin", "TWO")], "", "problem-too-many-decks"),
        ([("one.lin", "TWO"), ("two.lin", "TWO")], "", "problem-too-many-decks"),
        ([], "", "problem-nothing-chosen"),
        ([], "   \n ", "problem-nothing-chosen"),
        ([("empty.pbn", b"")], "", "problem-empty-file"),
        ([("zip.lin", b"PK\x03\x04" + bytes(range(200)))], "", "problem-binary"),
        ([("prose.txt", b"North deals, nobody vulnerable")], "", "problem-not-deal-file"),
        ([("results.pbn", b'[Board "1"]\n[Result "9"]\n')], "", "problem-no-deals"),
        ([("bad.lin", lin(f"1SA75HJT5DQ742CA8,{W},{N},"))], "", "problem-card-count"),
        ([], "md|1SAK,,|", "problem-card-count"),
        ([], "md|1|", "problem-hands-missing"),
    ],
)
def test_every_upload_form_error_has_its_own_entry(one_deck_limits, files, text, expected):
    files = [(name, two_decks() if data == "TWO" else data) for name, data in files]
    errors = form_errors(upload_form(*files, text=text))
    assert errors
    for error in errors:
        assert help_anchor(error) == expected, error


def test_the_add_form_error_has_its_own_entry():
    form = AddDecksForm(data={"include": ["not-a-key"]})
    assert not form.is_valid()
    for error in form.errors["include"]:
        assert help_anchor(error) == "problem-deck-choice"


def test_the_preview_message_for_nothing_chosen_has_an_entry():
    assert help_anchor("No decks were chosen: every deck is a duplicate. Tick the ones you want to add.") == (
        "problem-nothing-chosen"
    )


# --- the entries exist on the page ----------------------------------------------------------------


@pytest.fixture
def page_ids(client) -> set[str]:
    html = client.get(reverse("help_upload")).text
    return set(re.findall(r'\sid="([^"]+)"', html))


def test_every_entry_exists_on_the_help_page(page_ids):
    assert CATCH_ALL in page_ids
    missing = [anchor for anchor in ANCHORS if anchor not in page_ids]
    assert not missing


def test_every_broken_input_leads_to_an_entry_on_the_page(page_ids):
    for name, data, _ in BROKEN.values():
        for problem in problems_of(name, data):
            assert help_anchor(problem.message, problem.kind) in page_ids


def test_every_problem_entry_on_the_page_is_known_to_the_mapping(page_ids):
    on_page = {i for i in page_ids if i.startswith("problem-")}
    assert on_page == set(ANCHORS)


@pytest.fixture
def club_entries(client) -> dict[str, str]:
    """The entries of the page's club formats group: id -> the entry's HTML."""
    html = client.get(reverse("help_upload")).text
    group = html.split('<h3 class="group">The club formats')[1].split('<h3 class="group">')[0]
    return dict(re.findall(r'<article id="([^"]+)" class="problem">(.*?)</article>', group, re.S))


def test_each_club_entry_is_where_a_broken_club_file_leads(club_entries):
    led_to = {expected for _, _, expected in CLUB_BROKEN.values()}
    assert set(club_entries) <= led_to
    # the club files' other problems are the card entries every format shares
    assert led_to - set(club_entries) == {
        "problem-card-count",
        "problem-card-twice",
        "problem-unknown-rank",
        "problem-not-four-suits",
        "problem-hands-missing",
        "problem-no-deals",
    }


def test_the_club_entries_quote_the_readers_own_words(club_entries):
    for anchor, entry in club_entries.items():
        messages = [
            problem.message
            for name, data, expected in CLUB_BROKEN.values()
            if expected == anchor
            for problem in problems_of(name, data)
        ]
        quoted = [unescape(q) for q in re.findall(r"<samp>(.*?)</samp>", entry, re.S)]
        assert quoted, anchor
        for words in quoted:
            words = " ".join(words.split())
            assert any(words in message for message in messages), (anchor, words)


CLUB_SEEDS = [
    BRI,
    DGE,
    DUP,
    DLM,
    rbn(RBN_HANDS) + b"\nB 2\nH N:A95.4.AKQ432.T62:KQJT74.93.987.98:63.AQJ87.5.AKQ74:\n",
    rbx(RBN_HANDS),
]
SPECIAL_BYTES = st.sampled_from(list(b"0123456789 \x00\x03\x04\x05\x06\n:;.{}=?xAKQJTNESWBHZPabop-"))


@settings(deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(CLUB_SEEDS, SPECIAL_BYTES, edits=6))
def test_no_problem_of_a_spoilt_club_file_falls_to_the_catch_all(data):
    result = read_decks(data, "set")
    if result.format in CLUB_FORMATS:
        for problem in result.problems:
            assert help_anchor(problem.message, problem.kind) != CATCH_ALL, problem.message


# --- the template filter the upload preview uses ---------------------------------------------------


def test_the_filter_links_a_problem_to_its_entry():
    problem = read_file("a.lin", lin(f"1SA75HJT5DQ742CA8,{W},{N},")).problems[0]
    template = Template(
        "{% load help_links %}{{ problem|problem_help_url }} {{ text|problem_help_url }} {{ p|problem_help_anchor }}"
    )
    out = template.render(Context({"problem": problem, "text": problem_text(problem), "p": "???"}))
    url = reverse("help_upload")
    assert out == f"{url}#problem-card-count {url}#problem-card-count {CATCH_ALL}"


def test_the_filter_uses_the_kind_of_a_problem():
    problem = Problem(message="something new", line=1, kind="empty")
    out = Template("{% load help_links %}{{ p|problem_help_url }}").render(Context({"p": problem}))
    assert out.endswith("#problem-empty-file")


def test_the_capped_problem_list_has_its_own_entry():
    from games.formats import read_decks

    last = read_decks(b"md||" * 1500, "bad.lin").problems[-1]
    assert help_anchor(last.message, last.kind) == "problem-many-problems"


def test_the_readers_own_deck_limit_points_at_the_deck_limit_entry():
    from games.presentation.problem_help import help_anchor

    message = "this file holds 100,000 decks, the most read from one file: the rest of it was not read"
    assert help_anchor(message) == help_anchor("", "too_many_decks") == "problem-too-many-decks"
