"""A FileResult as plain JSON values and back, so a staged upload keeps what the reader
found and is never read twice.

Each deck is a list in ``Deck``'s field order rather than an object: a 10,000-deck
upload is stored and loaded on every preview page, and names repeated per deck would
double its size. ``VERSION`` changes whenever the layout does, or what the readers make
of a file (a deck stored by another reading would disagree with the file read afresh);
a stored result of another version is not loaded (the caller reads the file again).

A problem's row and each note keep the message's key and parameters
(``messages.Message.as_json``; None for a text without one), so a page can say them in its
language. A deck's commentary (``[text, section, at]`` a comment), its ``rotation`` and its
machine notes (the texts) are its last items. A deck row without them (kept by a job made
before) reads as a deck without commentary or machine notes whose unstated dealer follows
formats.md.
"""

from __future__ import annotations

from typing import Any

from games.bridge.rules import Call

from .messages import Message, Part, keyed, part_from_json
from .model import Comment, Deck, FileResult, Problem

VERSION = 6


def result_to_json(result: FileResult) -> dict[str, Any]:
    return {
        "version": VERSION,
        "name": result.name,
        "format": result.format,
        "encoding": result.encoding,
        "decks": [deck_to_json(deck) for deck in result.decks],
        "problems": [[p.message, p.line, p.index, p.board, p.kind, keyed(p.part)] for p in result.problems],
        "notes": list(result.notes),
        "note_keys": [keyed(note) for note in result.notes],
    }


def _part(text: str, key: Any) -> Part | None:
    """The stored message's Part when its key still makes the same English; else None."""
    found = part_from_json(key)
    return found if found is not None and found.text == text else None


def _note(text: str, key: Any) -> str:
    part = _part(text, key)
    return text if part is None else Message.of(part)


def result_from_json(value: Any) -> FileResult | None:
    """The stored result, or None when ``value`` is not one of this VERSION."""
    if not isinstance(value, dict) or value.get("version") != VERSION:
        return None
    return FileResult(
        name=value["name"],
        format=value["format"],
        encoding=value["encoding"],
        decks=[deck_from_json(row) for row in value["decks"]],
        problems=[
            Problem(message, line, index, board, kind, _part(message, key))
            for message, line, index, board, kind, key in value["problems"]
        ],
        notes=[_note(note, key) for note, key in zip(value["notes"], value["note_keys"])],
    )


def deck_to_json(deck: Deck) -> list[Any]:
    return [
        deck.deal,
        deck.index,
        deck.line,
        deck.dealer,
        deck.vul,
        deck.board,
        deck.board_name,
        deck.deal_first,
        [list(pair) for pair in deck.players],
        [[call.call, call.alert, call.explanation] for call in deck.auction],
        deck.auction_first,
        [list(trick) for trick in deck.play],
        deck.claim,
        deck.contract,
        deck.declarer,
        deck.result,
        [list(tag) for tag in deck.tags],
        deck.source,
        list(deck.notes),
        [[c.text, c.section, c.at] for c in deck.commentary],
        deck.rotation,
        list(deck.machine_notes),
    ]


def deck_from_json(row: list[Any]) -> Deck:
    commentary = row[19] if len(row) > 19 else ()
    rotation = bool(row[20]) if len(row) > 20 else False
    machine_notes = tuple(row[21]) if len(row) > 21 else ()
    (
        deal,
        index,
        line,
        dealer,
        vul,
        board,
        board_name,
        deal_first,
        players,
        auction,
        auction_first,
        play,
        claim,
        contract,
        declarer,
        result,
        tags,
        source,
        notes,
    ) = row[:19]
    return Deck(
        deal=deal,
        index=index,
        line=line,
        dealer=dealer,
        vul=vul,
        board=board,
        board_name=board_name,
        deal_first=deal_first,
        players=tuple((seat, name) for seat, name in players),
        auction=tuple(Call(call, alert, explanation) for call, alert, explanation in auction),
        auction_first=auction_first,
        play=tuple(tuple(trick) for trick in play),
        claim=claim,
        contract=contract,
        declarer=declarer,
        result=result,
        tags=tuple((name, value) for name, value in tags),
        source=source,
        notes=tuple(notes),
        commentary=tuple(Comment(text, section, at) for text, section, at in commentary),
        rotation=rotation,
        machine_notes=machine_notes,
    )
