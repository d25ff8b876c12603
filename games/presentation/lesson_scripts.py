"""The lesson scripts (games.formats.dealer.LIBRARY) as a page shows them: each script's
title, description and comments in the page's language. The scripts' own comment lines,
which the files keep and the English pages show, are the catalogue's messages; the code
dealer reads stays as it is (a run takes the script by its name, never the shown text)."""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext, gettext_noop

from games.formats.dealer import LIBRARY, LessonScript

# The scripts' titles and descriptions, as their files say them, for makemessages to
# find; a test checks that these are the files' own words.
WORDS = {
    "opening_1nt": (
        gettext_noop("Opening 1NT (15-17 balanced)"),
        gettext_noop("South deals and opens 1NT: 15-17 points, 4-3-3-3, 4-4-3-2 or 5-3-3-2 with no five-card major."),
    ),
    "weak_two": (
        gettext_noop("Weak two bids"),
        gettext_noop(
            "South deals and opens a weak two in a major: six cards, 5-10 points, two of the top three or three "
            "of the top five honours."
        ),
    ),
    "strong_2c": (
        gettext_noop("Strong 2♣"),
        gettext_noop(
            "South deals and opens a strong, artificial 2♣: 22 or more points, or 16+ with at most three losers."
        ),
    ),
    "preempts": (
        gettext_noop("Preempts"),
        gettext_noop(
            "South deals and preempts at the three or four level: a seven- or eight-card suit with 5-10 points, "
            "most of them in the suit."
        ),
    ),
    "major_fit": (
        gettext_noop("4-4 major fits"),
        gettext_noop(
            "North deals; North and South have a 4-4 fit in hearts or spades and 25 or more points between them."
        ),
    ),
    "slam": (
        gettext_noop("Slam hands (33+ points)"),
        gettext_noop(
            "North deals; North and South hold 33 or more points between them, at least 12 each: bid the slam."
        ),
    ),
    "competitive": (
        gettext_noop("Competitive auctions"),
        gettext_noop(
            "South deals and opens; each side has 18-22 points and an eight-card fit, so both sides want to bid."
        ),
    ),
}


# The other comments of the scripts: the teaching note under the description, and the
# comments at the end of a line of code.
COMMENTS = (
    gettext_noop("Who bids last? Practise overcalls, raises, and when to double or to bid on."),
    gettext_noop("Find the fit: Stayman after 1NT, or raises after a major-suit opening."),
    gettext_noop("Partner (North) has anything: practise the responses, Stayman and transfers."),
    gettext_noop("The ?: picks the points in the long suit, whichever it is."),
    gettext_noop("With 37 or more the grand slam is near; count the controls (aces 2, kings 1) before bidding it."),
    gettext_noop("The second kind is the hand with nine tricks in its own hand: a long, solid suit."),
    gettext_noop("No void, and no four cards in the other major: those hands open something else."),
    gettext_noop("no void beside the suit"),
    gettext_noop("a good six-card suit: AQ, KQ, AK, or three of A K Q J 10"),
)
_SAID = {*COMMENTS, *(text for pair in WORDS.values() for text in pair)}


def _comment_said(line: str) -> str:
    """A line with its comment ("# ...", "/* ... */" or "... // ...") in the active language."""
    if line.startswith("# ") and line[2:] in _SAID:
        return "# " + gettext(line[2:])
    if line.startswith("/* ") and line.endswith(" */") and line[3:-3] in _SAID:
        return f"/* {gettext(line[3:-3])} */"
    code, mark, comment = line.partition("// ")
    if mark and comment.strip() in _SAID:
        return code + mark + gettext(comment.strip())
    return line


def shown(script: LessonScript) -> LessonScript:
    """``script`` with its title, description and comments in the active language."""
    if script.slug not in WORDS:
        return script
    text = "\n".join(_comment_said(line) for line in script.text.split("\n"))
    return replace(script, title=gettext(script.title), description=gettext(script.description), text=text)


def library() -> list[LessonScript]:
    """The lesson scripts in their order, each as the page's language names it."""
    return [shown(script) for script in LIBRARY]
