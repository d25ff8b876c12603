"""write_pbn / write_lin: export format, and reading the output back gives the same decks."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.bridge.rules import Call
from games.formats import Deck, read_decks, write_lin, write_pbn
from games.formats.writers import MANDATORY, lin_name, pbn_value
from tests.corpus import decks_of, files

SEATS = "NESW"
RANKS = "AKQJT98765432"
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def deal_from_shuffle(rng: random.Random) -> str:
    """Canonical deal of one shuffle: card c is suit c // 13 (S first), rank c % 13 (A first)."""
    cards = list(range(52))
    rng.shuffle(cards)
    hands = []
    for seat in range(4):
        suits = ["", "", "", ""]
        for card in sorted(cards[seat * 13 : seat * 13 + 13]):
            suits[card // 13] += RANKS[card % 13]
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


def play_out(rng: random.Random, deal: str, trump: str, leader: str, cards: int) -> tuple[tuple[str, ...], ...]:
    """``cards`` cards of legal play, tricks in played order; the winner leads next."""
    hands = {
        seat: [s + r for s, ranks in zip("SHDC", hand.split(".")) for r in ranks]
        for seat, hand in zip(SEATS, deal[2:].split(" "))
    }
    tricks: list[tuple[str, ...]] = []
    while cards > 0:
        trick: list[tuple[str, str]] = []
        for i in range(min(4, cards)):
            seat = SEATS[(SEATS.index(leader) + i) % 4]
            legal = [c for c in hands[seat] if trick and c[0] == trick[0][1][0]] or hands[seat]
            card = rng.choice(legal)
            hands[seat].remove(card)
            trick.append((seat, card))
        cards -= len(trick)
        led = trick[0][1][0]
        best = max(trick, key=lambda p: (p[1][0] == trump, p[1][0] == led, -RANKS.index(p[1][1])))
        leader = best[0]
        tricks.append(tuple(c for _, c in trick))
    return tuple(tricks)


# Names and explanations with the characters that break writers: quotes, backslashes,
# pipes, commas, brackets, braces, semicolons, percent signs, '#', non-ASCII.
TEXT = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp"))
    | st.sampled_from('"\\|,;[]{}%#?!=-+ ÅÖøł€'),
    max_size=12,
).map(str.strip)
NAMES = TEXT.filter(lambda s: s not in ("", "?"))
BIDS = [f"{level}{strain}" for level in "1234567" for strain in ("C", "D", "H", "S", "NT")]


@st.composite
def auctions(draw: st.DrawFn, rng: random.Random) -> tuple[Call, ...]:
    calls: list[Call] = []
    level = -1
    for _ in range(draw(st.integers(0, 12))):
        if rng.random() < 0.5 or level >= len(BIDS) - 1:
            name = rng.choice(["P", "P", "X", "XX"])
        else:
            level = rng.randrange(level + 1, len(BIDS))
            name = BIDS[level]
        alert = draw(st.booleans())
        calls.append(Call(name, alert, draw(TEXT) if alert else ""))
    if draw(st.booleans()):
        calls.extend(Call("P") for _ in range(3 if level >= 0 else 4 - len(calls) % 4 or 4))
    return tuple(calls)


