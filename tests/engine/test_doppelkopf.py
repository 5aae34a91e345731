"""Doppelkopf rules: the spec's worked examples as input -> points and words, every refusal,
every option, the `next` hints (the deal, compulsory solos, Vorführung, Bock), snapshots,
replay, edit and undo (the game is not in the registry yet: its rules are tested directly)."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.core.base import SPADES, MatchFinishedError, OptionError, RoundError
from scorekeeper.engine.core.i18n import use_translator
from scorekeeper.engine.games import game_ids
from scorekeeper.engine.games.doppelkopf import DOPPELKOPF
from tests.support.chips import value_at, with_value
from tests.support.data import doppelkopf as doppelkopf_data
from tests.support.doppelkopf import FIVE, FOUR_NORMAL, REFUSAL_CASES, play, refusal, table
from tests.support.i18n import assert_all_translated, wrap
from tests.support.legal_rounds import legal_round, play_match
from tests.support.skat import catalog_translator
from tests.support.strategies import json_like

# --------------------------------------------------------------------------- worked examples

EXAMPLE_1 = {"game": "normal", "re": [1, 3], "re_points": 164, "re_call": "re", "foxes": [1, 0], "doppelkopfs": [0, 1]}
EXAMPLE_6 = {"game": "normal", "re": [1, 2], "re_points": 240, "re_call": "black", "no_trick": "kontra",
             "foxes": [2, 0], "karlchen": "re"}
EXAMPLE_9 = {"game": "normal", "re": [0, 2], "re_points": 190, "re_call": "re", "kontra_call": "kontra", "foxes": [0, 1]}


@pytest.mark.parametrize(
    ("raw", "n", "options", "scores"),
    [
        (EXAMPLE_1, 4, {}, (-4, 4, -4, 4)),
        ({"game": "normal", "re": [0, 2], "re_points": 130, "re_call": "no60"}, 4, {}, (-7, 7, -7, 7)),
        ({"game": "normal", "re": [0, 1], "re_points": 120, "kontra_call": "kontra"}, 4, {}, (3, 3, -3, -3)),
        ({"game": "normal", "re": [0, 1], "re_points": 120}, 4, {}, (-2, -2, 2, 2)),
        ({"game": "queens", "soloist": 2, "re_points": 185, "re_call": "re"}, 4, {}, (-5, -5, 15, -5)),
        ({"game": "normal", "re": [0, 3], "re_points": 130, "re_call": "no90", "kontra_call": "no90"}, 4, {},
         (1, -1, -1, 1)),
        (EXAMPLE_6, 4, {}, (-14, 14, 14, -14)),
        ({"game": "normal", "re": [2, 4], "re_points": 100, "kontra_call": "kontra"}, 5, {}, (0, 4, -4, 4, -4)),
        ({"game": "silent_solo", "soloist": 3, "re_points": 110}, 4, {}, (1, 1, 1, -3)),
        ({"game": "silent_solo", "soloist": 3, "re_points": 110}, 4, {"solo_value": "against_soloist"}, (2, 2, 2, -6)),
        (EXAMPLE_9, 4, {}, (6, -6, 6, -6)),
        (EXAMPLE_9, 4, {"announcements": "double"}, (8, -8, 8, -8)),
        ({"game": "normal", "re": [0, 1], "re_points": 115, "re_call": "re"}, 4, {"bock": ["lost_re", "tie"]},
         (-4, -4, 4, 4)),
        ({"game": "jacks", "soloist": 1, "re_points": 100}, 4, {}, (1, -3, 1, 1)),
        ({"game": "normal", "re": [1, 3], "re_points": 164, "foxes": [0, 0]}, 4, {"special_points": ["against_queens"]},
         (-2, 2, -2, 2)),
    ],
    ids=["1", "2-ddv", "3-kontra-only", "3-no-call", "4-queens", "5-nobody", "6-schwarz", "7-five", "8-silent",
         "8-against-soloist", "9-tsr", "9-double", "10-hand-1", "11-jacks", "12-zeros"],
)
def test_worked_examples(raw, n, options, scores):
    state = play([raw], n, **options)
    assert state.rounds[0].score.scores == scores
    assert sum(scores) == 0


def test_example_1_explained_per_player():
    explained = play([EXAMPLE_1]).rounds[0].score.explanation
    assert explained[1] == explained[3] == "Re won 164:76: won 1 + under 90 1 + Re 2 = 4; fox Re +1, Doppelkopf Kontra -1 → +4"
    assert explained[0] == "Kontra lost 76:164: won 1 + under 90 1 + Re 2 = 4; fox Re -1, Doppelkopf Kontra +1 → -4"


@pytest.mark.parametrize(
    ("raw", "n", "options", "seat", "words"),
    [
        ({"game": "normal", "re": [0, 2], "re_points": 130, "re_call": "no60"}, 4, {}, 1,
         "Kontra won 110:130: won 1 + Re 2 + no 90 1 + no 60 1 + 90 against no 60 1 = 6; against the queens +1 → +7"),
        ({"game": "queens", "soloist": 2, "re_points": 185, "re_call": "re"}, 4, {}, 2,
         "Queens solo (compulsory), Re won 185:55: won 1 + under 90 1 + under 60 1 + Re 2 = 5; soloist × 3 → +15"),
        ({"game": "normal", "re": [0, 3], "re_points": 130, "re_call": "no90", "kontra_call": "no90"}, 4, {}, 1,
         "Kontra, nobody won 110:130: Kontra 0, Re 120 against no 90 1 = 1 → -1"),
        (EXAMPLE_6, 4, {}, 1, "Re won 240:0: won 1 + under 90 1 + under 60 1 + under 30 1 + no trick 1 + Re 2 + no 90 1 "
         "+ no 60 1 + no 30 1 + black 1 = 11; 2 foxes Re +2, Karlchen Re +1 → +14"),
        ({"game": "normal", "re": [2, 4], "re_points": 100, "kontra_call": "kontra"}, 5, {}, 0, "sits out: 0"),
        ({"game": "silent_solo", "soloist": 3, "re_points": 110}, 4, {"solo_value": "against_soloist"}, 3,
         "Silent solo, Re lost 110:130: won 1 = 1; against the soloist -1; soloist × 3 → -6"),
        (EXAMPLE_9, 4, {"announcements": "double"}, 1,
         "Kontra lost 50:190: won 1 + under 90 1 + under 60 1 = 3; fox Kontra +1; calls × 4 → -8"),
    ],
)
def test_explanations(raw, n, options, seat, words):
    assert play([raw], n, **options).rounds[0].score.explanation[seat] == words


def test_example_4_a_compulsory_solo_is_dealt_again():
    state = play([{"game": "queens", "soloist": 2, "re_points": 185, "re_call": "re"}])
    assert state.next["compulsory_owed"] == [1, 1, 0, 1]
    assert state.next["dealer"] == 0 and state.next["deal"] == 1 and state.next["deals_left"] == 24
    assert state.rounds[0].score.details["compulsory"] and not state.rounds[0].score.details["deal"]
    # A second solo by the same seat is voluntary (a Lustsolo): a deal, the deal passes.
    again = play([{"game": "queens", "soloist": 2, "re_points": 185}] * 2)
    assert again.next["dealer"] == 1 and again.next["deal"] == 2 and again.next["compulsory_owed"] == [1, 1, 0, 1]
    assert [r.dealer for r in again.rounds] == [0, 0]
    assert again.rounds[1].score.explanation[2].startswith("Queens solo, Re won")


def test_without_the_redeal_a_compulsory_solo_is_a_deal():
    state = play([{"game": "queens", "soloist": 2, "re_points": 185}], compulsory_solo_redeal=False)
    assert state.next["dealer"] == 1 and state.next["deal"] == 2 and state.next["compulsory_owed"] == [1, 1, 0, 1]


@pytest.mark.parametrize("game", ["silent_solo", "marriage_solo"])
def test_example_8_undeclared_solos_never_count(game):
    state = play([{"game": game, "soloist": 3, "re_points": 110}])
    assert state.next["dealer"] == 1 and state.next["compulsory_owed"] == [1, 1, 1, 1]


def test_example_12_special_points_not_played():
    assert refusal({"game": "normal", "re": [1, 3], "re_points": 164, "foxes": [1, 0]},
                   special_points=["against_queens"]).code == "special_points_off"


# --------------------------------------------------------------------------- Bock (example 10)

BOCK_HANDS = [
    {"game": "normal", "re": [0, 1], "re_points": 115, "re_call": "re"},
    {"game": "normal", "re": [2, 3], "re_points": 120},
]
PLAIN = {"game": "normal", "re": [0, 1], "re_points": 130}


def test_example_10_bock_appended():
    state = play(BOCK_HANDS[:1], bock=["lost_re", "tie"])
    assert (state.next["bock"], state.next["bock_hands"]) == (2, 4)
    state = play(BOCK_HANDS, bock=["lost_re", "tie"])
    assert state.rounds[1].score.scores == (4, 4, -4, -4)
    assert state.rounds[1].score.explanation[2] == "Re lost 120:120: won 1 = 1; against the queens -1; Bock × 2 → -4"
    assert (state.next["bock"], state.next["bock_hands"]) == (2, 7)
    # hands 2-9 are Bock (× 2), hand 10 is not
    state = play([*BOCK_HANDS, *[PLAIN] * 8], bock=["lost_re", "tie"])
    assert [r.score.details["bock"] for r in state.rounds] == [1, 2, 2, 2, 2, 2, 2, 2, 2, 1]
    assert state.next["bock_hands"] == 0 and state.details["bock_hands"] == 0


def test_example_10_bock_doubled():
    options = {"bock": ["lost_re", "tie"], "bock_overlap": "double"}
    state = play(BOCK_HANDS, **options)
    assert (state.next["bock"], state.next["bock_hands"]) == (4, 4)
    state = play([*BOCK_HANDS, *[PLAIN] * 5], **options)
    assert [r.score.details["bock"] for r in state.rounds] == [1, 2, 4, 4, 4, 2, 1]
    assert state.rounds[2].score.scores == (4, 4, -4, -4)


@pytest.mark.parametrize(
    ("event", "raw", "started"),
    [
        ("zero", {"game": "normal", "re": [0, 1], "re_points": 130, "foxes": [0, 1]}, True),
        ("zero", PLAIN, False),
        ("lost_kontra", {"game": "normal", "re": [0, 1], "re_points": 130, "kontra_call": "kontra"}, True),
        ("lost_kontra", {"game": "normal", "re": [0, 1], "re_points": 110, "kontra_call": "kontra"}, False),
        ("lost_solo", {"game": "silent_solo", "soloist": 1, "re_points": 110}, True),
        ("lost_solo", {"game": "silent_solo", "soloist": 1, "re_points": 130}, False),
        ("lost_re", {"game": "normal", "re": [0, 1], "re_points": 110}, False),
        ("tie", {"game": "normal", "re": [0, 1], "re_points": 120}, True),
    ],
)
def test_bock_events(event, raw, started):
    assert play([raw], bock=[event]).next["bock_hands"] == (4 if started else 0)


def test_a_re_dealt_solo_is_a_bock_hand_too():
    hands = [BOCK_HANDS[0], {"game": "jacks", "soloist": 2, "re_points": 200}]
    state = play(hands, bock=["lost_re"])
    assert state.rounds[1].score.scores == (-6, -6, 18, -6)
    assert state.next["bock_hands"] == 3 and state.next["deal"] == 2


# --------------------------------------------------------------------------- Vorführung (example 11)


def test_example_11_vorfuehrung():
    state = play(FOUR_NORMAL, max_deals=8)
    assert state.next["dealer"] == 0 and state.next["forced_solo"] == 1
    assert (state.next["deals_left"], state.next["compulsory_owed"]) == (4, [1, 1, 1, 1])
    error = refusal({"game": "normal", "re": [1, 2], "re_points": 130}, before=FOUR_NORMAL, max_deals=8)
    assert (error.code, error.field) == ("forced_solo", "game")
    assert error.message.startswith("Bob must play a compulsory solo now")
    forced = [*FOUR_NORMAL, {"game": "jacks", "soloist": 1, "re_points": 100}]
    state = play(forced, max_deals=8)
    assert state.rounds[4].score.scores == (1, -3, 1, 1)
    assert state.rounds[4].score.details["deal"]
    assert state.rounds[4].score.explanation[1] == "Jacks solo (compulsory, Vorführung), Re lost 100:140: won 1 = 1; soloist × 3 → -3"
    assert (state.next["dealer"], state.next["forced_solo"], state.next["deals_left"]) == (1, 2, 3)
    forced.append({"game": "clubs", "soloist": 2, "re_points": 150})
    state = play(forced, max_deals=8)
    assert (state.next["dealer"], state.next["forced_solo"]) == (2, 3)
    forced.append({"game": "hearts", "soloist": 3, "re_points": 150})
    state = play(forced, max_deals=8)
    assert (state.next["dealer"], state.next["forced_solo"]) == (3, 0)
    forced.append({"game": "fleshless", "soloist": 0, "re_points": 150})
    state = play(forced, max_deals=8)
    assert state.finished and state.next is None


def test_no_vorfuehrung_without_a_list_or_without_compulsory_solos():
    assert play(FOUR_NORMAL * 10, max_deals=None).next["forced_solo"] is None
    assert play(FOUR_NORMAL[:3], max_deals=4, compulsory_solos=0).next["forced_solo"] is None


def normals_until(state, game_table, deals):
    """Normal hands by the first two who play, until `deals` deals are counted."""
    while state.progress.deals < deals:
        players = state.next["players"]
        state = DOPPELKOPF.play(game_table, state, {"game": "normal", "re": players[:2], "re_points": 130})
    return state


@pytest.mark.parametrize("first_dealer", [0, 3])
@pytest.mark.parametrize(("max_deals", "forced"), [(6, False), (7, True)])
def test_vorfuehrung_at_five_skips_the_dealer_who_sits_out(first_dealer, max_deals, forced):
    # Six or seven deals; the four who play the first hand play their compulsory solos (dealt again),
    # so only the first dealer, who sat them out, owes one.
    game_table = table(5, first_dealer=first_dealer, max_deals=max_deals)
    state = DOPPELKOPF.initial_state(game_table)
    for seat in state.next["players"]:
        state = DOPPELKOPF.play(game_table, state, {"game": "queens", "soloist": seat, "re_points": 150})
    owing = first_dealer
    assert state.next["compulsory_owed"] == [int(seat == owing) for seat in range(5)]
    state = normals_until(state, game_table, max_deals - 1)
    # One deal left, one solo owed: the seat that owes is forced unless it deals and sits out.
    assert state.next["deals_left"] == 1 and state.next["sits_out"] == (first_dealer + max_deals - 1) % 5
    expected = owing if forced else None
    assert state.next["forced_solo"] == expected
    state = DOPPELKOPF.play(game_table, state, {"game": "normal", "re": state.next["players"][:2], "re_points": 130}) \
        if expected is None else DOPPELKOPF.play(game_table, state, {"game": "jacks", "soloist": owing, "re_points": 130})
    assert state.finished


def test_five_at_the_table_play_four_the_dealer_sits_out():
    state = play([], n=5)
    assert state.next == {"round": 1, "dealer": 0, "sits_out": 0, "players": [1, 2, 3, 4], "deal": 1, "deals_left": 30,
                          "compulsory_owed": [1, 1, 1, 1, 1], "forced_solo": None, "bock": 1, "bock_hands": 0}
    state = play([{"game": "normal", "re": [2, 4], "re_points": 100}], n=5)
    assert state.next["sits_out"] == 1 and state.next["players"] == [2, 3, 4, 0]
    assert refusal({"game": "normal", "re": [1, 2], "re_points": 100}, n=5,
                   before=[{"game": "normal", "re": [2, 4], "re_points": 100}]).code == "seat_sits_out"


def test_hints_through_a_sequence_with_a_re_dealt_compulsory_solo():
    hands = [
        {"game": "normal", "re": [0, 1], "re_points": 130},
        {"game": SPADES, "soloist": 3, "re_points": 121},  # compulsory: dealer 1 deals again
        {"game": "marriage", "re": [2, 3], "re_points": 90},
    ]
    seen = []
    for cut in range(len(hands) + 1):
        hint = play(hands[:cut], max_deals=6, bock=["lost_solo"]).next
        seen.append((hint["round"], hint["dealer"], hint["deal"], hint["deals_left"], hint["compulsory_owed"],
                     hint["forced_solo"], hint["bock"], hint["bock_hands"]))
    assert seen == [
        (1, 0, 1, 6, [1, 1, 1, 1], None, 1, 0),
        (2, 1, 2, 5, [1, 1, 1, 1], None, 1, 0),
        (3, 1, 2, 5, [1, 1, 1, 0], None, 1, 0),
        (4, 2, 3, 4, [1, 1, 1, 0], None, 1, 0),
    ]
    assert [r.dealer for r in play(hands, max_deals=6).rounds] == [0, 1, 1]
    # 3 deals left and 3 owed: dealer 3's left, seat 0, is forced
    state = play([*hands, PLAIN], max_deals=6)
    assert (state.next["dealer"], state.next["deals_left"], state.next["forced_solo"]) == (3, 3, 0)
    # A list of 5: 4 deals left for 4 solos owed after hand 1: Cid, on dealer 1's left, is forced.
    error = refusal(hands[1], before=hands[:1], max_deals=5)
    assert (error.code, error.field, error.message.split(":")[0]) == ("forced_solo", "soloist",
                                                                       "Cid must play a compulsory solo now")


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(("raw", "n", "options", "before", "code", "field", "words"), REFUSAL_CASES)
def test_refusals(raw, n, options, before, code, field, words):
    error = refusal(raw, n, before, **options)
    assert (error.code, error.field) == (code, field)
    assert words in error.message


def test_zeros_and_nulls_are_accepted_where_special_points_are_not_played():
    solo = {"game": "queens", "soloist": 2, "re_points": 185, "foxes": [0, 0], "doppelkopfs": None, "karlchen": None,
            "re": None, "no_trick": None, "re_call": None, "kontra_call": None}
    assert play([solo]).rounds[0].score.scores == (-3, -3, 9, -3)
    normal = {"game": "normal", "re": [1, 3], "re_points": 164, "foxes": [0, 0], "doppelkopfs": [0, 0], "karlchen": None,
              "soloist": None}
    assert play([normal], special_points=[]).rounds[0].score.scores == (-2, 2, -2, 2)


def test_a_finished_match_refuses_more_hands():
    state = play([PLAIN], max_deals=1, compulsory_solos=0)
    assert state.finished and state.winners == (0, 1)
    with pytest.raises(MatchFinishedError):
        DOPPELKOPF.play(table(max_deals=1, compulsory_solos=0), state, PLAIN)


# --------------------------------------------------------------------------- options


def test_default_options_are_the_tournament_rules():
    assert dict(table().options) == {
        "first_dealer": 0, "max_deals": 24, "target": None, "compulsory_solos": 1, "compulsory_solo_redeal": True,
        "announcements": "tsr", "special_points": ["against_queens", "fox", "doppelkopf", "karlchen"],
        "solo_value": "tsr", "bock": [], "bock_overlap": "append",
    }
    assert table(5).options["max_deals"] == 30
    assert table(5, max_deals=None).options["max_deals"] is None
    assert table(5, compulsory_solos=6).options["compulsory_solos"] == 6  # 30 deals at five
    assert DOPPELKOPF.fixed_rounds(table()) is None
    assert DOPPELKOPF.fixed_rounds(table(compulsory_solo_redeal=False)) == 24
    assert DOPPELKOPF.fixed_rounds(table(compulsory_solos=0, target=50)) is None


@pytest.mark.parametrize(
    ("n", "options", "code", "field"),
    [
        (4, {"max_deals": 0}, "option_range", "options.max_deals"),
        (4, {"max_deals": 1001}, "option_range", "options.max_deals"),
        (4, {"target": 0}, "option_range", "options.target"),
        (4, {"target": 10001}, "option_range", "options.target"),
        (4, {"compulsory_solos": 11}, "option_range", "options.compulsory_solos"),
        (4, {"compulsory_solos": None}, "option_null", "options.compulsory_solos"),
        (4, {"compulsory_solos": 7}, "option_compulsory_solos", "options.compulsory_solos"),
        (4, {"max_deals": 3}, "option_compulsory_solos", "options.compulsory_solos"),
        (5, {"compulsory_solos": 7}, "option_compulsory_solos", "options.compulsory_solos"),
        (4, {"compulsory_solo_redeal": 1}, "option_type", "options.compulsory_solo_redeal"),
        (4, {"announcements": "bock"}, "option_choice", "options.announcements"),
        (4, {"special_points": ["fox", "fox"]}, "option_duplicate", "options.special_points"),
        (4, {"special_points": ["charlie"]}, "option_choice", "options.special_points"),
        (4, {"special_points": "fox"}, "option_type", "options.special_points"),
        (4, {"solo_value": True}, "option_choice", "options.solo_value"),
        (4, {"bock": ["tie", "tie"]}, "option_duplicate", "options.bock"),
        (4, {"bock": ["lost"]}, "option_choice", "options.bock"),
        (4, {"bock_overlap": "queue"}, "option_choice", "options.bock_overlap"),
        (4, {"max_rounds": 10}, "option_unknown", "options.max_rounds"),
        (4, {"first_dealer": 4}, "option_range", "options.first_dealer"),
    ],
)
def test_option_refusals(n, options, code, field):
    with pytest.raises(OptionError) as caught:
        table(n, **options)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_the_compulsory_solos_refusal_in_words():
    with pytest.raises(OptionError) as caught:
        table(4, max_deals=3)
    assert caught.value.message == "4 players × 1 compulsory solo need 4 deals, the list has 3"


@pytest.mark.parametrize("players", [FIVE[:3], [*FIVE, "Fay"]])
def test_four_or_five_at_the_table(players):
    with pytest.raises(OptionError) as caught:
        DOPPELKOPF.table(players)
    assert caught.value.code == "player_count"


def test_describe_lists_every_option_and_the_game_is_registered():
    described = DOPPELKOPF.describe()
    assert json.loads(json.dumps(described)) == described
    assert [option["name"] for option in described["options"]] == [
        "first_dealer", "max_deals", "target", "compulsory_solos", "compulsory_solo_redeal", "announcements",
        "special_points", "solo_value", "bock", "bock_overlap",
    ]
    assert (described["name"], described["min_players"], described["max_players"]) == ("Doppelkopf", 4, 5)
    assert "doppelkopf" in game_ids()


# --------------------------------------------------------------------------- the end and winners


def test_the_list_ends_after_max_deals_and_the_highest_total_wins():
    hands = [{"game": "normal", "re": [0, 1], "re_points": 150}, {"game": "normal", "re": [0, 2], "re_points": 150}]
    state = play(hands, max_deals=2, compulsory_solos=0)
    assert state.totals == (2, 0, 0, -2) and state.finished and state.winners == (0,)
    shared = play([hands[0]], max_deals=1, compulsory_solos=0)
    assert shared.winners == (0, 1)


def test_a_re_dealt_solo_does_not_end_the_list():
    hands = [PLAIN, {"game": "jacks", "soloist": 3, "re_points": 150}]
    state = play(hands, max_deals=2, compulsory_solos=0)
    assert state.finished  # no compulsory solos: the jacks solo is a deal
    state = play(hands, max_deals=6)
    assert not state.finished and state.next["deal"] == 2


def test_a_target_ends_the_match_with_one_player_alone_on_top():
    hands = [{"game": "queens", "soloist": 1, "re_points": 200}] * 2  # the second is voluntary: +9 each time
    state = play(hands, target=15, max_deals=None)
    assert state.totals == (-6, 18, -6, -6) and state.finished and state.winners == (1,)
    assert not play(hands[:1], target=15, max_deals=None).finished
    level = play([PLAIN], target=1, max_deals=None)
    assert level.totals == (1, 1, -1, -1) and not level.finished


def test_without_a_list_or_a_target_the_match_never_ends():
    state = play([PLAIN] * 40, max_deals=None)
    assert not state.finished and state.next["deals_left"] is None


# --------------------------------------------------------------------------- replay, edit, undo, snapshots


def test_edit_replays_later_hands_and_refuses_one_that_no_longer_holds():
    hands = [{"game": "normal", "re": [1, 2], "re_points": 130}, {"game": "normal", "re": [0, 2], "re_points": 130}]
    assert play(hands, n=5).totals == (1, 1, 2, -2, -2)
    # Hand 1 made a compulsory solo: dealt again by seat 0, who sits out hand 2 too.
    edited = [{"game": "queens", "soloist": 1, "re_points": 150}, {"game": "normal", "re": [0, 2], "re_points": 130}]
    with pytest.raises(RoundError) as caught:
        play(edited, n=5)
    assert caught.value.round_number == 2 and caught.value.code == "seat_sits_out"
    assert caught.value.message.startswith("round 2: Ann deals and sits out")


def test_an_edit_that_would_end_the_match_earlier_is_refused():
    hands = [{"game": "queens", "soloist": 1, "re_points": 150}, PLAIN]
    assert not play(hands, max_deals=5).finished  # the solo is dealt again
    with pytest.raises(RoundError) as caught:
        play(hands, max_deals=1, compulsory_solo_redeal=False, compulsory_solos=0)
    assert caught.value.code == "match_ends_early" and caught.value.round_number == 2


def test_undo_reopens_a_finished_match_and_restores_the_hints():
    hands = [BOCK_HANDS[0], PLAIN]
    finished = play(hands, max_deals=2, compulsory_solos=0, bock=["lost_re"])
    assert finished.finished
    undone = play(hands[:1], max_deals=2, compulsory_solos=0, bock=["lost_re"])
    assert not undone.finished and undone.next["bock"] == 2 and undone.next["bock_hands"] == 4


@pytest.mark.parametrize("overlap", ["append", "double"])
def test_a_snapshot_plays_on_like_a_replay(overlap):
    game_table = table(4, max_deals=8, bock=["lost_re", "tie", "lost_solo"], bock_overlap=overlap)
    hands = [*BOCK_HANDS, {"game": "jacks", "soloist": 2, "re_points": 100}, PLAIN, PLAIN,
             {"game": "clubs", "soloist": 1, "re_points": 150}, PLAIN]
    replayed = DOPPELKOPF.replay(game_table, hands)
    for cut in range(len(hands) + 1):
        before = DOPPELKOPF.replay(game_table, hands[:cut])
        snapshot = json.loads(json.dumps(DOPPELKOPF.snapshot(before)))
        played_on = DOPPELKOPF.replay(game_table, hands[cut:], start=DOPPELKOPF.restore(game_table, snapshot))
        assert (played_on.totals, played_on.progress, played_on.next, played_on.details, played_on.finished) == (
            replayed.totals, replayed.progress, replayed.next, replayed.details, replayed.finished
        )
        assert [r.dealer for r in played_on.rounds] == [r.dealer for r in replayed.rounds[cut:]]


# --------------------------------------------------------------------------- random legal hands and chips


@pytest.mark.parametrize("n", [4, 5])
@pytest.mark.parametrize("seed", range(6))
def test_random_legal_matches_end_after_their_deals_with_every_solo_played(n, seed):
    game_table, state = play_match(random.Random(seed), DOPPELKOPF, FIVE[:n])
    assert state.finished and state.progress.deals == 8 and sum(state.totals) == 0
    # Vorführung saw to it: only a seat that sat out the last deals can still owe one at five.
    assert sum(state.details["compulsory_owed"]) <= (1 if n == 5 else 0)


@pytest.mark.parametrize("seed", range(8))
def test_chips_offer_every_legal_value_and_grey_what_the_hand_refuses(seed):
    rng = random.Random(seed)
    game_table = table(4, max_deals=12)
    state = DOPPELKOPF.initial_state(game_table)
    for _hand in range(12):
        if state.finished:
            break
        raw, after = legal_round(rng, DOPPELKOPF, game_table, state)
        for item in DOPPELKOPF.number_inputs(game_table, state, raw):
            value = value_at(raw, item.field)
            if value is None:
                continue
            assert value in item.values() and item.refusal(value) is None, (item.field, value)
            for unavailable in item.unavailable:
                with pytest.raises(RoundError) as refused:
                    DOPPELKOPF.play(game_table, state, with_value(raw, item.field, unavailable.value))
                assert (refused.value.code, refused.value.message) == (unavailable.code, unavailable.reason)
        state = after


def test_chips_grey_foxes_in_a_solo_and_beyond_the_card_points():
    game_table = table()
    state = DOPPELKOPF.initial_state(game_table)
    inputs = {item.field: item for item in DOPPELKOPF.number_inputs(game_table, state, {"game": "jacks", "soloist": 1,
                                                                                        "re_points": 100})}
    assert inputs["foxes.0"].refusal(1).code == "solo_special_points" and inputs["foxes.0"].refusal(0) is None
    inputs = {item.field: item for item in DOPPELKOPF.number_inputs(game_table, state, {**PLAIN, "re_points": 235})}
    assert inputs["foxes.1"].refusal(1).code == "foxes_points" and inputs["foxes.0"].refusal(2) is None
    assert [u.value for u in inputs["doppelkopfs.1"].unavailable] == [1, 2, 3, 4, 5, 6]
    assert (inputs["re_points"].minimum, inputs["re_points"].maximum) == (0, 240)


# --------------------------------------------------------------------------- garbage

WORDS = ["game", "re", "soloist", "re_points", "re_call", "kontra_call", "no_trick", "foxes", "doppelkopfs", "karlchen",
         "normal", "queens", "silent_solo", "kontra", "no90", "black"]
VALUE = json_like(WORDS, max_leaves=6) | st.integers(-2, 242) | st.sampled_from([None, True, 0, 1, 2, 120, 240, "re"])
ROUND = st.fixed_dictionaries(
    {"game": st.sampled_from(["normal", "marriage", "jacks", "silent_solo"]) | VALUE, "re_points": VALUE},
    optional={key: VALUE for key in WORDS[1:10] if key != "re_points"},
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=json_like(WORDS, max_leaves=12) | ROUND, n=st.sampled_from([4, 5]), forced=st.booleans())
def test_garbage_gives_a_round_error_only(raw, n, forced):
    game_table = table(n, max_deals=8 if forced else None, bock=["tie", "zero"])
    state = DOPPELKOPF.replay(game_table, FOUR_NORMAL if forced and n == 4 else [])
    try:
        DOPPELKOPF.play(game_table, state, raw)
    except RoundError as error:
        assert error.code and error.message


# --------------------------------------------------------------------------- through the translation hook

HOOK_CASES = [
    (4, {}, [EXAMPLE_1, EXAMPLE_6, {"game": "queens", "soloist": 2, "re_points": 185, "re_call": "re"},
             {"game": "normal", "re": [0, 3], "re_points": 130, "re_call": "no90", "kontra_call": "no90"},
             {"game": "normal", "re": [0, 2], "re_points": 130, "re_call": "no60", "doppelkopfs": [2, 1]}]),
    (4, {"announcements": "double", "solo_value": "against_soloist", "bock": ["lost_re"], "max_deals": 12},
     [*BOCK_HANDS, EXAMPLE_9, {"game": "marriage_solo", "soloist": 0, "re_points": 100}, PLAIN,
      {"game": "marriage", "re": [1, 2], "re_points": 200, "karlchen": "kontra"},
      {"game": "jacks", "soloist": 3, "re_points": 50}]),
    (5, {}, [{"game": "normal", "re": [2, 4], "re_points": 100, "kontra_call": "kontra"},
             {"game": "fleshless", "soloist": 3, "re_points": 95}]),
]


@pytest.mark.parametrize(("n", "options", "hands"), HOOK_CASES)
def test_every_explanation_goes_through_the_hook(n, options, hands):
    with use_translator(wrap):
        state = play(hands, n, **options)
    for scored in state.rounds:
        for note in scored.score.explanation:
            assert_all_translated(note)


@pytest.mark.parametrize(("raw", "n", "options", "before"), [case[:4] for case in REFUSAL_CASES])
def test_every_refusal_goes_through_the_hook(raw, n, options, before):
    with use_translator(wrap):
        message = refusal(raw, n, before, **options).message
    assert message.startswith("[[") and message.endswith("]]")
    assert_all_translated(message)


def test_option_refusal_goes_through_the_hook():
    with use_translator(wrap), pytest.raises(OptionError) as caught:
        table(4, max_deals=3)
    assert_all_translated(caught.value.message)


@pytest.mark.parametrize(
    ("language", "re_words", "kontra_words", "solo_words", "refused", "sits_out"),
    [
        ("de", "Re gewinnt 164:76: gewonnen 1 + unter 90 1 + Re 2 = 4; Fuchs Re +1, Doppelkopf Kontra -1 → +4",
         "Kontra verliert 76:164: gewonnen 1 + unter 90 1 + Re 2 = 4; Fuchs Re -1, Doppelkopf Kontra +1 → -4",
         "Damensolo (Pflichtsolo), Re gewinnt 185:55: gewonnen 1 + unter 90 1 + unter 60 1 + Re 2 = 5; "
         "Solospieler × 3 → +15",
         "Bob muss jetzt ein Pflichtsolo spielen (Vorführung)", "setzt aus: 0"),
        ("ru", "Ре выиграла 164:76: выиграна 1 + меньше 90 1 + Ре 2 = 4; фукс Ре +1, доппелькопф Контра -1 → +4",
         "Контра проиграла 76:164: выиграна 1 + меньше 90 1 + Ре 2 = 4; фукс Ре -1, доппелькопф Контра +1 → -4",
         "соло дам (обязательное), Ре выиграла 185:55: выиграна 1 + меньше 90 1 + меньше 60 1 + Ре 2 = 5; "
         "солист × 3 → +15",
         "Bob должен (должна) сейчас сыграть обязательное соло", "пропускает: 0"),
    ],
)
def test_explanations_and_refusals_in_the_players_language(language, re_words, kontra_words, solo_words, refused,
                                                           sits_out):
    with use_translator(catalog_translator(language)):
        first = play([EXAMPLE_1]).rounds[0].score.explanation
        solo = play([{"game": "queens", "soloist": 2, "re_points": 185, "re_call": "re"}]).rounds[0].score.explanation
        five = play([{"game": "normal", "re": [2, 4], "re_points": 100}], 5).rounds[0].score.explanation
        error = refusal({"game": "normal", "re": [1, 2], "re_points": 130}, before=FOUR_NORMAL, max_deals=8)
        explained = " ".join(
            note for n, options, hands in HOOK_CASES for scored in play(hands, n, **options).rounds
            for note in scored.score.explanation
        )
    assert (first[1], first[0], solo[2], five[0]) == (re_words, kontra_words, solo_words, sits_out)
    assert error.message.startswith(refused)
    assert not {word for word in doppelkopf_data.FOREIGN_WORDS[language] if word in explained}, language


def test_the_test_data_for_the_registry_holds():
    """tests/support/data/doppelkopf.py, which the registry's tests read once Doppelkopf is registered."""
    state = play([doppelkopf_data.FIRST_ROUND])
    assert doppelkopf_data.I18N_CASE["explanation"] in state.rounds[0].score.explanation
    assert refusal(doppelkopf_data.I18N_CASE["refused"]).message == doppelkopf_data.I18N_CASE["refusal"]
