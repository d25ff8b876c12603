"""The readers' messages (games.formats.messages) in the page's language.

Each key has a template here, wrapped for the catalogues, with the English template's
parameters as named placeholders ("%(seat)s has %(count)s cards"). ``say`` fills one:
a piece that is a message is said the same way; bridge's own notation (seats, suits,
ranks, cards; ``messages.WORD_KINDS``) in the language's words (games.bridge.words);
everything else, values taken from the file, as it is. The result is plain text, which
templates escape. In English a message is its reader's own text, as the CLI prints it.
"""

# ruff: noqa: E501 - a message is one line here, as translators read it
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import get_language, ngettext_lazy, override
from django.utils.translation import gettext_lazy as _

from games.bridge.words import Words, for_language
from games.formats.messages import Message, Part, word_kind
from games.formats.model import Problem
from games.models.upload import problem_text as english_problem_text

_DEALER_SUMMARY = ngettext_lazy(
    "%(count)s deck made by %(name)s (dealer script): %(tried)s hands tried",
    "%(count)s decks made by %(name)s (dealer script): %(tried)s hands tried",
    "count",
)
_DEALER_KEPT = ngettext_lazy(
    "%(problem)s; the %(count)s deck made before that is kept",
    "%(problem)s; the %(count)s decks made before that are kept",
    "count",
)
_OTHER_TABLES = ngettext_lazy(
    "%(count)s record of other tables (no B or H) is a deck of its own, with the board and deal of the record before it",
    "%(count)s records of other tables (no B or H) are decks of their own, with the board and deal of the record "
    "before them",
    "count",
)

