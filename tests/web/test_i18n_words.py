"""Bridge's own words (games.bridge.words): every language has every word, and where a
language has its own word the English one never stands in for it."""

from __future__ import annotations

import dataclasses

import pytest

from games.bridge import words

TABLES = [f.name for f in dataclasses.fields(words.Words) if f.init and f.name not in ("code", "shared")]
OTHERS = [code for code in words.LANGUAGES if code != "en"]


def entries(said: words.Words) -> dict[str, str]:
    """Every word of a language as "table:key" (a table of one word: its name)."""
    found = {}
    for table in TABLES:
        value = getattr(said, table)
        if isinstance(value, str):
            found[table] = value
        else:
            found.update({f"{table}:{key}": word for key, word in value.items()})
    return found


def test_the_site_speaks_six_languages_and_english_first():
    assert words.LANGUAGES == ("en", "pl", "nl", "fr", "it", "sv")


def test_english_has_every_seat_call_suit_honour_and_term():
    english = words.ENGLISH
    assert set(english.seats) == set(english.seat_names) == set("NESW")
    assert set(english.calls) == {"P", "X", "XX"}
    assert set(english.honours) == set(english.honour_names) == set(words.HONOURS)
    assert set(english.suit_names) == set(english.card_suits) == set("SHDC")
    assert set(english.vulnerability) == {"None", "NS", "EW", "All"}
    assert set(english.pairs) == {"NS", "EW"}
    assert tuple(english.terms) == words.TERMS


@pytest.mark.parametrize("code", OTHERS)
def test_every_language_has_every_word(code):
    said, english = words.BY_CODE[code], entries(words.ENGLISH)
    found = entries(said)
    assert set(found) == set(english), f"{code}: missing {set(english) - set(found)}, extra {set(found) - set(english)}"
    assert all(word.strip() for word in found.values()), f"{code}: an empty word"
    assert "{rank}" in said.card_name and "{suit}" in said.card_name


@pytest.mark.parametrize("code", OTHERS)
def test_no_english_word_stands_in_for_the_languages_own(code):
    said = words.BY_CODE[code]
    english = entries(words.ENGLISH)
    same = {key for key, word in entries(said).items() if word == english[key]}
    assert same == set(said.shared), f"{code}: as in English but not listed as shared: {same - said.shared}"


@pytest.mark.parametrize("code", OTHERS)
def test_shared_words_name_real_entries(code):
    said = words.BY_CODE[code]
    assert said.shared <= set(entries(said)), said.shared - set(entries(said))


@pytest.mark.parametrize("code", words.LANGUAGES)
def test_seat_letters_tell_the_seats_apart(code):
    said = words.BY_CODE[code]
    assert len(set(said.seats.values())) == 4 and len(set(said.seat_names.values())) == 4
    assert len(set(said.honours.values())) == 4 and "10" not in said.honours.values()
    assert len({said.vul(v) for v in ("None", "NS", "EW", "All")}) == 4


@pytest.mark.parametrize(
    "code, seats, calls, honours, notrump",
    [
        ("pl", "NESW", ("Pas", "Kontra", "Rekontra"), "AKDW", "BA"),
        ("nl", "NOZW", ("Pas", "Doublet", "Redoublet"), "AHVB", "SA"),
        ("fr", "NESO", ("Passe", "Contre", "Surcontre"), "ARDV", "SA"),
        ("it", "NESO", ("Passo", "Contro", "Surcontro"), "ARDF", "SA"),
        ("sv", "NÖSV", ("Pass", "Dubbelt", "Redubbelt"), ("E", "K", "D", "Kn"), "NT"),
    ],
)
def test_each_language_writes_bridge_as_its_players_do(code, seats, calls, honours, notrump):
    said = words.for_language(code)
    assert "".join(said.seat(s) for s in "NESW") == "".join(seats)
    assert tuple(said.call(c) for c in ("P", "X", "XX")) == calls
    assert tuple(said.rank(r) for r in "AKQJ") == tuple(honours)
    assert said.rank("T") == said.rank("10") == "10"
    assert said.strain("NT") == notrump and said.strain("H") == "H"


def test_a_hand_prints_in_the_languages_ranks():
    assert words.for_language("sv").cards("AKQJT2") == "E K D Kn 10 2"
    assert words.for_language("nl").cards("akqjt2", "") == "AHVB102"
    assert words.for_language("en").cards("AKT") == "A K 10"
    assert words.for_language("fr").cards("<x>") == "< X >"  # no rank: kept, upper-cased


def test_a_card_is_named_as_the_language_says_it():
    assert words.for_language("en").card("HK") == "king of hearts"
    assert words.for_language("fr").card("HK") == "roi de cœur"
    assert words.for_language("nl").card("ST") == "schoppen 10"
    assert words.for_language("pl").card("DQ") == "dama karo"
    assert words.for_language("it").card("CJ") == "fante di fiori"
    assert words.for_language("sv").card("SA") == "spader ess"


@pytest.mark.parametrize(
    "given, code",
    [("pl", "pl"), ("pl-pl", "pl"), ("nl_BE", "nl"), ("en-us", "en"), ("de", "en"), ("", "en"), (None, "en")],
)
def test_a_language_code_finds_its_words(given, code):
    assert words.for_language(given).code == code


def test_the_words_module_imports_nothing_from_django():
    source = words.__file__
    with open(source, encoding="utf-8") as module:
        assert "django" not in "".join(line for line in module if line.startswith(("import", "from")))
