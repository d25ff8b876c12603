"""Decks back to text: PBN 2.1 export format and BBO LIN.

Both writers state what the player will see: the dealer is
``Deck.effective_dealer`` and the vulnerability ``Deck.effective_vul`` (left
unstated when even that is unknown), so reading the output back gives the same
deal, dealer, vulnerability, board, players, auction and play, and the same record:
contract and declarer (PBN's tags; LIN gives them by its auction alone) and the
tricks taken (PBN's Result, LIN's claim ``mc``).

Neither format has a word for a call that could not be read (``?``): PBN gets
``Unknown`` and LIN ``mb|?|``, which the readers take back as ``?``, with a note.

Both write the commentary back where it stood, so that it reads back the same (text and
place). PBN writes a comment in braces, or, when its text holds a ``}`` (which would end
a brace comment), as ``;`` comments a line of the text each, which the reader takes as
one; the board's comments come first in the game, then the auction's and the play's. LIN
writes ``nt|text|``, the text escaped as ``an`` values are (``lin_text``); LIN has no
place before the first call apart from the board, nor before the lead apart from after
the auction, so such comments read back as the board's and as after the last call. A
comment whose section is not written (a play comment on a deck without play) is written
as the board's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from games.bridge import rules
from games.bridge.cards import SEATS, SUITS
from games.bridge.dd import STRAINS, from_hex, stated_table
from games.bridge.rules import Call
from games.bridge.types import LIN_MD_ORDER, SEATS_BY_SIDE, Seat, Vul

from .model import Comment, Deck
from .record import played_contract, tricks_taken

CRLF = "\r\n"
MANDATORY = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)
_SEAT_TAGS = {"West": "W", "North": "N", "East": "E", "South": "S"}
_COPY_TAGS = ("Event", "Site", "Date", "Scoring")  # MTS tags a Deck keeps in ``tags``
_SKIP_TAGS = {*MANDATORY, "Auction", "Play", "Note"}
_TAG_NAME = re.compile(r"[A-Z][A-Za-z0-9_]*")  # PBN tag names start with a capital
_LIN_CALL = {"P": "p", "X": "d", "XX": "r"}
_PBN_CALL = {"P": "Pass", rules.UNKNOWN_CALL: "Unknown"}


# --- PBN ---------------------------------------------------------------------------------


# what pbn_value changes: str.splitlines' line breaks, tabs, quotes and backslashes
_PBN_SPECIAL = re.compile('[\\\\"\t\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]')


def pbn_value(text: str) -> str:
    """A tag value as PBN export format wants it: one line, quotes and backslashes escaped."""
    if text[:1] != "#" and not _PBN_SPECIAL.search(text):
        return text  # most values: nothing to do (an export writes 15 or more a deck)
    text = " ".join(text.splitlines()).replace("\t", " ")
    if text == "#" or text.startswith("##"):
        text = " " + text  # '#' and '##' mean "copy the previous game"; readers strip the space
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _tag(name: str, value: str) -> str:
    return f'[{name} "{pbn_value(value)}"]'


def _deal_from(deck: Deck, first: str) -> str:
    """The canonical deal rotated to start at ``first``, as export format requires."""
    hands = deck.hands()
    return first + ":" + " ".join(hands[rules.seat_after(first, i)] for i in range(4))


def _pbn_call(call: Call) -> str:
    text = call.call.upper()
    return _PBN_CALL.get(text, text)


class _Rows:
    """The lines of a section's data: tokens (calls, cards) a row, comments among them."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.row: list[str] = []
        self.semi = False  # the last thing written is a ';' comment

    def add(self, token: str) -> None:
        self.row.append(token)
        self.semi = False

    def comment(self, text: str) -> None:
        """A comment after the tokens so far: in braces; or, when the text holds a '}',
        as ';' comments, which end their line; an empty '{}' keeps two such texts apart
        (the reader takes ';' comments on lines that follow each other as one text)."""
        if "}" not in text:
            self.add("{" + text.replace("\n", CRLF) + "}")
            return
        if self.semi:
            self.row.append("{}")
        first, *more = text.split("\n")
        self.row.append(";" + first)
        self.end()
        self.lines.extend(";" + line for line in more)
        self.semi = True

    def end(self) -> None:
        if self.row:
            self.lines.append(" ".join(self.row))
            self.row = []


