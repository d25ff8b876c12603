"""The PBN reader's fast tokenizer (``tokens.Plan``) against the others.

Every test reads the same text both ways (``Reader(text, fast=False)`` cuts no game with
a Plan) and wants the same decks, problems and notes; and checks that the fast
tokenizer did cut most games, so that the comparison means something. The play's two
card tokenizers (rows of cards, and words) are compared below too.
"""

from __future__ import annotations

import json
import random

import pytest

from bench.reader_data import full_decks, plain_pbn
from games.formats.model import RANKS, SEATS, SUITS, Deck
from games.formats.pbn import read_pbn, tokens
from games.formats.pbn.play import NUMBERS, _numbers_in_rows, read_play
from games.formats.pbn.reader import Reader
from games.formats.writers import write_pbn
from tests.corpus import CORPUS


def read_both(text: str, monkeypatch: pytest.MonkeyPatch) -> int:
    """Read ``text`` both ways, assert equal results; return how many games a Plan cut."""
    fast_games = 0
    original = tokens.Plan.game

    def counting(self, chunk, start):  # type: ignore[no-untyped-def]
        nonlocal fast_games
        game = original(self, chunk, start)
        fast_games += game is not None
        return game

    monkeypatch.setattr(tokens.Plan, "game", counting)
    results = []
    for fast in (True, False):
        reader = Reader(text, fast=fast)
        reader.run()
        results.append((reader.decks, reader.problems.finish(), reader.finish_notes()))
    (decks, problems, notes), (slow_decks, slow_problems, slow_notes) = results
    assert [type(d) for d in decks] == [Deck] * len(decks)
    for got, want in zip(decks, slow_decks):
        assert got == want
    assert len(decks) == len(slow_decks)
    assert problems == slow_problems
    assert notes == slow_notes
    return fast_games


# --- whole files ------------------------------------------------------------------------


def test_bench_files_read_the_same(monkeypatch):
    full = write_pbn(full_decks(300))
    assert read_both(full, monkeypatch) >= 290
    plain = plain_pbn(300).decode()
    assert read_both(plain, monkeypatch) >= 298  # the split cuts the first game of a shape, and the last (a line end)
    assert read_both(full.replace("\r\n", "\n"), monkeypatch) >= 290


def _corpus_files() -> list[str]:
    expected = CORPUS / "expected.json"
    if not expected.exists():
        return []
    return sorted(name for name in json.loads(expected.read_text()) if name.startswith("pbn/"))


@pytest.mark.parametrize("name", _corpus_files() or ["(no corpus)"])
def test_corpus_files_read_the_same(name, monkeypatch):
    if name == "(no corpus)":
        pytest.skip("../shared/corpus is not present beside the repository")
    raw = (CORPUS / name).read_bytes()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")
    read_both(text, monkeypatch)


# --- odd shapes, mixed at random --------------------------------------------------------

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
PLAY = "\n".join(("SA ST S7 S4", "HT H7 H4 HA", "D7 D4 DA DT", "C4 CA CT C7"))

# Pieces of games: each is (tags before the deal, deal tag, tags after). Several are
# meant to be turned away by the fast path (it must then give the general path's answer).
HEADS = [
    '[Event "Club"]\n[Site "Here"]\n',
    '[Event "A \\"quoted\\" cup"]\n[Site "back\\\\slash"]\n',  # escapes
    '[Event "ends with \\\\"]\n',  # an escaped backslash before the closing quote
    '[Event "spans\nlines"]\n',  # not a tag: a value holds no line end
    '[Event "x"]  \n',  # trailing spaces after a tag
    '{a comment}\n[Event "c"]\n',
    '% escape line\n[Event "e"]\n',
    '; rest of line\n[Event "r"]\n',
    '[Event "#"]\n',
    '[Event "##Shared"]\n',
    '[Board "07"]\n[Board "8"]\n',  # a repeated tag
    '[Board "1"]\n[North "N1"]\n[East "E1"]\n[South "S1"]\n[West "W1"]\n',
    '[Board "?"]\n[North "?"]\n',
    '[Board "x y"]\n[Dealer " n "]\n[Vulnerable "both"]\n',
    "",
]
DEALS = [
    f'[Deal "{DEAL}"]\n',
    f'[Deal "{DEAL.replace("N:", "E:")}"]\n',
    f'[Deal "{DEAL.lower()}"]\n',
    '[Deal "?"]\n',
    '[Deal ""]\n',
    '[Deal "N:AKQJ.T98.765.432 - 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n',
    '[Deal "N:AKQJ.T98.765.432 AKQJ.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n',
    f'[Deal " {DEAL}"]\n',
    "",
]
TAILS = [
    '[Dealer "N"]\n[Vulnerable "None"]\n',
    '[Dealer "Q"]\n[Vulnerable "EW"]\n',
    '[Contract "4S"]\n[Declarer "S"]\n[Result "10"]\n[Auction "N"]\n1S =1= Pass 4S Pass\nPass Pass\n'
    '[Note "1:natural"]\n[Play "W"]\n' + PLAY + "\n",
    '[Contract "3NT"]\n[Auction "E"]\n=1= 1NT =2= =1= Pass AP\n[Note "1:x"]\n[Note "2:y"]\n',
    '[Contract "2H"]\n[Play "N"]\n' + PLAY.lower() + "\n",
    '[Contract "2H"]\n[Play "N"]\n' + PLAY.replace("HA", "-") + "\n",
    '[Contract "2H"]\n[Play "N"]\n' + "\n".join(PLAY.split("\n")[:2]) + "\nD7 D4\n",
    '[Contract "2H"]\n[Play "N"]\nSA ST S7 S4\nHT! H7 H4 HA\n*\n',
    '[Contract "2H"]\n[Play "S"]\nSA  ST S7 S4\n',
    '[Play "S"]\n' + PLAY + "\n",  # no contract: column order, with a note
    '[Contract "7C"]\n[Play "E"]\n' + PLAY + '\n[DealId "12"]\n',
    '[Auction "S"]\n- 1C Pass 1H!\n$1 2C =01=\n[Note "01:one"]\n[Scoring "MP"]\n',
    '[Auction "S"]\n1C\tPass\t1H Pass\n2C Pass Pass Pass\n[Note "3:loose"]\n',
    '[Note "1:first"]\n[Auction "W"]\n1C =1= Pass\n',
    '[Auction "N"]\n1C [Pass]\n',
    '[OptimumResultTable "Declarer;Denomination\\\\2R;Result\\\\2R"]\nN NT 6\nS S 8\n',
    "",
]


