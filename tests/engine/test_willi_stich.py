"""Willi Stich: round schedule, the three scoring schemes, special rounds and the dealer's rule."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.core.base import MatchFinishedError
from scorekeeper.engine.games import OptionError, RoundError, get_game
from scorekeeper.engine.games.willi_stich import (
    DECK_SIZE,
    ROUND_KINDS,
    ROUNDS,
    cards_in_round,
    forbidden_dealer_call,
    round_kind,
)
from tests.support.strategies import json_like as json_like_values

GAME = get_game("willi-stich")
FOUR = ("Ann", "Bob", "Cid", "Dan")
SIX = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay")


def table(players=FOUR, **options):
    return GAME.table(players, options)


def quiet_round(number: int, n: int) -> dict:
    """A legal round: everybody calls 0 (never the cards in hand), seat 0 takes every trick."""
    cards = cards_in_round(number)
    return {"bids": [0] * n, "tricks": [cards] + [0] * (n - 1)}


def state_before(t, number: int):
    """The match state just before round `number`, after legal quiet rounds."""
    return GAME.replay(t, [quiet_round(r, t.n) for r in range(1, number)])


def play_round(t, number: int, raw: dict):
    return GAME.play(t, state_before(t, number), raw)


# --------------------------------------------------------------------------- surface and schedule


def test_surface():
    assert (GAME.id, GAME.name, GAME.min_players, GAME.max_players) == ("willi-stich", "Willi Stich", 3, 6)
    assert table().sides == ((0,), (1,), (2,), (3,))
    assert table(SIX).sides == tuple((seat,) for seat in range(6))
    assert table().options == {"first_dealer": 0, "scoring": "stiche_raten"}


def test_schedule_of_cards_and_kinds():
    assert ROUNDS == 19
    assert [cards_in_round(r) for r in range(1, 20)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
    assert [round_kind(r) for r in range(1, 20)] == [
        "normal", "normal", "normal", "normal", "trump_choice", "normal", "no_trump", "normal", "normal",
        "blind_bid", "normal", "normal", "no_trump", "normal", "trump_choice", "normal", "normal", "normal",
        "forehead",
    ]
    assert ROUND_KINDS == {5: "trump_choice", 15: "trump_choice", 7: "no_trump", 13: "no_trump",
                           10: "blind_bid", 19: "forehead"}


def test_two_packs_always_suffice_and_leave_a_trump_card():
    most_dealt = max(cards_in_round(r) for r in range(1, ROUNDS + 1)) * GAME.max_players
    assert most_dealt == 60
    assert most_dealt < DECK_SIZE


def test_next_hints_follow_the_schedule():
    t = table(first_dealer=2)
    state = GAME.initial_state(t)
    assert state.next == {"round": 1, "dealer": 2, "cards": 1, "kind": "normal"}
    seen = []
    for number in range(1, ROUNDS + 1):
        seen.append((state.next["round"], state.next["dealer"], state.next["cards"], state.next["kind"]))
        state = GAME.play(t, state, quiet_round(number, 4))
    assert seen[4] == (5, 2, 5, "trump_choice")
    assert seen[9] == (10, 3, 10, "blind_bid")
    assert seen[18] == (19, 0, 1, "forehead")
    assert state.finished and state.next is None


# --------------------------------------------------------------------------- worked example


def test_spec_worked_example_round_4():
    t = table()
    state = GAME.replay(t, [quiet_round(r, 4) for r in (1, 2, 3)])
    assert state.next == {"round": 4, "dealer": 3, "cards": 4, "kind": "normal"}
    before = state.totals
    state = GAME.play(t, state, {"trump": "hearts", "bids": [1, 0, 2, 2], "tricks": [1, 1, 2, 0]})
    score = state.rounds[-1].score
    assert score.scores == (11, 1, 12, 0)
    assert score.explanation == (
        "called 1, took 1: exact, 10 + 1 = 11",
        "called 0, took 1: missed, 1",
        "called 2, took 2: exact, 10 + 2 = 12",
        "called 2, took 0: missed, 0",
    )
    assert state.totals == tuple(b + s for b, s in zip(before, (11, 1, 12, 0)))


# --------------------------------------------------------------------------- scoring schemes


@pytest.mark.parametrize(
    ("scoring", "bids", "tricks", "scores", "explanations"),
    [
        (
            "stiche_raten", [1, 0, 2, 2], [1, 1, 2, 0], (11, 1, 12, 0),
            ("called 1, took 1: exact, 10 + 1 = 11", "called 0, took 1: missed, 1",
             "called 2, took 2: exact, 10 + 2 = 12", "called 2, took 0: missed, 0"),
        ),
        (
            "stiche_raten", [0, 0, 4, 1], [0, 0, 4, 0], (10, 10, 14, 0),
            ("called 0, took 0: exact, 10 + 0 = 10", "called 0, took 0: exact, 10 + 0 = 10",
             "called 4, took 4: exact, 10 + 4 = 14", "called 1, took 0: missed, 0"),
        ),
        (
            "wizard", [1, 0, 2, 2], [1, 1, 2, 0], (30, -10, 40, -20),
            ("called 1, took 1: exact, 20 + 10 × 1 = 30", "called 0, took 1: missed, -10 × 1 = -10",
             "called 2, took 2: exact, 20 + 10 × 2 = 40", "called 2, took 0: missed, -10 × 2 = -20"),
        ),
        (
            "wizard", [0, 0, 4, 1], [0, 0, 0, 4], (20, 20, -40, -30),
            ("called 0, took 0: exact, 20 + 10 × 0 = 20", "called 0, took 0: exact, 20 + 10 × 0 = 20",
             "called 4, took 0: missed, -10 × 4 = -40", "called 1, took 4: missed, -10 × 3 = -30"),
        ),
        (
            "oh_hell", [1, 0, 2, 2], [1, 1, 2, 0], (11, 0, 12, 0),
            ("called 1, took 1: exact, 10 + 1 = 11", "called 0, took 1: missed, 0",
             "called 2, took 2: exact, 10 + 2 = 12", "called 2, took 0: missed, 0"),
        ),
        (
            "oh_hell", [0, 0, 4, 1], [0, 0, 3, 1], (10, 10, 0, 11),
            ("called 0, took 0: exact, 10 + 0 = 10", "called 0, took 0: exact, 10 + 0 = 10",
             "called 4, took 3: missed, 0", "called 1, took 1: exact, 10 + 1 = 11"),
        ),
    ],
)
def test_scoring_schemes(scoring, bids, tricks, scores, explanations):
    t = table(scoring=scoring)
    state = play_round(t, 4, {"bids": bids, "tricks": tricks})
    assert state.rounds[-1].score.scores == scores
    assert state.rounds[-1].score.explanation == explanations


def test_unknown_scoring_is_refused():
    with pytest.raises(OptionError) as caught:
        table(scoring="bridge")
    assert caught.value.code == "option_choice"


# --------------------------------------------------------------------------- special rounds: trump


@pytest.mark.parametrize(
    ("number", "trump", "allowed"),
    [
        *[(n, suit, True) for n in (1, 4, 5, 10, 15, 19) for suit in ("clubs", "diamonds", "hearts", "spades")],
        *[(n, None, True) for n in (1, 5, 7, 10, 13, 15, 19)],
        *[(n, "none", False) for n in (1, 4, 5, 10, 15, 19)],
        (7, "none", True),
        (13, "none", True),
        *[(n, suit, False) for n in (7, 13) for suit in ("clubs", "hearts")],
        (1, "Hearts", False),
        (7, "None", False),
        (4, 3, False),
        (7, ["none"], False),
    ],
)
def test_trump_per_kind_of_round(number, trump, allowed):
    t = table()
    raw = quiet_round(number, 4)
    if trump is not None:
        raw["trump"] = trump
    state = state_before(t, number)
    if allowed:
        assert GAME.play(t, state, raw).rounds[-1].number == number
    else:
        with pytest.raises(RoundError) as caught:
            GAME.play(t, state, raw)
        assert (caught.value.code, caught.value.field) == ("trump", "trump")


def test_trump_null_counts_as_absent():
    t = table()
    for number in (1, 5, 7):
        raw = {**quiet_round(number, 4), "trump": None}
        assert GAME.play(t, state_before(t, number), raw).rounds[-1].number == number


@pytest.mark.parametrize(
    ("number", "message"),
    [
        (5, "no trump is not allowed"),
        (15, "no trump is not allowed"),
        (1, "the turned-up card sets trump"),
    ],
)
def test_no_trump_refusal_says_why(number, message):
    t = table()
    with pytest.raises(RoundError, match=message):
        GAME.play(t, state_before(t, number), {**quiet_round(number, 4), "trump": "none"})


def test_suit_in_no_trump_round_says_why():
    t = table()
    with pytest.raises(RoundError, match="played without trump: trump must be none or left out, got 'spades'"):
        GAME.play(t, state_before(t, 7), {**quiet_round(7, 4), "trump": "spades"})


@pytest.mark.parametrize(
    ("number", "chooser", "allowed"),
    [
        (5, 0, True),
        (5, 3, True),
        (15, 2, True),
        (5, None, True),
        (1, None, True),
        (7, None, True),
        (1, 0, False),
        (7, 1, False),
        (10, 1, False),
        (19, 2, False),
    ],
)
def test_trump_chooser_only_in_rounds_5_and_15(number, chooser, allowed):
    t = table()
    raw = {**quiet_round(number, 4), "trump": None if number in (7, 13) else "clubs", "trump_chooser": chooser}
    state = state_before(t, number)
    if allowed:
        assert GAME.play(t, state, raw).rounds[-1].number == number
    else:
        with pytest.raises(RoundError, match="only recorded in rounds 5 and 15") as caught:
            GAME.play(t, state, raw)
        assert (caught.value.code, caught.value.field) == ("trump_chooser_round", "trump_chooser")


@pytest.mark.parametrize("chooser", [4, -1, "Ann", True, 1.0])
def test_trump_chooser_must_be_a_seat(chooser):
    t = table()
    with pytest.raises(RoundError) as caught:
        GAME.play(t, state_before(t, 5), {**quiet_round(5, 4), "trump_chooser": chooser})
    assert caught.value.field == "trump_chooser"


def test_forehead_round_calls_are_0_or_1():
    t = table()
    state = state_before(t, 19)
    assert state.next["kind"] == "forehead"
    # dealer of round 19 with 4 players from seat 0 is seat 2 (Cid)
    assert state.next["dealer"] == 2
    accepted = GAME.play(t, state, {"trump": "hearts", "bids": [0, 0, 0, 0], "tricks": [0, 0, 1, 0]})
    assert accepted.rounds[-1].score.scores == (10, 10, 1, 10)
    accepted = GAME.play(t, state, {"bids": [1, 1, 0, 0], "tricks": [1, 0, 0, 0]})
    assert accepted.rounds[-1].score.scores == (11, 0, 10, 10)
    with pytest.raises(RoundError, match="bids of Bob must be at most 1, got 2"):
        GAME.play(t, state, {"bids": [0, 2, 0, 0], "tricks": [1, 0, 0, 0]})
    with pytest.raises(RoundError, match="the dealer Cid may not call 1: the calls would add up to 1"):
        GAME.play(t, state, {"bids": [0, 0, 1, 0], "tricks": [1, 0, 0, 0]})


def test_blind_bid_round_is_scored_as_usual():
    t = table()
    state = GAME.play(t, state_before(t, 10), {
        "trump": "diamonds", "bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 1],
    })
    assert state.rounds[-1].score.scores == (13, 13, 13, 1)


# --------------------------------------------------------------------------- the dealer's rule


@pytest.mark.parametrize(
    ("players", "first_dealer", "number", "bids", "message"),
    [
        (FOUR, 0, 4, [1, 0, 1, 2], "the dealer Dan may not call 2: the calls would add up to 4"),
        (FOUR, 0, 4, [4, 0, 0, 0], "the dealer Dan may not call 0: the calls would add up to 4"),
        (FOUR, 0, 1, [0, 0, 0, 1], "the dealer Ann may not call 0: the calls would add up to 1"),
        (FOUR, 1, 1, [0, 0, 0, 1], "the dealer Bob may not call 0: the calls would add up to 1"),
        (FOUR, 0, 2, [0, 2, 0, 0], "the dealer Bob may not call 2: the calls would add up to 2"),
        (SIX, 0, 10, [2, 2, 2, 2, 1, 1], "the dealer Dan may not call 2: the calls would add up to 10"),
        (("Ann", "Bob", "Cid"), 2, 3, [1, 1, 1], "the dealer Bob may not call 1: the calls would add up to 3"),
    ],
)
def test_dealer_may_not_make_the_calls_add_up(players, first_dealer, number, bids, message):
    t = table(players, first_dealer=first_dealer)
    cards = cards_in_round(number)
    raw = {"bids": bids, "tricks": [cards] + [0] * (len(players) - 1)}
    with pytest.raises(RoundError) as caught:
        GAME.play(t, state_before(t, number), raw)
    assert caught.value.message == message
    assert caught.value.code == "dealer_call"
    assert caught.value.field == f"bids.{t.dealer(number)}"


@pytest.mark.parametrize(
    ("cards", "others", "forbidden"),
    [
        (4, [1, 0, 1], 2),
        (4, [0, 0, 0], 4),
        (4, [4, 0, 0], 0),
        (4, [3, 2, 0], None),
        (1, [0, 0], 1),
        (1, [1, 0], 0),
        (1, [1, 1], None),
        (10, [], 10),
    ],
)
def test_forbidden_dealer_call(cards, others, forbidden):
    assert forbidden_dealer_call(cards, others) == forbidden


# --------------------------------------------------------------------------- a full match


def test_full_match_ends_after_round_19_with_the_highest_total():
    t = table(("Ann", "Bob", "Cid"))
    state = GAME.initial_state(t)
    for number in range(1, ROUNDS + 1):
        cards = cards_in_round(number)
        # Ann and Bob call 0 and take nothing: 10 each; Cid calls everything but takes all.
        state = GAME.play(t, state, {"bids": [0, 0, cards - 1] if cards > 1 else [0, 0, 0],
                                     "tricks": [0, 0, cards]})
        assert state.finished == (number == ROUNDS)
    assert state.totals[0] == state.totals[1] == 190
    assert state.winners == (0, 1)
    assert state.next is None
    with pytest.raises(MatchFinishedError) as caught:
        GAME.play(t, state, quiet_round(1, 3))
    assert caught.value.code == "match_finished"


def test_full_match_single_winner_with_replay():
    t = table(FOUR, scoring="wizard")
    inputs = []
    for number in range(1, ROUNDS + 1):
        cards = cards_in_round(number)
        # Bob calls 0 and makes it every round; the others call 0 and seat 0 takes all
        inputs.append({"bids": [0, 0, 0, 0], "tricks": [cards, 0, 0, 0]})
    state = GAME.replay(t, inputs)
    assert state.finished
    # Ann: -10 x cards each round; Bob, Cid, Dan: 20 each round
    assert state.totals == (-10 * 100, 380, 380, 380)
    assert state.winners == (1, 2, 3)
    with pytest.raises(RoundError) as caught:
        GAME.replay(t, [*inputs, inputs[0]])
    assert caught.value.code == "match_ends_early"


def test_match_not_finished_before_round_19():
    t = table()
    state = GAME.replay(t, [quiet_round(r, 4) for r in range(1, ROUNDS)])
    assert not state.finished
    assert state.winners == ()
    assert state.next["round"] == 19


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("raw", "code", "fragment"),
    [
        (None, "round_type", "a round must be a JSON object"),
        ([1, 2], "round_type", "JSON object"),
        ("bids", "round_type", "JSON object"),
        ({"tricks": [4, 0, 0, 0]}, "field_missing", "bids is required"),
        ({"bids": [0, 0, 0, 0]}, "field_missing", "tricks is required"),
        ({"bids": [0, 0, 0, 0], "tricks": None}, "type", "tricks must be a list"),
        ({"bids": [0, 0, 0, 0], "tricks": [4, 0, 0, 0], "trumps": "hearts"}, "field_unknown", "'trumps'"),
        ({"bids": [0, 0, 0], "tricks": [4, 0, 0, 0]}, "length", "bids must have 4 entries"),
        ({"bids": [0, 0, 0, 5], "tricks": [4, 0, 0, 0]}, "range", "bids of Dan must be at most 4, got 5"),
        ({"bids": [0, -1, 0, 0], "tricks": [4, 0, 0, 0]}, "range", "bids of Bob must be at least 0"),
        ({"bids": [0, True, 0, 0], "tricks": [4, 0, 0, 0]}, "type", "bids of Bob must be a whole number"),
        ({"bids": [0, 1.0, 0, 0], "tricks": [4, 0, 0, 0]}, "type", "bids of Bob must be a whole number"),
        ({"bids": "0000", "tricks": [4, 0, 0, 0]}, "type", "bids must be a list"),
        ({"bids": [0, 0, 0, 0], "tricks": [3, 0, 0, 0]}, "tricks_sum", "tricks must add up to 4, got 3"),
        ({"bids": [0, 0, 0, 0], "tricks": [5, 0, 0, -1]}, "range", "tricks of Ann must be at most 4"),
        ({"bids": [1, 1, 1, 1], "tricks": [1, 1, 1, 1]}, "dealer_call", "the dealer Dan may not call 1"),
        ({"bids": [0, 0, 0, 0], "tricks": [4, 0, 0, 0], "trump": "none"}, "trump", "got 'none'"),
        ({"bids": [0, 0, 0, 0], "tricks": [4, 0, 0, 0], "trump": {"suit": "hearts"}}, "trump", "trump must be"),
        ({"bids": [0, 0, 0, 0], "tricks": [4, 0, 0, 0], "trump_chooser": 1}, "trump_chooser_round",
         "only recorded in rounds 5 and 15"),
    ],
)
def test_refusals_in_round_4(raw, code, fragment):
    t = table()
    with pytest.raises(RoundError) as caught:
        GAME.play(t, state_before(t, 4), raw)
    assert caught.value.code == code
    assert fragment in caught.value.message


@pytest.mark.parametrize("players", [("Ann", "Bob"), tuple("ABCDEFG")])
def test_player_count_refused(players):
    with pytest.raises(OptionError) as caught:
        GAME.table(players)
    assert caught.value.code == "player_count"


# --------------------------------------------------------------------------- properties


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_dealer_rule_holds_in_every_generated_round(data):
    n = data.draw(st.integers(3, 6), label="players")
    first_dealer = data.draw(st.integers(0, n - 1), label="first_dealer")
    number = data.draw(st.integers(1, ROUNDS), label="round")
    cards = cards_in_round(number)
    bids = data.draw(st.lists(st.integers(0, cards), min_size=n, max_size=n), label="bids")
    taker = data.draw(st.integers(0, n - 1), label="taker")
    tricks = [cards if seat == taker else 0 for seat in range(n)]
    t = GAME.table(SIX[:n], {"first_dealer": first_dealer})
    state = GAME.replay(t, [quiet_round(r, n) for r in range(1, number)])
    dealer = t.dealer(number)
    others = [bid for seat, bid in enumerate(bids) if seat != dealer]
    raw = {"bids": bids, "tricks": tricks}
    if sum(bids) == cards:
        with pytest.raises(RoundError) as caught:
            GAME.play(t, state, raw)
        assert caught.value.code == "dealer_call"
        assert forbidden_dealer_call(cards, others) == bids[dealer]
    else:
        after = GAME.play(t, state, raw)
        assert after.rounds[-1].number == number
        assert forbidden_dealer_call(cards, others) != bids[dealer]


json_like = json_like_values(["clubs", "diamonds", "hearts", "spades", "none"])
round_like = st.fixed_dictionaries(
    {},
    optional={
        "bids": json_like | st.lists(st.integers(-2, 12), min_size=0, max_size=7),
        "tricks": json_like | st.lists(st.integers(-2, 12), min_size=0, max_size=7),
        "trump": json_like | st.sampled_from(["clubs", "diamonds", "hearts", "spades", "none"]),
        "trump_chooser": json_like | st.integers(-1, 7),
    },
)


@settings(max_examples=200, deadline=None)
@given(raw=json_like | round_like, number=st.sampled_from([1, 4, 5, 7, 19]))
def test_garbage_only_ever_raises_round_error(raw, number):
    t = table()
    state = STATES[number]
    try:
        GAME.play(t, state, raw)
    except RoundError:
        pass


STATES = {number: state_before(table(), number) for number in (1, 4, 5, 7, 19)}
