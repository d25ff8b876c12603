"""The help page says what happens to a board in play: Deal New Cards, Reveal hands and
Stand up ask first, a board left unfinished scores nothing, and the table holds while an
undo request waits; in the words the table itself uses."""

from __future__ import annotations

from tests.web.test_help_page import text_of


def section(help_page: str, anchor: str) -> str:
    return text_of(help_page.split(f'id="{anchor}"')[1].split("<h3")[0])


def test_it_says_deal_new_cards_asks_first_and_how_the_board_is_kept(help_page):
    said = section(help_page, "board-in-play")
    assert "Board 3 is being played: 14 cards played. Deal the next board anyway?" in said
    assert 'id="deal-question-example">Board 3 is being played: 14 cards played.</span>' in help_page
    assert "the history shows not finished: 4♥ by N, 14 cards played" in said
    assert "the running total counts it apart (it adds no score and no IMPs)" in said
    assert (
        "A board with no call yet, a board that is over and a practice table that only shows the hands deal at once"
        in (said)
    )
    assert "Play again and Go to board only put a deck at the front of the queue" in said
    assert "While a board is being played, it asks first" in text_of(
        help_page.split('id="steps"')[1].split("</section>")[0]
    )


def test_it_says_a_reveal_ends_the_board_and_standing_up_leaves_the_table_waiting(help_page):
    said = section(help_page, "board-in-play")
    assert "it is recorded as “revealed, not finished”, and nobody calls or plays on it any more" in said
    assert "“North has left the table: the table waits, since board 3 cannot go on without North”" in said
    assert "Whoever sits North now plays from the next board" in said


def test_it_says_the_table_holds_while_an_undo_request_waits(help_page):
    said = section(help_page, "play-undo")
    assert "The table holds until the host answers" in said
    assert 'id="undo-hold-example">Waiting for the host to answer East&#x27;s undo request</span>' in help_page
    assert "“East asks to undo their last call; you are East's partner”" in said
    assert "lapses" not in said


def test_it_says_how_an_unfinished_board_is_exported(help_page):
    said = section(help_page, "play-exports")
    assert '[Termination "not finished"] (or "revealed, not finished" )' in said
