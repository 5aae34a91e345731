"""Spades' house rules: the minimum team bid, "someone must lose" and failed-nil bags, as
worked examples in tables and properties where they fit."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.games import OptionError, RoundError, get_game

SPADES = get_game("spades")
SPADES_PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
# The options failed-nil bags needs (a nil bidder's tricks count for nothing else).
NIL_BAGS = {"preset": "classic", "failed_nil_bags": True}


def spades_hand(bids, tricks, calls=None):
    raw = {"bids": bids, "tricks": tricks}
    if calls is not None:
        raw["calls"] = calls
    return raw


def spades_play(options, hands):
    return SPADES.replay(SPADES.table(SPADES_PLAYERS, options), hands)


def refusal(game, players, options, earlier, raw) -> RoundError:
    table = game.table(players, options)
    state = game.replay(table, earlier)
    with pytest.raises(RoundError) as caught:
        game.play(table, state, raw)
    return caught.value



# --------------------------------------------------------------------------- catalogue


def test_spades_options_in_the_catalogue():
    options = {option["name"]: option for option in SPADES.describe()["options"]}
    assert options["min_team_bid"] | {"description": ""} == {
        "name": "min_team_bid", "type": "int", "default": 0, "minimum": 0, "maximum": 13,
        "nullable": False, "description": "",
    }
    assert (options["bids_total_13"]["type"], options["bids_total_13"]["default"]) == ("bool", True)
    assert (options["failed_nil_bags"]["type"], options["failed_nil_bags"]["default"]) == ("bool", False)


# --------------------------------------------------------------------------- min_team_bid

MIN_TEAM_BID = [
    # (options, hand, refused?, scores when allowed)
    pytest.param({"min_team_bid": 4}, spades_hand([2, 3, 2, 2], [4, 3, 3, 3]), None, (43, 51), id="4-is-enough"),
    pytest.param({"min_team_bid": 5}, spades_hand([2, 3, 2, 2], [4, 3, 3, 3]), "Ann & Cid's contract is 4", None,
                 id="4-below-5"),
    pytest.param({"min_team_bid": 6}, spades_hand([6, 3, 0, 2], [4, 3, 3, 3]), "Bob & Dee's contract is 5", None,
                 id="second-side-checked"),
    pytest.param({"min_team_bid": 5}, spades_hand(["nil", 4, 2, 4], [0, 5, 3, 5]), None, (71, 82),
                 id="a-nil-side-is-exempt"),
    pytest.param({"min_team_bid": 7, "special_calls": ["blind_seven"]},
                 spades_hand([None, 4, None, 3], [4, 3, 3, 3], ["blind_seven", None]), None, (140, -70),
                 id="a-special-call-is-exempt"),
    pytest.param({"min_team_bid": 0}, spades_hand([1, 6, 0, 6], [1, 6, 0, 6]), None, (10, 120), id="0-no-minimum"),
    pytest.param({"min_team_bid": 13}, spades_hand([13, 13, 0, 0], [13, 0, 0, 0]), None, (130, -130),
                 id="13-both-at-13"),
]


@pytest.mark.parametrize(("options", "raw", "refused", "scores"), MIN_TEAM_BID)
def test_min_team_bid(options, raw, refused, scores):
    if refused is None:
        assert spades_play(options, [raw]).rounds[0].score.scores == scores
        return
    error = refusal(SPADES, SPADES_PLAYERS, options, [], raw)
    assert (error.code, error.field) == ("min_team_bid", "bids")
    assert refused in error.message
    assert "minimum team bid is" in error.message and "(house rule)" in error.message


@settings(max_examples=200, deadline=None)
@given(minimum=st.integers(0, 13), first=st.integers(0, 13), second=st.integers(0, 13), nil=st.booleans())
def test_min_team_bid_refuses_exactly_the_contracts_below_it(minimum, first, second, nil):
    """Side 0 bids `first` (+ a nil when `nil`), side 1 `second` on one partner."""
    bids = [first, max(second, 1), "nil" if nil else 0, 0]
    contract = first
    if contract < 1 or contract > 13:
        return
    raw = spades_hand(bids, [13, 0, 0, 0] if not nil else [0, 13, 0, 0])
    table = SPADES.table(SPADES_PLAYERS, {"min_team_bid": minimum})
    state = SPADES.initial_state(table)
    expect_refused = (not nil and contract < minimum) or max(second, 1) < minimum
    try:
        SPADES.play(table, state, raw)
    except RoundError as error:
        assert expect_refused and error.code == "min_team_bid"
    else:
        assert not expect_refused


# --------------------------------------------------------------------------- bids_total_13

BIDS_TOTAL = [
    # (options, hand, refused?)
    pytest.param({"bids_total_13": False}, spades_hand([4, 3, 3, 3], [4, 3, 3, 3]), True, id="13-refused"),
    pytest.param({"bids_total_13": False}, spades_hand([4, 3, 3, 2], [4, 3, 3, 3]), False, id="12-allowed"),
    pytest.param({"bids_total_13": False}, spades_hand([5, 3, 3, 3], [4, 3, 3, 3]), False, id="14-allowed"),
    pytest.param({"bids_total_13": True}, spades_hand([4, 3, 3, 3], [4, 3, 3, 3]), False, id="default-13-allowed"),
    pytest.param({"bids_total_13": False}, spades_hand(["nil", 4, 9, 0], [0, 4, 9, 0]), True,
                 id="nil-counts-0-still-13"),
    pytest.param({"bids_total_13": False, "special_calls": ["moon"]},
                 spades_hand([None, 6, None, 7], [7, 0, 6, 0], ["moon", None]), True, id="call-counts-0-13"),
    pytest.param({"bids_total_13": False, "special_calls": ["moon"]},
                 spades_hand([None, 6, None, 6], [7, 0, 6, 0], ["moon", None]), False, id="call-counts-0-12"),
]


@pytest.mark.parametrize(("options", "raw", "refused"), BIDS_TOTAL)
def test_bids_total_13(options, raw, refused):
    if not refused:
        assert len(spades_play(options, [raw]).rounds) == 1
        return
    error = refusal(SPADES, SPADES_PLAYERS, options, [], raw)
    assert (error.code, error.field) == ("bids_total_13", "bids")
    assert error.message == "the bids add up to 13: in this match they may not (house rule: someone must lose)"


@settings(max_examples=200, deadline=None)
@given(bids=st.lists(st.integers(0, 6), min_size=4, max_size=4))
def test_someone_must_lose_refuses_exactly_a_total_of_13(bids):
    if bids[0] + bids[2] == 0 or bids[1] + bids[3] == 0:
        return  # a side's contract of 0 is refused by the contract rule, not this one
    table = SPADES.table(SPADES_PLAYERS, {"bids_total_13": False})
    try:
        SPADES.play(table, SPADES.initial_state(table), spades_hand(bids, [4, 3, 3, 3]))
    except RoundError as error:
        assert sum(bids) == 13 and error.code == "bids_total_13"
    else:
        assert sum(bids) != 13


# --------------------------------------------------------------------------- failed_nil_bags

FAILED_NIL_BAGS = [
    # (options, earlier hands, hand, scores, bags after, explanation of the nil side)
    pytest.param(
        NIL_BAGS, [], spades_hand([4, "nil", 3, 2], [5, 2, 4, 2]), (72, -80), [2, 2],
        "bid 2, took 2: +20; nil by Bob failed: -100; failed nil: 2 tricks, 2 bags (house rule)",
        id="failed-nil-2-tricks",
    ),
    pytest.param(
        NIL_BAGS, [], spades_hand([4, "nil", 3, 2], [4, 1, 4, 4]), (71, -78), [1, 3],
        "bid 2, took 4: +22, 2 bags; nil by Bob failed: -100; failed nil: 1 trick, 1 bag (house rule)",
        id="after-the-sides-own-overtricks",
    ),
    pytest.param(
        NIL_BAGS, [], spades_hand([4, "nil", 3, 2], [5, 0, 4, 4]), (72, 122), [2, 2],
        "bid 2, took 4: +22, 2 bags; nil by Bob made: +100", id="made-nil-no-bags",
    ),
    pytest.param(
        {**NIL_BAGS, "blind_nil_deficit": None}, [], spades_hand([4, "blind_nil", 3, 2], [4, 3, 4, 2]),
        (71, -180), [1, 3],
        "bid 2, took 2: +20; blind nil by Bob failed: -200; failed blind nil: 3 tricks, 3 bags (house rule)",
        id="failed-blind-nil",
    ),
    pytest.param(
        {**NIL_BAGS, "nil_per_side": 2}, [], spades_hand([7, "nil", 4, "nil"], [7, 1, 4, 1]), (110, -200), [0, 2],
        "no contract (both bid nil); nil by Bob failed: -100; nil by Dee failed: -100; "
        "failed nil: 1 trick, 1 bag (house rule); failed nil: 1 trick, 1 bag (house rule)",
        id="two-failed-nils",
    ),
    pytest.param(
        NIL_BAGS, [spades_hand([4, 1, 3, 0], [4, 9, 0, 0])], spades_hand([4, "nil", 3, 2], [4, 2, 4, 3]),
        (71, 21 - 100 - 100), [1, 1],
        "bid 2, took 3: +21, 1 bag; nil by Bob failed: -100; failed nil: 2 tricks, 2 bags (house rule); "
        "11 bags: sandbagging -100, 1 bag carried",
        id="feeds-sandbagging",
    ),
    pytest.param(
        {"preset": "classic"}, [], spades_hand([4, "nil", 3, 2], [5, 2, 4, 2]), (72, -80), [2, 0],
        "bid 2, took 2: +20; nil by Bob failed: -100", id="off-no-bags",
    ),
]


@pytest.mark.parametrize(("options", "earlier", "raw", "scores", "bags", "note"), FAILED_NIL_BAGS)
def test_failed_nil_bags(options, earlier, raw, scores, bags, note):
    state = spades_play(options, [*earlier, raw])
    score = state.rounds[-1].score
    assert score.scores == scores
    assert score.details["bags"] == bags
    assert score.explanation[1] == note


@pytest.mark.parametrize(
    "options",
    [
        {"failed_nil_bags": True},  # book: a nil bidder's tricks count
        {"preset": "classic", "failed_nil_bags": True, "overtricks": "minus_one"},
        {"preset": "classic", "failed_nil_bags": True, "nil_tricks_count": True},
    ],
)
def test_failed_nil_bags_needs_uncounted_nil_tricks_and_bags(options):
    with pytest.raises(OptionError) as caught:
        SPADES.table(SPADES_PLAYERS, options)
    assert (caught.value.code, caught.value.field) == ("option_combination", "options.failed_nil_bags")


@st.composite
def nil_hands(draw):
    """Legal classic hands where Bob may bid nil and takes any number of tricks."""
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    bounds = [0, *cuts, 13]
    tricks = [bounds[i + 1] - bounds[i] for i in range(4)]
    first = draw(st.integers(1, 13))
    dee = draw(st.integers(1, 13))
    nil = draw(st.booleans())
    return spades_hand([first, "nil" if nil else 0, 0, dee], tricks)


@settings(max_examples=150, deadline=None)
@given(hands=st.lists(nil_hands(), min_size=1, max_size=15), bag_limit=st.integers(1, 12))
def test_failed_nil_bags_add_exactly_the_failed_nil_tricks(hands, bag_limit):
    """Side 1's bags with the house rule = its bags without it + every failed nil's tricks
    (both modulo the limit), and each penalty costs the same bag_penalty."""
    base = {"preset": "classic", "target": 1_000_000, "bag_limit": bag_limit}
    hands = [h for h in hands if h["bids"][1] == "nil" or h["bids"][1] + h["bids"][3] >= 1]
    without = spades_play(base, hands)
    with_rule = spades_play({**base, "failed_nil_bags": True}, hands)
    own = sum(max(0, h["tricks"][3] - h["bids"][3]) if h["bids"][1] == "nil" else max(
        0, h["tricks"][1] + h["tricks"][3] - h["bids"][1] - h["bids"][3]) for h in hands)
    extra = sum(h["tricks"][1] for h in hands if h["bids"][1] == "nil")
    assert without.progress.bags[1] == own % bag_limit
    assert with_rule.progress.bags[1] == (own + extra) % bag_limit
    penalties = (own + extra) // bag_limit - own // bag_limit
    assert with_rule.totals[1] == without.totals[1] - 100 * penalties
    assert with_rule.totals[0] == without.totals[0]
