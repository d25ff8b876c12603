"""The help page "Uploading Decks": public, generated from the code it explains, and its
example files upload cleanly through the real upload view."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.bridge.board import dealer_for_board, vul_for_board
from games.formats import read_decks
from games.models import Game
from games.presentation.problem_help import ANCHORS, help_anchor
from games.views.help import LENIENT_PBN, PROBLEM_SAMPLES, WORKED_LIN, _key, _samples

EXAMPLES = ("games/examples/four-boards.lin", "games/examples/four-boards.pbn")
URL = "/help/uploading-decks/"


def text_of(html: str) -> str:
    """The page's words, tags removed and spaces collapsed, for phrase checks."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def cell(html: str, element_id: str) -> str:
    match = re.search(rf'id="{element_id}"[^>]*>(.*?)</td>', html, re.S)
    assert match, element_id
    return text_of(match[1])


# --- who may read it -------------------------------------------------------------------------------


def test_it_is_public(client):
    response = client.get(URL)
    assert response.status_code == 200
    assert reverse("help_upload") == URL
    assert "<h1>Uploading Decks</h1>" in response.text
    assert "Uploading Decks" in response.text.split("<title>")[1].split("</title>")[0]


def test_it_only_answers_get_and_head(client):
    assert client.head(URL).status_code == 200
    assert client.post(URL).status_code == 405


@pytest.mark.django_db
def test_the_footer_of_every_page_links_here(client):
    assert f'href="{URL}"' in client.get(reverse("home")).text


@pytest.mark.django_db
def test_it_reads_the_same_for_a_logged_in_host(host_client):
    assert host_client.get(URL).status_code == 200


@pytest.mark.django_db
def test_staff_get_a_link_to_the_review_desk(staff_client, client):
    admin = reverse("admin:index")
    assert f'href="{admin}"' in staff_client.get(URL).text
    client.logout()
    assert f'href="{admin}"' not in client.get(URL).text


# --- what it explains --------------------------------------------------------------------------------


def test_it_answers_the_questions_before_they_are_asked(help_page):
    words = text_of(help_page)
    for phrase in (
        "Allow deck upload",  # which games, and how to turn it on
        "New game",
        "Create",
        "Upload Decks",
        "Click to Choose File(s)…",
        "Or paste deals",
        "Add Decks to Game (N)",
        "Deal New Cards",  # the steps
        ".lin",
        ".pbn",
        ".txt",
        ".xml",
        "the content decides, not the extension",  # the files
        "handviewer",
        "cryptographic random source",  # the queue runs out
        "No uploaded decks left: this board was dealt at random",
        "already waiting in this game's queue",
        "add it anyway",  # duplicates
        "download the queue or the boards already dealt, as PBN or LIN",  # exports
        "site administration",  # staff review
    ):
        assert phrase in words, phrase
    steps = [
        "New game",
        "Create",
        "Upload Decks",
        "Click to Choose File(s)…",
        "Check the preview",
        "Add Decks to Game (N)",
        "Deal New Cards",
    ]
    section = text_of(help_page.split('id="steps"')[1].split("</section>")[0])
    at = 0
    for step in steps:  # each one after the one before
        at = section.index(step, at) + len(step)


def test_the_games_rule_options_come_from_the_model(help_page):
    words = text_of(help_page)
    field = Game._meta.get_field("missing_info")
    assert str(field.verbose_name) in words
    for _value, label in Game.MissingInfo.choices:
        assert str(label) in words
    default_label = dict(Game.MissingInfo.choices)[field.get_default()]
    assert f"{default_label} the default" in words


def test_the_page_has_no_inline_styles_or_scripts(help_page):
    assert "style=" not in help_page and "<style" not in help_page
    for script in re.findall(r"<script\b[^>]*>", help_page):
        assert " src=" in script
    assert "games/help.css" in help_page
    assert finders.find("games/help.css")


