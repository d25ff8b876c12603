"""Double-dummy analysis and par on request: right (endplay's solver), solved once per deal,
never while dealing, and only for those who may see the board."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.formats.model import Deck as ParsedDeck
from games.models import DealAnalysis, Game, Upload
from tests.fixtures_upload import THREE_BOARDS_PBN, fixture, pbn, upload_file

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}
DEAL = "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"


def endplay_rows(deal: str) -> dict[str, list[int]]:
    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Denom, Player

    table = calc_dd_table(Deal(deal))
    strains = (Denom.nt, Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs)
    return {seat: [table[strain, Player.find(seat)] for strain in strains] for seat in "NSEW"}


def cells(html: str) -> dict[str, list[int]]:
    import re

    rows = re.findall(r'<tr><th scope="row">(\w+)</th>((?:<td>\d+</td>)+)</tr>', html)
    return {name[0]: [int(n) for n in re.findall(r"<td>(\d+)</td>", tds)] for name, tds in rows}


@pytest.fixture
def board_one_dealt(game):
    """alice's practice game with board 1 of DEAL dealt: North deals, nobody vulnerable."""
    game.add_decks([ParsedDeck(deal=DEAL, index=0, line=1, board="1", dealer="N", vul="None")], source_name="a.pbn")
    game.deal_next()
    return game


def test_dealing_solves_nothing(board_one_dealt):
    assert not DealAnalysis.objects.exists()


def test_the_table_is_hidden_until_asked_for(host_client, board_one_dealt):
    html = host_client.get(reverse("game", args=[board_one_dealt.pk])).text
    url = reverse("board_analysis", args=[board_one_dealt.pk, 1])
    assert f'href="{url}"' in html and "Show analysis" in html and "dd-table" not in html


@pytest.mark.parametrize("headers", [{}, HX])
def test_the_analysis_is_endplays_table_and_par(host_client, board_one_dealt, headers):
    response = host_client.get(reverse("board_analysis", args=[board_one_dealt.pk, 1]), headers=headers)
    html = response.text
    assert response.status_code == 200 and cells(html) == endplay_rows(DEAL)
    assert "6♣X by N-S, −300" in html  # nobody vulnerable, North deals
    assert html.lstrip().startswith("<!doctype") != bool(headers)


def test_a_deal_is_solved_once_whatever_the_board(host_client, board_one_dealt, queue_decks):
    board_one_dealt.add_decks(
        [ParsedDeck(deal=DEAL, index=0, line=1, board="2", dealer="E", vul="All")], source_name="b.pbn"
    )
    board_one_dealt.deal_next()
    first = host_client.get(reverse("board_analysis", args=[board_one_dealt.pk, 1])).text
    second = host_client.get(reverse("board_analysis", args=[board_one_dealt.pk, 2])).text
    assert DealAnalysis.objects.count() == 1
    assert cells(first) == cells(second)
    assert "−500" in second  # par follows the board's own vulnerability (both vulnerable)


def test_another_user_gets_404(other_client, board_one_dealt):
    assert other_client.get(reverse("board_analysis", args=[board_one_dealt.pk, 1])).status_code == 404
    assert not DealAnalysis.objects.exists()


def test_a_board_not_dealt_is_404(host_client, board_one_dealt):
    assert host_client.get(reverse("board_analysis", args=[board_one_dealt.pk, 2])).status_code == 404


def test_a_previewed_deck_is_analysed_as_it_would_be_added(host_client, game):
    host_client.post(reverse("upload", args=[game.pk]), {"files": [upload_file("p.pbn", pbn(THREE_BOARDS_PBN))]})
    staged = Upload.objects.get(game=game)
    url = reverse("deck_analysis", args=[game.pk, staged.token, "0-1"])
    assert url in host_client.get(reverse("upload_preview", args=[game.pk, staged.token])).text
    response = host_client.get(url, headers=HX)
    assert response.status_code == 200 and cells(response.text) == endplay_rows(THREE_BOARDS_PBN[1])
    host_client.post(reverse("upload_options", args=[game.pk, staged.token]), {"rotation": "90"})
    turned = host_client.get(url, headers=HX).text
    assert cells(turned)["E"] == cells(response.text)["N"]  # North's tricks now belong to East


@pytest.mark.parametrize("key", ["0-3", "1-0", "x", "0-²", "-1-0"])
def test_a_deck_not_in_the_upload_is_404(host_client, game, key):
    host_client.post(reverse("upload", args=[game.pk]), {"files": [upload_file("p.pbn", pbn(THREE_BOARDS_PBN))]})
    staged = Upload.objects.get(game=game)
    assert host_client.get(reverse("deck_analysis", args=[game.pk, staged.token, key])).status_code == 404


def test_practice_game_of_another_host_is_not_analysed_for_staff_without_the_permission(
    client, board_one_dealt, django_user_model
):
    viewer = django_user_model.objects.create_user("viewer", password="x", is_staff=True)
    client.force_login(viewer)
    assert client.get(reverse("board_analysis", args=[board_one_dealt.pk, 1])).status_code == 404
    assert Game.objects.count() == 1


