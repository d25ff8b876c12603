"""A board at the table as one immutable value: the auction, the play, claims and undo.

Every action returns a new ``BoardState`` or raises ``IllegalAction`` with a message for the
player. Whose turn it is, the contract and the tricks are derived (once a state), never stored."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache

from . import rules
from .board import VULS
from .cards import RANKS, SEAT_NAMES, SEATS, SUIT_NAMES, SUITS, build_deal, parse_dotted_hand
from .rules import DOUBLE, PASS, REDOUBLE, Call
from .scoring import duplicate_score
from .words import ENGLISH

AUCTION, OPENING_LEAD, PLAY, CLAIM_PENDING, DONE = "auction", "opening_lead", "play", "claim_pending", "done"
BIDS = tuple(f"{level}{strain}" for level in range(1, 8) for strain in rules.STRAINS)  # lowest first
CALLS = (PASS, DOUBLE, REDOUBLE, *BIDS)  # all 38
_RANK_OF_BID = {bid: i for i, bid in enumerate(BIDS)}

Played = tuple[str, str]  # (seat, card)


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message is for the player, in English.

    ``key`` and ``params`` name the refusal (seats and suits as their letters, calls and
    cards as codes), so that a page can say it in its own language."""

    def __init__(self, message: str, key: str = "", **params: object) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


@dataclass(frozen=True, slots=True)
class Claim:
    """Declarer's claim of ``tricks`` of the tricks still to play, and the defenders who
    have accepted it. Accepted by both, it ends the board."""

    tricks: int
    accepted: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class _Progress:  # the play so far, worked out from the cards in one pass
    tricks: tuple[tuple[Played, ...], ...]  # complete tricks
    winners: tuple[str, ...]
    current: tuple[Played, ...]  # the trick under way
    leader: str  # who led, or leads, the trick under way
    to_play: str  # the hand whose card comes next (dummy's too)


@dataclass(frozen=True, slots=True)
class BoardState:
    """A board in play. Start one with ``new_board``; rebuild a stored one with ``replay``."""

    deal: str  # canonical "N:<north> <east> <south> <west>"
    dealer: str
    vul: str = "None"
    calls: tuple[Call, ...] = ()
    cards: tuple[str, ...] = ()  # in play order
    claim: Claim | None = None

    @property
    def auction_over(self) -> bool:
        return rules.auction_complete([c.call for c in self.calls])

    @property
    def contract(self) -> str:
        """ "4HX", "3NT", "Pass" (passed out), or "" while the auction goes on."""
        return _final_contract(self.calls, self.dealer)[0]

    @property
    def declarer(self) -> str:
        return _final_contract(self.calls, self.dealer)[1]

    @property
    def dummy(self) -> str:
        declarer = self.declarer
        return rules.seat_after(declarer, 2) if declarer else ""

    @property
    def defenders(self) -> tuple[str, ...]:
        declarer = self.declarer
        return (rules.seat_after(declarer, 1), rules.seat_after(declarer, 3)) if declarer else ()

    @property
    def trump(self) -> str:
        """The trump suit's letter; "" at no trump, and before there is a contract."""
        bid = rules.parse_contract(self.contract)
        return bid.trump if bid else ""

    @property
    def phase(self) -> str:
        if not self.auction_over:
            return AUCTION
        if self.contract == "Pass" or len(self.cards) == 52:
            return DONE
        if self.claim is not None:
            return DONE if len(self.claim.accepted) == 2 else CLAIM_PENDING
        return PLAY if self.cards else OPENING_LEAD

    @property
    def turn(self) -> str | None:
        """The seat to call, or the hand to play from (dummy's included); None when the
        board is done or waits on a claim."""
        phase = self.phase
        if phase == AUCTION:
            return rules.seat_after(self.dealer, len(self.calls))
        if phase in (OPENING_LEAD, PLAY):
            return _progress(self).to_play
        return None

    @property
    def actor(self) -> str | None:
        """The seat that acts next: as ``turn``, but declarer when dummy's card is next."""
        turn = self.turn
        return self.declarer if turn and turn == self.dummy else turn

    @property
    def tricks(self) -> list[tuple[Played, ...]]:
        """The complete tricks, each as (seat, card) in play order."""
        return list(_progress(self).tricks) if self.auction_over else []

    @property
    def current_trick(self) -> list[Played]:
        return list(_progress(self).current) if self.auction_over else []

    @property
    def leader(self) -> str | None:
        """Who leads (or led) the trick under way; None outside the play."""
        return _progress(self).leader if self.phase in (OPENING_LEAD, PLAY, CLAIM_PENDING) else None

    @property
    def tricks_won(self) -> dict[str, int]:
        """Tricks taken by each side ("NS", "EW"), an accepted claim's included."""
        won = {"NS": 0, "EW": 0}
        declarer = self.declarer
        if not declarer:
            return won
        progress = _progress(self)
        for winner in progress.winners:
            won[rules.side(winner)] += 1
        if self.phase == DONE and self.claim is not None:
            won[rules.side(declarer)] += self.claim.tricks
            won[rules.side(rules.seat_after(declarer))] += 13 - len(progress.tricks) - self.claim.tricks
        return won

    @property
    def declarer_tricks(self) -> int:
        return self.tricks_won[rules.side(self.declarer)] if self.declarer else 0

    @property
    def score(self) -> int | None:
        """The duplicate score from North-South's side once the board is done."""
        done = self.phase == DONE
        return duplicate_score(self.contract, self.declarer, self.vul, self.declarer_tricks) if done else None

    def hand(self, seat: str) -> list[str]:
        """``seat``'s thirteen cards as dealt, spades first, high to low."""
        return [suit + rank for suit, ranks in zip(SUITS, rules.hands(self.deal)[seat].split(".")) for rank in ranks]

    def remaining(self, seat: str) -> list[str]:
        """``seat``'s cards not yet played."""
        played = set(self.cards)
        return [card for card in self.hand(seat) if card not in played]


