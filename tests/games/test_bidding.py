"""The bidding half of a round: it checks and scores exactly as the same whole round, for every game with bidding."""
from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.games import RoundError, all_games, get_game
from scorekeeper.games.base import MatchState, RuleError, Table

from .legal_rounds import generator_for
from .legal_rounds import spades_round as plain_spades_round

BIDDING_GAMES = [game for game in all_games() if game.has_bidding]
NO_BIDDING_GAMES = [game for game in all_games() if not game.has_bidding]
SUITS = ["clubs", "diamonds", "hearts", "spades"]


def spades_round(rng: random.Random, table: Table, state: MatchState) -> dict[str, Any]:
    """The shared legal Spades rounds plus what they leave out: blind nils and special calls."""
    raw = plain_spades_round(rng, table, state)
    if rng.random() < 0.2:
        raw["bids"][rng.randrange(4)] = "blind_nil"
    if table.options["special_calls"] and rng.random() < 0.3:
        side = rng.randrange(2)
        calls: list[str | None] = [None, None]
        calls[side] = rng.choice(table.options["special_calls"])
        raw["calls"] = calls
        for seat in table.sides[side]:
            raw["bids"][seat] = None
    return raw


GENERATORS = {game.id: generator_for(game)[2] for game in all_games()}
GENERATORS["spades"] = spades_round
OPTIONS = {
    "nwik": [{}],
    "willi-stich": [{}, {"scoring": "wizard"}],
    "spades": [
        {},
        {"blind_nil_deficit": None, "nil_per_side": 2, "special_calls": ["blind_seven", "ten_for_200", "moon"]},
        {"preset": "classic", "target": 150},
        # House rules that refuse biddings: someone must lose, a minimum team bid.
        {"bids_total_13": False, "min_team_bid": 5, "nil_per_side": 2, "blind_nil_deficit": None},
    ],
}


def players(game, rng: random.Random) -> list[str]:
    count = rng.choice(generator_for(game)[0])
    return ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"][:count]


def legal_round(game, rng: random.Random, table: Table, state: MatchState) -> dict[str, Any]:
    for _attempt in range(500):
        raw = GENERATORS[game.id](rng, table, state)
        try:
            game.play(table, state, raw)
        except RuleError:
            continue
        return raw
    raise AssertionError(f"no legal {game.id} round found")


def match_so_far(game, rng: random.Random) -> tuple[Table, MatchState]:
    """A match at a random point before its end, reached by legal rounds."""
    table = game.table(players(game, rng), dict(rng.choice(OPTIONS.get(game.id, [{}]))))
    state = game.initial_state(table)
    for _ in range(rng.randrange(25)):
        raw = legal_round(game, rng, table, state)
        after = game.play(table, state, raw)
        if after.finished:
            break
        state = after
    return table, state