# Every key of messages.TEMPLATES (tests/web/test_problem_text.py holds them equal).
PAGE_TEMPLATES: dict[str, Promise] = {
    "at": _("%(where)s: %(message)s"),
    "where.board": _("board %(board)s"),
    "where.deal": _("deal %(deal)s (line %(line)s)"),
    "where.line": _("line %(line)s"),
    "where.deal_number": _("deal %(deal)s"),
    "where.link": _("link %(link)s (line %(line)s)"),
    "where.record": _("record %(record)s (bytes %(first)s–%(last)s)"),
    "deal.not_a_rank": _("'%(char)s' is not a card rank"),
    "deal.rank_twice": _("the %(rank)s is written twice in one suit"),
    "deal.not_full_deck": _("the cards do not make a full deck"),
    "deal.hands_not_given": _("%(seatsand)s are not given: a deck needs at least three hands"),
    "deal.hands_not_given_list": _("%(seats)s are not given: a deck needs at least three hands"),
    "deal.card_twice": _("%(card)s is in both %(seat)s and %(seat2)s"),
    "deal.hand_size": ngettext_lazy("%(seat)s has %(count)s card", "%(seat)s has %(count)s cards", "count"),
    "deal.not_four_suits": _("hand '%(hand)s' does not have four suits separated by dots"),
    "pbn.unordered": _("ranks not in descending order within a suit"),
    "pbn.no_first_seat": _("the deal gives no first seat: hands read from South, as Trickster does"),
    "pbn.extra_spaces": _("extra spaces between the hands of the deal"),
    "pbn.lower_case": _("cards written in lower case"),
    "pbn.hand_inferred": _("%(seat)s's hand is not given: it holds the 13 remaining cards"),
    "pbn.deal_first_seat": _("the deal starts with '%(value)s', not a seat (N, E, S or W) and ':'"),
    "pbn.deal_empty": _("the deal is empty"),
    "pbn.deal_one_hand": _("the deal has one hand; it needs four ('-' for a hand not given)"),
    "pbn.deal_hand_count": _("the deal has %(count)s hands; it needs four ('-' for a hand not given)"),
    "pbn.hand_suits": ngettext_lazy(
        "%(seat)s's hand '%(hand)s' has %(count)s suit: it needs four, separated by dots",
        "%(seat)s's hand '%(hand)s' has %(count)s suits: it needs four, separated by dots",
        "count",
    ),
    "deal.hand_trouble": _("%(seat)s's hand '%(hand)s': %(reason)s"),
    "pbn.no_hand": _("no hand is given"),
    "pbn.end_position": ngettext_lazy(
        "every hand has %(count)s card: an end position, not a full deal",
        "every hand has %(count)s cards: an end position, not a full deal",
        "count",
    ),
    "tag_not_understood": _("%(tag)s '%(value)s' is not understood: read as not stated"),
    "pbn.auction_too_long": _("auction: more than %(count)s words; the rest was read past"),
    "pbn.play_too_long": _("play: more than %(count)s words; the rest was read past"),
    "pbn.not_a_call_kept": _("auction: '%(word)s' is not a call: kept as '?'"),
    "pbn.not_a_call": _("auction: '%(word)s' is not a call: read past"),
    "pbn.more_not_calls": _("auction: %(count)s more words that are not calls kept as '?'"),
    "pbn.play_too_many_cards": _("play: more than %(count)s cards; the rest was read past"),
    "pbn.play_columns": _("play kept in column order (seats clockwise from %(by)s)"),
    "pbn.not_a_card": _("play: '%(word)s' is not a card: read past"),
    "more_notes": _("... and %(count)s more %(kind)s"),
    "pbn.kind_malformed": _("places with malformed text read past"),
    "pbn.kind_no_deal": _("games without a deal read past"),
    "pbn.kind_junk": _("stretches of text that is not PBN read past"),
    "pbn.kind_loose_comments": _("comments outside any board read past"),
    "pbn.kind_hash": _("notes on '#' or '##' used for Deal, Dealer or Vulnerable"),
    "pbn.hash_default": _('"##" used for %(tag)s: a value for this and later games'),
    "pbn.hash_copied": _('"#" used for %(tag)s: copied from the previous game'),
    "pbn.hash_taken": _('%(tag)s taken from an earlier "##" default'),
    "pbn.hash_forbidden": _("%(where)s: %(message)s (the PBN standard forbids this)"),
    "pbn.too_many_decks": _(
        "this file holds %(count)s decks, the most read from one file: the rest of it was not read"
    ),
    "pbn.game_unreadable": _("a game could not be read (%(error)s): please report this file"),
    "pbn.junk": _("line %(line)s: text that is not PBN read past"),
    "pbn.loose_comment": _("line %(line)s: a comment outside any board read past"),
    "pbn.no_deal": _("game at line %(line)s has no deal: read past"),
    "pbn.no_deal_board": _("game at line %(line)s (board %(board)s) has no deal: read past"),
    "pbn.too_many_tags": _("this game has more than %(count)s tags: the rest read past"),
    "pbn.unclosed_comment": _("a '{' comment is never closed: read to the end of its line"),
    "pbn.malformed_tag": _("'%(text)s' is not a well-formed tag: read past"),
    "record.contract_by": _("%(contract)s by %(by)s"),
    "record.disagreement": _("contract from the auction: %(auction)s; the file says %(file)s"),
    "commentary.too_many": _("%(where)s: more than %(count)s comments; those from line %(line)s on were left out"),
    "commentary.file_full": _(
        "%(where)s, line %(line)s: this file's commentary passed %(count)s characters; the rest of it was left out"
    ),
    "commentary.cut": _("%(where)s, line %(line)s: commentary cut: a board keeps %(count)s characters"),
    "commentary.more": _("... and %(count)s more boards with commentary cut"),
    "lin.md0": _("md|0| changes the previous deal (a teaching movie step); it is not a deck"),
    "lin.more_md0": _("... and %(count)s more md|0| steps read past"),
    "lin.stray_text": _("text between pairs was read past (first at line %(line)s)"),
    "lin.no_md": _("this LIN file has no md (deal) tag: only headers or commentary"),
    "lin.loose_commentary": _("line %(line)s: commentary (nt) before the first board belongs to no deck: read past"),
    "lin.board_unreadable": _("this board could not be read (%(error)s)"),
    "lin.md0_step": _("line %(line)s: md|0| (a teaching movie step changing %(where)s) was read past"),
    "lin.unreadable": _("this LIN text could not be read (%(error)s)"),
    "lin.sv_not_understood": _("vulnerability sv|%(value)s| not understood; not stated"),
    "lin.auction_pairs": _("the auction has more than %(count)s pairs: the rest was read past"),
    "lin.auction_calls": _("the auction has more than %(count)s calls: the rest was read past"),
    "lin.call_kept": _("call mb|%(value)s| not understood; kept as '?'"),
    "lin.call_read_past": _("call mb|%(value)s| not understood; read past"),
    "lin.play_pairs": _("the play has more than %(count)s pairs: the rest was read past"),
    "lin.claim": _("claim mc|%(value)s| not understood"),
    "lin.hand_inferred": _("hand %(by)s not given; completed with the 13 remaining cards"),
    "lin.unordered": _("ranks not in descending order within a suit (md)"),
    "lin.dealer_digit": _("dealer digit '%(digit)s' is not 1-4; dealer not stated"),
    "lin.no_hands": _("md gives no hands"),
    "lin.too_many_hands": _("md gives %(count)s hands; a deal has four"),
    "lin.one_hand": _("md gives only one hand; a deck needs South, West and North (East may be left out)"),
    "lin.two_hands": _("md gives only two hands; a deck needs South, West and North (East may be left out)"),
    "lin.before_suit": _("'%(char)s' comes before any suit letter in %(seat)s's hand '%(hand)s'"),
    "lin.suit_twice": _("%(suit)s are given twice in %(seat)s's hand '%(hand)s'"),
    "lin.not_a_rank": _("'%(char)s' is not a card rank (in %(seat)s's hand '%(hand)s')"),
    "lin.card_twice": _("%(card)s is written twice in %(seat)s's hand '%(hand)s'"),
    "lin.suit_unreadable": _("%(seat)s's %(suit)s '%(ranks)s' cannot be read"),
    "handviewer.unreadable": _("these links could not be read (%(error)s)"),
    "handviewer.no_link": _("no BBO handviewer link was found"),
    "handviewer.empty_lin": _("line %(line)s: the lin= link holds nothing"),
    "handviewer.dealer": _("dealer d=%(value)s not understood; not stated"),
    "handviewer.vul": _("vulnerability v=%(value)s not understood; not stated"),
    "handviewer.unordered": _("ranks not in descending order within a suit (link)"),
    "file.no_format": _('no LIN pairs (like md|...|) or PBN tags (like [Deal "..."]) found'),
    "file.no_deals": _("no deals found in this file"),
    "file.dealer_script": _(
        "a dealer script: it makes decks when it is run (on the Upload Decks page, or by manage.py deal_decks)"
    ),
    "file.handviewer": _("read as BBO handviewer links"),
    "file.internal": _("could not read this file: %(error)s"),
    "file.more_problems": _("... and %(count)s more problems like these (only the first %(listed)s are listed)"),
    "file.binary": _("this file is binary, not a LIN or PBN text file"),
    "club.rotation": _("dealer and vulnerability follow the board numbers: the file does not state them"),
    "club.blank_record": _(
        "record %(record)s is blank, which ends a %(format)s file's boards: the records after it were not read"
    ),
    "club.record_length": _(
        "the file ends with %(count)s bytes that are not a whole %(size)s-byte %(format)s record: the file is cut short or is not a %(format)s file"
    ),
    "club.not_a_record": _(
        "not a %(format)s record: %(reason)s; the file is read no further (%(count)s bytes from this record to its end)"
    ),
    "club.not_numbers": _("bytes %(first)s–%(last)s hold '%(text)s', not two-digit card numbers"),
    "club.numbers_end": _("byte 79 holds '%(text)s', not the padding that follows the card numbers"),
    "club.not_marks": _("bytes 1–68 hold '%(text)s', not four hands with their sixteen suit marks (bytes 06 03 04 05)"),
    "club.not_dge_part": _(
        "bytes 79–146 hold '%(text)s', neither a DGE part's four hands with their suit marks nor blank"
    ),
    "bri.not_a_card": _("%(seat)s's number %(number)s (bytes %(first)s–%(last)s) is not a card: cards are 01–52"),
    "bri.not_a_number": _("bytes %(first)s–%(last)s hold '%(text)s', not a two-digit card number (%(seat)s's cards)"),
    "bri.card_twice": _("card %(number)s (%(card)s) is given twice to %(seat)s"),
    "bri.card_both": _("card %(number)s (%(card)s) is given to both %(seat)s and %(seat2)s"),
    "dge.marks": _(
        "%(seat)s's 17 bytes (%(first)s–%(last)s) '%(text)s' are not the four suit marks (♠♥♦♣, bytes 06 03 04 05, in that order) each followed by its ranks"
    ),
    "dup.lowest": _(
        "the lowest board number in record 1's trailer (bytes 149–151) is %(value)s: boards are numbered from 1"
    ),
    "dup.lowest_blank": _(
        "the lowest board number in record 1's trailer (bytes 149–151) is blank: boards are numbered from 1"
    ),
    "dup.bri_part": _("the BRI part: %(reason)s"),
    "dup.blank_dge_one": _(
        "the DGE part (the cards the machine shows) is blank for board %(boards)s: read from the BRI part alone"
    ),
    "dup.blank_dge": _(
        "the DGE part (the cards the machine shows) is blank for boards %(boards)s: read from the BRI part alone"
    ),
    "dup.blank_dge_more": _(
        "the DGE part (the cards the machine shows) is blank for boards %(boards)s and %(count)s more: read from the BRI part alone"
    ),
    "dup.highest": _(
        "record 1's trailer gives %(highest)s as the highest board (bytes 154–156), but the file holds boards %(lowest)s–%(last)s"
    ),
    "dup.dge_unreadable": _("the DGE part cannot be read, so it cannot confirm the BRI part: %(reason)s"),
    "dup.disagree_hand": _(
        "the DGE part disagrees with the BRI part: %(seat)s holds %(bri)s in the BRI part, %(dge)s in the DGE part"
    ),
    "dup.disagree": _("the DGE part disagrees with the BRI part"),
    "dlm.board_number": _("line %(line)s: 'Board %(value)s' is not a board number 01–%(most)s"),
    "dlm.board_twice": _("board %(board)s is given twice (lines %(first)s and %(second)s): the second is left out"),
    "dlm.sealed": _(
        "this DLM file is sealed: its boards are encrypted (Crypto key=%(value)s) and cannot be read. Save the set in Duplimate without sealing it, or export it as PBN, and upload that"
    ),
    "dlm.marked_sealed": _("the file is marked Sealed (the machine shows no cards): its boards are read as usual"),
    "dlm.set_left_out": _(
        "the set is boards %(first)s–%(last)s (From board, To board): the file's other %(count)s boards are left out"
    ),
    "dlm.set_missing": _(
        "board %(board)s is in the set (From board=%(first)s, To board=%(last)s) but the file does not give it"
    ),
    "dlm.set_unclear": _(
        "From board=%(low)s and To board=%(high)s do not give a set of boards 1–%(most)s: the boards that are not filler are read"
    ),
    "dlm.no_set": _(
        "the file does not say which boards are the set (From board, To board): the boards that are not filler are read"
    ),
    "dlm.value": _("'%(value)s' is not 26 letters a–p and 3 check digits"),
    "dlm.letter": _("'%(char)s' (letter %(position)s) is not one of a–p, which code the cards"),
    "dlm.check": _(
        "the check digits %(digits)s do not match the board's cards (they give %(expected)s): the board was changed or damaged after it was written"
    ),
    "rbn.hands_length": _("the hands take %(count)s characters: four hands take at most 70"),
    "rbn.hands_start": _("'%(value)s' does not start with a seat (N, E, S or W) and a colon, like 'W:AK2.…'"),
    "rbn.hand_count": _("%(count)s hands are given: a deal has four"),
    "rbn.unknown_cards": _("%(seat)s's hand '%(hand)s' has unknown cards (x or ?): not a full deal"),
    "rbn.hand": _("%(seat)s's hand: %(reason)s"),
    "rbn.vul": _("vulnerability '%(value)s' in the auction is not Z, N, E, B or ?: not stated"),
    "rbn.too_many_calls": _("the auction holds more than %(count)s calls: the rest is left out"),
    "rbn.not_a_call": _("'%(char)s' in the auction is not a call: the auction is kept up to it"),
    "rbn.after_all_pass": _("the auction goes on after 'A' (all pass): the rest is left out"),
    "rbn.too_many_tricks": _("the play holds more than 13 tricks: the rest is left out"),
    "rbn.trick": _("trick %(trick)s of the play '%(text)s' cannot be read: the play is kept up to it"),
    "rbn.other_table": _("another table's record (no B or H): the board and deal of the record before it"),
    "rbn.no_hands_before": _(
        "line %(line)s: a record with an auction, contract, play or result, but no hands (H) given before it: there is no deal to read"
    ),
    "rbn.no_hands": _("the record gives no hands (H)"),
    "rbn.contract": _("contract '%(value)s' is not understood: left out"),
    "rbn.board_number": _("board '%(board)s' is not a board number: dealer and vulnerability cannot follow it"),
    "rbn.other_table_one": _OTHER_TABLES,
    "rbn.other_tables": _OTHER_TABLES,
    "rbn.rotation_some": _(
        "dealer and vulnerability follow the board numbers for the %(count)s decks whose record does not state them (an A label starting with them, like 'NZ:')"
    ),
    "rbn.kind_unknown_labels": _("unknown labels"),
    "rbn.kind_repeated_labels": _("repeated labels"),
    "rbn.kind_other_lines": _("other lines"),
    "rbn.kind_other_text": _("other text"),
    "rbn.unknown_label": _("line %(line)s: '%(label)s' is not an RBN label: read past"),
    "rbn.repeated_label": _("line %(line)s: a second %(label)s in one record: the first is kept"),
    "rbn.other_line": _("line %(line)s: '%(text)s' is not a label and its data: read past"),
    "rbx.other_text": _("line %(line)s: '%(text)s' is not an RBX element like E{…}: read past"),
    "dealer.summary_one": _DEALER_SUMMARY,
    "dealer.summary": _DEALER_SUMMARY,
    "dealer.seed": _("seed %(seed)s: the same script, number of decks and seed make the same deals again"),
    "dealer.sets_both": _("the script sets the dealer (%(seat)s) and the vulnerability (%(vul)s)"),
    "dealer.sets_dealer": _(
        "the script sets the dealer (%(seat)s) but not the vulnerability: the game's rule for missing information gives it"
    ),
    "dealer.sets_vul": _(
        "the script sets the vulnerability (%(vul)s) but not the dealer: the game's rule for missing information gives it"
    ),
    "dealer.sets_none": _(
        "the script sets no dealer or vulnerability: the game's rule for missing information gives them"
    ),
    "dealer.produce": ngettext_lazy(
        "the script's produce %(produce)s is replaced by the %(count)s deck asked for",
        "the script's produce %(produce)s is replaced by the %(count)s decks asked for",
        "count",
    ),
    "dealer.only_some": ngettext_lazy(
        "only %(made)s of the %(count)s deck asked for matched in %(tries)s tries",
        "only %(made)s of the %(count)s decks asked for matched in %(tries)s tries",
        "count",
    ),
    "dealer.kept_one": _DEALER_KEPT,
    "dealer.kept": _DEALER_KEPT,
    "dealer.too_big": _("the script is %(size)s bytes; a dealer script may have at most %(most)s"),
    "dealer.not_run": _("not run: %(reason)s"),
    "dealer.reasons": _("%(first)s; %(then)s"),
    "dealer.refused_tricks": _(
        "line %(line)s: tricks() writes each deal to a temporary file and runs another program (GIB's double-dummy solver) through the shell; scripts here may not run programs or write files"
    ),
    "dealer.refused_csvrpt": _("line %(line)s: csvrpt writes a report to a file; scripts here may not write files"),
    "dealer.generate_capped": _(
        "line %(line)s: the script's generate %(count)s is above this site's cap: at most %(most)s hands were tried"
    ),
    "dealer.missing": _("dealer scripts need Debian's dealer program, which this server does not have (%(install)s)"),
    "dealer.not_started": _("dealer could not be started: %(error)s"),
    "dealer.budget_spent": _(
        "%(name)s was not run: the dealer scripts before it used up the %(seconds)s seconds that one upload's scripts share"
    ),
    "dealer.budget_hit": _(
        "stopped when the %(seconds)s seconds that one upload's dealer scripts share ran out (the scripts before it used the rest)"
    ),
    "dealer.too_slow": _(
        "stopped after %(seconds)s seconds: the script takes too long (each hand costs too much to check, or too few hands match)"
    ),
    "dealer.too_much_output": _("stopped: dealer printed far more than %(count)s deals need"),
    "dealer.crashed": _("dealer crashed while running this script: %(why)s"),
    "dealer.cpu": _("it used its %(count)s seconds of processor time"),
    "dealer.signal_fpe": _("a division by zero (/ or %% by 0)"),
    "dealer.signal_segv": _("it ran out of stack (a script nested or chained too deeply)"),
    "dealer.signal_abrt": _("one of its internal checks failed"),
    "dealer.signal_bus": _("a memory fault"),
    "dealer.signal": _("signal %(name)s"),
    "dealer.stopped_at_line": _("dealer stopped at line %(line)s: “%(error)s”"),
    "dealer.stopped_near": _("dealer stopped at line %(line)s: “%(error)s” near “%(word)s”"),
    "dealer.stopped_at_end": _("dealer stopped at the end of the script: “%(error)s”"),
    "dealer.stopped": _("dealer stopped: “%(error)s”"),
    "dealer.exit_status": _("dealer stopped with exit status %(status)s and no message"),
    "dealer.no_match": _("no hand matched in %(count)s tries: loosen the specification"),
    "dealer.unread": _("only %(made)s of the deals dealer printed (%(printed)s) could be read"),
}

