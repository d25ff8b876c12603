"""The table in each of the site's languages: the bidding box, the auction, the hands,
the trick and the score lines print bridge's words as that language's players write
them (games.bridge.words), and the table's other labels from the catalogues.

The Join table of tests/web/conftest.py: alice North (the host), bob East, dave South,
erin West; North deals, nobody vulnerable. Each page is asked for with the browser's
Accept-Language only: the same rendering serves the language chooser's cookie.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from games.bridge import words
from games.models import BoardPlay
from tests.playing import DEAL, call, cards

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("compiled_catalogues")]

LANGUAGES = ["pl", "nl", "fr", "it", "sv"]
TO_4H = ("1H", "P", "2NT", "P", "4H", "P", "P", "P")  # North declares, East leads, South is dummy
EAST = dict(zip("SHDC", DEAL.split()[1].split(".")))  # bob's hand, by suit


def board(seated_table):
    return seated_table.game.boards.get()


def page(client, user, seated_table, language: str) -> str:
    client.force_login(user)
    response = client.get(f"/games/{seated_table.game.pk}/", headers={"accept-language": language})
    assert response.status_code == 200 and f'<html lang="{language}">' in response.text
    return response.text


def text(fragment: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def box(html: str) -> dict[str, str]:
    """The bidding box's buttons: {"P": "Pas", "1NT": "1BA", ...}, as the buttons read."""
    return {value: text(label) for value, label in re.findall(r'name="call" value="([^"]+)"[^>]*>(.*?)</button>', html)}


