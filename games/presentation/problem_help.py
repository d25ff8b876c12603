"""Which entry of the help page "Uploading Decks" explains a problem message.

``help_anchor(message, kind)`` takes any message the readers (``games.formats``),
dealer scripts' runs (``games.formats.dealer``) or the upload forms
(``games.forms.upload``) give, in any of the shapes the upload page shows it
("board 7: North has 12 cards", "line 11, board 2: ...", "deals.pbn: ... (and 3
more problems)"), and returns the ``id`` of the entry on ``/help/uploading-decks/``
(``/help/dealer-scripts/`` for a dealer script's, ``DEALER_ANCHORS``) that says what
it means and how to fix the file. Anything not recognised gets the catch-all entry,
``CATCH_ALL``.

Pure: no Django. The help page's test checks that every id named here exists
on the rendered page, and that every message the readers and forms produce for
a set of broken files maps to a specific entry.
"""

from __future__ import annotations

import re

CATCH_ALL = "problem-other"

# (entry id, pattern), most specific first: the first pattern found anywhere in the
# message wins. Several messages quote the hand or file name, so patterns look for the
# reader's own wording, never for words a hand or a name could hold by chance.
_RULES: tuple[tuple[str, str], ...] = (
    # --- the upload form: limits and choices ---------------------------------------
    ("problem-too-many-files", r"^You chose [\d,]+ files; the limit is"),
    ("problem-file-too-big", r"; the limit is .+ per file\.$|^The pasted text is .+; the limit is"),
    ("problem-total-too-big", r"^These files total .+; the limit is .+ per upload\.$"),
    (
        "problem-too-many-decks",
        r"\bholds? [\d,]+ decks; the limit is [\d,]+ decks per upload"
        r"|decks, the most read from one file",
    ),
    (
        "problem-nothing-chosen",
        r"^Choose one or more files, or paste deals|^No file was submitted"
        r"|^No decks were chosen",
    ),
    ("problem-deck-choice", r"is not one of this upload's decks"),
    # --- the club formats (games.formats.club) -------------------------------------------
    # Before the card rules: a DUP board's message holds its DGE part's own reason ("the DGE
    # part cannot be read, ...: North has 12 cards"), and RBN messages quote the H line.
    (
        "problem-dup-parts",
        r"\bthe DGE part disagrees with the BRI part|\bthe DGE part cannot be read, so it cannot confirm",
    ),
    (
        "problem-record-length",
        r"\bbytes that are not a whole [\d,]+-byte (?:BRI|DGE|DUP) record\b"
        r"|\bnot a (?:BRI|DGE|DUP) record: .*; the file is read no further \(",
    ),
    (
        "problem-bri-number",
        r"'s number \d+ \(bytes \d+–\d+\) is not a card: cards are 01–52"
        r"|, not a two-digit card number \(|\bcard \d\d \(the \w+ of \w+\) is given (?:twice to|to both) ",
    ),
    ("problem-dge-marks", r"\bare not the four suit marks \(♠♥♦♣"),
    ("problem-dlm-sealed", r"\bthis DLM file is sealed: its boards are encrypted"),
    (
        "problem-dlm-board",
        r"' is not 26 letters a–p and 3 check digits$|\(letter \d+\) is not one of a–p, which code the cards"
        r"|\bthe check digits \d+ do not match the board's cards",
    ),
    (
        "problem-dlm-set",
        r"'Board .*' is not a board number 01–\d+$|\bboard \d+ is given twice \(lines \d+ and \d+\)"
        r"|\bis in the set \(From board=.*, To board=.*\) but the file does not give it$"
        r"|\bFrom board=.* and To board=.* do not give a set of boards",
    ),
    (
        "problem-rbn-hands",
        r"' does not start with a seat \(N, E, S or W\) and a colon|\b[\d,]+ hands are given: a deal has four$"
        r"|' has unknown cards \(x or \?\): not a full deal$|\bthe hands take [\d,]+ characters: four hands take",
    ),
    ("problem-rbn-no-hands", r"\bthe record gives no hands \(H\)$|, but no hands \(H\) given before it: "),
    # --- one deal: the cards ----------------------------------------------------------
    ("problem-md0", r"md\|0\|"),
    ("problem-rank-before-suit", r"comes before any suit letter"),
    ("problem-unknown-rank", r"is not a card rank|'[^']*' cannot be read$"),
    ("problem-suit-twice", r"are given twice in .+'s hand"),
    ("problem-card-twice", r"is written twice|\bis in both (?:North|East|South|West) and "),
    ("problem-not-four-suits", r"does not have four suits separated by dots|\bhas [\d,]+ suits?: it needs four"),
    ("problem-end-position", r"an end position, not a full deal"),
    ("problem-too-many-hands", r"\bmd gives [\d,]+ hands; a deal has four"),
    (
        "problem-hands-missing",
        r"\bmd gives only (?:one|two) hands?|\bmd gives no hands|are not given: a deck needs"
        r"|\bno hand is given",
    ),
    ("problem-deal-hand-count", r"\bthe deal has [\d,]+ hands; it needs four"),
    ("problem-deal-first-seat", r"\bthe deal starts with '.*', not a seat"),
    ("problem-empty-deal", r"\bthe deal is empty"),
    ("problem-card-count", r"\b(?:North|East|South|West) has [\d,]+ cards?\b|do not make a full deck"),
    # --- dealer and vulnerability (notes: the deck is kept) ---------------------------
    ("problem-dealer-digit", r"\bdealer digit '.*' is not 1-4"),
    (
        "problem-dealer-vul",
        r"\b(?:Dealer|Vulnerable) '.*' is not understood|\bvulnerability (?:sv\||v=)"
        r".* not understood|\bdealer d=.* not understood",
    ),
    # --- the file as a whole -------------------------------------------------------------
    ("problem-malformed-tag", r"is not a well-formed tag"),
    ("problem-encoding", r"Unicode(?:Decode|Encode)?Error|\bcodec\b"),
    ("problem-binary", r"this file is binary, not a LIN or PBN text file"),
    ("problem-not-deal-file", r"no LIN pairs \(like md\|\.\.\.\|\) or PBN tags"),
    ("problem-no-deals", r"no deals found in this file|has no md \(deal\) tag|no BBO handviewer link was found"),
    ("problem-many-problems", r"^\.\.\. and [\d,]+ more problems like these"),
    ("problem-reader", r"could not read this file:|could not be read \(|please report this file"),
    ("problem-empty-file", r" is empty$"),
)
# Dealer scripts' messages (games.formats.dealer, games.dealer_runs): their entries are on
# the help page "Dealer scripts" (``DEALER_ANCHORS``), looked up before the rules above.
_DEALER_RULES: tuple[tuple[str, str], ...] = (
    ("dealer-busy", r"\bwas not run: (?:Another of your dealer scripts|The server is running as many dealer scripts)"),
    ("dealer-install", r"\bdealer scripts need Debian's dealer program|\bdealer could not be started: "),
    ("dealer-refused", r"\bnot run: line \d+: (?:tricks\(\)|csvrpt)"),
    ("dealer-no-match", r"\bno hand matched in [\d,]+ tries: loosen the specification"),
    (
        "dealer-limits",
        r"\bstopped after [\d.]+ seconds: the script takes too long|\bdealer printed far more than [\d,]+ deals"
        r"|\bthe script is [\d,]+ bytes; a dealer script may have at most|\bit used its \d+ seconds of processor time"
        r"|\bthe dealer scripts before it used up the [\d.]+ seconds|\bstopped when the [\d.]+ seconds that one upload",
    ),
    (
        "dealer-errors",
        r"\bdealer stopped (?:at line \d+|at the end of the script|: |with exit status)|\bdealer crashed "
        r"|\bof the deals dealer printed \([\d,]+\) could be read",
    ),
    ("dealer-upload", r"\ba dealer script: it makes decks when it is run"),
)
_MORE = re.compile(r" \(and [\d,]+ more problems?\)$")  # games.forms.upload.file_reason adds it
_COMPILED = tuple((anchor, re.compile(pattern)) for anchor, pattern in (*_DEALER_RULES, *_RULES))

