"""Seeded random Preferans matches to check the engine against the independent reference with.

Option combinations that together take every option value, hands as a score keeper might enter
them (runs of all-pass, half-whists, one and two whisters, made and failed games, shortfalls,
misere made and caught), about one in five with a likely mistake the reference must refuse. A
comparison with the engine and one through the REST API can draw the same matches."""
from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tests.support.reference import preferans_reference as ref
from tests.support.reference.common import SeededList, played_through, shown_state, spread

NAMES = ["Ann", "Bob", "Cid", "Dan"]
# `None`: not given, so the default is in effect (sochi; capped, or none for rostov).
CONVENTIONS = [None, "sochi", "leningrad", "rostov"]
PROGRESSIONS = [None, "none", "capped", "open"]
# Small pools close within a few hands; 20 (given, or the default) is the usual match.
POOLS = ["tiny", "small", "twenty", "default"]
# No `max_rounds` given, an explicit null, or a short match that may end before the pools close.
ENDS = ["absent", "null", "short"]
# Every combination of players, convention and progression with half-whist on and off; the
# other options run through in shuffled cycles so that each value comes up often.
CORE = list(itertools.product((3, 4), CONVENTIONS, PROGRESSIONS, (True, False)))


COMBINATIONS = [
    (*core, consolation, pool, end)
    for core, consolation, pool, end in zip(
        CORE, spread([True, False], len(CORE), "consolation"), spread(POOLS, len(CORE), "pool"),
        spread(ENDS, len(CORE), "end"))
]
# A match's hands drawn at the most: pools of 20 close within it.
ATTEMPTS = 250

# The reference names the spec's rules in its own words (the core's generic ones where the rule
# is generic); an engine or API code for a refused hand must be one of the rules the reference
# finds broken, read through this table (the engine's codes, scorekeeper/engine/games/preferans/
# hand_input.py and the core's field readers). Codes not listed are the reference's own names:
# round_type, field_unknown, length, declarer_missing, declarer_sits_out, whist_missing,
# tricks_missing, tricks_sits_out, tricks_not_played, tricks_sum, match_finished.
SAME_RULE: dict[str, set[str]] = {
    # Only `contract` must be there as a key; the other fields are read as null when absent.
    "field_missing": {"contract_missing"},
    # A null contract is "not one of the codes" to the engine, "missing" to the reference (an
    # absent field and null are the same): either names the contract's rule.
    "contract": {"contract_value", "contract_missing"},
    # A declarer or whists given to an all-pass, whists given to a misere.
    "field_not_applicable": {"declarer_all_pass", "whist_not_applicable"},
    "whist_not_defender": {"whist_seat"},
    # A defender's word that is not whist, pass or half; a null one is, to the reference, an
    # unlisted combination (whist values are checked before the combination).
    "choice": {"whist_value", "whist_combination"},
    # Half from the first defender, after a whist, on 8-10, or with `half_whist` off.
    "half_whist": {"whist_combination"},
    "half_whist_off": {"whist_combination"},
    # A seat, a count or a list that is none; a null count of a seat that played is, to the
    # reference, a missing one.
    "type": {"type", "tricks_missing"},
    # A declarer beyond the seats; a count below 0, or above 10 (then the counts cannot add up to 10).
    "range": {"seat_range", "tricks_negative", "tricks_sum"},
}


def same_rule(code: str) -> set[str]:
    """The reference's names of the rule an engine code stands for."""
    return SAME_RULE.get(code, {code})


def combination_id(combination: tuple[Any, ...]) -> str:
    """A test id naming the combination's options."""
    n, convention, progression, half, consolation, pool, end = combination
    return (f"{n}p-{convention or 'default'}-ap:{progression or 'default'}-{'half' if half else 'nohalf'}"
            f"-{'consol' if consolation else 'noconsol'}-pool:{pool}-end:{end}")