def test_a_files_own_table_that_differs_is_noted(host_client, game):
    stated = [("DoubleDummyTricks", "00000000000000000000"), ("OptimumScore", "NS 9999")]
    game.add_decks(
        [ParsedDeck(deal=DEAL, index=0, line=1, board="1", dealer="N", vul="None", tags=tuple(stated))],
        source_name="hand-record.pbn",
    )
    game.deal_next()
    html = host_client.get(reverse("board_analysis", args=[game.pk, 1]), headers=HX).text
    assert "The file says N takes 0 in ♠, the solver 3" in html
    assert "The file’s par score is NS 9999, the solver’s EW 300" in html
    french = host_client.get(reverse("board_analysis", args=[game.pk, 1]), headers={**HX, "accept-language": "fr"}).text
    assert "Le fichier dit que N fait 0 levées à ♠, le solveur 3" in french and "the solver" not in french


def test_every_kind_of_difference_is_said_in_the_pages_words():
    from games.bridge.dd import DIFFERENCES
    from games.presentation.difference_text import SAID

    assert SAID.keys() == DIFFERENCES.keys()


def test_the_admins_deck_page_shows_the_analysis(staff_client, game):
    stated = (("DoubleDummyTricks", "00000000000000000000"),)
    (deck,) = game.add_decks(
        [ParsedDeck(deal=DEAL, index=0, line=1, board="1", dealer="N", vul="None", tags=stated)], source_name="a.pbn"
    )
    html = staff_client.get(reverse("admin:games_deck_change", args=[deck.pk])).text
    assert cells(html) == endplay_rows(DEAL) and "6♣X by N-S, −300" in html
    assert "The file says N takes 0 in NT, the solver 4" in html


def test_an_unsolved_deal_is_solved_by_a_worker_while_the_page_asks_again(host_client, board_one_dealt, never_run):
    from games.models import Job

    url = reverse("board_analysis", args=[board_one_dealt.pk, 1])
    partial = host_client.get(url, headers=HX).text
    assert "Solving this deal double dummy" in partial and f'hx-get="{url}"' in partial and "load delay:" in partial
    page = host_client.get(url).text
    assert '<noscript><meta http-equiv="refresh"' in page and "Solving this deal double dummy" in page
    (job,) = Job.objects.all()  # asked twice, solved once
    assert job.kind == "solve" and job.params == {"deal": DEAL} and not DealAnalysis.objects.exists()
    DealAnalysis.table(DEAL)  # what the worker does
    assert cells(host_client.get(url, headers=HX).text) == endplay_rows(DEAL)


def test_a_deal_being_solved_for_someone_else_is_not_solved_twice(
    host_client, staff_client, board_one_dealt, never_run
):
    from games.models import Job

    Job.objects.create(user=board_one_dealt.host, kind=Job.Kind.SOLVE, params={"deal": DEAL})
    staff_client.get(reverse("board_analysis", args=[board_one_dealt.pk, 1]), headers=HX)
    assert Job.objects.count() == 1


def test_past_the_users_share_of_the_workers_the_analysis_asks_to_wait(
    host_client, board_one_dealt, settings, never_run
):
    from games.models import Job

    settings.JOBS_PER_USER = 1
    Job.objects.create(user=board_one_dealt.host, kind=Job.Kind.PDF)
    url = reverse("board_analysis", args=[board_one_dealt.pk, 1])
    response = host_client.get(url, headers=HX)
    assert response.status_code == 200 and "You already have 1 PDF or analyses under way" in response.text
    assert f'hx-get="{url}"' in response.text
    assert host_client.get(url).status_code == 429
    assert Job.objects.count() == 1


@pytest.mark.parametrize("rotation, renumber", [("0", None), ("south-deals", None), ("90", 5), ("south-declares", 1)])
def test_a_previewed_deck_reads_alone_as_the_whole_upload_would_show_it(host, game, rotation, renumber):
    from games.formats import read_decks

    names = ["a.pbn", "b.pbn", "c.pbn"]
    files = [(name, fixture("three_boards.pbn")) for name in names]
    upload = Upload.stage(game, host, files, [read_decks(data, name) for name, data in files])
    Upload.objects.filter(pk=upload.pk).update(rotation=rotation, renumber_from=renumber, vul_follows_number=True)
    upload.refresh_from_db()
    results, _ = upload.results_as_chosen()
    for f, result in enumerate(results):
        for d, deck in enumerate(result.decks):
            assert upload.deck_as_chosen(f, d) == (names[f], deck)
    assert upload.deck_as_chosen(1, 99) is None and upload.deck_as_chosen(5, 0) is None


def test_a_previewed_deck_is_read_without_the_other_files(host_client, host, game):
    """Another file's stored result is not even looked at (here it could not be read)."""
    from games.models import UploadFile

    upload = Upload.stage(game, host, [("a.pbn", fixture("three_boards.pbn")), ("b.pbn", fixture("three_boards.pbn"))])
    Upload.objects.filter(pk=upload.pk).update(renumber_from=20)
    UploadFile.objects.filter(upload=upload, position=0).update(result={"version": 2, "decks": "unreadable"})
    html = host_client.get(reverse("deck_analysis", args=[game.pk, upload.token, "1-2"])).text
    assert "Deck 3 of b.pbn" in html and "Board 25" in html and "dd-table" in html