# Where a problem stands, as the upload preview and the review desk list them.
_LINE_BOARD = _("line %(line)s, board %(board)s: %(message)s")
_LINE_DEAL = _("line %(line)s, deal %(deal)s: %(message)s")
_LINE = _("line %(line)s: %(message)s")
_AND = _("%(first)s and %(last)s")  # two seats: "North and East"


def english(language: str | None = None) -> bool:
    return (language or get_language() or "en").split("-")[0] == "en"


def say(message: str | int | Part, words: Words | None = None) -> str:
    """A reader's message in the active language; a text without a key as it is."""
    if isinstance(message, Message):
        message = message.part
    if not isinstance(message, Part):
        return str(message)
    if english():
        return message.text
    template = PAGE_TEMPLATES.get(message.key)
    if template is None:  # (a key the catalogues do not know yet: its English)
        return message.text
    words = words or for_language(get_language())
    return str(template % {name: _param(name, value, words) for name, value in message.params.items()})


def _param(name: str, value: Any, words: Words) -> Any:
    if isinstance(value, Part):
        return say(value, words)
    if isinstance(value, int):  # (a plural's form is chosen by the number itself)
        return value
    kind = word_kind(name)
    if kind in ("seat",):
        return words.seat_name(value)
    if kind in ("seats", "seatsand"):
        names = [words.seat_name(seat) for seat in value]
        return names[0] if len(names) < 2 else str(_AND % {"first": ", ".join(names[:-1]), "last": names[-1]})
    if kind == "by":
        return words.seat(value)
    if kind == "suit":
        return words.suit_names.get(value, value)
    if kind == "rank":
        return words.honour_names.get(value) or ("10" if value == "T" else value)
    if kind == "card":
        return words.card(value)
    if kind == "vul":
        return words.vul(value)
    return value