def halves(game, raw: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    fields = (*game.bidding_required, *game.bidding_optional)
    return (
        {key: value for key, value in raw.items() if key in fields},
        {key: value for key, value in raw.items() if key not in fields},
    )


def refusal(call) -> tuple[str, str, str | None] | None:
    try:
        call()
    except RoundError as error:
        return error.message, error.code, error.field
    return None


# --------------------------------------------------------------------------- properties

ROUNDS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("game", BIDDING_GAMES, ids=lambda game: game.id)
@ROUNDS
@given(seed=st.integers(0, 2**32))
def test_bidding_plus_hand_scores_as_the_whole_round(game, seed):
    rng = random.Random(seed)
    table, state = match_so_far(game, rng)
    raw = legal_round(game, rng, table, state)
    bidding, hand = halves(game, raw)

    view = game.validate_bidding(table, state, bidding)
    whole = game.play(table, state, raw)
    completed = game.play(table, state, game.with_bidding(bidding, hand))

    assert completed.rounds[-1].score == whole.rounds[-1].score
    assert completed.totals == whole.totals
    assert completed.next == whole.next and completed.details == whole.details
    assert view.round == state.next_round and view.dealer == state.next["dealer"]
    assert sorted(view.calling_order) == sorted(set(view.calling_order))
    assert len(view.targets) == table.n
    # A whole round sent while a bidding is stored stands on its own.
    assert game.with_bidding(bidding, raw) == raw


def wild_bidding(game, rng: random.Random, table: Table, state: MatchState, legal: dict[str, Any]) -> dict[str, Any]:
    """A legal bidding with one or two fields replaced by values near (and past) the edges."""
    bidding, _hand = halves(game, legal)
    cards = state.next.get("cards", 13)
    domains = {
        "style": [0, 1, 2, 3, 4, 5, 6, 7, None, "1"],
        "stake": [0, 1, 2, 3, 4, 5, 6, 7, None],
        "acting_style": [None, 0, 1, 2, 3, 4, 5, 6],
        "trump": [None, "none", "x", *SUITS],
        "vip_card": [None, 0, 1, 2, 3, 4],
        "trump_chooser": [None, -1, 0, 1, 2, 7],
        "calls": [None, [None, None], ["moon", None], [None, "blind_seven"], ["ten_for_200", None], ["x"], "moon"],
    }
    for _ in range(rng.randint(1, 2)):
        key = rng.choice([*game.bidding_required, *game.bidding_optional])
        if key == "bids":
            bids = list(bidding.get("bids") or [0] * table.n)
            choices = [None, -1, 0, 1, 2, 3, cards, cards + 1, "nil", "blind_nil", "x"]
            bids[rng.randrange(table.n)] = rng.choice(choices)
            bidding["bids"] = bids
        else:
            value = rng.choice(domains[key])
            if value is None and key not in game.bidding_required and rng.random() < 0.5:
                bidding.pop(key, None)
            else:
                bidding[key] = value
    return bidding


@pytest.mark.parametrize("game", BIDDING_GAMES, ids=lambda game: game.id)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_a_bidding_is_refused_exactly_as_the_whole_round(game, seed):
    rng = random.Random(seed)
    table, state = match_so_far(game, rng)
    legal = legal_round(game, rng, table, state)
    bidding = wild_bidding(game, rng, table, state, legal)
    _bid, hand = halves(game, legal)

    as_bidding = refusal(lambda: game.validate_bidding(table, state, bidding))
    as_round = refusal(lambda: game.play(table, state, {**bidding, **hand}))
    assert as_bidding == as_round


@pytest.mark.parametrize("game", BIDDING_GAMES, ids=lambda game: game.id)
def test_a_field_given_in_both_halves_must_agree(game):
    rng = random.Random(3)
    table, state = match_so_far(game, rng)
    bidding, hand = halves(game, legal_round(game, rng, table, state))
    optional = [name for name in game.bidding_optional if name in bidding]
    if not optional:
        bidding[game.bidding_optional[0]] = None
        optional = [game.bidding_optional[0]]
    key = optional[0]
    # The same value twice is fine; a different one is refused with the field named.
    assert game.with_bidding(bidding, {**hand, key: bidding[key]}) == {**bidding, **hand}
    with pytest.raises(RoundError) as refused:
        game.with_bidding(bidding, {**hand, key: "something else"})
    assert refused.value.code == "bidding_conflict" and refused.value.field == key


@pytest.mark.parametrize("game", NO_BIDDING_GAMES, ids=lambda game: game.id)
def test_games_without_bidding_say_so(game):
    table = game.table(["Ann", "Bob", "Cid", "Dee"][: max(game.min_players, 2)])
    state = game.initial_state(table)
    assert game.bidding_required == ()
    with pytest.raises(RoundError) as refused:
        game.validate_bidding(table, state, {})
    assert refused.value.code == "no_bidding"
    # Without a bidding, a hand is just the whole round.
    assert game.with_bidding(None, {"tricks": [1]}) == {"tricks": [1]}


@pytest.mark.parametrize("game", BIDDING_GAMES, ids=lambda game: game.id)
def test_a_finished_match_takes_no_bidding(game):
    rng = random.Random(11)
    table = game.table(players(game, rng), {"target": 50} if game.id == "spades" else {})
    state = game.initial_state(table)
    while not state.finished:
        state = game.play(table, state, legal_round(game, rng, table, state))
    with pytest.raises(RuleError) as refused:
        game.validate_bidding(table, state, {"bids": [1, 1, 1, 1]})
    assert refused.value.code == "match_finished"


# --------------------------------------------------------------------------- worked cases

NWIK = get_game("nwik")
SPADES = get_game("spades")
WILLI = get_game("willi-stich")


@pytest.mark.parametrize(
    ("bidding", "leader", "targets", "calling_order", "stake"),
    [
        # The spec's round 1 (3 players, dealer 0, Bidder 1): VIP with the 2nd card, S = 8.
        ({"style": 5, "stake": 4, "vip_card": 2}, 1, (3, 6, 4), (1,), 8),
        # Bidder 1 passes with stake 3; Acting Bidder 2 plays style 2: roles move on by one.
        ({"style": 6, "stake": 3, "acting_style": 2, "trump": "clubs"}, 2, (4, 3, 6), (1, 2), 3),
        # No Tricks reverses the targets: the Bidder aims at 3 tricks.
        ({"style": 4, "stake": 2}, 1, (6, 3, 4), (1,), 2),
    ],
)
def test_nwik_play_view(bidding, leader, targets, calling_order, stake):
    table = NWIK.table(["Ann", "Bob", "Cid"])
    view = NWIK.validate_bidding(table, NWIK.initial_state(table), bidding)
    assert (view.leader, view.targets, view.calling_order) == (leader, targets, calling_order)
    assert view.details["effective_stake"] == stake
    assert view.dealer == 0 and view.dealer_may_not_call is None


def test_nwik_swap_allowance_follows_the_roles():
    table = NWIK.table(["Ann", "Bob"])
    view = NWIK.validate_bidding(table, NWIK.initial_state(table), {"style": 1, "stake": 1})
    # Two players: Bidder seat 1 swaps 7 and aims at 10; seat 0 swaps 4, aims at 7.
    assert view.details["swap"] == [4, 7] and view.targets == (7, 10)


@pytest.mark.parametrize(
    ("bidding", "code", "field"),
    [
        ({"style": 6, "stake": 2}, "acting_style_missing", "acting_style"),
        ({"style": 2, "stake": 2}, "trump_missing", "trump"),
        ({"style": 2, "stake": 2, "trump": "spades"}, "trump_spades", "trump"),
        ({"style": 5, "stake": 2}, "vip_card_missing", "vip_card"),
        ({"style": 1, "stake": 9}, "range", "stake"),
        ({"style": 1}, "field_missing", "stake"),
        ({"style": 1, "stake": 1, "tricks": [4, 4, 5]}, "field_unknown", "tricks"),
    ],
)
def test_nwik_bad_biddings(bidding, code, field):
    table = NWIK.table(["Ann", "Bob", "Cid"])
    with pytest.raises(RoundError) as refused:
        NWIK.validate_bidding(table, NWIK.initial_state(table), bidding)
    assert (refused.value.code, refused.value.field) == (code, field)


def test_nwik_used_stake_is_refused_with_the_whole_rounds_words():
    table = NWIK.table(["Ann", "Bob", "Cid"])
    state = NWIK.initial_state(table)
    for _ in range(3):
        state = NWIK.play(table, state, {"style": 3, "stake": 4, "tricks": [4, 4, 5]})
    with pytest.raises(RoundError) as refused:
        NWIK.validate_bidding(table, state, {"style": 1, "stake": 4})
    assert refused.value.message == "Bob has already used stake 4; still free: 1, 2, 3, 5, 6"


@pytest.mark.parametrize(
    ("bidding", "targets", "side_targets", "options"),
    [
        ({"bids": [4, "nil", 3, 2]}, (4, 0, 3, 2), [7, 2], {}),
        ({"bids": [None, 2, None, 3], "calls": ["blind_seven", None]}, (None, 2, None, 3), [7, 5], {"special_calls": ["blind_seven"]}),
        ({"bids": ["nil", "nil", 5, 3], "calls": None}, (0, 0, 5, 3), [5, 3], {}),
        ({"bids": ["nil", 4, "nil", 2]}, (0, 4, 0, 2), [None, 6], {"nil_per_side": 2}),
    ],
)
def test_spades_play_view(bidding, targets, side_targets, options):
    table = SPADES.table(["Ann", "Bob", "Cid", "Dee"], options)
    view = SPADES.validate_bidding(table, SPADES.initial_state(table), bidding)
    assert view.targets == targets and view.details["side_targets"] == side_targets
    # Everyone plays their lowest club to the first trick: nobody leads it.
    assert view.leader is None and view.calling_order == (1, 2, 3, 0)


@pytest.mark.parametrize(
    ("bidding", "code", "options"),
    [
        ({"bids": ["blind_nil", 4, 3, 2]}, "blind_nil_not_allowed", {}),
        ({"bids": [0, 4, 0, 2]}, "contract_range", {}),
        ({"bids": ["nil", 4, "nil", 2]}, "nil_per_side", {}),
        ({"bids": [None, 4, 3, 2]}, "bid_missing", {}),
        ({"bids": [None, 4, None, 2], "calls": ["moon", None]}, "call_not_enabled", {}),
        ({"bids": [1, 4, 3, 2], "tricks": [1, 4, 3, 5]}, "field_unknown", {}),
        # House rules: someone must lose (4 + 3 + 3 + 3 = 13), a minimum team bid of 5.
        ({"bids": [4, 3, 3, 3]}, "bids_total_13", {"bids_total_13": False}),
        ({"bids": [2, 3, 2, 3]}, "min_team_bid", {"min_team_bid": 5}),
    ],
)
def test_spades_bad_biddings(bidding, code, options):
    table = SPADES.table(["Ann", "Bob", "Cid", "Dee"], options)
    state = SPADES.initial_state(table)
    with pytest.raises(RoundError) as refused:
        SPADES.validate_bidding(table, state, bidding)
    assert refused.value.code == code
    if "tricks" not in bidding:
        # The whole round with any hand is refused with the very same words.
        with pytest.raises(RoundError) as whole:
            SPADES.play(table, state, {**bidding, "tricks": [4, 3, 3, 3]})
        assert whole.value.message == refused.value.message


@pytest.mark.parametrize(
    ("first_dealer", "bids", "order", "forbidden"),
    [
        # Round 1, one card: dealer 0 calls last; the others called 1, so 0 was forbidden.
        (0, [1, 1, 0, 0], (1, 2, 3, 0), 0),
        # Others called more than the one card: every call was allowed.
        (2, [1, 1, 0, 1], (3, 0, 1, 2), None),
    ],
)
def test_willi_stich_play_view(first_dealer, bids, order, forbidden):
    table = WILLI.table(["Ann", "Bob", "Cid", "Dee"], {"first_dealer": first_dealer})
    view = WILLI.validate_bidding(table, WILLI.initial_state(table), {"bids": bids, "trump": "hearts"})
    assert view.calling_order == order and view.calling_order[-1] == first_dealer
    assert view.leader == order[0] and view.targets == tuple(bids)
    assert view.dealer_may_not_call == forbidden
    assert view.details["calls_over_cards"] == sum(bids) - 1


def test_willi_stich_dealers_call_is_refused_with_the_whole_rounds_words():
    table = WILLI.table(["Ann", "Bob", "Cid", "Dee"])
    with pytest.raises(RoundError) as refused:
        WILLI.validate_bidding(table, WILLI.initial_state(table), {"bids": [1, 0, 0, 0]})
    assert refused.value.message == "the dealer Ann may not call 1: the calls would add up to 1"
    assert refused.value.field == "bids.0"


def test_willi_stich_trump_may_come_with_the_hand_in_the_blind_round():
    table = WILLI.table(["Ann", "Bob", "Cid"])
    state = WILLI.initial_state(table)
    for number in range(1, 10):
        cards = number
        state = WILLI.play(table, state, {"bids": [0, 0, 0], "tricks": [cards, 0, 0]})
    # Round 10: calls before the deal, trump turned up afterwards.
    WILLI.validate_bidding(table, state, {"bids": [3, 3, 3]})
    whole = WILLI.with_bidding({"bids": [3, 3, 3]}, {"tricks": [4, 3, 3], "trump": "clubs"})
    assert whole == {"bids": [3, 3, 3], "tricks": [4, 3, 3], "trump": "clubs"}
    assert WILLI.play(table, state, whole).rounds[-1].score.scores == (4, 13, 13)


def test_the_games_with_a_bidding_phase():
    assert {game.id for game in BIDDING_GAMES} == {"nwik", "spades", "willi-stich"}