def _by_place(comments: Iterable[Comment], section: str) -> dict[int, list[str]]:
    """The texts of a section's comments by their ``at``, in order."""
    found: dict[int, list[str]] = {}
    for comment in comments:
        if comment.section == section:
            found.setdefault(comment.at, []).append(comment.text)
    return found


def _pbn_comments(texts: Iterable[str]) -> list[str]:
    """The board's comments, each on lines of its own."""
    lines: list[str] = []
    rows = _Rows(lines)
    for text in texts:
        rows.comment(text)
        rows.end()
    return lines


def _pbn_auction(deck: Deck, comments: dict[int, list[str]]) -> list[str]:
    first = deck.auction_first or deck.effective_dealer
    lines = [_tag("Auction", first)]
    notes: list[str] = []
    rows = _Rows(lines)
    last = len(deck.auction)
    for text in comments.get(0, ()):
        rows.comment(text)
    calls = 0  # in the row
    for number, call in enumerate(deck.auction, 1):
        token = _pbn_call(call)
        if call.alert or call.explanation:
            notes.append(call.explanation)
            token += f" ={len(notes)}="
        rows.add(token)
        for text in comments.get(number, ()) if number < last else _after(comments, last):
            rows.comment(text)
        calls += 1
        if calls == 4 or not rows.row:
            rows.end()
            calls = 0
    if not rules.auction_complete([c.call.upper() for c in deck.auction]):
        rows.add("*")  # export format: an unfinished auction ends with '*'
    rows.end()
    lines.extend(_tag("Note", f"{i}:{text}") for i, text in enumerate(notes, 1))
    return lines


def _after(comments: dict[int, list[str]], last: int) -> list[str]:
    """The texts at ``last`` or past it (a deck made elsewhere may place them there)."""
    return [text for at in sorted(comments) if at >= last for text in comments[at]]


def _leader(deck: Deck, declarer: str) -> str:
    declarer = declarer.lstrip("^")[:1].upper()
    if declarer and declarer in SEATS:
        return rules.seat_after(declarer)
    first = deck.play[0][0].upper() if deck.play and deck.play[0] else ""
    return rules.card_owners(deck.deal).get(first, deck.effective_dealer)


def _pbn_play(deck: Deck, declarer: str, comments: dict[int, list[str]]) -> list[str]:
    """Play lines: one trick a line, in seat columns from the opening leader (PBN 3.6);
    a trick's comments at the end of its line."""
    leader = _leader(deck, declarer)
    owner = rules.card_owners(deck.deal)
    lines = [_tag("Play", leader)]
    rows = _Rows(lines) if comments else None
    if rows is not None:
        for text in comments.get(0, ()):
            rows.comment(text)
        rows.end()
    cards_played = 0
    last = len(deck.play)
    for number, trick in enumerate(deck.play, 1):
        cards = [card.upper() for card in trick]
        found = [owner.get(card) for card in cards]
        seats = [seat for seat in found if seat is not None]
        columns = ["-"] * 4
        if len(seats) < len(found) or len(set(seats)) < len(seats):
            columns[: len(cards[:4])] = cards[:4]  # not a trick of this deal: keep the order given
        else:
            for card, seat in zip(cards, seats):
                columns[(SEATS.index(seat) - SEATS.index(leader)) % 4] = card
        cards_played += len(cards)
        if rows is None:
            lines.append(" ".join(columns))
            continue
        for card in columns:
            rows.add(card)
        for text in comments.get(number, ()) if number < last else _after(comments, last):
            rows.comment(text)
        rows.end()
    if cards_played < 52:
        lines.append("*")
    return lines