def refusal(error: Exception) -> str:
    """An error's text for a page: one that keeps a translated ``text`` and the ``why`` of
    a dealer run (``Game.ScriptFailed``) says the reason in the page's language too."""
    text, why = getattr(error, "text", None), getattr(error, "why", None)
    if isinstance(text, str) and why is not None:
        return text % {"why": say(why)}
    return str(error)


def problem_text(problem: Problem) -> str:
    """ "line 11, board 2: North has 12 cards" in the active language, as
    games.models.upload.problem_text says it in English (the reader's own "board 2: " or
    "deal 1 (line 47): " is not said twice)."""
    part = problem.part
    if part is None or english():
        return english_problem_text(problem)
    if not problem.line:
        return say(part)
    message: str | int | Part = part
    deal = None
    if part.key == "at":
        where, rest = part.params["where"], part.params["message"]
        shown = where.text if isinstance(where, Part) else str(where)
        if problem.board and shown == f"board {problem.board}":
            message = rest
        elif (
            not problem.board
            and problem.index is not None
            and shown == f"deal {problem.index + 1} (line {problem.line})"
        ):
            message, deal = rest, problem.index + 1
    said = say(message)
    if deal is not None:
        return str(_LINE_DEAL % {"line": problem.line, "deal": deal, "message": said})
    if problem.board:
        return str(_LINE_BOARD % {"line": problem.line, "board": problem.board, "message": said})
    return str(_LINE % {"line": problem.line, "message": said})


@dataclass(frozen=True, slots=True)
class ShownProblem:
    """A problem as a page lists it: ``text`` in the page's language; ``message`` and
    ``kind``, in English, find its help entry (games.templatetags.help_links)."""

    text: str
    message: str
    kind: str

    def __str__(self) -> str:
        return self.text


def shown(problem: Problem) -> ShownProblem:
    return ShownProblem(problem_text(problem), english_problem_text(problem), problem.kind)


def form_problems(form: Any) -> list[ShownProblem]:
    """A form's errors as the upload page lists them, each with what finds its help entry:
    its code (the entry's id, for the upload form's own errors) and its English text (for
    Django's, whose messages are translated when shown)."""
    problems = []
    for errors in form.errors.as_data().values():
        for error in errors:
            text = _error_text(error)
            with override("en"):
                english = _error_text(error)
            problems.append(ShownProblem(text, english, error.code or ""))
    return problems


def _error_text(error: Any) -> str:
    return str(error.message % error.params if error.params else error.message)
