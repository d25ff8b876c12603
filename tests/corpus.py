"""The shared corpus of real LIN and PBN files (../shared/corpus beside the repository): the
tests that read it skip when it is absent."""

from __future__ import annotations

from pathlib import Path

from games.formats import Deck, read_decks

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"


def pbn_decks_with(*tags: str) -> list[tuple[str, Deck]]:
    """Every corpus PBN deck carrying one of ``tags``, named "file board N"; [] without the corpus."""
    if not CORPUS.exists():
        return []
    found = []
    for path in sorted(CORPUS.rglob("*.pbn")):
        for deck in read_decks(path.read_bytes(), path.name).decks:
            if any(name in tags for name, _ in deck.tags):
                found.append((f"{path.name} board {deck.board}", deck))
    return found