def test_every_link_within_the_page_leads_somewhere(help_page):
    ids = set(re.findall(r'\sid="([^"]+)"', help_page))
    targets = set(re.findall(r'href="#([^"]+)"', help_page))
    assert targets and targets <= ids, targets - ids
    assert len(re.findall(r'\sid="([^"]+)"', help_page)) == len(ids), "ids are unique"


# --- the limits ----------------------------------------------------------------------------------------


def test_it_shows_the_limits_in_force(help_page, settings):
    assert cell(help_page, "limit-files") == str(settings.DECK_UPLOAD_MAX_FILES)
    assert cell(help_page, "limit-decks") == f"{settings.DECK_UPLOAD_MAX_DECKS:,}"
    assert cell(help_page, "limit-file-size") == f"{settings.DECK_UPLOAD_MAX_FILE_BYTES // (1024 * 1024)} MB"
    assert cell(help_page, "limit-total-size") == f"{settings.DECK_UPLOAD_MAX_TOTAL_BYTES // (1024 * 1024)} MB"
    assert cell(help_page, "limit-expiry") == f"{settings.DECK_UPLOAD_EXPIRY_HOURS} hours"


def test_the_limits_follow_the_settings_at_request_time(client, settings):
    settings.DECK_UPLOAD_MAX_FILES = 7
    settings.DECK_UPLOAD_MAX_FILE_BYTES = 3 * 1024 * 1024
    settings.DECK_UPLOAD_MAX_TOTAL_BYTES = 1536 * 1024
    settings.DECK_UPLOAD_MAX_DECKS = 12345
    settings.DECK_UPLOAD_EXPIRY_HOURS = 1
    help_page = client.get(URL).text
    assert cell(help_page, "limit-files") == "7"
    assert cell(help_page, "limit-file-size") == "3 MB"
    assert cell(help_page, "limit-total-size") == "1.5 MB"
    assert cell(help_page, "limit-decks") == "12,345"
    assert cell(help_page, "limit-expiry") == "1 hour"
    words = text_of(help_page)
    assert "at most 7 files" in words and "at most 12,345 decks" in words
    assert "for 1 hour, then it is deleted" in words

    settings.DECK_UPLOAD_MAX_FILES = 40
    assert cell(client.get(URL).text, "limit-files") == "40"


# --- the 16-board table ------------------------------------------------------------------------------


# Written out here, from formats.md, to check the table the page generates from the model.
CYCLE = [
    ("N", "None"),
    ("E", "NS"),
    ("S", "EW"),
    ("W", "All"),
    ("N", "NS"),
    ("E", "EW"),
    ("S", "All"),
    ("W", "None"),
    ("N", "EW"),
    ("E", "All"),
    ("S", "None"),
    ("W", "NS"),
    ("N", "All"),
    ("E", "None"),
    ("S", "NS"),
    ("W", "EW"),
]