def seeded_list(index: int) -> SeededList:
    n, convention, progression, half, consolation, pool, end = COMBINATIONS[index]
    rng = random.Random(f"preferans-{index}")
    given: dict[str, Any] = {"first_dealer": rng.randrange(n), "half_whist": half, "dealer_consolation": consolation}
    if convention is not None:
        given["convention"] = convention
    if progression is not None:
        given["all_pass_progression"] = progression
    if pool == "tiny":
        given["pool_size"] = rng.randint(3, 5)
    elif pool == "small":
        given["pool_size"] = rng.randint(6, 10)
    elif pool == "twenty":
        given["pool_size"] = 20
    if end == "null":
        given["max_rounds"] = None
    elif end == "short":
        given["max_rounds"] = rng.randint(4, 12)
    # Values equal to the default are now and then left out: the default must then be in effect.
    for key, default in (("first_dealer", 0), ("half_whist", True), ("dealer_consolation", True)):
        if given[key] == default and rng.random() < 0.5:
            del given[key]
    return SeededList(n, given, ref.options_for(n, given), rng)


def drawn_deals(seeded: SeededList, reference: ref.ListState) -> Iterator[dict[str, Any]]:
    """The match's hands one at a time until `reference` ends (at most ATTEMPTS): the caller plays
    each on `reference` before taking the next, whose dealer and all-pass run follow from it."""
    for _attempt in range(ATTEMPTS):
        if reference.finished:
            return
        yield random_hand(seeded.rng, reference)


@dataclass
class PlayedHand:
    """One drawn hand as the reference took it: the `next` hints before it, the rules it broke
    (empty: accepted), its scores (None: refused) and what it wrote (the sheet's events)."""

    raw: dict[str, Any]
    before: dict[str, Any]
    broken: set[str]
    scores: list[int] | None
    events: set[str]


def played_list(index: int) -> tuple[SeededList, ref.ListState, list[PlayedHand]]:
    """Match `index` drawn and played through on the reference alone: the seeded list, the
    reference at its end, and every hand drawn (refused ones included)."""
    seeded = seeded_list(index)
    reference = ref.ListState(seeded.n, seeded.options)
    hands = [PlayedHand(raw, before, broken, scores, set() if broken else set(reference.sheet.events))
             for raw, before, broken, scores in played_through(reference, drawn_deals(seeded, reference))]
    return seeded, reference, hands


def expected_state(reference: ref.ListState) -> dict[str, Any]:
    """What the engine's state and the API's match document say of the match `reference` keeps."""
    return shown_state(reference)


def replacement(seeded: SeededList, inputs: list[Any], at: int) -> dict[str, Any]:
    """A new hand `at` (0-based) for an edit: drawn for the match as kept up to it."""
    state, _failing = ref.replay(seeded.n, seeded.options, inputs[:at])
    return random_hand(seeded.rng, state)


# --------------------------------------------------------------------------- legal hands

# Levels as tables bid them: mostly sixes and sevens.
LEVELS = [6, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 9, 9, 10]


def split(rng: random.Random, total: int, parts: int) -> list[int]:
    """`total` tricks in `parts` non-negative counts, now and then with an empty hand."""
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    counts = [b - a for a, b in zip([0, *cuts], [*cuts, total])]
    if parts > 1 and rng.random() < 0.2:
        empty = rng.randrange(parts)
        taker = (empty + 1) % parts
        counts[taker] += counts[empty]
        counts[empty] = 0
    return counts


def tricks_list(state: ref.ListState, counts: dict[int, int]) -> list[int | None]:
    """Per seat: the active seats' counts, null for a sitting-out dealer."""
    return [counts.get(seat) for seat in range(state.n)]


def whist_list(state: ref.ListState, first: int, second: int, words: tuple[str | None, str | None]) -> list[str | None]:
    entries: list[str | None] = [None] * state.n
    entries[first], entries[second] = words
    return entries


def random_contract(rng: random.Random, state: ref.ListState) -> dict[str, Any]:
    """A 6-10 contract: passed, half-whisted, or played with one or two whisters, made or down."""
    seating = state.seating()
    declarer = rng.choice(seating.players)
    first, second = seating.defenders(declarer)
    level = rng.choice(LEVELS)
    raw: dict[str, Any] = {"contract": f"{level}{rng.choice(ref.SUITS)}", "declarer": declarer}
    roll = rng.random()
    half_allowed = state.options["half_whist"] and level in (6, 7)
    if roll < 0.15:
        raw["whist"] = whist_list(state, first, second, ("pass", "pass"))
        if rng.random() < 0.1:
            raw["tricks"] = None
        return raw
    if roll < 0.27 and half_allowed:
        raw["whist"] = whist_list(state, first, second, ref.HALF)
        return raw
    words = rng.choice([("whist", "whist"), ("whist", "pass"), ("pass", "whist")])
    raw["whist"] = whist_list(state, first, second, words)
    # Made about two times in three; a made game with many tricks leaves the defence short.
    if rng.random() < 0.65:
        taken = rng.randint(level, 10)
    else:
        taken = rng.randint(max(0, level - 4), level - 1)
    defence = split(rng, 10 - taken, 2)
    raw["tricks"] = tricks_list(state, {declarer: taken, first: defence[0], second: defence[1]})
    return raw