def new_board(deal: str, dealer: str, vul: str = "None") -> BoardState:
    """A board before the first call. Raises ValueError (a cards.DealError for the deal)
    when the deal is not a canonical 52-card deal, or the dealer or vulnerability is none."""
    if len(dealer) != 1 or dealer not in SEATS:
        raise ValueError(f"'{dealer}' is not a seat")
    if vul not in VULS:
        raise ValueError(f"'{vul}' is not a vulnerability")
    texts = dict(zip(SEATS, deal[2:].split(" ")))
    canonical, _ = build_deal({seat: parse_dotted_hand(text)[0] for seat, text in texts.items()})
    if canonical != deal:  # also a deal not starting "N:", or with a hand left out
        raise ValueError(f"'{deal}' is not a canonical deal")
    return BoardState(deal, dealer, vul)


def replay(
    deal: str,
    dealer: str,
    vul: str,
    calls: Iterable[Call | str] = (),
    cards: Iterable[str] = (),
    claimed: Claim | None = None,
) -> BoardState:
    """A stored board rebuilt action by action, so that every call and card is checked
    again. Raises IllegalAction at the first that is not allowed."""
    state = new_board(deal, dealer, vul)
    for call in calls:
        made = call if isinstance(call, Call) else Call(call)
        state = make_call(state, state.turn or dealer, made.call, made.alert, made.explanation)
    for card in cards:
        state = play_card(state, state.turn or dealer, card, by=state.actor)
    if claimed is not None:
        state = claim(state, state.declarer, claimed.tricks)
        for seat in sorted(claimed.accepted, key=SEATS.index):
            state = accept_claim(state, seat)
    return state


# The auction
def legal_calls(state: BoardState) -> list[str]:
    """The calls the seat to call may make, Pass first; [] once the auction is over."""
    if state.phase != AUCTION:
        return []
    seat = rules.seat_after(state.dealer, len(state.calls))
    return [call for call in CALLS if _call_problem(state, seat, call) is None]


def make_call(state: BoardState, seat: str, call: str, alert: bool = False, explanation: str = "") -> BoardState:
    """``state`` with ``seat``'s call added. Raises IllegalAction when it is not that
    seat's turn or the call is not allowed."""
    if state.phase != AUCTION:
        raise IllegalAction("The auction is over", "auction_over")
    turn = rules.seat_after(state.dealer, len(state.calls))
    if seat != turn:
        raise IllegalAction(f"It is {SEAT_NAMES[turn]}'s turn to call", "turn_to_call", seat=turn)
    word = rules.read_call(call)
    if word is None:
        raise IllegalAction(f"'{call}' is not a call", "not_a_call", call=call)
    refused = _call_problem(state, seat, word)
    if refused is not None:
        raise refused
    return replace(state, calls=(*state.calls, Call(word, alert, explanation)))