# Problem.kind, for messages no pattern knows (a reader reworded): still the right entry.
_KINDS = {
    "empty": "problem-empty-file",
    "no_deals": "problem-no-deals",
    "internal": "problem-reader",
    "too_many_decks": "problem-too-many-decks",
    "sealed": "problem-dlm-sealed",
    "board_number": "problem-dlm-set",
    "no_deal": "problem-rbn-no-hands",
    "dealer_script": "dealer-upload",
    "dealer_refused": "dealer-refused",
    "dealer_no_match": "dealer-no-match",
    "dealer_limit": "dealer-limits",
    "dealer_error": "dealer-errors",
    "dealer_crash": "dealer-errors",
    "dealer_missing": "dealer-install",
}

# Every entry id the page must hold, in page order of the rules above, then the catch-all.
ANCHORS: tuple[str, ...] = (*dict.fromkeys(anchor for anchor, _ in _RULES), CATCH_ALL)
# Every entry id the dealer scripts' help page must hold.
DEALER_ANCHORS: tuple[str, ...] = tuple(dict.fromkeys(anchor for anchor, _ in _DEALER_RULES))
_ENTRIES = frozenset(ANCHORS) | frozenset(DEALER_ANCHORS)


def help_anchor(problem_message: str, kind: str = "") -> str:
    """The id of the help entry for a reader or upload-form problem message; ``kind`` may
    name the entry itself (an upload form's error keeps it as its code, as its text is in
    the page's language)."""
    if kind in _ENTRIES:
        return kind
    message = _MORE.sub("", " ".join(str(problem_message or "").split()))
    for anchor, pattern in _COMPILED:
        if pattern.search(message):
            return anchor
    return _KINDS.get(kind, CATCH_ALL)