def random_misere(rng: random.Random, state: ref.ListState) -> dict[str, Any]:
    seating = state.seating()
    declarer = rng.choice(seating.players)
    taken = 0 if rng.random() < 0.5 else rng.randint(1, 5)
    others = [seat for seat in seating.players if seat != declarer]
    rest = split(rng, 10 - taken, 2)
    raw: dict[str, Any] = {"contract": "misere", "declarer": declarer,
                           "tricks": tricks_list(state, {declarer: taken, others[0]: rest[0], others[1]: rest[1]})}
    if rng.random() < 0.1:
        raw["whist"] = None
    return raw


def random_all_pass(rng: random.Random, state: ref.ListState) -> dict[str, Any]:
    players = state.seating().players
    counts = split(rng, 10, 3)
    if rng.random() < 0.15:
        # Two with the fewest tricks (rostov: both write).
        low = rng.randint(0, 3)
        counts = [low, low, 10 - 2 * low]
        rng.shuffle(counts)
    raw: dict[str, Any] = {"contract": "all_pass", "tricks": tricks_list(state, dict(zip(players, counts)))}
    if rng.random() < 0.1:
        raw["declarer"] = None
    return raw


def legal_hand(rng: random.Random, state: ref.ListState) -> dict[str, Any]:
    """A hand the spec accepts now; after an all-pass another is likely, so that runs grow."""
    all_pass = 0.5 if state.all_pass_run else 0.15
    roll = rng.random()
    if roll < all_pass:
        return random_all_pass(rng, state)
    if roll < all_pass + 0.1:
        return random_misere(rng, state)
    return random_contract(rng, state)


# --------------------------------------------------------------------------- mistakes


def mistakes_for(raw: dict[str, Any], state: ref.ListState) -> list[str]:
    """The mistakes that can be made of this hand (codes of RULES, and a few of each kind)."""
    contract = raw["contract"]
    game = contract not in ("misere", "all_pass")
    played = contract in ("misere", "all_pass") or "whist" in (raw.get("whist") or [])
    kinds = ["field_unknown", "contract_missing", "contract_value", "round_type", "type", "length"]
    if contract == "all_pass":
        kinds += ["declarer_all_pass", "whist_not_applicable"]
    else:
        kinds += ["declarer_missing", "seat_range"]
        if state.n == 4:
            kinds.append("declarer_sits_out")
    if contract == "misere":
        kinds.append("whist_not_applicable")
    if game:
        kinds += ["whist_missing", "whist_value", "whist_seat", "whist_combination", "whist_combination"]
    if played:
        kinds += ["tricks_missing", "tricks_negative", "tricks_sum", "tricks_sum"]
        if state.n == 4:
            kinds.append("tricks_sits_out")
    else:
        kinds += ["tricks_not_played", "tricks_not_played"]
    return kinds


def other_words(rng: random.Random, level: int, half_whist: bool) -> tuple[str | None, str | None]:
    """Defenders' words in a combination the spec does not list (for this contract and option)."""
    wrong: list[tuple[str | None, str | None]] = [
        ("half", "pass"), ("whist", "half"), ("half", "half"), ("half", "whist"), (None, "pass"), ("whist", None),
    ]
    if level >= 8 or not half_whist:
        wrong += [ref.HALF, ref.HALF]
    return rng.choice(wrong)


