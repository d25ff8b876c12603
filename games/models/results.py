"""What a played board is scored against, and a game's running total.

With IMPs, a board is compared with the result the file records for it ("at the other
table"): its stated result or claim, else the tricks of a play recorded to its end (a LIN
file's 52 cards without an ``mc`` claim); and with par when the file records none. Both are turned to the board as
played: Just Declare may have turned the deck a quarter, so North-South there were
East-West in the file.
"""

from __future__ import annotations

from games.bridge import rules
from games.bridge.scoring import duplicate_score
from games.models.analysis import DealAnalysis
from games.models.reference import file_stored, par_stored


def reference_for(play) -> tuple[str, int | None] | None:
    """What the board is scored against, as ``BoardPlay.reference`` keeps it (the file's
    record, else par, in parts: games.models.reference), and N-S's score there as played;
    None while par is wanted and the deal is not solved yet (a task worker solves it:
    ``games.tasks.settle_board``)."""
    board = play.board
    deck = board.deck
    if deck is not None:
        result = deck.result or played_result(deck)
        stated = file_score(deck.contract, deck.declarer, result, deck.claim, board.vul)
        if stated is not None:
            parts = rules.record_parts(contract=deck.contract, declarer=deck.declarer, result=result, claim=deck.claim)
            return file_stored(parts), -stated if play.quarters % 2 else stated
    solved = DealAnalysis.stored(play.deal)
    if solved is None:
        return None
    par = solved.par(play.vul, play.dealer)
    return par_stored(par), par.score


def played_result(deck) -> str:
    """The tricks declarer took in the deck's recorded play, as text ("9"), when the play
    holds all thirteen tricks and the deck states no result or claim (a PBN game with its
    Play section and no Result tag, or a deck stored with its play and no result); ""
    otherwise."""
    if deck.claim is not None or not deck.play or not deck.contract:
        return ""
    taken = rules.tricks_played(deck.deal, deck.contract, deck.declarer.strip()[:1].upper(), deck.play)
    return "" if taken is None else str(taken)


def file_score(contract: str, declarer: str, result: str, claim: int | None, vul: str) -> int | None:
    """N-S's duplicate score of a recorded result; None when the record lacks contract,
    declarer or tricks."""
    if contract.strip().lower() in ("pass", "passed out"):
        return 0
    bid = rules.parse_contract(contract)
    seat = declarer.strip()[:1].upper()
    if bid is None or seat not in rules.SEATS or not seat:
        return None
    tricks = rules.declarer_tricks(result, seat) if result else None
    if tricks is None:
        tricks = claim
    if tricks is None:
        return None
    return duplicate_score(str(bid), seat, vul or "None", tricks)