def _pbn_game(deck: Deck) -> list[str]:
    tags = dict(reversed(deck.tags))  # the first occurrence of a tag counts
    players = dict(deck.players)
    played = bool(deck.auction or deck.play or deck.contract)
    unknown = "?" if played else ""
    # A deck made elsewhere than by the readers may leave them to its auction, and PBN
    # needs a contract to put the play back in order.
    contract, declarer = played_contract(deck)
    none = "" if contract == "Pass" else unknown  # PBN 3.4.13, 3.4.15: passed out, no declarer or result
    values = {
        "Board": deck.board or "?",
        "Dealer": deck.effective_dealer,
        "Vulnerable": deck.effective_vul or "?",
        "Deal": _deal_from(deck, deck.effective_dealer),
        "Declarer": declarer or none,
        "Contract": contract or unknown,
        "Result": tricks_taken(deck) or deck.result or none,
    }
    values.update({name: tags.get(name, "?") for name in _COPY_TAGS})
    values.update({name: players.get(seat, "?") for name, seat in _SEAT_TAGS.items()})
    commentary = deck.commentary
    auction_comments = _by_place(commentary, "auction") if commentary and deck.auction else {}
    play_comments = _by_place(commentary, "play") if commentary and deck.play else {}
    lines = _pbn_comments(_board_texts(deck)) if commentary else []
    lines.extend(_tag(name, values[name]) for name in MANDATORY)
    if deck.auction:
        lines.extend(_pbn_auction(deck, auction_comments))
    if deck.play:
        lines.extend(_pbn_play(deck, declarer, play_comments))
    # Supplemental tags, alphabetically (3.4). Tables (the tags named "...Table"; [Table]
    # itself, 4.4.7, is the table a game was played at) are left out but for the double-dummy
    # table: written from the [DoubleDummyTricks] it comes with, or else from the rows of
    # the file's own [OptimumResultTable] that say a seat, a strain and its tricks.
    table = from_hex(tags.get("DoubleDummyTricks", ""))
    if table:
        rows = [(seat, strain, table[seat][strain]) for seat in SEATS_BY_SIDE for strain in STRAINS]
    else:
        rows = stated_table(tags["OptimumResultTable"])[0] if "OptimumResultTable" in tags else []
    names = {n for n, _ in deck.tags} - _SKIP_TAGS
    for name in sorted(names | ({"OptimumResultTable"} if rows else set())):
        if name == "OptimumResultTable" and rows:
            lines.extend(_optimum_result_table(rows))
        elif _TAG_NAME.fullmatch(name) and (name == "Table" or not name.endswith("Table")):
            lines.append(_tag(name, tags[name]))
    return lines


def _board_texts(deck: Deck) -> list[str]:
    """The texts written as the board's: its own, and those of a section the deck lacks."""
    written = {*(("auction",) if deck.auction else ()), *(("play",) if deck.play else ())}
    return [c.text for c in deck.commentary if c.section not in written]


def _optimum_result_table(rows: list[tuple[str, str, int]]) -> list[str]:
    """PBN 5.7: a row per (declarer, strain, tricks), tricks right-aligned in two columns."""
    lines = [f"{seat} {strain:>2} {tricks:>2}" for seat, strain, tricks in rows]
    return [_tag("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R"), *lines]


def write_pbn(decks: Iterable[Deck], sections: Sequence[Sequence[str]] = ()) -> str:
    """PBN 2.1 export format: CRLF lines, the 15 mandatory tags in order, games
    separated by an empty line. ``sections``: for each deck in turn, lines of
    supplemental sections (a [ScoreTable], chapter 5) written at the end of its game."""
    lines = ["% PBN 2.1", "% EXPORT"]
    for number, deck in enumerate(decks):
        if number:
            lines.append("")
        lines.extend(_pbn_game(deck))
        if number < len(sections):
            lines.extend(sections[number])
    return CRLF.join(lines) + CRLF


# --- LIN ---------------------------------------------------------------------------------


_ESCAPES = {"%": "%25", "|": "%7C", "+": "%2B", "\r": "%0D", "\n": "%0A"}
_NEEDS_ESCAPE = re.compile(r"[|\r\n]|%[0-9A-Fa-f]{2}")


