"""The public help page "Uploading Decks".

Nothing on the page that the code knows is typed twice: the limits are read
from settings at request time, the 16-board table comes from
``games.formats.model``, the game's rule options from ``Game.MissingInfo`` and
``Game.PracticePlay``, the robot's order among equal cards from
``games.bridge.robot``, the scoring example from ``games.bridge.scoring`` and
``games.models.results``, the words said about a board in play from
``games.models.board_play``, and every example (the worked LIN and PBN boards, the
sample of each problem message) is put through the real reader, so the page shows
what an upload would show.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from types import SimpleNamespace
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.formats import number_format
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_safe

from games.bridge import play as rules_of_play
from games.bridge.board import VUL_NAMES, dealer_for_board, vul_for_board
from games.bridge.cards import SEAT_NAMES, SEATS, SUIT_NAMES
from games.bridge.robot import TIE_ORDER
from games.bridge.rotate import declarer_of, rotate, rotation_for
from games.bridge.scoring import duplicate_score, imps
from games.formats import read_decks
from games.formats.model import Deck
from games.forms.upload import ACCEPT, human_size
from games.models import Game
from games.models.board_play import BoardInPlay, BoardPlay, waiting_for_undo
from games.models.deck import side_score
from games.models.upload import ROTATION_CHOICES, read_file
from games.presentation.long_pages import in_language
from games.presentation.problem_help import CATCH_ALL
from games.presentation.problem_text import problem_text, say
from games.presentation.refusals import refusal
from games.presentation.result_text import result_line

# The "Complete example" board of the LIN field notes, as one LIN line.
WORKED_LIN = (
    "pn|krysieq,uijallen,ElMacaroni,Player1771|st||"
    "md|3S865HAK9DKT3CJ862,SAQ3HQ8D9652CA753,SKT4HJT76532DACKT,|rh||ah|Board 1|sv|o|"
    "mb|1H|mb|p|mb|2N!|an|inv+fit|mb|p|mb|4H|mb|p|mb|p|mb|p|"
    "pg||pc|DQ|pc|D3|pc|D2|pc|DA|pg||pc|H2|pc|H4|pc|HA|pc|H8|pg||pc|DK|pc|D5|pc|S4|pc|D4|"
    "pg||pc|DT|pc|D6|pc|HT|pc|D7|pg||pc|H3|pc|D8|pc|HK|pc|HQ|pg||pc|S5|pc|SA|pc|ST|pc|S2|"
    "pg||pc|S3|pc|SK|pc|S7|pc|S6|pg||pc|H5|pc|DJ|pc|H9|pc|D9|pg||pc|C2|pc|C3|pc|CK|pc|C4|"
    "pg||mc|11|"
)

# The same board as PBN's import format allows it: every liberty the reader takes.
LENIENT_PBN = """\
% PBN 2.1
{ The board of the LIN example, written as loosely
  as PBN's import format allows. }
[Event "Club night"]
[Board "1"]
[Dealer "n"]
[Vulnerable "none"]   ; any case will do
[Deal "n:4tk.2356JT7.a.TK - 568.9ka.t3k.2j68 3aq.q8.9652.a735"]
"""

# A broken (or doubtful) input for each entry of "Problems and how to fix them": the page
# shows the message the reader really gives for it. Keys are entry ids. The deals are
# boards 1 and 3 of the example files, each spoilt in one place.
_S, _W, _N = "SA75HJT5DQ742CA85", "SKQJ986H82D63C642", "S32HK943DKJ9CQJT7"
_BOARD_3 = "Q5.AQT94.Q5.QJT8 AK74.76.K642.A94 J982.K53.J87.765 T63.J82.AT93.K32"


def _md(*hands: str, dealer: str = "1") -> tuple[str, bytes]:
    return "deals.lin", f"md|{dealer}{','.join(hands)},|".encode()


def _deal(value: str, *tags: str) -> tuple[str, bytes]:
    return "deals.pbn", "\n".join(['[Board "3"]', *tags, f'[Deal "{value}"]']).encode()


PROBLEM_SAMPLES: dict[str, tuple[str, bytes]] = {
    "problem-card-twice": _md(_S, "SAQJ986H82D63C642", _N),
    "problem-card-count": _md("SA75HJT5DQ742CA8", _W, _N),
    "problem-unknown-rank": _deal("N:" + _BOARD_3.replace("QJT8", "QBT8")),
    "problem-rank-before-suit": _md("A75HJT5DQ742CA85", _W, _N),
    "problem-suit-twice": _md("SA75HJT5DQ742SA85", _W, _N),
    "problem-not-four-suits": _deal("N:" + _BOARD_3.replace("Q5.QJT8", "Q5QJT8")),
    "problem-end-position": _deal("N:AK.Q.. QJ..A. T9.K.. 87..K."),
    "problem-too-many-hands": _md(_S, _W, _N, "ST4HAQ76DAT85CK93", "S2"),
    "problem-hands-missing": ("deals.lin", f"md|1{_S},{_W}|".encode()),
    "problem-deal-hand-count": _deal("N:" + _BOARD_3.rsplit(" ", 1)[0]),
    "problem-deal-first-seat": _deal("North:" + _BOARD_3),
    "problem-empty-deal": _deal("N:"),
    "problem-md0": ("movie.lin", b"md|0|"),
    "problem-dealer-digit": _md(_S, _W, _N, dealer="5"),
    "problem-dealer-vul": _deal("N:" + _BOARD_3, '[Vulnerable "Nobody"]'),
    "problem-malformed-tag": ("deals.pbn", f'[Board "3"\n[Deal "N:{_BOARD_3}"]'.encode()),
    "problem-binary": ("deals.lin", b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00" + bytes(range(256))),
    "problem-not-deal-file": ("deals.txt", b"Board 1, North deals\nS AK73 H Q2 D KJ5 C 9842\n"),
    "problem-no-deals": ("results.pbn", b'% PBN 2.1\n[Event "Club night"]\n[Board "1"]\n[Result "9"]\n'),
    "problem-empty-file": ("deals.pbn", b""),
}


@dataclass(frozen=True, slots=True)
class Sample:
    name: str
    text: str  # the input as shown ("" for a binary or empty file)
    message: str  # what the upload preview says about it, or the reader's note
    is_note: bool = False  # a harmless oddity: the deck is kept
    about: str = ""  # what the file is, when its text is not shown


@cache
def _samples(language: str = "en") -> dict[str, Sample]:
    """Each sample read by the real reader, keyed for templates ("card_twice"); its message
    in ``language``, the active one."""
    samples = {}
    for anchor, (name, data) in PROBLEM_SAMPLES.items():
        result = read_file(name, data)
        binary = anchor == "problem-binary"
        text = "" if binary else data.decode("utf-8")
        about = gettext("a zip archive, not text") if binary else "" if text else gettext("a file with nothing in it")
        if result.problems:
            samples[_key(anchor)] = Sample(name, text, problem_text(result.problems[0]), about=about)
        else:  # harmless things: the deck is kept, with a note
            notes = [*result.notes, *(n for d in result.decks for n in d.notes)]
            message = next((n for n in notes if "13 remaining cards" not in n), "")
            samples[_key(anchor)] = Sample(name, text, say(message), is_note=True)
    return samples


def _key(anchor: str) -> str:
    """ "problem-card-twice" -> "card_twice", for {{ samples.card_twice }} in the template."""
    return anchor.removeprefix("problem-").replace("-", "_")


@cache
def _worked() -> dict[str, Any]:
    """The worked LIN board read by the reader, and the PBN forms of the same board."""
    deck = read_decks(WORKED_LIN.encode(), "example.lin").decks[0]
    lenient = read_decks(LENIENT_PBN.encode(), "example.pbn").decks[0]
    return {
        "lin": WORKED_LIN,
        "deck": deck,
        "players": {seat: name for seat, name in deck.players},
        "auction": " ".join(c.call + ("!" if c.alert else "") for c in deck.auction),
        "alert": next((c for c in deck.auction if c.alert), None),
        "lead": deck.play[0][0] if deck.play else "",
        "tricks_played": len(deck.play),
        "pbn": _pbn(deck),
        "lenient": LENIENT_PBN,
        "lenient_deck": lenient,
        "lenient_same": lenient.deal == deck.deal,
    }


@cache
def _turned() -> dict[str, Any]:
    """The worked board before and after "South declares" (North declares four hearts)."""
    deck = _worked()["deck"]
    quarters = rotation_for(deck, "south-declares") or 0
    return {
        "before": deck,
        "after": rotate(deck, quarters),
        "declarer": SEAT_NAMES[declarer_of(deck)],
        "quarters": quarters,
    }


def _pbn(deck: Deck) -> str:
    """Board, Dealer, Vulnerable and Deal tags, the deal listed from the dealer."""
    hands = deck.hands()
    first = SEATS.index(deck.dealer or "N")
    order = [SEATS[(first + k) % 4] for k in range(4)]
    deal = f"{order[0]}:" + " ".join(hands[seat] for seat in order)
    return f'[Board "{deck.board}"]\n[Dealer "{deck.dealer}"]\n[Vulnerable "{deck.vul}"]\n[Deal "{deal}"]'


@cache
def _scoring(language: str = "en") -> dict[str, Any]:
    """A board played here against the file's record of it, scored as the table scores it:
    4♥ by South, 11 tricks, against 10 tricks at the other table, nobody vulnerable; its
    words in ``language``, the active one (the cache is kept per language)."""
    ours, theirs = duplicate_score("4H", "S", "None", 11), duplicate_score("4H", "S", "None", 10)
    won = imps(ours - theirs)
    play = SimpleNamespace(
        finished_at=True, contract="4H", declarer="S", tricks=11, claim_tricks=None, score=ours, imps=won
    )
    passed = imps(duplicate_score("3NT", "N", "None", 9))  # what the side that passed loses
    return {
        "ours": ours,
        "theirs": theirs,
        "imps": won,
        "line": result_line(play),
        "score_tag": side_score(ours),
        "minus_tag": side_score(-100),
        "passed_imps": passed,
    }


@cache
def _board_in_play(language: str = "en") -> dict[str, Any]:
    """What the table says about a board in play, from the models: the question Deal New
    Cards asks (board 3, 4♥ by North, 14 cards played, on the worked board), the history's
    line once it is left unfinished, and the refusal while an undo request waits; in
    ``language``, the active one (the cache is kept per language)."""
    deal = _worked()["deck"].deal
    state = rules_of_play.new_board(deal, "N", "None")
    for call in ("1H", "P", "2NT", "P", "4H", "P", "P", "P"):
        state = rules_of_play.make_call(state, state.turn or "", call, False, "")
    for _ in range(14):
        state = rules_of_play.play_card(state, state.turn or "", rules_of_play.legal_cards(state)[0], by=state.actor)
    play = BoardPlay(
        mode=BoardPlay.Mode.ALL_FOUR,
        deal=deal,
        dealer="N",
        vul="None",
        calls=[{"call": c.call, "alert": c.alert, "explanation": c.explanation} for c in state.calls],
        cards=list(state.cards),
        abandoned=BoardPlay.Abandoned.DEALT,
    )
    return {
        "question": str(BoardInPlay(3, play.progress(), 3)),
        "line": result_line(play),
        "dealt": BoardPlay.Abandoned.DEALT.label,
        "revealed": BoardPlay.Abandoned.REVEALED.label,
        "hold": refusal(waiting_for_undo("E")),
    }


def _limits() -> dict[str, Any]:
    """The limits in force now (settings may change between requests, and in tests)."""
    hours = settings.DECK_UPLOAD_EXPIRY_HOURS
    return {
        "files": settings.DECK_UPLOAD_MAX_FILES,
        "file_size": human_size(settings.DECK_UPLOAD_MAX_FILE_BYTES),
        "total_size": human_size(settings.DECK_UPLOAD_MAX_TOTAL_BYTES),
        "decks": number_format(settings.DECK_UPLOAD_MAX_DECKS, force_grouping=True),
        "expiry_hours": hours,
        "pdf_boards": number_format(settings.HAND_RECORD_MAX_BOARDS, force_grouping=True),
        "jobs": settings.JOBS_PER_USER,
    }


def _rotation() -> list[dict[str, Any]]:
    """Boards 1-16: dealer and vulnerability in the standard cycle."""
    rows = []
    for number in range(1, 17):
        dealer, vul = dealer_for_board(number), vul_for_board(number)
        rows.append(
            {
                "number": number,
                "dealer": dealer,
                "dealer_name": SEAT_NAMES[dealer],
                "vul": vul,
                "vul_label": VUL_NAMES[vul],
            }
        )
    return rows


@require_safe
def uploading_decks(request: HttpRequest) -> HttpResponse:
    rotation = _rotation()
    context = {
        "limits": _limits(),
        "rotation_rows": [rotation[i : i + 4] for i in range(0, 16, 4)],
        "rotation_dealers": [row["dealer_name"] for row in rotation[:4]],
        "missing_info": Game.MissingInfo.choices,
        "missing_info_default": Game._meta.get_field("missing_info").get_default(),
        "missing_info_label": Game._meta.get_field("missing_info").verbose_name,
        "extensions": ACCEPT.split(","),
        "worked": _worked(),
        "turned": _turned(),
        "rotations": ROTATION_CHOICES,
        "when_empty": Game.WhenEmpty.choices,
        "samples": _samples(get_language() or "en"),
        "catch_all": CATCH_ALL,
        "practice_play": Game.PracticePlay.choices,
        "practice_play_label": Game._meta.get_field("practice_play").verbose_name,
        "name_max_length": Game._meta.get_field("name").max_length,
        "tie_order": [SUIT_NAMES[s] for s in TIE_ORDER],
        "scoring": _scoring(get_language() or "en"),
        "board_in_play": _board_in_play(get_language() or "en"),
        "max_tables": settings.JOIN_MAX_TABLES,
    }
    return render(request, in_language("games/help_upload.html"), context)