def seat_heads(html: str) -> list[str]:
    return [text(head) for head in re.findall(r'<span class="seat-name"[^>]*>(.*?)</span>', html)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_bidding_box_speaks_the_language(client, seated_table, other_user, language):
    said = words.for_language(language)
    call(BoardPlay.start(board(seated_table), BoardPlay.Mode.TABLE), "1H")  # East (bob) to call
    html = page(client, other_user, seated_table, language)
    calls = box(html)
    assert calls["P"] == said.calls["P"] and calls["X"] == said.calls["X"] and calls["XX"] == said.calls["XX"]
    assert calls["3NT"] == f"3{said.notrump}" and calls["7NT"] == f"7{said.notrump}"
    assert calls["2S"] == "2♠" and calls["4D"] == "4♦"  # suits stay symbols
    assert 'title="{}"'.format(said.suit_names["S"]) in html
    # the auction so far: the seats' names over the columns, North's 1♥
    heads = re.search(r'<table class="bidding">.*?</thead>', html, re.S)[0]
    assert [text(h) for h in re.findall(r"<th scope=\"col\">(.*?)</th>", heads)] == [said.seat_names[s] for s in "WNES"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_hands_and_compass_speak_the_language(client, seated_table, other_user, language):
    said = words.for_language(language)
    html = page(client, other_user, seated_table, language)
    # bob's own hand (the diagram's, before his turn): every rank as the language prints it
    hand = re.search(r'<div class="hand hand-e[^"]*">.*?</ul></div>', html, re.S)[0]
    assert re.findall(r'<span class="cards">([^<]*)</span>', hand) == [said.cards(EAST[s]) for s in "SHDC"]
    assert f"{said.terms['hcp']}</span>" in hand
    # the four seats by name, North's dealer chip in the language's letter
    assert set(seat_heads(html)) == {said.seat_names[s] for s in "NESW"}
    chip = re.search(r'<span class="dealer-chip" title="([^"]+)">([^<]+)</span>', html)
    assert chip[2] == said.dealer_mark and chip[1].lower() == said.terms["dealer"]
    # the board's title and the compass's letters
    title = text(re.search(r'<h2 id="board-title".*?</h2>', html, re.S)[0])
    assert title.lower().startswith(f"{said.terms['board']} 1")
    assert said.seat_names["N"] in title and said.vulnerability["None"] in title
    compass = re.search(r'<div class="compass".*?</div>', html, re.S)[0]
    assert sorted(text(p) for p in re.findall(r'<span class="side-[a-z]+[^"]*">([^<]+)</span>', compass)) == sorted(
        said.seats[s] for s in "NESW"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_playable_cards_are_named_in_the_language(client, seated_table, other_user, language):
    said = words.for_language(language)
    call(BoardPlay.start(board(seated_table), BoardPlay.Mode.TABLE), *TO_4H)  # East to lead
    html = page(client, other_user, seated_table, language)
    buttons = dict(
        re.findall(r'<button type="submit" name="card" value="([A-Z0-9]{2})"[^>]*aria-label="([^"]+)"', html)
    )
    assert len(buttons) == 13
    assert unescape(buttons["SQ"]) == said.card("SQ") and unescape(buttons["CA"]) == said.card("CA")
    contract = text(re.search(r'<p class="contract-now">.*?</p>', html, re.S)[0])
    assert contract.startswith(said.terms["contract"].capitalize() + " 4♥")
    assert said.seat_names["N"] in contract and said.pairs["NS"] in contract and said.pairs["EW"] in contract
    assert f"2{said.notrump}" in text(re.search(r'<table class="bidding">.*?</table>', html, re.S)[0])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_score_lines_speak_the_language(client, seated_table, other_user, language):
    said = words.for_language(language)
    play = cards(call(BoardPlay.start(board(seated_table), BoardPlay.Mode.TABLE), *TO_4H), 52)
    html = page(client, other_user, seated_table, language)
    result = text(re.search(r'<p class="result-line">.*?</p>', html, re.S)[0])
    score = play.state().score
    signed = f"+{score}" if score > 0 else f"−{-score}" if score < 0 else "0"
    assert result.startswith("4♥") and said.seat_names["N"] in result
    assert f"{said.pairs['NS']} {signed}" in result
    total = text(re.search(r'<p id="play-total".*?</p>', html, re.S)[0])
    assert total.startswith("1 ") and f"{said.pairs['NS']} {signed}" in total
    # the play by trick: the trick column and the cards in the language's ranks
    tricks = re.search(r'<table class="play-tricks">.*?</table>', html, re.S)[0]
    assert re.search(r"<th scope=\"col\">(.*?)</th>", tricks)[1] == said.terms["trick"].capitalize()
    played = re.findall(r'<span data-card="([A-Z0-9]{2})">.*?</span>([^<]+)</span>', tricks)
    assert len(played) == 52 and all(shown == said.rank(code[1]) for code, shown in played)


def test_each_language_has_its_own_words_at_the_table(client, seated_table, other_user):
    """Spot checks against what the federations write, beside the tables' own test:
    bob holds Q9873 of spades and KJ8532 of diamonds."""
    call(BoardPlay.start(board(seated_table), BoardPlay.Mode.TABLE), "1H")
    seen = {language: page(client, other_user, seated_table, language) for language in LANGUAGES}
    assert ">Kontra<" in seen["pl"] and ">Rekontra<" in seen["pl"] and ">K W 8 5 3 2<" in seen["pl"]
    assert "1BA" in text(seen["pl"])
    assert ">Doublet<" in seen["nl"] and ">Redoublet<" in seen["nl"] and ">H B 8 5 3 2<" in seen["nl"]
    assert ">Contre<" in seen["fr"] and ">Surcontre<" in seen["fr"] and ">D 9 8 7 3<" in seen["fr"]
    assert ">Contro<" in seen["it"] and ">Surcontro<" in seen["it"] and ">R F 8 5 3 2<" in seen["it"]
    assert ">Dubbelt<" in seen["sv"] and ">Redubbelt<" in seen["sv"] and ">K Kn 8 5 3 2<" in seen["sv"]


def test_english_is_as_it_was(client, seated_table, other_user):
    call(BoardPlay.start(board(seated_table), BoardPlay.Mode.TABLE), "1H")
    html = page(client, other_user, seated_table, "en")
    assert box(html)["P"] == "Pass" and box(html)["X"] == "Dbl" and box(html)["3NT"] == "3NT"
    assert "East's hand" in html and 'title="Dealer">D</span>' in html and "Board 1" in html