def lin_text(text: str) -> str:
    """A free-text LIN value (an, ah) that cannot end its pair early.

    Readers URL-decode such values when they hold %XX (BBO writes them that
    way), so a value with a pipe, a line break or a '%XX' look-alike is written
    percent-encoded and reads back unchanged; any other value is left as is.
    """
    if not _NEEDS_ESCAPE.search(text) and not ("+" in text and " " not in text):
        return text
    return "".join(_ESCAPES.get(ch, ch) for ch in text)


def lin_name(name: str) -> str:
    """A player name for ``pn``: names are comma-separated and never URL-decoded,
    so ',' becomes ';', '|' becomes a broken bar and line breaks spaces."""
    return " ".join(name.splitlines()).replace(",", ";").replace("|", "\u00a6")


def _lin_hand(hand: str) -> str:
    return "".join(suit + ranks for suit, ranks in zip(SUITS, hand.split(".")))


def _lin_call(call: Call) -> str:
    text = call.call.upper()
    text = _LIN_CALL.get(text, text.replace("NT", "N"))
    return text + ("!" if call.alert else "")


def _lin_table(deck: Deck) -> str:
    """The table a record was played at (its ``Table`` tag, a club night's), '' when none."""
    table = next((value for name, value in deck.tags if name == "Table"), "").strip()
    return table if table.isdecimal() else ""


def _lin_board(deck: Deck) -> str:
    hands = deck.hands()
    names = dict(deck.players)
    parts = []
    table = _lin_table(deck)
    if table:
        # As a vugraph file names its rooms: a qx record each, table 1 the open room, the
        # others closed (a two-table night reads as a match); the heading names the table.
        room = "o" if table == "1" else "c"
        parts.append(f"qx|{room}{lin_text(deck.board or '')}")
    # pn is written even when empty: a reader keeps the last pn for the boards after it.
    parts.append("pn|" + ",".join(lin_name(names.get(seat, "")) for seat in LIN_MD_ORDER))
    parts.append("st|")
    md = Seat(deck.effective_dealer).lin_dealer + ",".join(_lin_hand(hands[s]) for s in LIN_MD_ORDER)
    parts.append("md|" + md)
    parts.append("rh|")
    if deck.board is not None:
        parts.append(f"ah|Board {lin_text(deck.board)}" + (f", table {table}" if table else ""))
    elif deck.board_name:
        parts.append("ah|" + lin_text(deck.board_name))
    vul = deck.effective_vul
    if vul:
        parts.append("sv|" + Vul(vul).to_lin())
    auction_comments = play_comments = {}
    if deck.commentary:
        auction_comments = _by_place(deck.commentary, "auction") if deck.auction else {}
        play_comments = _by_place(deck.commentary, "play") if deck.play else {}
        parts.extend("nt|" + lin_text(text) for text in _board_texts(deck))
        parts.extend("nt|" + lin_text(text) for text in auction_comments.get(0, ()))
    last = len(deck.auction)
    for number, call in enumerate(deck.auction, 1):
        parts.append("mb|" + _lin_call(call))
        if call.explanation:
            parts.append("an|" + lin_text(call.explanation))
        if auction_comments:
            texts = auction_comments.get(number, ()) if number < last else _after(auction_comments, last)
            parts.extend("nt|" + lin_text(text) for text in texts)
    parts.extend("nt|" + lin_text(text) for text in play_comments.get(0, ()))
    last = len(deck.play)
    for number, trick in enumerate(deck.play, 1):
        parts.append("pg|")
        parts.extend("pc|" + card.upper().replace("|", "") for card in trick)
        if play_comments:
            texts = play_comments.get(number, ()) if number < last else _after(play_comments, last)
            parts.extend("nt|" + lin_text(text) for text in texts)
    if deck.play:
        parts.append("pg|")
    tricks = tricks_taken(deck)  # the result, else the claim: LIN says either with mc
    if tricks:
        parts.append(f"mc|{tricks}")
    return "|".join(parts) + "|"


def write_lin(decks: Iterable[Deck]) -> str:
    """One board per line, all four hands given, dealer and vulnerability stated; a board
    played at several tables (decks with a ``Table`` tag) as one qx record a table."""
    return "".join(_lin_board(deck) + "\n" for deck in decks)