def test_it_shows_the_16_board_cycle(help_page):
    table = help_page.split('id="rotation-table"')[1].split("</table>")[0]
    boards = re.findall(r'data-board="(\d+)" data-dealer="([NESW])" data-vul="(\w+)"', table)
    assert [(int(n), d, v) for n, d, v in boards] == [(n, *CYCLE[n - 1]) for n in range(1, 17)]
    assert all((dealer_for_board(n), vul_for_board(n)) == CYCLE[n - 1] for n in range(1, 17))
    headers = " ".join(text_of(th) for th in re.findall(r"<th[^>]*>(.*?)</th>", table))
    assert headers == "North deals East deals South deals West deals"
    cells = [text_of(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", table, re.S)]
    assert cells[0] == "1 North nobody vulnerable"
    assert cells[1] == "2 East N-S vulnerable"
    assert cells[3] == "4 West Both vulnerable"


# --- the LIN and PBN references ---------------------------------------------------------------------


def test_the_lin_reference_explains_every_pair(help_page):
    section = help_page.split('id="lin"')[1].split("</section>")[0]
    for pair in ("md", "sv", "ah", "qx", "pn", "rh", "st", "mb", "an", "pc", "pg", "mc"):
        assert f"<code>{pair}|" in section, pair
    words = text_of(section)
    assert "1 South, 2 West, 3 North, 4 East" in words
    assert "The hands always run South, West, North, East" in words
    assert "East is usually left out" in words


def test_the_worked_lin_example_is_read_as_the_page_says(help_page):
    assert WORKED_LIN in unescape(help_page)
    result = read_decks(WORKED_LIN.encode(), "example.lin")
    assert not result.problems
    (deck,) = result.decks
    assert (deck.dealer, deck.vul, deck.board) == ("N", "None", "1")
    assert dict(deck.players) == {"S": "krysieq", "W": "uijallen", "N": "ElMacaroni", "E": "Player1771"}
    assert [c.call for c in deck.auction] == ["1H", "P", "2NT", "P", "4H", "P", "P", "P"]
    assert deck.auction[2].alert and deck.auction[2].explanation == "inv+fit"
    assert deck.play[0][0] == "DQ" and deck.claim == 11
    words = text_of(help_page.split('id="lin-example"')[1].split("</section>")[0])
    for phrase in (
        "South krysieq, West uijallen, North ElMacaroni, East Player1771",
        "3 : North deals",
        "this is board 1",
        "nobody is vulnerable",
        "1H P 2NT! P 4H P P P",
        "“inv+fit”",
        "East, on declarer's left, leads the ♦ Q",
        "11 tricks in all",
    ):
        assert phrase in words, phrase


def test_the_pbn_examples_read_as_the_same_deal(help_page):
    lin_deck = read_decks(WORKED_LIN.encode()).decks[0]
    html = unescape(help_page)
    pbn = re.search(r'\[Board "1"\]\n\[Dealer "N"\]\n\[Vulnerable "None"\]\n\[Deal "N:[^"]+"\]', html)
    assert pbn, "the worked board is shown in PBN"
    for text in (pbn[0], LENIENT_PBN):
        result = read_decks(text.encode(), "example.pbn")
        assert not result.problems
        (deck,) = result.decks
        assert (deck.deal, deck.dealer, deck.vul, deck.board) == (lin_deck.deal, "N", "None", "1")
    assert LENIENT_PBN in html
    words = text_of(help_page.split('id="pbn"')[1].split("</section>")[0])
    for phrase in (
        "[Deal",
        "[Dealer",
        "[Vulnerable",
        "[Board",
        "clockwise from the seat before the colon",
        "any order",
        "lower case",
        "13 remaining cards",
        '"#"',
        "comments",
        "only spaces or tabs",
        "is the same deal as the LIN example",
    ):
        assert phrase in words, phrase


# --- the problem entries -----------------------------------------------------------------------------


def test_every_entry_is_on_the_page(help_page):
    for anchor in ANCHORS:
        assert f'id="{anchor}"' in help_page, anchor


def test_each_sample_shows_the_readers_own_message_and_leads_to_its_entry(help_page):
    samples = _samples()
    assert set(PROBLEM_SAMPLES) <= set(ANCHORS)
    words = text_of(help_page)
    for anchor in PROBLEM_SAMPLES:
        sample = samples[_key(anchor)]
        assert sample.message, anchor
        assert help_anchor(sample.message) == anchor, (anchor, sample.message)
        entry = help_page.split(f'id="{anchor}"')[1].split("</article>")[0]
        assert text_of(sample.message) in text_of(entry)
        if sample.text:
            assert sample.text.strip() in unescape(entry)
    assert "Fix:" in words


# --- the example files -------------------------------------------------------------------------------


def test_the_example_files_are_linked(help_page):
    for path in EXAMPLES:
        assert re.search(rf'href="/static/{re.escape(path)}" download', help_page), path
        assert finders.find(path), path


def read_static(path: str) -> bytes:
    return Path(finders.find(path)).read_bytes()


def test_the_example_files_hold_the_same_four_decks():
    lin, pbn = (read_decks(read_static(path), path) for path in EXAMPLES)
    assert (lin.format, pbn.format) == ("lin", "pbn")
    assert not lin.problems and not pbn.problems and not lin.notes and not pbn.notes
    facts = [[(d.deal, d.dealer, d.vul, d.board) for d in r.decks] for r in (lin, pbn)]
    assert facts[0] == facts[1]
    assert [(dealer, vul, board) for _, dealer, vul, board in facts[0]] == [
        ("S", "None", "1"),
        ("W", "NS", "2"),
        ("N", "EW", "3"),
        ("E", "All", "4"),
    ]
    # PBN lists the hands clockwise from the dealer; LIN always South, West, North, East.
    for deck in pbn.decks:
        assert deck.deal_first == deck.dealer


def upload(client, game, *paths: str):
    files = [SimpleUploadedFile(Path(path).name, read_static(path)) for path in paths]
    return client.post(reverse("upload", args=[game.pk]), {"files": files, "text": ""}, follow=True)


@pytest.mark.django_db
@pytest.mark.parametrize("path", EXAMPLES)
def test_each_example_file_uploads_cleanly(host_client, game, path):
    response = upload(host_client, game, path)
    assert response.status_code == 200
    assert response.redirect_chain and "/upload/" in response.redirect_chain[-1][0]
    (file,) = response.context["files"]
    assert file.result.name == Path(path).name
    assert len(file.result.decks) == 4 and not file.result.problems and not file.problems
    assert "Add Decks to Game (4)" in response.text


@pytest.mark.django_db
def test_both_example_files_give_the_same_deals(host_client, game):
    response = upload(host_client, game, *EXAMPLES)
    lin, pbn = response.context["files"]
    assert [d.deal for d in lin.result.decks] == [d.deal for d in pbn.result.decks]
    assert len(set(d.deal for d in lin.result.decks)) == 4
    # The preview agrees: the PBN file's four decks repeat the LIN file's.
    assert response.context["duplicate_count"] == 4
    assert "Add Decks to Game (4)" in response.text
    rows = [(row.dealer, row.vul) for row in lin.rows]
    assert rows == [(row.dealer, row.vul) for row in pbn.rows]
    assert rows == [("S", "None"), ("W", "NS"), ("N", "EW"), ("E", "All")]


def test_it_says_both_kinds_of_game_take_uploads(client):
    """Join games exist: the page does not call them "coming"."""
    html = client.get(reverse("help_upload")).content.decode()
    section = html[html.index('id="which-games"') : html.index('id="steps"')]
    assert "coming" not in section
    assert "<strong>Practice</strong>" in section and "<strong>Join</strong>" in section


def test_every_rotation_and_queue_rule_is_explained(help_page):
    from games.models.upload import ROTATION_CHOICES

    section = help_page.split('id="rotate"')[1].split("</section>")[0]
    for _, label in ROTATION_CHOICES:
        assert f"<dt>{label}</dt>" in unescape(section)
    assert "--rotate south-declares --renumber-from 17 --vul number" in section
    rules = help_page.split('id="queue-runs-out"')[1].split("</section>")[0]
    for _, label in Game.WhenEmpty.choices:
        assert f"<dt>{label}</dt>" in rules
    assert "Play again" in rules and "Go to board" in rules


def test_the_rotation_diagram_shows_the_declarers_hand_at_south(help_page):
    from games.bridge import rules

    section = help_page.split('class="rotation-example"')[1].split("</section>")[0]
    before, after = section.split("South declares</figcaption>")

    def hearts(html: str, seat: str) -> str:
        hand = html.split(f'aria-label="{seat}\'s hand"')[1].split("</ul>")[0]
        return re.findall(r'<span class="cards">([^<]*)</span>', hand)[1]

    deck = read_decks(WORKED_LIN.encode(), "x.lin").decks[0]
    north = rules.hands(deck.deal)["N"]  # North declares four hearts on the worked board
    shown = north.split(".")[1].replace("T", "10")
    assert hearts(before, "North") == shown and hearts(after, "South") == shown
    assert hearts(after, "North") != shown


# --- playing a board ---------------------------------------------------------------------------------


def test_it_explains_playing_a_board(help_page):
    assert '<a href="#playing">Playing a board</a>' in help_page
    section = help_page.split('<section id="playing"')[1].split("</section>")[0]
    for anchor in (
        "play-bidding",
        "play-lead",
        "play-claims",
        "play-undo",
        "play-just-declare",
        "play-scores",
        "play-exports",
    ):
        assert f'id="{anchor}"' in section, anchor
    words = text_of(section)
    for phrase in (
        "shown to the opponents, never to your partner",  # alerts
        "declarer plays dummy's cards",  # the lead and dummy
        "declarer may claim",
        "Both defenders accept",
        "One defender rejects",
        "the claim is withdrawn and play goes on",
        "ask to undo it",
        "host grants",
        "undo takes back the last call or card straight away",  # practice
        "and the robot's answers after it",  # Just Declare
        "file's auction",
        "par",
        "turned so that you declare from South",
        "double dummy",
        "lowest",
        "duplicate score",
        "the file's recorded result “at the other table”",
        "running total",
        "as played",
        "no result",
    ):
        assert phrase in words, phrase
    for _value, label in Game.PracticePlay.choices:
        assert str(label) in words


def test_the_playing_examples_come_from_the_code(help_page):
    from games.bridge.robot import TIE_ORDER
    from games.bridge.scoring import duplicate_score, imps

    words = text_of(help_page.split('<section id="playing"')[1].split("</section>")[0])
    ours, theirs = duplicate_score("4H", "S", "None", 11), duplicate_score("4H", "S", "None", 10)
    assert (
        f"is +{ours}; at the other table 10 tricks were +{theirs}, so the board wins {imps(ours - theirs)} IMP" in words
    )
    assert (
        text_of(help_page.split('id="play-result-example">')[1].split("</em>")[0]) == "4♥ by S, 11 tricks, +450, +1 IMP"
    )
    names = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
    assert "the lowest rank, then " + ", ".join(names[s] for s in TIE_ORDER) in words
    assert '[Score "NS 450"]' in words and '"EW 100"' in words


def test_the_help_gives_the_pdf_and_job_limits_in_force(client, settings):
    settings.HAND_RECORD_MAX_BOARDS = 120
    settings.JOBS_PER_USER = 3
    help_page = client.get("/help/uploading-decks/").text
    assert cell(help_page, "limit-pdf-boards") == "120" and cell(help_page, "limit-jobs") == "3"
    assert "One PDF holds up to 120 boards" in help_page and "You may have 3 PDFs or" in help_page
    assert "Solving this deal double dummy" in help_page and "(robot) is choosing a card" in help_page


def test_it_explains_renaming_deleting_scoring_and_the_hand_records(help_page):
    words = text_of(help_page.split('<section id="game-settings"')[1].split("</section>")[0])
    max_length = Game._meta.get_field("name").max_length
    assert "rename the game" in words and f"{max_length} characters at most" in words
    for part in ("queued decks", "dealt boards", "with their results", "staged uploads", "invite link"):
        assert part in words, part
    assert "Nothing is deleted until you confirm" in words and "none of it" in words
    scores = text_of(help_page.split('id="play-scores"')[1].split("</ul>")[0])
    assert "Every game is scored in IMPs" in scores and "Matchpoints and rubber" in scores and "not offered" in scores
    records = text_of(help_page.split('id="hand-records"')[1].split("</p>")[0])
    assert "3♥X" in records and "high-card points" in records