def mutate(rng: random.Random, raw: dict[str, Any], state: ref.ListState) -> Any:
    """The hand with one likely mistake: what the reference must refuse (the codes of RULES)."""
    raw = json.loads(json.dumps(raw))
    seating = state.seating()
    n, players = state.n, seating.players
    kind = rng.choice(mistakes_for(raw, state))
    declarer = raw.get("declarer")
    # The declarer's seat where the contract has defenders (the 6-10 contracts always name one).
    seat_of_declarer = declarer if type(declarer) is int else 0
    has_tricks = isinstance(raw.get("tricks"), list)
    if kind == "field_unknown":
        raw[rng.choice(["talon", "bid", "Tricks", "whists"])] = rng.choice([1, "x", True])
    elif kind == "contract_missing":
        if rng.random() < 0.5:
            raw.pop("contract")
        else:
            raw["contract"] = None
    elif kind == "contract_value":
        raw["contract"] = rng.choice(["5S", "11NT", "7h", "6X", "6", "misère", "allpass", "pass", "", 7, ["6S"]])
    elif kind == "round_type":
        return rng.choice([[raw], "6S", 7, None])
    elif kind == "type":
        if declarer is not None and rng.random() < 0.5:
            raw["declarer"] = rng.choice([str(declarer), float(declarer), True])
        elif has_tricks:
            seat = rng.choice(players)
            raw["tricks"][seat] = rng.choice([str(raw["tricks"][seat]), float(raw["tricks"][seat])])
        else:
            raw["whist"] = rng.choice(["pass", {"0": "pass"}])
    elif kind == "length":
        key = "tricks" if has_tricks else "whist"
        if rng.random() < 0.5:
            raw[key] = raw[key][:-1]
        else:
            raw[key] = [*raw[key], None]
    elif kind == "declarer_all_pass":
        raw["declarer"] = rng.choice(players)
    elif kind == "whist_not_applicable":
        entries: list[str | None] = [None] * n
        entries[players[0]], entries[players[1]] = rng.choice([("whist", "pass"), ("pass", "pass"), ("whist", "whist")])
        raw["whist"] = entries
    elif kind == "declarer_missing":
        if rng.random() < 0.5:
            raw.pop("declarer")
        else:
            raw["declarer"] = None
    elif kind == "seat_range":
        raw["declarer"] = rng.choice([n, -1, 9])
    elif kind == "declarer_sits_out":
        raw["declarer"] = seating.dealer
    elif kind == "whist_missing":
        if rng.random() < 0.5:
            raw.pop("whist")
        else:
            raw["whist"] = None
    elif kind == "whist_value":
        seat = rng.choice(seating.defenders(seat_of_declarer))
        raw["whist"][seat] = rng.choice(["Whist", "vist", "half-whist", "", 1, True])
    elif kind == "whist_seat":
        seats = [declarer] + ([seating.dealer] if n == 4 else [])
        raw["whist"][rng.choice(seats)] = rng.choice(ref.WORDS)
    elif kind == "whist_combination":
        first, second = seating.defenders(seat_of_declarer)
        level = ref.contract_level(raw["contract"]) or 6
        raw["whist"] = whist_list(state, first, second, other_words(rng, level, state.options["half_whist"]))
        raw.pop("tricks", None)
    elif kind == "tricks_missing":
        if rng.random() < 0.3:
            raw.pop("tricks")
        elif rng.random() < 0.4:
            raw["tricks"] = None
        else:
            raw["tricks"][rng.choice(players)] = None
    elif kind == "tricks_negative":
        taker, giver = rng.sample(players, 2)
        raw["tricks"][taker] += raw["tricks"][giver] + 1
        raw["tricks"][giver] = -1
    elif kind == "tricks_sum":
        seat = rng.choice(players)
        raw["tricks"][seat] += rng.choice([1, 2]) if raw["tricks"][seat] == 0 else rng.choice([-1, 1, 3])
    elif kind == "tricks_sits_out":
        raw["tricks"][seating.dealer] = 0
    elif kind == "tricks_not_played":
        counts = split(rng, 10, 3)
        raw["tricks"] = tricks_list(state, dict(zip(players, counts)))
    return raw


def random_hand(rng: random.Random, state: ref.ListState) -> Any:
    """The next hand for the match `state` keeps (for an edit, the state replayed up to it):
    legal, or about one in five times with a mistake."""
    raw = legal_hand(rng, state)
    if rng.random() < 0.2:
        return mutate(rng, raw, state)
    return raw