@st.composite
def decks(draw: st.DrawFn) -> Deck:
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    deal = deal_from_shuffle(rng)
    dealer = draw(st.sampled_from([None, *SEATS]))
    board = draw(st.none() | st.integers(1, 99).map(str) | st.integers(1, 9).map("0{}".format))
    seats = draw(st.lists(st.sampled_from(SEATS), unique=True, max_size=4))
    players = tuple((s, draw(NAMES)) for s in SEATS if s in seats)
    auction = draw(auctions(rng)) if draw(st.booleans()) else ()
    bids = [c.call for c in auction if c.call[0].isdigit()]
    contract = declarer = ""
    play: tuple[tuple[str, ...], ...] = ()
    if bids and draw(st.booleans()):
        contract = bids[-1]
        declarer = draw(st.sampled_from(SEATS))
        leader = SEATS[(SEATS.index(declarer) + 1) % 4]
        trump = contract[1] if contract[1:] != "NT" else ""
        play = play_out(rng, deal, trump, leader, draw(st.integers(1, 52)))
    return Deck(
        deal=deal,
        index=0,
        line=1,
        dealer=dealer,
        vul=draw(st.sampled_from([None, "None", "NS", "EW", "All"])),
        board=board,
        players=players,
        auction=auction,
        auction_first=(dealer or "S") if auction else None,
        play=play,
        contract=contract,
        declarer=declarer,
        claim=draw(st.none() | st.integers(0, 13)),
        tags=(("Event", draw(TEXT)),) if draw(st.booleans()) else (),
    )


def assert_same(before: list[Deck], after: list[Deck], *, lin: bool) -> None:
    assert len(after) == len(before)
    for b, a in zip(before, after):
        assert a.deal == b.deal
        assert a.dealer == b.effective_dealer  # the writers state the dealer the game uses
        assert a.effective_dealer == b.effective_dealer
        assert a.effective_vul == b.effective_vul
        assert a.board == b.board
        names = {s: lin_name(n).strip() if lin else n for s, n in b.players}
        assert dict(a.players) == {s: n for s, n in names.items() if n}
        assert a.auction == b.auction
        if a.auction:
            assert a.auction_first == b.auction_first
        assert a.play == b.play
        if lin:
            assert a.claim == b.claim


def read_back(text: str) -> list[Deck]:
    result = read_decks(text.encode(), "")
    assert result.problems == []
    return result.decks


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(decks(), min_size=1, max_size=4))
def test_pbn_reads_back_the_same_decks(before: list[Deck]) -> None:
    assert_same(before, read_back(write_pbn(before)), lin=False)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(decks(), min_size=1, max_size=4))
def test_lin_reads_back_the_same_decks(before: list[Deck]) -> None:
    assert_same(before, read_back(write_lin(before)), lin=True)


