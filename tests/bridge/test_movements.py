"""Mitchell and Howell movements: who meets whom, where, on which boards. Every size the
movements offer is played through and checked against the rules of a fair movement."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.bridge.club_night.movements import (
    BOARDS_PER_ROUND,
    HOWELL_TABLES,
    MITCHELL_TABLES,
    RELAY,
    SKIP,
    Movement,
    MovementError,
    Seat,
    default_howell_rounds,
    howell,
    howell_rounds,
    mitchell,
    mitchell_rounds,
    usual_boards_per_round,
)


def meetings(movement: Movement) -> Counter[frozenset[str]]:
    return Counter(frozenset((t.ns, t.ew)) for r in movement.rounds for t in r.tables)


def assert_fair(movement: Movement, shares: dict[int, tuple[tuple[int, ...], ...]] | None = None) -> None:
    """Within a round a pair sits at one table at most and sits out only when it meets the
    phantom; no pair meets another twice or plays a board twice; the tables of a round play
    different boards except the ``shares`` given (round number: groups of tables)."""
    names = set(movement.pair_names)
    plays: Counter[tuple[str, int]] = Counter()
    for round_ in movement.rounds:
        seated = [pair for t in round_.tables for pair in (t.ns, t.ew)]
        assert len(seated) == len(set(seated)), round_
        assert set(seated) <= names
        assert (round_.sitout is None) == (movement.phantom is None)
        assert set(seated) | ({round_.sitout} if round_.sitout else set()) == names
        for t in round_.tables:
            first = t.boards[0]
            assert t.boards == tuple(range(first, first + movement.boards_per_round))
            assert (first - 1) % movement.boards_per_round == 0
            plays.update((pair, board) for pair in (t.ns, t.ew) for board in t.boards)
        assert round_.shares == (shares or {}).get(round_.number, ())
    assert max(plays.values()) == 1
    assert max(meetings(movement).values()) == 1


def assert_mitchell_seating(movement: Movement) -> None:
    """N-S pair t sits at table t every round; it holds the E-W cards exactly on the last
    ``arrow_switch`` rounds; the E-W pairs move and hold the other cards."""
    last = len(movement.rounds) - movement.arrow_switch
    for round_ in movement.rounds:
        assert round_.arrow_switch == (round_.number > last)
        for t in round_.tables:
            stationary, moving = (t.ew, t.ns) if round_.arrow_switch else (t.ns, t.ew)
            assert stationary == f"{t.table} NS"
            assert moving.endswith(" EW")


def relay_shares(movement: Movement) -> dict[int, tuple[tuple[int, ...], ...]]:
    if movement.even != RELAY or movement.phantom:
        return {}
    return {r.number: ((1, movement.tables),) for r in movement.rounds}


@pytest.mark.parametrize("tables", MITCHELL_TABLES)
@pytest.mark.parametrize("even", [RELAY, SKIP])
def test_every_mitchell_offered_is_fair_and_keeps_north_south_at_their_tables(tables, even):
    for boards in BOARDS_PER_ROUND:
        for pairs in (2 * tables, 2 * tables - 1):
            movement = mitchell(tables, boards, even=even, pairs=pairs)
            assert len(movement.rounds) == mitchell_rounds(tables, even)
            assert_fair(movement, relay_shares(movement))
            assert_mitchell_seating(movement)


@pytest.mark.parametrize("tables", MITCHELL_TABLES)
def test_a_full_mitchell_plays_every_board_set_at_every_table(tables):
    for even in (RELAY, SKIP):
        movement = mitchell(tables, 2, even=even)
        sets = Counter(t.boards for r in movement.rounds for t in r.tables)
        assert len(sets) == tables
        if tables % 2 or even == RELAY:
            # every E-W pair meets every N-S pair, every set is played at T tables
            assert len(meetings(movement)) == tables * tables
            assert set(sets.values()) == {tables}
        else:
            assert sorted(sets.values()) == sorted([tables - 1] * tables)


def test_the_skip_comes_after_half_the_rounds():
    movement = mitchell(10, 3, even=SKIP)
    tables = [movement.where("1 EW", n).table for n in range(1, 10)]
    assert tables == [1, 2, 3, 4, 5, 7, 8, 9, 10]
    with pytest.raises(MovementError, match="skip Mitchell of 10 tables plays 1 to 9 rounds .* not 10"):
        mitchell(10, 3, 10, even=SKIP)


def test_the_relay_puts_a_set_on_the_bye_stand_and_table_t_shares_table_1s():
    first = mitchell(8, 3).rounds[0]
    assert [first.table(n).boards[0] for n in range(1, 9)] == [1, 4, 7, 10, 16, 19, 22, 1]
    # set 5 (boards 13-15) rests on the bye stand; after a round table 4 has it
    assert mitchell(8, 3).rounds[1].table(4).boards == (13, 14, 15)


def test_a_half_table_mitchell_makes_the_last_north_south_the_phantom():
    movement = mitchell(7, 3, pairs=13)
    assert movement.phantom == "7 NS" and "7 NS" not in movement.pair_names
    assert [r.sitout for r in movement.rounds] == [f"{n} EW" for n in (7, 6, 5, 4, 3, 2, 1)]
    assert all(r.table(7) is None for r in movement.rounds)
    assert movement.where("6 EW", 2) is None


@given(
    tables=st.sampled_from(MITCHELL_TABLES),
    boards=st.sampled_from(BOARDS_PER_ROUND),
    even=st.sampled_from([RELAY, SKIP]),
    odd=st.booleans(),
    data=st.data(),
)
def test_any_shortened_or_arrow_switched_mitchell_stays_fair(tables, boards, even, odd, data):
    rounds = data.draw(st.integers(1, mitchell_rounds(tables, even)))
    switched = data.draw(st.integers(0, rounds - 1))
    movement = mitchell(tables, boards, rounds, arrow_switch=switched, even=even, pairs=2 * tables - odd)
    assert len(movement.rounds) == rounds
    assert_fair(movement, relay_shares(movement))
    assert_mitchell_seating(movement)


def test_an_arrow_switch_gives_the_moving_pairs_the_north_south_cards():
    movement = mitchell(5, 3, arrow_switch=2)
    assert [r.arrow_switch for r in movement.rounds] == [False, False, False, True, True]
    last = movement.rounds[-1].table(1)
    assert (last.ns, last.ew) == ("2 EW", "1 NS")
    assert movement.where("1 NS", 5) == Seat(1, "EW")
    assert movement.where("2 EW", 5) == Seat(1, "NS")


def howell_shares(tables: int, rounds: int) -> dict[int, tuple[tuple[int, ...], ...]]:
    """The shares docs/movements.md gives: two tables share every round; three tables
    share set 5 in the last round; larger Howells never."""
    if tables == 2:
        return {n: ((1, 2),) for n in range(1, rounds + 1)}
    if tables == 3:
        return {5: ((1, 2, 3),)}
    return {}


def each_round_choice() -> list[tuple[int, int]]:
    return [(tables, rounds) for tables in HOWELL_TABLES for rounds in howell_rounds(tables)]


@pytest.mark.parametrize(("tables", "rounds"), each_round_choice())
def test_every_howell_offered_is_fair(tables, rounds):
    for boards in BOARDS_PER_ROUND:
        for pairs in (2 * tables, 2 * tables - 1):
            movement = howell(pairs, boards, rounds)
            assert len(movement.rounds) == rounds and movement.tables == tables
            shares = howell_shares(tables, rounds)
            if pairs % 2:  # the phantom's table (1) is idle: a share there loses table 1
                shares = {n: tuple(g[1:] for g in groups if len(g) > 2) for n, groups in shares.items()}
            assert_fair(movement, shares)


@pytest.mark.parametrize(("tables", "rounds"), each_round_choice())
def test_every_pair_of_a_howell_plays_every_board_set_once(tables, rounds):
    movement = howell(2 * tables, 1, rounds)
    sets = {t.boards for r in movement.rounds for t in r.tables}
    assert len(sets) == rounds
    for pair in movement.pair_names:
        played = [t.boards for r in movement.rounds for t in r.tables if pair in (t.ns, t.ew)]
        assert sorted(played) == sorted(sets)


@pytest.mark.parametrize("tables", HOWELL_TABLES)
def test_a_complete_howell_has_every_pair_meet_every_other_once(tables):
    movement = howell(2 * tables, 2, 2 * tables - 1)
    assert set(meetings(movement)) == {frozenset(p) for p in combinations(movement.pair_names, 2)}
    assert set(meetings(movement).values()) == {1}


@pytest.mark.parametrize("tables", HOWELL_TABLES)
def test_a_howells_stationary_pairs_sit_north_south_at_the_first_tables(tables):
    for rounds in howell_rounds(tables):
        movement = howell(2 * tables, 2, rounds)
        stationary = 2 * tables - rounds
        for round_ in movement.rounds:
            assert [round_.table(n).ns for n in range(1, stationary + 1)] == [
                str(2 * tables - n) for n in range(stationary)
            ]


def test_a_howell_with_an_odd_number_of_pairs_sits_one_out_each_round_at_table_1():
    movement = howell(13, 2)
    assert movement.phantom == "14" and len(movement.pair_names) == 13
    assert [r.sitout for r in movement.rounds] == [str(n) for n in range(1, 14)]
    assert all(r.table(1) is None for r in movement.rounds)


def test_the_two_table_howell_is_the_acbl_standard():
    first = howell(4, 6).rounds[0]
    assert [(t.table, t.ns, t.ew, t.boards[0]) for t in first.tables] == [(1, "4", "1", 1), (2, "3", "2", 1)]


def test_the_four_table_howell_seats_the_published_balanced_pairs():
    """Bridge Central's balanced 4-table Howell (b): 8-1 4-2 3-7 6-5 in round 1, each moving
    pair N-S three times and E-W four."""
    movement = howell(8, 4)
    assert [(t.ns, t.ew) for t in movement.rounds[0].tables] == [("8", "1"), ("4", "2"), ("3", "7"), ("6", "5")]
    north_south = Counter(t.ns for r in movement.rounds for t in r.tables)
    assert all(north_south[str(pair)] == 3 for pair in range(1, 8))


def test_the_howell_rounds_offered_and_the_default():
    assert [howell_rounds(t) for t in (2, 3, 4, 5, 6, 8)] == [(3,), (5,), (7,), (9,), (9, 10, 11), (12, 13, 14, 15)]
    assert [default_howell_rounds(t) for t in (4, 7, 8, 10)] == [7, 13, 12, 15]


def test_where_says_where_a_pair_plays_and_refuses_what_is_not_there():
    movement = howell(8, 4)
    for round_ in movement.rounds:
        for t in round_.tables:
            assert movement.where(t.ns, round_.number) == Seat(t.table, "NS")
            assert movement.where(t.ew, round_.number) == Seat(t.table, "EW")
    with pytest.raises(ValueError, match="no pair '9'"):
        movement.where("9", 1)
    with pytest.raises(ValueError, match="no round 8"):
        movement.where("1", 8)


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: mitchell(1, 3), "a Mitchell has 2 to 20 tables, not 1"),
        (lambda: mitchell(21, 3), "a Mitchell has 2 to 20 tables, not 21"),
        (lambda: mitchell(7, 0), "a round has 1 to 6 boards, not 0"),
        (lambda: howell(8, 7), "a round has 1 to 6 boards, not 7"),
        (lambda: mitchell(7, 3, 8), "a Mitchell of 7 tables plays 1 to 7 rounds, not 8"),
        (lambda: mitchell(7, 3, pairs=12), "7 tables seat 13 or 14 pairs, not 12"),
        (lambda: mitchell(7, 3, 4, arrow_switch=4), "1 to 3 of 4, not 4"),
        (lambda: mitchell(7, 3, 1, arrow_switch=1), "a movement of one round cannot be arrow-switched"),
        (lambda: mitchell(8, 3, even="share"), "a skip or a relay, not 'share'"),
        (lambda: howell(2, 3), "a Howell has 3 to 20 pairs, not 2"),
        (lambda: howell(21, 3), "a Howell has 3 to 20 pairs, not 21"),
        (lambda: howell(10, 3, 7), "a Howell of 5 tables plays 9 rounds, not 7"),
        (lambda: howell(12, 3, 8), "a Howell of 6 tables plays 9, 10 or 11 rounds, not 8"),
    ],
)
def test_numbers_that_cannot_be_played_are_refused_with_the_reason(build, message):
    with pytest.raises(MovementError, match=message.replace("(", r"\(").replace(")", r"\)")):
        build()


def test_the_usual_boards_per_round_bring_a_session_near_26_boards():
    assert [usual_boards_per_round(r) for r in (3, 5, 7, 9, 13, 15)] == [6, 5, 4, 3, 2, 2]
