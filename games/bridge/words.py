"""Bridge's own words in each language the site speaks, as that language's players and
federation write them: not a word-for-word translation of the English.

Dutch writes East as O (oost) and the king as H (heer); Polish says no trump "BA" (bez
atu) and its dealer "rozdający"; Swedish writes the ace E (ess) and the jack Kn (knekt);
Italian calls the declarer "giocante" and the dealer "mazziere". Suit symbols stay
symbols everywhere.

Pure Python, no Django (like the rest of games.formats): ``for_language("pl")`` gives a
``Words``, and the template filters (games.templatetags.bridge) ask for the active
language's. The page only: files and exports keep their formats' own notation (N E S W,
AKQJT, NT, X and XX) whatever the page's language. This module sits beside the rules of
bridge (cards, rules, play, scoring) and moves with them when they become games.bridge.

Each language's words, and where they were checked (the federations' translations of the
Laws of Duplicate Bridge first, then their teachers' and the clubs' usage):

- Polish (PZBS): N E S W and Północ, Wschód, Południe, Zachód; pas, kontra, rekontra;
  BA (bez atu); A K D W (as, król, dama, walet); przed partią / po partii, so "obie
  przed", "NS po", "EW po", "obie po"; rozdanie, rozdający, kontrakt, rozgrywający, dziadek,
  lewa; a claim is a "deklaracja" (Międzynarodowe Prawo Brydżowe 2017, PZBS, prawo 68:
  "Deklaracja lub zrzeczenie się lew", pzbs.pl/sedziowie/mpb/2017/pl/p68.html; prawo 41 for
  kontra, rekontra, rozgrywający, dziadek); HCP as PC (punkty Culbertsona); pairs scored "na
  maksy", formally "zapis maksymalny". Also pl.wikipedia.org "Licytacja (brydż)" (BA, pas).
- French (FFB): N E S O, Nord, Est, Sud, Ouest; passe, contre, surcontre; SA (sans-atout);
  A R D V (as, roi, dame, valet); donne, donneur, contrat, déclarant, mort, levée; a claim
  is a "revendication" (Code International 2017, FFB, loi 68: "Revendication ou concession
  de levées"); points d'honneur written H; "points de match" for matchpoints (club guides
  of the FFB and the Belgian federation); funbridge.com/fr/lexique-bridge.
- Dutch (NBB): N O Z W, Noord, Oost, Zuid, West; pas, doublet, redoublet (not "redouble":
  the NBB's and the clubs' word, e.g. bridgeclub-imp.nl "Redoublet als vast onderdeel van
  het biedsysteem"); SA; A H V B (aas, heer, vrouw, boer); spel, gever, leider, blinde, slag,
  kwetsbaar (niemand, allen); claim and contract as in English; funbridge.com/nl/bridgelexicon,
  nl.wikipedia.org "Bridge (kaartspel)".
- Italian (FIGB): N E S O, Nord, Est, Sud, Ovest; passo, contro, surcontro; SA (senza
  atout); A R D F (asso, re, donna, fante); the declarer "giocante" and the dummy "morto"
  (FIGB, Commissione Insegnamento, "Glossario dei termini di uso comune", 2018); mazziere,
  presa, contratto, "in zona" / "in prima" for vulnerability; board, claim, par, IMP and
  match point as Italian clubs write them (infobridge.it glossary); HCP as PO (punti onori).
- Swedish (Svenska Bridgeförbundet): N Ö S V, Nord, Öst, Syd, Väst; pass, dubbelt,
  redubbelt (the call's name: "redubbelt är dock ett användbart bud", scaniabridge.com PRMS
  bulletin 7; not "redubbel"); NT, spoken "sang"; E K D Kn (ess, kung, dam, knekt: hands
  in the federation's magazine Svensk Bridge read "E K D kn 10"); bricka, giv (the dealer),
  kontrakt, spelförare, träkarl, stick, zon; HCP as hp (honnörspoäng);
  sv.wikipedia.org "Bridge", funbridge.com/sv/bridgelexikon.

Every language has every key of every table (tests/web/test_i18n_words.py). A word the
same as the English one must be listed in that language's ``shared``: where the language
has its own word, the English one is never a silent fallback.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .cards import SUIT_SYMBOLS
from .types import Seat

HONOURS = "AKQJ"
SPOT_RANKS = "T98765432"  # as the deal text writes them; the ten prints as 10 in every language
TERMS = (
    "board",  # a board's label: "Board 3"
    "dealer",
    "vulnerability",  # the label before the vulnerability: "Vul N-S"
    "contract",
    "declarer",
    "dummy",
    "trick",
    "tricks",
    "claim",
    "par",
    "matchpoints",
    "imp",  # one IMP
    "imps",
    "hcp",  # high-card points, after a number: "12 HCP"
)


def _frozen(mapping: Mapping[str, str]) -> Mapping[str, str]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True, slots=True)
class Words:
    """One language's words of the table. Keys are the site's own notation: seats
    N E S W, suits S H D C, ranks A K Q J, calls P X XX, vulnerability None NS EW All."""

    code: str
    seats: Mapping[str, str]  # the letters on the compass and in an auction's headings
    seat_names: Mapping[str, str]
    calls: Mapping[str, str]  # pass, double and redouble, as the bidding box and the auction print them
    honours: Mapping[str, str]  # A K Q J as a hand prints them ("10" is "10" everywhere)
    honour_names: Mapping[str, str]  # ... as a card's name says them
    suit_names: Mapping[str, str]  # the suits, as a suit symbol's title names them
    card_suits: Mapping[str, str]  # the suits as a card's name says them ("roi de cœur")
    card_name: str  # "{rank} of {suit}"
    notrump: str
    vulnerability: Mapping[str, str]
    pairs: Mapping[str, str]  # NS and EW as a score line names the sides
    terms: Mapping[str, str]
    dealer_mark: str  # the dealer's chip: a letter
    shared: frozenset[str] = frozenset()  # "table:key" the same as in English on purpose
    _ranks: Mapping[str, str] = field(init=False, repr=False, compare=False)
    _table: dict[int, str] = field(init=False, repr=False, compare=False)  # for str.translate

    def __post_init__(self) -> None:
        ranks = {**{r: r for r in "98765432"}, "T": "10", **self.honours}
        object.__setattr__(self, "_ranks", _frozen({**ranks, **{r.lower(): v for r, v in ranks.items()}}))
        object.__setattr__(self, "_table", str.maketrans({r: v for r, v in ranks.items() if r != v}))

    def seat(self, seat: str) -> str:
        return self.seats.get(seat, seat)

    def seat_name(self, seat: str) -> str:
        return self.seat_names.get(seat, seat)

    def rank(self, rank: str) -> str:
        """ "K" -> "H" in Dutch; "T" and "10" -> "10"; anything else as it came."""
        return "10" if rank == "10" else self._ranks.get(rank, rank)

    def cards(self, ranks: str, sep: str = " ") -> str:
        """A suit's ranks as the deal writes them ("AKT2") as a hand prints them: "A K 10 2",
        "E K 10 2" in Swedish. Characters that are no rank are kept (upper-cased)."""
        if ranks.isascii():  # the diagrams' hot path: one translate (upper() is per character only in ASCII)
            return sep.join(ranks.upper()).translate(self._table)
        return sep.join(self._ranks.get(c, c.upper()) for c in ranks)

    def call(self, call: str) -> str:
        """ "P", "X", "XX" -> the word; anything else as it came."""
        return self.calls.get(call, call)

    def strain_symbol(self, strain: str) -> str:
        """A strain as a contract writes it: a suit's symbol, no trump the language's ("BA")."""
        return self.notrump if strain == "NT" else SUIT_SYMBOLS.get(strain, strain)

    def contract(self, level: int | str, strain: str, risk: str = "") -> str:
        """A contract or a bid as text: 4♥X, 3NT (3BA in Polish): suits as symbols, no trump
        the language's. Every page and printed sheet writes one so (a page's HTML then
        colours the symbols: games.templatetags.bridge.with_suits)."""
        return f"{level}{self.strain_symbol(strain)}{risk}"

    def strain(self, strain: str) -> str:
        """A contract's strain in words: NT is the language's; a suit stays its letter (the
        templates draw the symbol)."""
        return self.notrump if strain == "NT" else strain

    def card_text(self, code: str) -> str:
        """ "SA" -> "♠A", "SK" -> "♠R" in French: a card as a traveller's lead shows it."""
        return SUIT_SYMBOLS.get(code[:1].upper(), code[:1]) + self.rank(code[1:])

    def card(self, code: str) -> str:
        """ "HK" -> "king of hearts", "roi de cœur", "hjärter kung"."""
        suit, rank = code[:1].upper(), code[1:].upper()
        spoken = self.honour_names.get(rank) or ("10" if rank in ("T", "10") else rank)
        return self.card_name.format(rank=spoken, suit=self.card_suits.get(suit, suit))

    def vul(self, vul: str) -> str:
        return self.vulnerability.get(vul, vul)

    def pair(self, pair: str) -> str:
        return self.pairs.get(pair, pair)

    def term(self, key: str) -> str:
        return self.terms.get(key, key)