def _call_problem(state: BoardState, seat: str, call: str) -> IllegalAction | None:
    """Why ``seat`` may not make ``call`` now; None when it may."""
    last_bid, bidder, risk = "", "", ""
    for i, made in enumerate(state.calls):
        if made.call in _RANK_OF_BID:
            last_bid, bidder, risk = made.call, rules.seat_after(state.dealer, i), ""
        elif made.call in (DOUBLE, REDOUBLE):
            risk = made.call
    if call == PASS:
        return None
    if call in _RANK_OF_BID:
        if last_bid and _RANK_OF_BID[call] <= _RANK_OF_BID[last_bid]:
            return IllegalAction(f"{_show(call)} is not above {_show(last_bid)}", "not_above", call=call, last=last_bid)
        return None
    ours = bool(bidder) and rules.partners(bidder, seat)
    if call == DOUBLE:
        if not last_bid:
            return IllegalAction("There is no bid to double", "no_bid_to_double")
        if ours:
            return IllegalAction("You can only double an opponent's bid", "double_own_side")
        if risk:
            key = "already_doubled" if risk == DOUBLE else "already_redoubled"
            return IllegalAction(
                f"{_show(last_bid)} is already {'doubled' if risk == DOUBLE else 'redoubled'}", key, bid=last_bid
            )
        return None
    if risk == REDOUBLE:
        return IllegalAction(f"{_show(last_bid)} is already redoubled", "already_redoubled", bid=last_bid)
    if risk != DOUBLE or not ours:
        return IllegalAction("You can only redouble an opponent's double of your side's bid", "redouble_not_theirs")
    return None


def _show(bid: str) -> str:
    return ENGLISH.contract(bid[0], bid[1:])  # "1♥", "3NT"


# The play
def legal_cards(state: BoardState) -> list[str]:
    """The cards the hand to play may play: of the suit led when it holds one; [] when
    no card is due."""
    if state.phase not in (OPENING_LEAD, PLAY):
        return []
    progress = _progress(state)
    held = state.remaining(progress.to_play)
    if progress.current:
        led = progress.current[0][1][0]
        following = [card for card in held if card[0] == led]
        return following or held
    return held


def play_card(state: BoardState, seat: str, card: str, by: str | None = None) -> BoardState:
    """``state`` with ``card`` played from ``seat``'s hand by ``by`` (``seat`` itself, or
    declarer for dummy). Raises IllegalAction when the card may not be played."""
    _check_playing(state, "play a card")
    by = by or seat
    turn = _progress(state).to_play
    if seat != turn:
        raise IllegalAction(f"It is {SEAT_NAMES[turn]}'s turn to play", "turn_to_play", seat=turn)
    if seat == state.dummy:
        if by != state.declarer:
            raise IllegalAction("Dummy's cards are played by declarer", "dummy_by_declarer")
    elif by != seat:
        raise IllegalAction(f"Only {SEAT_NAMES[seat]} can play {SEAT_NAMES[seat]}'s cards", "not_your_cards", seat=seat)
    card = card.strip().upper().replace("10", "T")
    if len(card) != 2 or card[0] not in SUITS or card[1] not in RANKS:
        raise IllegalAction(f"'{card}' is not a card", "not_a_card", card=card)
    if card not in state.remaining(seat):
        raise IllegalAction(f"That card is not in {SEAT_NAMES[seat]}'s hand", "not_in_hand", seat=seat)
    if card not in legal_cards(state):
        led = _progress(state).current[0][1][0]
        if by == seat:
            raise IllegalAction(f"You must follow suit: you hold {SUIT_NAMES[led]}", "follow_suit", suit=led)
        raise IllegalAction(f"You must follow suit: dummy holds {SUIT_NAMES[led]}", "follow_suit_dummy", suit=led)
    return replace(state, cards=(*state.cards, card))


_DOING = {"play a card": "card", "claim": "claim"}  # what a refusal's key calls the action


def _check_playing(state: BoardState, doing: str) -> None:
    phase = state.phase
    if phase == AUCTION:
        raise IllegalAction(f"You cannot {doing} before the auction is over", f"{_DOING[doing]}_in_auction")
    if phase == CLAIM_PENDING:
        raise IllegalAction(f"You cannot {doing} while a claim is pending", f"{_DOING[doing]}_while_claim")
    if phase == DONE:
        raise IllegalAction("The board is over", "board_over")


