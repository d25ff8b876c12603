"""The rules engine's refusals in the language the request is answered in.

games.bridge.play raises IllegalAction in English (it imports no Django) with a key and
its parameters (seats, suits, calls and cards as codes), and ``BoardPlay.act`` raises it
as it is (with the table's own refusals: ``waiting_for_undo``); here each key has its
sentence in the catalogues, with the seats, suits and calls named in the page's
language. A refusal without a key, or with one not listed here, stays as it was written
(the table's other refusals are written in the request's language already)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.utils.translation import gettext

from games.bridge.play import IllegalAction
from games.presentation.language import active, seat_name


def _seat(code: object) -> str:
    return seat_name(str(code))


def _suit(code: object) -> str:
    return active().suit_names.get(str(code), str(code))


def _bid(code: object) -> str:
    """ "1H" -> "1♥", "3NT" -> "3BA" in Polish: a bid as the auction shows it."""
    text = str(code)
    return active().contract(text[:1], text[1:])


Say = Callable[[Mapping[str, object]], str]
_SAID: dict[str, Say] = {
    "auction_over": lambda p: gettext("The auction is over"),
    "turn_to_call": lambda p: gettext("It is %(seat)s's turn to call") % {"seat": _seat(p["seat"])},
    "not_a_call": lambda p: gettext("'%(call)s' is not a call") % {"call": p["call"]},
    "not_above": lambda p: (
        gettext("%(call)s is not above %(last)s") % {"call": _bid(p["call"]), "last": _bid(p["last"])}
    ),
    "no_bid_to_double": lambda p: gettext("There is no bid to double"),
    "double_own_side": lambda p: gettext("You can only double an opponent's bid"),
    "already_doubled": lambda p: gettext("%(bid)s is already doubled") % {"bid": _bid(p["bid"])},
    "already_redoubled": lambda p: gettext("%(bid)s is already redoubled") % {"bid": _bid(p["bid"])},
    "redouble_not_theirs": lambda p: gettext("You can only redouble an opponent's double of your side's bid"),
    "turn_to_play": lambda p: gettext("It is %(seat)s's turn to play") % {"seat": _seat(p["seat"])},
    "dummy_by_declarer": lambda p: gettext("Dummy's cards are played by declarer"),
    "not_your_cards": lambda p: gettext("Only %(seat)s can play %(seat)s's cards") % {"seat": _seat(p["seat"])},
    "not_a_card": lambda p: gettext("'%(card)s' is not a card") % {"card": p["card"]},
    "not_in_hand": lambda p: gettext("That card is not in %(seat)s's hand") % {"seat": _seat(p["seat"])},
    "follow_suit": lambda p: gettext("You must follow suit: you hold %(suit)s") % {"suit": _suit(p["suit"])},
    "follow_suit_dummy": lambda p: gettext("You must follow suit: dummy holds %(suit)s") % {"suit": _suit(p["suit"])},
    "card_in_auction": lambda p: gettext("You cannot play a card before the auction is over"),
    "claim_in_auction": lambda p: gettext("You cannot claim before the auction is over"),
    "card_while_claim": lambda p: gettext("You cannot play a card while a claim is pending"),
    "claim_while_claim": lambda p: gettext("You cannot claim while a claim is pending"),
    "board_over": lambda p: gettext("The board is over"),
    "claim_before_lead": lambda p: gettext("Declarer can claim once the opening lead has been made"),
    "claim_not_declarer": lambda p: gettext("Only declarer can claim"),
    "claim_range": lambda p: gettext("You can claim from 0 to %(left)s tricks") % {"left": p["left"]},
    "claim_accepted_already": lambda p: gettext("%(seat)s has already accepted the claim") % {"seat": _seat(p["seat"])},
    "no_claim_to_accept": lambda p: gettext("There is no claim to accept"),
    "no_claim_to_reject": lambda p: gettext("There is no claim to reject"),
    "accept_not_defender": lambda p: gettext("Only a defender can accept a claim"),
    "reject_not_defender": lambda p: gettext("Only a defender can reject a claim"),
    "undo_claim": lambda p: gettext("A claim has been made: it must be answered, not undone"),
    "nothing_to_undo": lambda p: gettext("There is nothing to undo"),
    # The table's own (games.models.board_play.waiting_for_undo).
    "waiting_for_undo": lambda p: (
        gettext("Waiting for the host to answer %(seat)s's undo request") % {"seat": _seat(p["seat"])}
    ),
}


def rules_said(refused: IllegalAction) -> str:
    """The engine's refusal in the active language."""
    say = _SAID.get(getattr(refused, "key", ""))
    return say(refused.params) if say is not None else str(refused)