def _words(code: str, **tables: Any) -> Words:  # Words' fields, its tables as dicts
    frozen: dict[str, Any] = {k: _frozen(v) if isinstance(v, dict) else v for k, v in tables.items()}
    return Words(code=code, **frozen)


ENGLISH = _words(
    "en",
    seats={seat.value: seat.value for seat in Seat},
    seat_names={seat.value: seat.full_name for seat in Seat},
    calls={"P": "Pass", "X": "Dbl", "XX": "Rdbl"},
    honours={"A": "A", "K": "K", "Q": "Q", "J": "J"},
    honour_names={"A": "ace", "K": "king", "Q": "queen", "J": "jack"},
    suit_names={"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    card_suits={"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    card_name="{rank} of {suit}",
    notrump="NT",
    vulnerability={"None": "None", "NS": "N-S", "EW": "E-W", "All": "Both"},
    pairs={"NS": "N-S", "EW": "E-W"},
    terms={
        "board": "board",
        "dealer": "dealer",
        "vulnerability": "vul",
        "contract": "contract",
        "declarer": "declarer",
        "dummy": "dummy",
        "trick": "trick",
        "tricks": "tricks",
        "claim": "claim",
        "par": "par",
        "matchpoints": "matchpoints",
        "imp": "IMP",
        "imps": "IMPs",
        "hcp": "HCP",
    },
    dealer_mark="D",
)

POLISH = _words(
    "pl",
    seats={"N": "N", "E": "E", "S": "S", "W": "W"},
    seat_names={"N": "Północ", "E": "Wschód", "S": "Południe", "W": "Zachód"},
    calls={"P": "Pas", "X": "Kontra", "XX": "Rekontra"},
    honours={"A": "A", "K": "K", "Q": "D", "J": "W"},
    honour_names={"A": "as", "K": "król", "Q": "dama", "J": "walet"},
    suit_names={"S": "piki", "H": "kiery", "D": "kara", "C": "trefle"},
    card_suits={"S": "pik", "H": "kier", "D": "karo", "C": "trefl"},
    card_name="{rank} {suit}",
    notrump="BA",
    vulnerability={"None": "obie przed", "NS": "NS po", "EW": "EW po", "All": "obie po"},
    pairs={"NS": "NS", "EW": "EW"},
    terms={
        "board": "rozdanie",
        "dealer": "rozdający",
        "vulnerability": "założenia",
        "contract": "kontrakt",
        "declarer": "rozgrywający",
        "dummy": "dziadek",
        "trick": "lewa",
        "tricks": "lewy",
        "claim": "deklaracja",
        "par": "par",
        "matchpoints": "zapis maksymalny",
        "imp": "IMP",
        "imps": "IMP",
        "hcp": "PC",
    },
    dealer_mark="R",
    shared=frozenset({"seats:N", "seats:E", "seats:S", "seats:W", "honours:A", "honours:K", "terms:par", "terms:imp"}),
)

DUTCH = _words(
    "nl",
    seats={"N": "N", "E": "O", "S": "Z", "W": "W"},
    seat_names={"N": "Noord", "E": "Oost", "S": "Zuid", "W": "West"},
    calls={"P": "Pas", "X": "Doublet", "XX": "Redoublet"},
    honours={"A": "A", "K": "H", "Q": "V", "J": "B"},
    honour_names={"A": "aas", "K": "heer", "Q": "vrouw", "J": "boer"},
    suit_names={"S": "schoppen", "H": "harten", "D": "ruiten", "C": "klaveren"},
    card_suits={"S": "schoppen", "H": "harten", "D": "ruiten", "C": "klaveren"},
    card_name="{suit} {rank}",
    notrump="SA",
    vulnerability={"None": "Niemand", "NS": "N-Z", "EW": "O-W", "All": "Allen"},
    pairs={"NS": "N-Z", "EW": "O-W"},
    terms={
        "board": "spel",
        "dealer": "gever",
        "vulnerability": "kwetsbaar",
        "contract": "contract",
        "declarer": "leider",
        "dummy": "blinde",
        "trick": "slag",
        "tricks": "slagen",
        "claim": "claim",
        "par": "par",
        "matchpoints": "matchpunten",
        "imp": "IMP",
        "imps": "IMP's",
        "hcp": "pnt",
    },
    dealer_mark="G",
    shared=frozenset(
        {"seats:N", "seats:W", "seat_names:W", "honours:A", "terms:contract", "terms:claim", "terms:par", "terms:imp"}
    ),
)

FRENCH = _words(
    "fr",
    seats={"N": "N", "E": "E", "S": "S", "W": "O"},
    seat_names={"N": "Nord", "E": "Est", "S": "Sud", "W": "Ouest"},
    calls={"P": "Passe", "X": "Contre", "XX": "Surcontre"},
    honours={"A": "A", "K": "R", "Q": "D", "J": "V"},
    honour_names={"A": "as", "K": "roi", "Q": "dame", "J": "valet"},
    suit_names={"S": "piques", "H": "cœurs", "D": "carreaux", "C": "trèfles"},
    card_suits={"S": "pique", "H": "cœur", "D": "carreau", "C": "trèfle"},
    card_name="{rank} de {suit}",
    notrump="SA",
    vulnerability={"None": "Personne", "NS": "N-S", "EW": "E-O", "All": "Tous"},
    pairs={"NS": "N-S", "EW": "E-O"},
    terms={
        "board": "donne",
        "dealer": "donneur",
        "vulnerability": "vulnérabilité",
        "contract": "contrat",
        "declarer": "déclarant",
        "dummy": "mort",
        "trick": "levée",
        "tricks": "levées",
        "claim": "revendication",
        "par": "par",
        "matchpoints": "points de match",
        "imp": "IMP",
        "imps": "IMP",
        "hcp": "H",
    },
    dealer_mark="D",
    shared=frozenset(
        {
            "seats:N",
            "seats:E",
            "seats:S",
            "honours:A",
            "vulnerability:NS",
            "pairs:NS",
            "terms:par",
            "terms:imp",
            "dealer_mark",
        }
    ),
)

ITALIAN = _words(
    "it",
    seats={"N": "N", "E": "E", "S": "S", "W": "O"},
    seat_names={"N": "Nord", "E": "Est", "S": "Sud", "W": "Ovest"},
    calls={"P": "Passo", "X": "Contro", "XX": "Surcontro"},
    honours={"A": "A", "K": "R", "Q": "D", "J": "F"},
    honour_names={"A": "asso", "K": "re", "Q": "donna", "J": "fante"},
    suit_names={"S": "picche", "H": "cuori", "D": "quadri", "C": "fiori"},
    card_suits={"S": "picche", "H": "cuori", "D": "quadri", "C": "fiori"},
    card_name="{rank} di {suit}",
    notrump="SA",
    vulnerability={"None": "Nessuno", "NS": "N-S", "EW": "E-O", "All": "Tutti"},
    pairs={"NS": "N-S", "EW": "E-O"},
    terms={
        "board": "board",
        "dealer": "mazziere",
        "vulnerability": "in zona",
        "contract": "contratto",
        "declarer": "giocante",
        "dummy": "morto",
        "trick": "presa",
        "tricks": "prese",
        "claim": "claim",
        "par": "par",
        "matchpoints": "match point",
        "imp": "IMP",
        "imps": "IMP",
        "hcp": "PO",
    },
    dealer_mark="M",
    shared=frozenset(
        {
            "seats:N",
            "seats:E",
            "seats:S",
            "honours:A",
            "vulnerability:NS",
            "pairs:NS",
            "terms:board",
            "terms:claim",
            "terms:par",
            "terms:imp",
        }
    ),
)

SWEDISH = _words(
    "sv",
    seats={"N": "N", "E": "Ö", "S": "S", "W": "V"},
    seat_names={"N": "Nord", "E": "Öst", "S": "Syd", "W": "Väst"},
    calls={"P": "Pass", "X": "Dubbelt", "XX": "Redubbelt"},
    honours={"A": "E", "K": "K", "Q": "D", "J": "Kn"},
    honour_names={"A": "ess", "K": "kung", "Q": "dam", "J": "knekt"},
    suit_names={"S": "spader", "H": "hjärter", "D": "ruter", "C": "klöver"},
    card_suits={"S": "spader", "H": "hjärter", "D": "ruter", "C": "klöver"},
    card_name="{suit} {rank}",
    notrump="NT",
    vulnerability={"None": "Ingen", "NS": "N-S", "EW": "Ö-V", "All": "Alla"},
    pairs={"NS": "N-S", "EW": "Ö-V"},
    terms={
        "board": "bricka",
        "dealer": "giv",
        "vulnerability": "zon",
        "contract": "kontrakt",
        "declarer": "spelförare",
        "dummy": "träkarl",
        "trick": "stick",
        "tricks": "stick",
        "claim": "claim",
        "par": "par",
        "matchpoints": "matchpoäng",
        "imp": "IMP",
        "imps": "IMP",
        "hcp": "hp",
    },
    dealer_mark="G",
    shared=frozenset(
        {
            "seats:N",
            "seats:S",
            "calls:P",
            "honours:K",
            "notrump",
            "vulnerability:NS",
            "pairs:NS",
            "terms:claim",
            "terms:par",
            "terms:imp",
        }
    ),
)

BY_CODE: Mapping[str, Words] = MappingProxyType({w.code: w for w in (ENGLISH, POLISH, DUTCH, FRENCH, ITALIAN, SWEDISH)})
LANGUAGES = tuple(BY_CODE)


def for_language(code: str | None) -> Words:
    """The words of a language code as Django gives it ("pl", "pl-pl", "en-us"); English
    for a language the site does not speak."""
    base = (code or "").replace("_", "-").split("-")[0].lower()
    return BY_CODE.get(base, ENGLISH)