def _game(rng: random.Random) -> str:
    text = rng.choice(HEADS) + rng.choice(DEALS) + rng.choice(TAILS)
    return text.rstrip("\n") if rng.random() < 0.5 else text


@pytest.mark.parametrize("seed", range(40))
def test_mixed_odd_games_read_the_same(seed, monkeypatch):
    rng = random.Random(seed)
    games = [_game(rng) for _ in range(30)]
    # the usual shape now and then, so that plans are made and then met by odd games
    games += [f'[Board "{n}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]' for n in range(5)]
    rng.shuffle(games)
    text = rng.choice(["\n\n", "\n \n", "\n\n\n"]).join(games)
    if seed % 4 == 1:
        text = text.replace("\n", "\r\n")
    read_both(text, monkeypatch)


def test_usual_shapes_go_fast(monkeypatch):
    games = [f'[Board "{n}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]' for n in range(1, 6)]
    games += [
        f'[Board "{n}"]\n[Deal "{DEAL}"]\n[Contract "4S"]\n[Auction "N"]\n1S =1= Pass 4S Pass\nPass Pass\n'
        f'[Note "1:natural"]\n[Play "W"]\n{PLAY}'
        for n in range(6, 10)
    ]
    assert read_both("\n\n".join(games), monkeypatch) == 7  # all but the first of each shape


# --- the play's card tokenizers ----------------------------------------------------------


def _random_play(rng: random.Random, tricks: int) -> str:
    cards = [s + r for s in SUITS for r in RANKS]
    rng.shuffle(cards)
    rows = [" ".join(cards[4 * i : 4 * i + 4]) for i in range(tricks)]
    return "\n".join(rows)


@pytest.mark.parametrize("seed", range(60))
def test_rows_of_cards_read_as_their_words(seed):
    rng = random.Random(seed)
    data = _random_play(rng, rng.randint(1, 13))
    if seed % 3 == 0:
        data = data.lower()
    numbers = _numbers_in_rows("\n" + data + "\n")
    assert numbers is not None
    assert list(numbers) == [NUMBERS[word] for word in data.split()]
    first = rng.choice(SEATS)
    contract = rng.choice(["1C", "2D", "3H", "4S", "3NT", "6NTXX", "2h", "7s"])
    # a second space between two cards: read word by word, to the same tricks
    assert read_play(data, first, contract) == read_play(data.replace(" ", "  ", 1), first, contract)


@pytest.mark.parametrize(
    "data",
    [
        "SA ST S7 S4\nHT H7 H4",  # a short last row
        "SA ST S7 S4 \nHT H7 H4 HA",  # a space before the line end
        "SA ST S7 S4\r\nHT H7 H4 HA",
        "SA ST S7 S1\nHT H7 H4 HA",
        "SA ST S7 XA\nHT H7 H4 HA",
        "S10 ST S7 S4",
        "SAxSTxS7xS4\nHTxH7xH4xHA",  # two characters apart, but not by spaces
        "SA ST S7 -\nHT H7 H4 HA",
        "SA ST S7 S4\nHT H7 H4 HĀ",
        "",
    ],
)
def test_rows_of_cards_turn_away_other_shapes(data):
    assert _numbers_in_rows(data) is None


@pytest.mark.parametrize("first,contract", [("N", ""), ("X", "4S"), ("", "3NT")])
def test_play_without_a_seat_or_a_trump_keeps_the_columns(first, contract):
    tricks, notes = read_play(PLAY, first, contract)
    assert tricks == tuple(tuple(row.split()) for row in PLAY.split("\n"))
    assert notes == [f"play kept in column order (seats clockwise from {first[:1] or '?'})"]


