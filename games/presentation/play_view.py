"""What one viewer sees of a board in play: the auction, the hands, the trick, the claim.

``PlayView`` is built from the rules engine's ``BoardState`` and who is looking; the
templates get it, never the deal, so a page can only print the cards ``visible_hands``
allows (or, at a practice table, what its mode allows the host). Three kinds of viewer:

- a seat at a Join table (``for_join``): their own hand, dummy's after the opening lead,
  declarer's while a claim is pending, all four once the board is done or revealed; a
  player who took the seat after the deal, the host not seated and staff see no hand;
- the host of a practice table playing all four hands (``for_practice``, ALL_FOUR);
- the host declaring from South against the robot (DECLARE): South's hand, North's
  (dummy) after the lead, East and West only once the board is done;
- the host holding one seat with robots in the other three (ROBOTS): what that seat sees
  at a Join table, the robots' explanation of every call, and a hint (the call the
  bidding robot would make with the host's hand, and why) when the game offers hints.

An alert and its explanation are shown to the caller and the opponents, never to the
caller's partner, until the board is done. A board ended before it was over (``ended``)
offers nothing more to do.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import lru_cache

from django.utils.translation import get_language, gettext, ngettext, pgettext

from games.bridge import play as rules_of_play
from games.bridge import robots, rules
from games.bridge.cards import SEATS
from games.bridge.play import BoardState
from games.models.board_play import BoardPlay, last_actor
from games.models.deck import DealtBoard
from games.presentation.join_record import COLUMNS, Bid
from games.presentation.language import active, seat_name, spoken_card
from games.presentation.play_parts import BoxCall, Card, ClaimShown, Hand, News, Result, Trick
from games.presentation.result_text import reference_said

CALL_WORDS = {"P": "Pass", "X": "Dbl", "XX": "Rdbl"}  # Bid.level's words; the templates print them translated


def _contract_from(source: str) -> str:
    """Where a Just Declare contract comes from, as the declare line names it."""
    return {
        "auction": gettext("the file's auction"),
        "contract": gettext("the file's contract"),
        "par": gettext("par (the file gives no contract)"),
    }.get(source, "")


@dataclass(frozen=True, slots=True)
class PlayRecord:
    """All that a board's record shows (play_panel.html#record): the contract, the
    auction with the explanations this viewer may read, the tricks won, and once the board
    is over its result and play. The record drawn is kept under these values, so viewers
    who see the same record (three seats of four, mostly) share one drawing of it."""

    board_number: int
    columns: str
    auction: tuple[tuple[Bid | None, ...], ...]
    notes: tuple[tuple[int, str], ...]
    contract: Bid | None
    declarer: str
    won: dict[str, int]
    tricks: tuple[Trick, ...]
    result: Result | None
    ended: str


@dataclass(frozen=True, slots=True)
class PlayView:
    game_pk: int
    number: int  # the board's deal (DealtBoard.number): every form posts it back
    board_number: int  # the number the table shows (DealtBoard.board_number)
    mode: str  # BoardPlay.Mode
    at: int  # the actions the page shows: every form posts it back
    dealer: str  # as played: Just Declare turns the deck
    vul: str
    phase: str
    status: str  # "West to lead", "Your turn to call"
    turn: str
    hands: tuple[Hand, ...]  # N, E, S, W
    auction: tuple[tuple[Bid | None, ...], ...]  # rows in COLUMNS order
    notes: tuple[tuple[int, str], ...]
    box: tuple[tuple[BoxCall, ...], ...] = ()  # the bidding box's rows; () unless this viewer calls now
    contract: Bid | None = None
    declarer: str = ""
    dummy: str = ""
    contract_from: str = ""  # Just Declare: where the contract comes from
    trick: Trick | None = None  # the trick under way (or, between tricks, the one just won)
    last_trick: Trick | None = None  # the trick before the one under way
    tricks: tuple[Trick, ...] = ()  # every complete trick, shown once the board is done
    won: dict[str, int] = field(default_factory=dict)  # {"NS": 3, "EW": 1}
    claim: ClaimShown | None = None
    claim_max: int | None = None  # this viewer may claim up to this many tricks
    undo_asked_by: str = ""
    undo_request: str = ""  # the request as the host who answers it reads it
    may_ask_undo: bool = False
    may_grant_undo: bool = False  # the host, with a player's request waiting
    may_undo: bool = False  # a practice host takes back their last card or call
    result: Result | None = None
    robot_thinking: bool = False  # a task worker is choosing a robot's card
    robots: str = ""  # the seats robots play ("NEW")
    hint: tuple[Bid, str] | None = None  # the call a robot would make with this viewer's hand, and why
    actor: str = ""  # the seat that acts next (declarer for dummy's card)
    ended: str = ""  # BoardPlay.abandoned's words ("revealed, not finished") when it ended early
    columns: str = COLUMNS
    bottom: str = "S"  # the seat drawn at the bottom of the table: the viewer's own, else South
    acts_for: str = ""  # the seats whose calls and cards this viewer makes ("NESW", "S", "")
    made: int = 0  # the calls and cards made so far
    news: tuple[News, ...] = ()  # the calls, and the cards of the tricks on show, as sentences

    @property
    def done(self) -> bool:
        return self.phase == rules_of_play.DONE

    @property
    def over(self) -> bool:
        """Nobody acts any more: the board is done, or ended before it was."""
        return self.done or bool(self.ended)

    @property
    def record(self) -> PlayRecord:
        return PlayRecord(
            self.board_number,
            self.columns,
            self.auction,
            self.notes,
            self.contract,
            self.declarer,
            self.won,
            self.tricks,
            self.result,
            self.ended,
        )

    @property
    def target(self) -> str:
        """The element an htmx answer replaces: the seat view at a Join table, the felt
        at a practice table."""
        return "#seat-view" if self.mode == BoardPlay.Mode.TABLE else "#felt"

    @property
    def shown(self) -> dict[str, str]:
        """The dotted hands this viewer sees, by seat."""
        return {hand.seat: hand.dotted for hand in self.hands if hand.cards is not None}

    @property
    def box_key(self) -> str:
        """The calls the bidding box allows: all it shows hangs on them (and the language),
        so the box drawn is kept under them (play_panel.html#controls)."""
        return " ".join(call.call for row in self.box for call in row if call.legal)

    @property
    def in_play(self) -> bool:
        """Cards are (or were) on the table: the trick replaces the compass."""
        return self.phase in (rules_of_play.OPENING_LEAD, rules_of_play.PLAY, rules_of_play.CLAIM_PENDING) or bool(
            self.tricks or self.trick
        )

    def hand(self, seat: str) -> Hand:
        return self.hands[SEATS.index(seat)]


# --- building a view ---------------------------------------------------------------------


def board_state(board: DealtBoard, play: BoardPlay | None) -> BoardState:
    """The board's stored play, or the board before its first call (nothing stored yet)."""
    if play is not None:
        return play.state()
    return rules_of_play.new_board(board.deal, board.dealer, board.vul)


def played(board: DealtBoard) -> BoardPlay | None:
    return getattr(board, "played", None)  # a reverse one-to-one: absent until the first action


def for_join(
    board: DealtBoard, seat: str, held: bool, can_manage: bool, revealed: bool, *, host_seat: str = ""
) -> PlayView:
    """A Join table's board as the person at ``seat`` ("" when not seated) sees it.
    ``held``: the seat was theirs when the board was dealt, so they see and play its hand.
    ``host_seat``: where the host sits (""), which the table is told about an undo request
    when the host who answers it is the asker's partner."""
    play = played(board)
    state = board_state(board, play)
    viewer = seat if held else None
    if revealed and state.phase != rules_of_play.DONE:  # the host showed all four hands to the table
        shown = {s: state.remaining(s) for s in SEATS}
    else:
        shown = rules_of_play.visible_hands(state, viewer)
    return _build(
        board,
        play,
        state,
        mode=BoardPlay.Mode.TABLE,
        shown=shown,
        acts_for={viewer} if viewer else set(),
        me=viewer,
        alerts_for=seat or None,
        host=can_manage,
        host_seat=host_seat,
        bottom=seat or "S",
    )


def for_practice(board: DealtBoard, play: BoardPlay | None, mode: str, *, hints: bool = False) -> PlayView:
    """A practice table's board as its host plays it (``mode``: ALL_FOUR, DECLARE or
    ROBOTS; ``hints``: With robots, the game offers a hint)."""
    state = board_state(board, play)
    me = None
    if mode == BoardPlay.Mode.DECLARE:
        shown = rules_of_play.visible_hands(state, "S")
        acts_for = {"S"}
    elif mode == BoardPlay.Mode.ROBOTS and play is not None:
        me = play.student_seat
        shown = rules_of_play.visible_hands(state, me)
        acts_for = {me}
    else:
        done = state.phase == rules_of_play.DONE
        shown = {s: state.hand(s) if done else state.remaining(s) for s in SEATS}
        acts_for = set(SEATS)
    bottom = me or "S"
    view = _build(
        board, play, state, mode=mode, shown=shown, acts_for=acts_for, me=me, alerts_for=None, host=True, bottom=bottom
    )
    if me is None:
        return view
    hint = None
    if hints and state.phase == rules_of_play.AUCTION and state.turn == me and not view.ended:
        said = robots.hint(state.hand(me), me, state.dealer, state.vul, [made.call for made in state.calls])
        hint = (_call_bid(said.call), said.explanation)
    return replace(view, robots=play.robots if play is not None else "", hint=hint)


def _has_acted(state: BoardState, seats: set[str]) -> bool:
    """Whether one of ``seats`` has made a call, or played a card (dummy's, as declarer)."""
    if any(rules.seat_after(state.dealer, i) in seats for i in range(len(state.calls))):
        return True
    owners = rules.card_owners(state.deal)
    return any((state.declarer if owners[card] == state.dummy else owners[card]) in seats for card in state.cards)


def _build(
    board: DealtBoard,
    play: BoardPlay | None,
    state: BoardState,
    *,
    mode: str,
    shown: dict[str, list[str]],
    acts_for: set[str],
    me: str | None,
    alerts_for: str | None,
    host: bool,
    host_seat: str = "",
    bottom: str = "S",
) -> PlayView:
    phase, turn, actor = state.phase, state.turn or "", state.actor or ""
    done = phase == rules_of_play.DONE
    ended = play.get_abandoned_display() if play is not None and play.abandoned else ""
    if ended:
        acts_for = set()  # nothing more is called or played on it
    declarer, dummy = state.declarer, state.dummy
    playable = frozenset(rules_of_play.legal_cards(state)) if actor and actor in acts_for else frozenset()
    hands = tuple(
        Hand(
            seat=seat,
            cards=tuple(shown[seat]) if seat in shown else None,
            count=len(state.remaining(seat)),
            playable=playable if seat == turn and seat in shown else frozenset(),
            role="declarer" if seat == declarer else "dummy" if seat == dummy else "",
            to_act=seat == turn,
        )
        for seat in SEATS
    )
    auction, notes = _auction(state, alerts_for=None if done else alerts_for)
    box = _box(state) if phase == rules_of_play.AUCTION and turn in acts_for else ()
    tricks = tuple(_trick(n, trick, state.trump) for n, trick in enumerate(state.tricks, start=1))
    current = state.current_trick
    trick = _trick(len(tricks) + 1, current, "") if current else (tricks[-1] if tricks else None)
    undo_asked_by = play.undo_asked_by if play is not None else ""
    last = last_actor(state)
    undoable = phase in (rules_of_play.AUCTION, rules_of_play.OPENING_LEAD, rules_of_play.PLAY) and bool(last)
    if mode == BoardPlay.Mode.DECLARE:  # the host's own cards, the robot's answers with them
        owners = rules.card_owners(state.deal)
        undoable = state.claim is None and any(owners[card] in "NS" for card in state.cards)
    elif mode == BoardPlay.Mode.ALL_FOUR:
        undoable = state.claim is None and bool(state.calls)
    elif mode == BoardPlay.Mode.ROBOTS:  # the student's own calls and cards, the robots' answers with them
        undoable = state.claim is None and _has_acted(state, acts_for)
    undoable = undoable and not ended and not done  # a board over stays as it ended
    may_grant_undo = mode == BoardPlay.Mode.TABLE and host and bool(undo_asked_by)
    return PlayView(
        game_pk=board.game_id,
        number=board.number,
        board_number=board.board_number,
        mode=mode,
        robot_thinking=play is not None and play.robot_due,
        actor=actor,
        at=play.actions if play is not None else 0,
        dealer=state.dealer,
        vul=state.vul,
        phase=phase,
        status=_ended_status(board.board_number, play, state)
        if ended and play is not None
        else _status(state, acts_for, me, mode, undo_asked_by, host_seat),
        turn=turn,
        hands=hands,
        auction=auction,
        notes=notes,
        box=box,
        contract=_contract_bid(state.contract),
        declarer=declarer,
        dummy=dummy,
        contract_from=_contract_from(play.contract_from) if play is not None else "",
        trick=trick,
        last_trick=tricks[-1] if current and tricks else None,
        tricks=tricks if done else (),
        won=state.tricks_won,
        claim=_claim(state, acts_for),
        claim_max=13 - len(tricks) if phase == rules_of_play.PLAY and declarer in acts_for else None,
        undo_asked_by=undo_asked_by,
        undo_request=_undo_request(state, undo_asked_by, me, host_seat) if may_grant_undo else "",
        may_ask_undo=mode == BoardPlay.Mode.TABLE and bool(me) and me == last and undoable and not undo_asked_by,
        may_grant_undo=may_grant_undo,
        may_undo=mode != BoardPlay.Mode.TABLE and host and undoable,
        result=_result(state, play) if done else None,
        ended=ended,
        bottom=bottom,
        acts_for="".join(s for s in SEATS if s in acts_for),
        made=len(state.calls) + len(state.cards),
        news=_news(state, get_language()),
    )


def _contract_bid(contract: str) -> Bid | None:
    bid = rules.parse_contract(contract) if contract and contract != "Pass" else None
    return None if bid is None else Bid(str(bid.level), bid.strain, bid.risk)


def _call_bid(call: str, alert: bool = False, note: int | None = None) -> Bid:
    bid = rules.parse_contract(call) if call[:1].isdigit() else None
    if bid is None:
        return Bid(CALL_WORDS.get(call, call), alert=alert, note=note)
    return Bid(str(bid.level), bid.strain, alert=alert, note=note)


def _auction(
    state: BoardState, alerts_for: str | None
) -> tuple[tuple[tuple[Bid | None, ...], ...], tuple[tuple[int, str], ...]]:
    """The auction in rows of four (W N E S); an alert is left out for the caller's
    partner (``alerts_for``; None: everyone's alerts are shown)."""
    cells: list[Bid | None] = [None] * COLUMNS.index(state.dealer)
    notes: list[tuple[int, str]] = []
    for i, made in enumerate(state.calls):
        caller = rules.seat_after(state.dealer, i)
        hidden = alerts_for is not None and alerts_for != caller and rules.partners(alerts_for, caller)
        note = None
        if made.explanation and not hidden:
            note = len(notes) + 1
            notes.append((note, made.explanation))
        cells.append(_call_bid(made.call, alert=made.alert and not hidden, note=note))
    cells.extend([None] * (-len(cells) % 4))
    return tuple(tuple(cells[i : i + 4]) for i in range(0, len(cells), 4)), tuple(notes)


def _box(state: BoardState) -> tuple[tuple[BoxCall, ...], ...]:
    """The bidding box: Pass, Dbl, Rdbl, then a row a level from the lowest level with a
    legal bid (lower levels left out, illegal bids in a row greyed)."""
    legal = set(rules_of_play.legal_calls(state))
    rows = [tuple(BoxCall(call, _call_bid(call), call in legal) for call in ("P", "X", "XX"))]
    for level in range(1, 8):
        row = tuple(BoxCall(f"{level}{s}", _call_bid(f"{level}{s}"), f"{level}{s}" in legal) for s in rules.STRAINS)
        if any(call.legal for call in row):
            rows.append(row)
    return tuple(rows)


def _said(seat: str, call: str) -> str:
    """ "North bids 2 hearts.", "East passes.": a call as a sentence says it."""
    name = seat_name(seat)
    if call == "P":
        return gettext("%(seat)s passes.") % {"seat": name}
    if call == "X":
        return gettext("%(seat)s doubles.") % {"seat": name}
    if call == "XX":
        return gettext("%(seat)s redoubles.") % {"seat": name}
    bid = rules.parse_contract(call)
    if bid is None:
        return gettext("%(seat)s calls %(call)s.") % {"seat": name, "call": call}
    said = active()
    if bid.strain == "NT":
        strain = "no trump" if said.code == "en" else said.notrump  # spoken; NT is a page's abbreviation
    else:
        # "1 heart", "1 kier", "1 cœur": one of a suit as a card's name says it (English's
        # card names say the plural), more of it as the suit is named ("2 kiery", "2 cœurs").
        strain = said.suit_names[bid.strain]
        if bid.level == 1:
            strain = strain[:-1] if said.code == "en" else said.card_suits[bid.strain]
    return gettext("%(seat)s bids %(level)s %(strain)s.") % {"seat": name, "level": bid.level, "strain": strain}


@lru_cache(maxsize=512)
def _news(state: BoardState, language: str) -> tuple[News, ...]:
    """The table's news as sentences in ``language`` (the one active): every call, and the
    cards of the tricks the page shows (the trick under way and the one before it), each
    with who won a trick. The same for every seat: kept, so a table's four views make it once."""
    news = [
        News(i + 1, caller, _said(caller, made.call))
        for i, made in enumerate(state.calls)
        for caller in (rules.seat_after(state.dealer, i),)
    ]
    if not state.auction_over or state.contract == "Pass":
        return tuple(news)
    tricks, current = state.tricks, state.current_trick
    shown = ([list(tricks[-1])] if tricks else []) + ([current] if current else [])
    n = len(state.calls) + len(state.cards) - sum(len(trick) for trick in shown)
    for trick in shown:
        for seat, code in trick:
            n += 1
            card = spoken_card(code)
            if seat == state.dummy:
                text = gettext("Dummy (%(seat)s) played %(card)s.") % {"seat": seat_name(seat), "card": card}
                news.append(News(n, state.declarer, text))
            else:
                news.append(
                    News(n, seat, gettext("%(seat)s played %(card)s.") % {"seat": seat_name(seat), "card": card})
                )
        if len(trick) == 4:
            winner = seat_name(rules.trick_winner(trick, state.trump))
            news.append(News(n, "", gettext("%(seat)s wins the trick.") % {"seat": winner}))
    return tuple(news)


def _trick(number: int, played: Iterable[tuple[str, str]], trump: str) -> Trick:
    played = list(played)
    winner = rules.trick_winner(played, trump) if len(played) == 4 else ""
    cards = tuple(Card(card, seat, lead=i == 0, wins=seat == winner) for i, (seat, card) in enumerate(played))
    return Trick(number, played[0][0] if played else "", cards, winner)


def _claim(state: BoardState, acts_for: set[str]) -> ClaimShown | None:
    if state.phase != rules_of_play.CLAIM_PENDING or state.claim is None:
        return None
    accepted = tuple(s for s in state.defenders if s in state.claim.accepted)
    waiting = tuple(s for s in state.defenders if s not in state.claim.accepted)
    return ClaimShown(state.declarer, state.claim.tricks, accepted, waiting, any(s in acts_for for s in waiting))


def _result(state: BoardState, play: BoardPlay | None) -> Result:
    passed_out = state.contract == "Pass"
    return Result(
        contract=None if passed_out else _contract_bid(state.contract),
        declarer="" if passed_out else state.declarer,
        tricks=None if passed_out else state.declarer_tricks,
        score=state.score,
        reference=reference_said(play.reference) if play is not None else "",
        reference_score=play.reference_score if play is not None else None,
        imps=play.imps if play is not None else None,
    )


def contract_text(state: BoardState) -> str:
    """ "4♥X by South", or "" before the auction is over."""
    bid = rules.parse_contract(state.contract) if state.contract not in ("", "Pass") else None
    if bid is None:
        return ""
    contract = active().contract(bid.level, bid.strain, bid.risk)
    return gettext("%(contract)s by %(declarer)s") % {"contract": contract, "declarer": seat_name(state.declarer)}


def _undo_request(state: BoardState, asker: str, me: str | None, host_seat: str) -> str:
    """The request as the host who answers it reads it: "East asks to undo their last
    call; you are East's partner." """
    if asker == me:
        if state.cards:
            return gettext("You ask to undo your last card: as the host, you answer your own request.")
        return gettext("You ask to undo your last call: as the host, you answer your own request.")
    names = {"seat": seat_name(asker)}
    partner = bool(host_seat and rules.partners(host_seat, asker))
    if state.cards:
        if partner:
            return gettext("%(seat)s asks to undo their last card; you are %(seat)s's partner.") % names
        return gettext("%(seat)s asks to undo their last card.") % names
    if partner:
        return gettext("%(seat)s asks to undo their last call; you are %(seat)s's partner.") % names
    return gettext("%(seat)s asks to undo their last call.") % names


def _ended_status(number: int, play: BoardPlay, state: BoardState) -> str:
    ended = play.get_abandoned_display()
    if not state.calls and play.abandoned == BoardPlay.Abandoned.REVEALED:
        return gettext("Board %(number)s was revealed before the first call: it is not played.") % {"number": number}
    return gettext(
        "Board %(number)s ended before it was over (%(ended)s): no more calls or cards, and it scores nothing."
    ) % {"number": number, "ended": ended}


def _undo_status(state: BoardState, me: str | None, undo_asked_by: str, host_seat: str) -> str:
    asker, names = seat_name(undo_asked_by), {"seat": seat_name(undo_asked_by), "host": seat_name(host_seat)}
    if undo_asked_by == me:
        if state.cards:
            text = gettext("You ask to undo the last card: waiting for the host.")
        else:
            text = gettext("You ask to undo the last call: waiting for the host.")
    elif state.cards:
        text = gettext("%(seat)s asks to undo the last card: waiting for the host.") % {"seat": asker}
    else:
        text = gettext("%(seat)s asks to undo the last call: waiting for the host.") % {"seat": asker}
    if host_seat and host_seat != undo_asked_by and rules.partners(host_seat, undo_asked_by):
        if host_seat == me:
            text += " " + gettext("You answer it as the host, and you are %(seat)s's partner.") % names
        elif undo_asked_by == me:
            text += " " + gettext("The host, %(host)s, is your partner.") % names
        else:
            text += " " + gettext("The host, %(host)s, is %(seat)s's partner.") % names
    return text


def _status(
    state: BoardState, acts_for: set[str], me: str | None, mode: str, undo_asked_by: str, host_seat: str = ""
) -> str:
    """One sentence: whose turn it is, or how the board ended."""
    phase, turn = state.phase, state.turn or ""
    if undo_asked_by:
        return _undo_status(state, me, undo_asked_by, host_seat)
    if phase == rules_of_play.DONE:
        if state.contract == "Pass":
            return gettext("Passed out: the board is over.")
        tricks = state.declarer_tricks
        return ngettext(
            "%(contract)s: %(count)s trick. The board is over.",
            "%(contract)s: %(count)s tricks. The board is over.",
            tricks,
        ) % {"contract": contract_text(state), "count": tricks}
    if phase == rules_of_play.CLAIM_PENDING and state.claim is not None:
        waiting = [s for s in state.defenders if s not in state.claim.accepted]
        accepted = [s for s in state.defenders if s in state.claim.accepted]
        claims = ngettext(
            "%(seat)s claims %(count)s of the remaining tricks",
            "%(seat)s claims %(count)s of the remaining tricks",
            state.claim.tricks,
        ) % {"seat": seat_name(state.declarer), "count": state.claim.tricks}
        so_far = "".join(gettext("%(seat)s accepted, ") % {"seat": seat_name(s)} for s in accepted)
        names = pgettext("between two names", " and ").join(seat_name(s) for s in waiting)
        return gettext("%(claims)s: %(accepted)swaiting for %(names)s.") % {
            "claims": claims,
            "accepted": so_far,
            "names": names,
        }
    mine = turn == me or (mode != BoardPlay.Mode.TABLE and len(acts_for) == 1 and state.actor in acts_for)
    if phase == rules_of_play.AUCTION:
        if mine:
            return gettext("Your turn to call.")
        if len(acts_for) == 4:
            return gettext("%(seat)s to call (you call for every seat).") % {"seat": seat_name(turn)}
        return gettext("%(seat)s to call.") % {"seat": seat_name(turn)}
    if phase == rules_of_play.OPENING_LEAD:
        return gettext("Your lead.") if mine else gettext("%(seat)s to lead.") % {"seat": seat_name(turn)}
    if turn == state.dummy:
        if state.actor == me or (mode == BoardPlay.Mode.DECLARE):
            return gettext("Your turn to play from dummy.")
        return gettext("Dummy (%(seat)s) to play: %(declarer)s plays it.") % {
            "seat": seat_name(turn),
            "declarer": seat_name(state.declarer),
        }
    return gettext("Your turn to play.") if mine else gettext("%(seat)s to play.") % {"seat": seat_name(turn)}
