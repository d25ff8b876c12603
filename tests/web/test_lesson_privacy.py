"""A board's lesson text at a Join table reaches a seat only when the game's rule says:
never, once the board is over (the default), or with the deal. Until then no seat gets
it in any response: the page, its htmx partial, the poll, the answers to their own
calls, the dealt boards' export of a seated host. The host off the table always reads
it; the teacher's notes every seat reads at once."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.formats import read_decks
from games.formats.model import Comment
from games.formats.model import Deck as ParsedDeck
from games.models import BoardNote, BoardPlay, Game, LessonRule
from games.models.join import JoinTable
from tests.builders.client import moved_table, redrawn
from tests.playing import DEAL, call, cards, claim

pytestmark = pytest.mark.django_db

SECRET = ("Board word: hold up the ace", "Auction word: Jacoby", "Play word: duck twice")
COMMENTARY = (Comment(SECRET[0]), Comment(SECRET[1], "auction", 3), Comment(SECRET[2], "play", 2))
TO_4H = ["1H", "P", "2NT", "P", "4H", "P", "P", "P"]  # North declares, East leads
HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def lesson_table(host, django_user_model):
    """A Join table whose host does not sit; four players (nina N, ed E, sara S, walt W)
    and board 1 dealt from a deck with lesson text."""
    game = Game.objects.create(host=host, name="Lesson night", game_type=Game.Type.JOIN)
    table = JoinTable.for_game(game)
    players = {}
    for name, seat in (("nina", "N"), ("ed", "E"), ("sara", "S"), ("walt", "W")):
        players[seat] = django_user_model.objects.create_user(name, password="x")
        table.take_seat(players[seat], seat)
    deck = ParsedDeck(deal=DEAL, index=0, line=1, board="1", dealer="N", vul="None", commentary=COMMENTARY)
    game.add_decks([deck], source_name="lesson.pbn", source_format="pbn")
    game.deal_next(by=host)
    table.players = players
    return table


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def responses(client: Client, game: Game) -> list[str]:
    """Everything a seat's browser asks of the table: the page, the partial, the poll."""
    found = [
        client.get(reverse("game", args=[game.pk])).text,
        client.get(reverse("game", args=[game.pk]), **HX).text,
        client.get(reverse("seat_poll", args=[game.pk]), **HX).text,
        client.get(reverse("seat_poll", args=[game.pk]), {"v": "old"}).text,
    ]
    assert all("Lesson night" in text or "seat-view" in text for text in found)
    return found


def assert_reads(texts: list[str], expected: bool, who: str) -> None:
    for text in texts:
        for secret in SECRET:
            assert (secret in text) == expected, f"{who}: {secret!r} {'missing' if expected else 'leaked'}"


def set_rule(table: JoinTable, rule: str) -> Game:
    Game.objects.filter(pk=table.game_id).update(show_lesson=rule)
    return Game.objects.get(pk=table.game_id)


def play_to_the_end(game: Game) -> None:
    board = game.boards.get()
    play = call(BoardPlay.start(board, BoardPlay.Mode.TABLE), *TO_4H)
    play = cards(play, 1)
    play = claim(play, 10)
    for defender in "EW":
        play = play.act(defender, "accept", play.actions)
    assert play.done


def test_by_default_no_seat_reads_the_lesson_until_the_board_is_over(lesson_table):
    game = Game.objects.get(pk=lesson_table.game_id)
    assert game.show_lesson == LessonRule.AFTER
    seats = {seat: client_of(user) for seat, user in lesson_table.players.items()}
    for seat, client in seats.items():
        assert_reads(responses(client, game), False, seat)
    play = call(BoardPlay.start(game.boards.get(), BoardPlay.Mode.TABLE), *TO_4H)
    play = cards(play, 5)
    for seat, client in seats.items():
        assert_reads(responses(client, game), False, f"{seat} during the play")
    # the answer to a seat's own card
    state = play.state()
    actor_client = seats[state.actor]
    from games.bridge.play import legal_cards

    answer = actor_client.post(
        reverse("play_card", args=[game.pk]),
        {"board": "1", "at": str(play.actions), "card": legal_cards(state)[0]},
        **HX,
    )
    assert moved_table(answer)
    assert_reads([answer.text, redrawn(actor_client, answer, game.pk).text], False, "the answer to a card")
    play = BoardPlay.objects.get(pk=play.pk)
    play = claim(play, 10)
    for defender in "EW":
        play = play.act(defender, "accept", play.actions)
    for seat, client in seats.items():
        assert_reads(responses(client, game), True, f"{seat} once the board is over")


def test_a_revealed_board_shows_its_lesson_to_the_seats(lesson_table, host):
    game = Game.objects.get(pk=lesson_table.game_id)
    client = client_of(lesson_table.players["E"])
    assert_reads(responses(client, game), False, "East")
    lesson_table.reveal(1, by=host)
    assert_reads(responses(client, game), True, "East after the reveal")


