"""Coverage-guided fuzzing of the deck readers with atheris (``make fuzz``).

Seeds: every file of ../shared/corpus (when present), the club files of
tests/formats/club_files (DUP, BRI, DGE, DLM, RBN, RBX written by Big Deal and
BridgeData), plus a few small hand-written ones. Runs for a bounded time
(FUZZ_SECONDS, default 60) and fails on any exception or any deck that is not
a valid 52-card deal.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import atheris

with atheris.instrument_imports(include=["games.formats"]):
    # The readers are imported lazily by read_decks: import them here so they are instrumented.
    import games.formats.club.bri  # noqa: F401
    import games.formats.club.dge  # noqa: F401
    import games.formats.club.dlm  # noqa: F401
    import games.formats.club.dup  # noqa: F401
    import games.formats.club.rbn  # noqa: F401
    import games.formats.handviewer  # noqa: F401
    import games.formats.lin  # noqa: F401
    import games.formats.pbn  # noqa: F401
    from games.formats import read_decks

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
CLUB_FILES = ROOT / "tests" / "formats" / "club_files"
SEEDS = [
    b'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    b'[Deal "N:A95.4.AKQ432.T62 KQJT74.93.987.98 63.AQJ87.5.AKQ74 82.KT652.JT6.J53"]\n',
    b"md|1SA75HJT5DQ742CA85,SKQJ986H82D63C642,S32HK943DKJ9CQJT7,|ah|Board 1|sv|o|mb|1H|mb|p|pc|DQ|mc|11|\n",
    b"https://www.bridgebase.com/tools/handviewer.html?n=SAKQHJT9&e=&s=&w=&d=n&v=b&b=7\n",
    b"% RBN\n\nB 1\nH W:82.KT652.JT6.J53:A95.4.AKQ432.T62:KQJT74.93.987.98:\nA NZ:1N^1P3NA\n1 15-17\nP SA3:H2\n",
]
ALL_CARDS = {s + r for s in "SHDC" for r in "AKQJT98765432"}


def check_deck(deck) -> None:
    assert deck.deal.startswith("N:"), deck.deal
    hands = deck.deal[2:].split(" ")
    assert len(hands) == 4, deck.deal
    seen = []
    for hand in hands:
        suits = hand.split(".")
        assert len(suits) == 4, deck.deal
        cards = [s + r for s, ranks in zip("SHDC", suits) for r in ranks]
        assert len(cards) == 13, deck.deal
        seen += cards
    assert set(seen) == ALL_CARDS and len(seen) == 52, deck.deal
    assert deck.dealer in (None, "N", "E", "S", "W")
    assert deck.vul in (None, "None", "NS", "EW", "All")
    assert deck.effective_dealer in ("N", "E", "S", "W")


def one_input(data: bytes) -> None:
    result = read_decks(data, "fuzz.txt")
    for deck in result.decks:
        check_deck(deck)


def main() -> None:
    seconds = int(os.environ.get("FUZZ_SECONDS", "60"))
    seed_dir = Path(tempfile.mkdtemp(prefix="deck-fuzz-"))
    (ROOT / "test-output").mkdir(exist_ok=True)
    for i, seed in enumerate(SEEDS):
        (seed_dir / f"seed{i}").write_bytes(seed)
    if CORPUS.exists():
        for path in sorted(CORPUS.rglob("*")):
            if path.suffix.lower() in {".lin", ".pbn"} and path.stat().st_size < 64_000:
                shutil.copy(path, seed_dir / path.name)
    for path in sorted(CLUB_FILES.glob("*.*")):
        if path.suffix != ".md":
            shutil.copy(path, seed_dir / path.name)
    argv = [
        sys.argv[0],
        str(seed_dir),
        f"-max_total_time={seconds}",
        "-max_len=65536",
        "-rss_limit_mb=2048",
        f"-artifact_prefix={ROOT / 'test-output'}/fuzz-",
    ]
    print(f"Fuzzing games.formats.read_decks for {seconds}s from {len(list(seed_dir.iterdir()))} seeds")
    atheris.Setup(argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