@lru_cache(maxsize=256)  # a page asks one state for its contract, turn and tricks dozens of times
def _final_contract(calls: tuple[Call, ...], dealer: str) -> tuple[str, str]:
    words = [c.call for c in calls]
    return rules.final_contract(words, dealer) if rules.auction_complete(words) else ("", "")


@lru_cache(maxsize=256)
def _progress(state: BoardState) -> _Progress:
    owners = rules.card_owners(state.deal)
    trump = state.trump
    leader = rules.seat_after(state.declarer) if state.declarer else ""
    tricks: list[tuple[Played, ...]] = []
    winners: list[str] = []
    current: list[Played] = []
    for card in state.cards:
        current.append((owners[card], card))
        if len(current) == 4:
            leader = rules.trick_winner(current, trump)
            tricks.append(tuple(current))
            winners.append(leader)
            current = []
    to_play = rules.seat_after(current[-1][0]) if current else leader
    return _Progress(tuple(tricks), tuple(winners), tuple(current), leader, to_play)


# Claims
def claim(state: BoardState, seat: str, tricks: int) -> BoardState:
    """Declarer claims ``tricks`` of the tricks still to play, showing their hand to all until the
    defenders answer. Raises IllegalAction unless ``seat`` is declarer, the lead is made, and
    ``tricks`` is between 0 and the tricks left."""
    if state.phase == OPENING_LEAD:
        raise IllegalAction("Declarer can claim once the opening lead has been made", "claim_before_lead")
    _check_playing(state, "claim")
    if seat != state.declarer:
        raise IllegalAction("Only declarer can claim", "claim_not_declarer")
    left = 13 - len(_progress(state).tricks)
    if not 0 <= tricks <= left:
        raise IllegalAction(f"You can claim from 0 to {left} tricks", "claim_range", left=left)
    return replace(state, claim=Claim(tricks))


def accept_claim(state: BoardState, seat: str) -> BoardState:
    """A defender accepts declarer's claim; when both have, the board is done."""
    pending = _pending_claim(state, seat, "accept")
    if seat in pending.accepted:
        raise IllegalAction(f"{SEAT_NAMES[seat]} has already accepted the claim", "claim_accepted_already", seat=seat)
    return replace(state, claim=Claim(pending.tricks, pending.accepted | {seat}))


def reject_claim(state: BoardState, seat: str) -> BoardState:
    """A defender rejects declarer's claim: the claim is withdrawn and play goes on."""
    _pending_claim(state, seat, "reject")
    return replace(state, claim=None)


def _pending_claim(state: BoardState, seat: str, answer: str) -> Claim:
    if state.phase != CLAIM_PENDING or state.claim is None:
        raise IllegalAction(f"There is no claim to {answer}", f"no_claim_to_{answer}")
    if seat not in state.defenders:
        raise IllegalAction(f"Only a defender can {answer} a claim", f"{answer}_not_defender")
    return state.claim


# What each seat sees, and undo
def visible_hands(state: BoardState, viewer: str | None) -> dict[str, list[str]]:
    """The cards ``viewer`` (a seat, or None for someone not seated) may see, by seat.

    Their own remaining cards; dummy's once the opening lead is made; declarer's while a claim
    is pending; every hand as dealt once the board is done. Nothing else: the web shows this."""
    if state.phase == DONE:
        return {seat: state.hand(seat) for seat in SEATS}
    shown = {viewer} if viewer else set()  # a viewer that is no seat sees no hand of its own
    if state.cards and state.dummy:
        shown.add(state.dummy)
    if state.phase == CLAIM_PENDING:
        shown.add(state.declarer)
    return {seat: state.remaining(seat) for seat in SEATS if seat in shown}


def undo(state: BoardState) -> BoardState:
    """``state`` without its last card, or its last call when no card has been played. A claim
    must be answered first; a board settled by a claim stays settled."""
    if state.claim is not None:
        raise IllegalAction("A claim has been made: it must be answered, not undone", "undo_claim")
    if state.cards:
        return replace(state, cards=state.cards[:-1])
    if state.calls:
        return replace(state, calls=state.calls[:-1])
    raise IllegalAction("There is nothing to undo", "nothing_to_undo")