# --- what the fast regex lets through and its checks must turn away ----------------------

SHAPE = '[Event "{event}"]\n[Board "{n}"]\n[Deal "' + DEAL + '"]\n[Contract "4S"]\n[Auction "N"]\n{auction}'


@pytest.mark.parametrize(
    "odd",
    [
        {"event": "spans\nlines"},  # a value holds no line end: not a tag
        {"event": 'a\\\\"] x'},  # a quote after an escaped backslash ends the value
        {"event": 'a\\\\\\"b'},  # an escaped backslash, then an escaped quote: one value
        {"auction": "1S Pass ; a comment\nPass Pass"},
        {"auction": "1S {why} Pass\nPass Pass"},
        {"auction": "1S Pass\n% not an escape line here\nPass"},
        {"auction": "1S Pass\\ Pass"},
    ],
)
def test_odd_game_after_its_usual_shape(odd, monkeypatch):
    usual = {"event": "Club", "auction": "1S Pass 4S Pass\nPass Pass"}
    games = [SHAPE.format(n=n, **usual) for n in range(1, 4)]
    games.insert(1, SHAPE.format(n=9, **{**usual, **odd}))
    assert read_both("\n\n".join(games), monkeypatch) >= 2  # the usual games after the first


# --- escapes: which values the fast path reads with them, and which it hands over ---------

ESCAPED = (
    '[Event "A \\"quoted\\" cup"]\n[Board "{n}"]\n[North "back\\\\slash"]\n[East "{east}"]\n'
    '[South "S"]\n[West "Jan \\"JJ\\" K"]\n[Deal "{deal}"]\n[Contract "4S"]\n[Auction "N"]\n'
    '1S =1= Pass 4S Pass\nPass Pass\n[Note "1:{note}"]'
)


def _escaped_games(**odd: str) -> str:
    usual = {"deal": DEAL, "note": "natural", "east": "E"}
    games = [ESCAPED.format(n=n, **usual) for n in range(1, 4)]
    games.insert(1, ESCAPED.format(n=9, **{**usual, **odd}))
    return "\n\n".join(games)


def test_escaped_names_and_tags_go_fast(monkeypatch):
    """Escapes in other tags and the players' names are read by the fast tokenizer, the
    same as the split of the game at its tags reads them."""
    text = _escaped_games()
    assert read_both(text, monkeypatch) == 3  # all but the first
    deck = read_pbn(text)[0][0]
    assert dict(deck.players) == {"N": "back\\slash", "E": "E", "S": "S", "W": 'Jan "JJ" K'}
    assert deck.tags[0] == ("Event", 'A "quoted" cup')


@pytest.mark.parametrize(
    "odd, fast",
    [
        ({"deal": DEAL.replace("N:", "N\\\\:")}, 3),  # an escape in the deal
        ({"note": 'a \\"quoted\\" note'}, 3),  # in a note
        # a value ending with an escaped backslash: the Plan's regex reads on past its closing
        # quote and does not match, and the split reads the game
        ({"note": "ends with \\\\"}, 2),
    ],
)
def test_escape_in_deal_or_note_reads_the_same(odd, fast, monkeypatch):
    assert read_both(_escaped_games(**odd), monkeypatch) == fast


def test_escape_in_a_short_value_reads_the_same(monkeypatch):
    text = _escaped_games()
    at = text.index('[Contract "4S"]', text.index('[Board "9"]'))
    text = text[:at] + '[Contract "4S\\\\"]' + text[at + len('[Contract "4S"]') :]
    assert read_both(text, monkeypatch) == 2  # ends with an escaped backslash, as the note above


def test_a_quote_after_an_escaped_backslash_in_a_name_is_not_taken(monkeypatch):
    """The regex lets it through (it reads to the last quote); the values' check turns it away."""
    assert read_both(_escaped_games(east='a\\\\"] x'), monkeypatch) == 2


@pytest.mark.parametrize("data", ["1S Pass ] 4S", "1S Pass\\\\ 4S", "1S ; c\nPass", "1S {c} Pass"])
def test_odd_auction_data_goes_to_the_careful_scan(data, monkeypatch):
    text = "\n\n".join(
        ESCAPED.format(n=n, deal=DEAL, note="x", east="E").replace("1S =1= Pass 4S Pass", data if n == 2 else "1S Pass")
        for n in range(1, 4)
    )
    assert read_both(text, monkeypatch) == 1  # the third (the first is split, the second odd)


def test_hand_records_with_a_repeated_deal_read_the_same(monkeypatch):
    """A deal given twice (read once, remembered), one that is not a deck, and one in
    lower case read the same either way."""
    games = [f'[Board "{n}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]' for n in range(1, 4)]
    games.append('[Board "4"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQ.T98.765.432 - - -"]')
    games.append(f'[Board "5"]\n[Dealer "E"]\n[Vulnerable "EW"]\n[Deal "{DEAL.lower()}"]')
    assert read_both("\n\n".join(games), monkeypatch) == 4  # all but the first