def test_with_the_deal_every_seat_reads_it_before_the_auction(lesson_table):
    game = set_rule(lesson_table, LessonRule.WITH_DEAL)
    for seat, user in lesson_table.players.items():
        assert_reads(responses(client_of(user), game), True, seat)


def test_never_means_never_at_the_table(lesson_table):
    game = set_rule(lesson_table, LessonRule.NEVER)
    play_to_the_end(game)
    for seat, user in lesson_table.players.items():
        assert_reads(responses(client_of(user), game), False, seat)


@pytest.mark.parametrize("rule", [LessonRule.NEVER, LessonRule.AFTER, LessonRule.WITH_DEAL])
def test_the_host_off_the_table_always_reads_it(lesson_table, host, rule):
    game = set_rule(lesson_table, rule)
    html = client_of(host).get(reverse("game", args=[game.pk])).text
    for secret in SECRET:
        assert secret in html
    assert "After call 3" in html and "At trick 2" in html
    later = {"never": "The players do not see this text", "after": "The players see this text once the board is over"}
    if rule in later:
        assert later[rule] in html
    else:
        assert "The players see this text" not in html and "The players do not" not in html


def test_a_seated_host_is_a_player(lesson_table, host):
    game = Game.objects.get(pk=lesson_table.game_id)
    lesson_table.unseat("N")
    lesson_table.take_seat(host, "N")
    game.deal_next(by=host)  # board 2: the host holds North's hand of it
    Game.objects.get(pk=game.pk).boards.filter(number=2).update(deck=None)
    html = client_of(host).get(reverse("game", args=[game.pk])).text
    assert_reads([html], False, "the seated host")


def test_a_seated_hosts_export_leaves_out_a_lesson_before_its_time(lesson_table, host):
    game = Game.objects.get(pk=lesson_table.game_id)
    lesson_table.unseat("N")
    lesson_table.take_seat(host, "N")
    game.deal_next(by=host)  # board 1 stays unplayed, board 2 is on the table
    client = client_of(host)
    for fmt in ("pbn", "lin"):
        text = client.get(reverse("export", args=[game.pk, "dealt", fmt])).content.decode()
        (board_1,) = read_decks(text.encode(), f"dealt.{fmt}").decks
        assert board_1.board == "1"
        assert_reads([text], False, f"the seated host's {fmt}")
    Game.objects.filter(pk=game.pk).update(show_lesson=LessonRule.WITH_DEAL)
    text = client.get(reverse("export", args=[game.pk, "dealt", "pbn"])).content.decode()
    assert_reads([text], True, "the seated host's export under “with the deal”")


def test_the_host_off_the_table_exports_the_lesson_and_the_notes(lesson_table, host):
    game = Game.objects.get(pk=lesson_table.game_id)
    BoardNote.add(game.boards.get(), "Think about the <b>lead</b> before you play", host)
    text = client_of(host).get(reverse("export", args=[game.pk, "dealt", "pbn"])).content.decode()
    (deck,) = read_decks(text.encode(), "dealt.pbn").decks
    texts = [c.text for c in deck.commentary]
    assert texts == [*SECRET, "Think about the <b>lead</b> before you play"]


def test_every_seat_reads_a_teachers_note_at_once(lesson_table, host):
    game = Game.objects.get(pk=lesson_table.game_id)
    client = client_of(lesson_table.players["S"])
    page = client.get(reverse("game", args=[game.pk])).text
    version = page.split("?v=")[1].split('"')[0]
    BoardNote.add(game.boards.get(), "Think about the lead before you play \\S", host)
    poll = client.get(reverse("seat_poll", args=[game.pk]), {"v": version}, **HX)
    assert poll.status_code == 200
    assert "Think about the lead before you play" in poll.text
    assert "Note from alice" in poll.text and '<span class="suit suit-s black" title="spades">♠</span>' in poll.text
    assert_reads([poll.text], False, "South, reading the note")


def test_a_seated_staff_member_reads_the_lesson_in_the_admin_only_in_its_time(lesson_table, host, staff):
    game = Game.objects.get(pk=lesson_table.game_id)
    lesson_table.unseat("N")
    lesson_table.take_seat(staff, "N")
    game.deal_next(by=host)  # board 2, at random: board 1 is no longer on the table
    deck = game.decks.get()
    url = reverse("admin:games_deck_change", args=[deck.pk])
    html = client_of(staff).get(url).text
    assert "Lesson night" in html
    assert_reads([html], False, "a seated reviewer in the admin")
    set_rule(lesson_table, LessonRule.WITH_DEAL)
    assert_reads([client_of(staff).get(url).text], True, "a seated reviewer, the text shown with the deal")
