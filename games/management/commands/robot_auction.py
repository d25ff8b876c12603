"""``manage.py robot_auction FILE [--json]``: the bidding robots' auction of every deck of a
deal file, a robot in each seat bidding from its own hand.

The file is read as an upload is (``read_decks``); each deck is bid from its dealer at its
vulnerability (the file's, else what its board number gives), whatever auction the file
records. Prints, a deck each, the calls with the robots' explanations and the contract:
as text, or with ``--json`` a list of
``{"board", "dealer", "vul", "deal", "calls": [{"seat", "call", "explanation"}], "contract",
"declarer"}`` (README: "The robots' auction"). The file's problems go to standard error;
a file without a deck is an error.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.bridge.robots import SYSTEM, bid_board
from games.bridge.rules import final_contract
from games.formats import Deck, read_decks
from games.models.upload import problem_text


def deck_auction(deck: Deck, number: int) -> dict:
    """One deck bid by the robots, as the JSON prints it; ``number`` names a deck the file
    gives no board number (its place in the file)."""
    dealer, vul = deck.effective_dealer, deck.effective_vul or "None"
    made = bid_board(deck.deal, dealer, vul)
    contract, declarer = final_contract([answer.call for _, answer in made], dealer)
    return {
        "board": deck.board or str(number),
        "dealer": dealer,
        "vul": vul,
        "deal": deck.deal,
        "calls": [{"seat": seat, "call": answer.call, "explanation": answer.explanation} for seat, answer in made],
        "contract": contract,
        "declarer": declarer,
    }


def as_text(board: dict) -> list[str]:
    """A deck's auction to read: a call a line with its explanation beside it, then the contract."""
    out = [f"Board {board['board']} (dealer {board['dealer']}, vul {board['vul']})  {board['deal']}"]
    for made in board["calls"]:
        first, *more = made["explanation"].split("\n")
        out.append(f"  {made['seat']}  {made['call']:<4} {first}".rstrip())
        out += [f"{'':10}{line}" for line in more]
    by = f" by {board['declarer']}" if board["declarer"] else ""
    out.append(f"  Contract: {'passed out' if board['contract'] == 'Pass' else board['contract'] + by}")
    return out


class Command(BaseCommand):
    help = f"Bid every deck of a deal file with the bidding robots ({SYSTEM}), as text or JSON."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", type=Path, metavar="FILE")
        parser.add_argument("--json", action="store_true", dest="as_json", help="print JSON instead of text")

    def handle(self, *args, file: Path, as_json: bool = False, **options) -> None:
        try:
            data = file.read_bytes()
        except OSError as error:
            raise CommandError(f"{file}: {error.strerror or error}") from None
        read = read_decks(data, file.name)
        for problem in read.problems:
            self.stderr.write(f"{file.name}: {problem_text(problem)}")
        if not read.decks:
            raise CommandError(f"{file.name}: no deck to bid")
        boards = [deck_auction(deck, n) for n, deck in enumerate(read.decks, start=1)]
        if as_json:
            self.stdout.write(json.dumps(boards, indent=2, ensure_ascii=False))
        else:
            self.stdout.write("\n\n".join("\n".join(as_text(board)) for board in boards))
