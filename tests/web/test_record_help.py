"""The help page documents the record and every JSON field the command line prints."""

from __future__ import annotations

import re
from html import unescape

from games.formats import read_decks
from games.formats.__main__ import deck_dict
from games.views.help import WORKED_LIN


def section(help_page: str, element_id: str) -> str:
    return help_page.split(f'id="{element_id}"')[1].split("</section>")[0]


def words(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_every_json_field_of_a_deck_is_documented(help_page):
    table = help_page.split('id="json-deck-fields"')[1].split("</table>")[0]
    documented = set(re.findall(r'<th scope="row">(.*?)</th>', table, re.S))
    fields = {name for row in documented for name in re.findall(r"<code>(\w+)</code>", row)}
    deck = read_decks(WORKED_LIN.encode(), "example.lin").decks[0]
    assert set(deck_dict(deck)) | {"dd", "par"} == fields


def test_the_record_fields_say_what_they_hold(help_page):
    text = words(section(help_page, "command-line"))
    for phrase in (
        "--json",
        "auction",
        "alerts",
        "contract",
        "declarer",
        "result",
        "players",
        "? for a call that could not be read",
        "4HX",
        "3NT",
        "Pass (passed out)",
        "null",
    ):
        assert phrase in text, phrase


def test_the_record_section_explains_each_case(help_page):
    text = words(section(help_page, "record"))
    for phrase in (
        "Dbl",
        "Rdbl",
        "Pas",
        "keeps its place in the auction as ?",
        "LIN never does",
        "first of that side to name the strain",
        "passed out",
        "note naming both",
        "[Result]",
        "mc",
        "4♥ by S, 11 tricks, claimed",
        "Unknown",
    ):
        assert phrase in text, phrase
    lin = words(section(help_page, "lin"))
    assert "SHDC" in lin and "Smith, J." in lin
    assert "4H by North (LIN never states the contract: the auction gives it), 11 tricks, claimed" in lin
    pbn = words(section(help_page, "pbn"))
    assert "north , East , WEST" in pbn and "NS 9 EW 4" in pbn


def test_the_table_of_contents_leads_to_the_new_sections(help_page):
    toc = help_page.split('id="toc-title"')[1].split("</nav>")[0]
    for anchor in ("record", "command-line"):
        assert f'href="#{anchor}"' in toc and f'id="{anchor}"' in help_page