def test_pbn_export_has_crlf_and_the_mandatory_tags_in_order() -> None:
    decks = [Deck(deal=DEAL, index=0, line=1, board="1"), Deck(deal=DEAL, index=1, line=1, board="2")]
    text = write_pbn(decks)
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n[Event ")
    assert "\n" not in text.replace("\r\n", "")
    games = text.split("\r\n\r\n")
    assert len(games) == 2
    for game in games:
        names = [line[1:].split(" ", 1)[0] for line in game.split("\r\n") if line.startswith("[")]
        assert names[:15] == list(MANDATORY)


def test_pbn_deal_starts_at_the_dealer_with_ranks_in_order() -> None:
    text = write_pbn([Deck(deal=DEAL, index=0, line=1, dealer="E", board="2")])
    assert '[Dealer "E"]' in text
    assert '[Deal "E:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432"]' in text
    assert '[Vulnerable "NS"]' in text


def test_pbn_unknown_values_are_question_marks_and_deal_only_results_empty() -> None:
    text = write_pbn([Deck(deal=DEAL, index=0, line=1)])
    for tag in ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Scoring"):
        assert f'[{tag} "?"]' in text
    for tag in ("Declarer", "Contract", "Result"):
        assert f'[{tag} ""]' in text
    assert '[Dealer "S"]' in text and '[Vulnerable "?"]' in text


def test_pbn_values_are_escaped() -> None:
    deck = Deck(deal=DEAL, index=0, line=1, players=(("N", 'Jan "JJ" K\\owalski'),))
    assert '[North "Jan \\"JJ\\" K\\\\owalski"]' in write_pbn([deck])


def test_pbn_auction_with_alerts_has_notes_and_play_is_in_seat_columns() -> None:
    auction = (
        Call("1NT", True, "15-17"),
        Call("P"),
        Call("2C", True, 'Stayman "asks"'),
        Call("P"),
        Call("2D"),
        Call("P"),
        Call("3NT"),
        Call("P"),
        Call("P"),
        Call("P"),
    )
    deck = Deck(
        deal=DEAL,
        index=0,
        line=1,
        dealer="N",
        board="1",
        auction=auction,
        auction_first="N",
        contract="3NT",
        declarer="N",
        play=(("H7", "H4", "HA", "HT"), ("HK", "H9", "H6", "H3")),
    )
    lines = write_pbn([deck]).split("\r\n")
    at = lines.index('[Auction "N"]')
    assert lines[at + 1 : at + 6] == [
        "1NT =1= Pass 2C =2= Pass",
        "2D Pass 3NT Pass",
        "Pass Pass",
        '[Note "1:15-17"]',
        '[Note "2:Stayman \\"asks\\""]',
    ]
    # East leads; West wins and leads the second trick; columns stay E, S, W, N.
    at = lines.index('[Play "E"]')
    assert lines[at + 1 : at + 4] == ["H7 H4 HA HT", "H6 H3 HK H9", "*"]


def test_lin_line_has_all_four_hands_dealer_and_vulnerability() -> None:
    deck = Deck(
        deal=DEAL,
        index=0,
        line=1,
        board="3",
        players=(("S", "a|b"), ("N", "c,d")),
        auction=(Call("1NT", True, "15|17"), Call("XX")),
    )
    line = write_lin([deck])
    assert line == (
        "pn|a\u00a6b,,c;d,|st||md|1S765H432DAKQJCT98,S432HAKQJDT98C765,"
        "SAKQJHT98D765C432,ST98H765D432CAKQJ|rh||ah|Board 3|sv|e|"
        "mb|1N!|an|15%7C17|mb|r|\n"
    )


def test_an_empty_list_writes_only_headers() -> None:
    assert write_pbn([]) == "% PBN 2.1\r\n% EXPORT\r\n"
    assert write_lin([]) == ""


@pytest.mark.parametrize("writer", [write_pbn, write_lin], ids=["pbn", "lin"])
@pytest.mark.parametrize("path", files(), ids=lambda p: p.name)
def test_real_decks_survive_a_round_trip(path: Path, writer) -> None:
    before = decks_of(path)
    if not before:
        pytest.skip("no decks in this file")
    after = read_back(writer(before))
    lin = writer is write_lin
    assert len(after) == len(before)
    for b, a in zip(before, after):
        assert (a.deal, a.effective_dealer, a.effective_vul, a.board) == (
            b.deal,
            b.effective_dealer,
            b.effective_vul,
            b.board,
        )
        names = {s: lin_name(n).strip() if lin else n for s, n in b.players}
        assert dict(a.players) == {s: n for s, n in names.items() if n}
        # PBN has no way to explain a call without alerting it: compare calls and texts.
        assert [(c.call, c.explanation) for c in a.auction] == [(c.call, c.explanation) for c in b.auction]
        assert sorted(c for t in a.play for c in t) == sorted(c for t in b.play for c in t)
        if path.suffix == ".lin":  # LIN play is in played order and whole tricks
            assert a.play == b.play


def _pbn_value_reference(text: str) -> str:
    text = " ".join(text.splitlines()).replace("\t", " ")
    if text == "#" or text.startswith("##"):
        text = " " + text
    return text.replace("\\", "\\\\").replace('"', '\\"')


@given(
    st.text(alphabet=st.sampled_from(list('a #\\"\t\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029é')), max_size=6)
    | st.text(max_size=30)
)
def test_pbn_value_fast_path_agrees_with_the_full_escaping(text):
    """pbn_value skips the work for plain values: it must never skip a line break, tab,
    quote, backslash or '#' that the full escaping would change."""
    assert pbn_value(text) == _pbn_value_reference(text)
