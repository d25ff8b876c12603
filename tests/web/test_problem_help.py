"""games.problem_help: every problem message the readers and the upload forms give has a
specific entry on the help page, and the entry exists there."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.template import Context, Template
from django.urls import reverse
from django.utils.datastructures import MultiValueDict

from games.formats import Problem, read_decks
from games.models.upload import problem_text, read_file
from games.problem_help import ANCHORS, CATCH_ALL, help_anchor
from games.upload_forms import AddDecksForm, UploadForm, file_reason

# Board 1 of four-boards.lin (South, West, North; East is the rest), to break in many ways.
S, W, N = "SA75HJT5DQ742CA85", "SKQJ986H82D63C642", "S32HK943DKJ9CQJT7"
PBN_DEAL = "Q5.AQT94.Q5.QJT8 AK74.76.K642.A94 J982.K53.J87.765 T63.J82.AT93.K32"
SPADES, HEARTS, DIAMONDS, CLUBS = "AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432"


def lin(md: str) -> bytes:
    return f"md|{md}|rh||ah|Board 7|sv|o|".encode()


def pbn(deal: str, *tags: str) -> bytes:
    return "\n".join([*tags, '[Board "7"]', f'[Deal "{deal}"]', ""]).encode()


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
}


def problems_of(name: str, data: bytes) -> list[Problem]:
    return read_file(name, data).problems


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
def small_limits(settings):
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
def test_every_upload_form_error_has_its_own_entry(small_limits, files, text, expected):
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
    from games.problem_help import help_anchor

    message = "this file holds 100,000 decks, the most read from one file: the rest of it was not read"
    assert help_anchor(message) == help_anchor("", "too_many_decks") == "problem-too-many-decks"
