"""What a dealer script says, read without running it.

Hans van Staveren's ``dealer`` reads a script of statements (``generate``, ``produce``,
``dealer``, ``vulnerable``, ``predeal``, ``condition``, ``action``, ``name = expression``)
in its own lexical rules: ``#`` starts a comment only in the first column, ``//`` runs to
the end of the line, ``/* */`` spans lines, strings are ``"..."`` with no escapes (and may
span lines), keywords are lower case. ``tokens`` follows those rules, so that what it
finds outside comments and strings is what the program will act on:

- the dealer and the vulnerability the script sets, if it does (a deck without them
  takes the game's rule for missing information);
- its ``generate`` and ``produce`` numbers (the first is capped at the site's limit, the
  second replaced by the number of decks asked for);
- what we will not run (``tricks()`` writes the deal to a temporary file and runs GIB's
  ``bridge`` through the shell);
- whether a text is a dealer script at all (``looks_like_script``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..messages import Message

# One token at a time, most specific first. Strings have no escapes and may span lines
# (the program's own examples have such strings in printes); a quote left open takes the
# rest of the text, as the program's scanner would before it reports the error.
_TOKEN = re.compile(
    r"""
    (?P<space>[ \t\r\f\v]+)
  | (?P<newline>\n)
  | (?P<comment>//[^\n]*|/\*.*?(?:\*/|\Z))
  | (?P<string>"[^"]*(?:"|\Z))
  | (?P<number>[0-9]+)
  | (?P<word>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<op>&&|\|\||==|!=|<=|>=|.)
    """,
    re.VERBOSE | re.DOTALL,
)
COMPASS_SEAT = {"north": "N", "east": "E", "south": "S", "west": "W"}
COMPASS = frozenset(COMPASS_SEAT)
VULNERABLE = {"none": "None", "NS": "NS", "ns": "NS", "EW": "EW", "ew": "EW", "all": "All"}
ACTIONS = frozenset(
    ("printall", "print", "printew", "printpbn", "printcompact", "printoneline", "printes", "average", "frequency")
)
# Functions of one hand: a call of one of these on a seat is the surest sign of a script.
FUNCTIONS = frozenset(
    (
        "hcp", "hcps", "shape", "spade", "spades", "heart", "hearts", "diamond", "diamonds", "club", "clubs",
        "control", "controls", "loser", "losers", "hascard", "top2", "top3", "top4", "top5", "c13",
        "tens", "jacks", "queens", "kings", "aces", "cccc", "quality",
        "pt0", "pt1", "pt2", "pt3", "pt4", "pt5", "pt6", "pt7", "pt8", "pt9", "tricks",
    )
)  # fmt: skip
# Every other word the program reserves (its manual's "Lexical structure": both forms of a
# plural keyword are reserved), beside the functions, actions, seats and vulnerabilities
# above. A word of a script that is none of these, nor a name the script defines
# (``name = ...``), is one the program cannot know.
KEYWORDS = frozenset(
    (
        "generate", "produce", "vulnerable", "dealer", "predeal", "pointcount", "altcount", "condition",
        "action", "and", "or", "not", "any", "notrump", "notrumps", "jack", "queen", "king", "ace", "ten",
        "trick", "imp", "imps", "score", "rnd", "csvrpt", "evalcontract", "nv", "vul", "deal",
    )
)  # fmt: skip
_OPERATORS = frozenset(
    ("&&", "||", "==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "/", "%", "(", ")", ",", "!", "?", ":", "=")
)
# Words that are cards, holdings, shapes or contracts, not names: "AS", "SAQ542", "x3",
# "x4s" (the tokens split "43x3" into 43 and "x3", "4s" into 4 and "s").
_CARD_WORD = re.compile(r"[SHDC][AKQJT2-9]*|[AKQJT2-9][SHDC]|[0-9x]+|x{0,2}[1-7]?[cdhsn]")
# What a script may say but we will not run, and the key of why (the program would do it
# for any user: tricks() runs GIB's solver through the shell, csvrpt writes a file).
REFUSED = {"tricks": "dealer.refused_tricks", "csvrpt": "dealer.refused_csvrpt"}


@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # "number", "word", "op", "string"
    text: str
    line: int  # 1-based


@dataclass(frozen=True, slots=True)
class Script:
    """What a static reading of a script found."""

    dealer: str | None = None  # N/E/S/W: the last ``dealer`` statement's seat
    vulnerable: str | None = None  # None/NS/EW/All: the last ``vulnerable`` statement's
    generate: int | None = None  # the largest ``generate`` it names
    generate_line: int = 0
    produce: int | None = None  # the last ``produce`` it names
    refusals: tuple[str, ...] = ()  # "line 7: tricks() ..." (a Message) for each construct we will not run
    signs: int = 0  # statements and hand functions that only a dealer script holds
    stray: list[str] = field(default_factory=list)  # characters no dealer script holds, as found

    def refusal(self) -> str:
        """Why this script is not run here, a Message ("" when it may be), first reason first.
        A ``generate`` above the site's cap is no reason: the run tries the cap's number of
        hands, and a note says so (``run.run_script``)."""
        reasons = list(self.refusals)
        if not reasons:
            return ""
        said = reasons[-1]
        for reason in reversed(reasons[:-1]):
            said = Message("dealer.reasons", first=reason, then=said)
        return said


def tokens(text: str) -> Iterator[Token]:
    """The script's tokens outside comments, in order, with their lines."""
    line, pos, end = 1, 0, len(text)
    while pos < end:
        if text[pos] == "#" and (pos == 0 or text[pos - 1] == "\n"):  # a comment line
            stop = text.find("\n", pos)
            pos = end if stop == -1 else stop
            continue
        match = _TOKEN.match(text, pos)
        assert match is not None  # the last alternative takes any character
        kind, value = match.lastgroup or "op", match.group()
        if kind in ("number", "word", "op", "string"):
            yield Token(kind, value, line)
        line += value.count("\n")
        pos = match.end()


def read_script(text: str) -> Script:
    """What ``text`` says about dealer, vulnerability, generate, produce and refusals."""
    found = list(tokens(text))
    dealer = vulnerable = None
    generate: int | None = None
    generate_line = 0
    produce: int | None = None
    refusals: list[str] = []
    signs = 0
    stray: list[str] = []
    for i, token in enumerate(found):
        after = found[i + 1] if i + 1 < len(found) else None
        following = after.text if after else ""
        if token.kind == "op" and token.text in "[]{};|@$\\'`~^" and len(stray) < 5:
            stray.append(token.text)
        if token.kind != "word":
            continue
        word = token.text
        if word in REFUSED:
            refusals.append(Message(REFUSED[word], line=token.line))
        if word == "dealer" and following in COMPASS_SEAT:
            dealer = COMPASS_SEAT[following]
            signs += 1
        elif word == "vulnerable" and following in VULNERABLE:
            vulnerable = VULNERABLE[following]
            signs += 1
        elif word in ("generate", "produce") and after is not None and after.kind == "number":
            signs += 1
            value = int(after.text)
            if word == "produce":
                produce = value
            elif generate is None or value > generate:
                generate, generate_line = value, token.line
        elif word in ("condition", "predeal", "pointcount", "altcount"):
            signs += 1
        elif word == "action":
            signs += following in ACTIONS
        elif word in FUNCTIONS and following == "(":
            third = found[i + 2].text if i + 2 < len(found) else ""
            signs += third in COMPASS
    return Script(
        dealer=dealer,
        vulnerable=vulnerable,
        generate=generate,
        generate_line=generate_line,
        produce=produce,
        refusals=tuple(refusals),
        signs=signs,
        stray=stray,
    )


def word_near(text: str, line: int) -> str:
    """What the program choked on at ``line`` (the line its error names), else on the line
    before it (its parser may name the line of the token after): the first word there that
    is no keyword, card or name the script defines, or the first character no expression
    holds; "" when every one there is one the program knows."""
    found = list(tokens(text))
    defined = {
        token.text
        for token, after in zip(found, found[1:])
        if token.kind == "word" and after.kind == "op" and after.text == "="
    }
    known = KEYWORDS | FUNCTIONS | ACTIONS | COMPASS | VULNERABLE.keys() | defined
    for where in (line, line - 1):
        for token in found:
            if token.line != where:
                continue
            if token.kind == "word" and token.text not in known and not _CARD_WORD.fullmatch(token.text):
                return token.text
            if token.kind == "op" and token.text not in _OPERATORS:
                return token.text
    return ""


# A script's statements stand in its first lines; no script is longer than this (the
# site's DEALER_SCRIPT_MAX_BYTES is 64 KB), and a 5 MB file of something else costs only
# the reading of its head.
HEAD = 64 * 1024
_KEYWORDS = ("condition", "produce", "generate", "action", "predeal", "dealer", "vulnerable", "hcp", "shape")


def looks_like_script(text: str) -> bool:
    """Whether ``text`` is a dealer script: statements or hand functions only a script
    holds (``condition ...``, ``hcp(south)``, ``produce 16``), none of the brackets and
    pipes of the deal formats. Asked only of a text no deal format claimed."""
    head = text[:HEAD]
    if '[Deal "' in head or "md|" in head or not any(word in head for word in _KEYWORDS):
        return False
    script = read_script(head)
    return script.signs >= 2 and not script.stray
