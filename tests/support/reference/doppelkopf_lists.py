"""Seeded random Doppelkopf lists to check the engine against the independent reference with.

Option combinations that together take every option value, hands as a list keeper might enter them
(forced solos obeyed), about one in five with a likely mistake. A comparison with the engine and
one through the REST API can draw the same lists."""
from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tests.support.reference import doppelkopf_reference as ref
from tests.support.reference.common import SeededList, played_through, shown_state, spread

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]
# `None`: not given, so the default (all four kinds) is in effect.
SPECIAL_SETS: list[list[str] | None] = [
    None, [], ["against_queens"], ["fox"], ["doppelkopf"], ["karlchen"], ["fox", "doppelkopf", "karlchen"],
    list(ref.SPECIAL_KINDS),
]
BOCK_SETS = [[], ["tie"], ["zero"], ["lost_re"], ["lost_kontra"], ["lost_solo"],
             ["tie", "zero", "lost_re", "lost_kontra", "lost_solo"]]
COMPULSORY = [0, 1, 2]
ENDS = ["short", "target", "both", "default"]
# Every combination of the options that take two values (twice), each paired with values of the
# options that take more; those run through in shuffled cycles so that each comes up often.
CORE = list(itertools.product((4, 5), ("tsr", "double"), ("tsr", "against_soloist"), (True, False), ("append", "double"))) * 2


COMBINATIONS = [
    (*core, compulsory, special, bock, end)
    for core, compulsory, special, bock, end in zip(
        CORE, spread(COMPULSORY, len(CORE), "compulsory"), spread(SPECIAL_SETS, len(CORE), "special"),
        spread(BOCK_SETS, len(CORE), "bock"), spread(ENDS, len(CORE), "end"))
]
# The reference names the spec's rules in its own words; the engine's (and the API's) code for a
# refused hand must be one of the rules the reference finds broken, read through this table.
SAME_RULE: dict[str, set[str]] = {
    "round_type": {"type"},
    "type": {"type", "count_range"},
    "range": {"re_points_range", "seat_range", "count_range"},
    "length": {"type"},
    # A null game is "not one of the games" to the engine, "missing" to the reference; a number
    # for a call, not one of the calls or of the wrong type: either names the field's rule.
    "choice": {"game_value", "call_value", "party_value", "game_missing", "type"},
    "field_unknown": {"unknown_field"},
    "field_missing": {"game_missing", "re_points_missing"},
    "field_not_applicable": {"wrong_kind_seat"},
    "re_missing": {"seat_missing"},
    "soloist_missing": {"seat_missing"},
    "re_seats": {"re_pair", "seat_range"},
    "re_twice": {"re_pair"},
    "seat_sits_out": {"sits_out"},
    "no_trick_points": {"no_trick_points"},
    "foxes_count": {"fox_count"},
    "foxes_points": {"fox_points"},
    "doppelkopfs_points": {"doppelkopf_points"},
    "karlchen_points": {"karlchen_points"},
    "solo_special_points": {"special_in_solo"},
    "special_points_off": {"special_off"},
    "forced_solo": {"forced_solo"},
}


def same_rule(code: str) -> set[str]:
    """The reference's names of the rule an engine code stands for."""
    return SAME_RULE.get(code, {code})


# A list's hands drawn at the most (a target alone may never be reached).
ATTEMPTS = 150


def combination_id(combination: tuple[Any, ...]) -> str:
    """A test id naming the combination's options."""
    n, announcements, solo_value, redeal, overlap, compulsory, special, bock, end = combination
    kinds = "default" if special is None else "+".join(special) or "none"
    return (f"{n}p-{announcements}-{solo_value}-{'redeal' if redeal else 'noredeal'}-{overlap}-cs{compulsory}"
            f"-sp:{kinds}-bock:{'+'.join(bock) or 'none'}-{end}")


def end_options(end: str, n: int, compulsory: int, rng: random.Random) -> dict[str, Any]:
    """The list's end: a short list, a target alone, both, or the default series (24 or 30)."""
    # n x compulsory_solos must not exceed max_deals (refused when the match is created).
    least = max(8, n * compulsory)
    if end == "short":
        return {"max_deals": rng.randint(least, 16)}
    if end == "target":
        return {"max_deals": None, "target": rng.choice([60, 90, 120])}
    if end == "both":
        return {"max_deals": rng.randint(max(10, least), 16), "target": rng.choice([50, 100])}
    return {}


def seeded_list(index: int) -> SeededList:
    n, announcements, solo_value, redeal, overlap, compulsory, special, bock, end = COMBINATIONS[index]
    rng = random.Random(f"doppelkopf-{index}")
    given: dict[str, Any] = {"first_dealer": rng.randrange(n), "announcements": announcements, "solo_value": solo_value,
                             "compulsory_solo_redeal": redeal, "bock_overlap": overlap, "compulsory_solos": compulsory,
                             "bock": list(bock), **end_options(end, n, compulsory, rng)}
    if special is not None:
        given["special_points"] = list(special)
    return SeededList(n, given, ref.options_for(n, given), rng)


def drawn_deals(seeded: SeededList, reference: ref.ListState) -> Iterator[dict[str, Any]]:
    """The list's hands one at a time until `reference` ends (at most ATTEMPTS): the caller plays
    each on `reference` before taking the next, whose dealer and forced solo follow from it."""
    for _attempt in range(ATTEMPTS):
        if reference.finished:
            return
        yield random_hand(seeded.rng, reference)


@dataclass
class PlayedHand:
    """One drawn hand as the reference took it: the `next` hints before it, the rules it broke
    (empty: accepted) and its scores (None: refused)."""

    raw: dict[str, Any]
    before: dict[str, Any]
    broken: set[str]
    scores: list[int] | None


def played_list(index: int) -> tuple[SeededList, ref.ListState, list[PlayedHand]]:
    """List `index` drawn and played through on the reference alone: the seeded list, the
    reference at its end, and every hand drawn (refused ones included)."""
    seeded = seeded_list(index)
    reference = ref.ListState(seeded.n, seeded.options)
    hands = [PlayedHand(*played) for played in played_through(reference, drawn_deals(seeded, reference))]
    return seeded, reference, hands


def expected_state(reference: ref.ListState) -> dict[str, Any]:
    """What the engine's state and the API's match document say of the list `reference` keeps.
    The engine's `details` are not in the spec: the one comparing adds what it needs from
    `reference` (deals, owed, bock_queue or bock_rounds)."""
    return shown_state(reference)


# Card points a hand often ends with: the edges of every rule among them.
POINTS = [0, 0, 5, 11, 29, 30, 31, 59, 60, 61, 89, 90, 91, 110, 119, 120, 120, 121, 130, 150, 151, 179, 180, 181, 209,
          210, 211, 229, 235, 239, 240, 240]
# Mostly no call, as at a table; every level now and then.
CALL_LEVELS = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 4, 5]


def random_calls(rng: random.Random, raw: dict[str, Any]) -> None:
    """Calls at every level, now and then with the points that make a high one hold."""
    a, b = rng.choice(CALL_LEVELS), rng.choice(CALL_LEVELS)
    if a == 5 and rng.random() < 0.4:
        raw["re_points"], raw["no_trick"] = 240, "kontra"
    elif b == 5 and rng.random() < 0.4:
        raw["re_points"], raw["no_trick"] = 0, "re"
    for key, value in (("re_call", ref.RE_CALLS[a]), ("kontra_call", ref.KONTRA_CALLS[b])):
        if value is not None or rng.random() < 0.2:
            raw[key] = value


def random_no_trick(rng: random.Random, raw: dict[str, Any]) -> None:
    points = raw["re_points"]
    if "no_trick" in raw:
        return
    if points == 0 and rng.random() < 0.7:
        raw["no_trick"] = "re"
    elif points == 240 and rng.random() < 0.7:
        raw["no_trick"] = "kontra"
    elif rng.random() < 0.1:
        raw["no_trick"] = None


def random_specials(rng: random.Random, raw: dict[str, Any], kinds: list[str]) -> None:
    """Foxes, Doppelkopfs and Karlchen the card points allow; for a kind not played, at most
    zeros or null (accepted)."""
    r = raw["re_points"]
    k = 240 - r
    if "fox" in kinds and rng.random() < 0.5:
        re_foxes = rng.randint(0, min(2, r // 11))
        raw["foxes"] = [re_foxes, rng.randint(0, min(2 - re_foxes, k // 11))]
    elif rng.random() < 0.15:
        raw["foxes"] = rng.choice([None, [0, 0]])
    if "doppelkopf" in kinds and rng.random() < 0.5:
        raw["doppelkopfs"] = [rng.randint(0, min(2, r // 40)), rng.randint(0, min(2, k // 40))]
    elif rng.random() < 0.15:
        raw["doppelkopfs"] = rng.choice([None, [0, 0]])
    parties = [party for party, points in (("re", r), ("kontra", k)) if points >= 2]
    if "karlchen" in kinds and rng.random() < 0.3:
        raw["karlchen"] = rng.choice(parties)
    elif rng.random() < 0.1:
        raw["karlchen"] = None


def random_solo(rng: random.Random, game: str, soloist: int) -> dict[str, Any]:
    raw: dict[str, Any] = {"game": game, "soloist": soloist, "re_points": rng.choice(POINTS)}
    if rng.random() < 0.1:
        raw["re"] = None
    random_calls(rng, raw)
    random_no_trick(rng, raw)
    random_specials(rng, raw, [])
    return raw


def random_partners(rng: random.Random, game: str, players: list[int], kinds: list[str]) -> dict[str, Any]:
    raw: dict[str, Any] = {"game": game, "re": rng.sample(players, 2), "re_points": rng.choice(POINTS)}
    if rng.random() < 0.1:
        raw["soloist"] = None
    random_calls(rng, raw)
    random_no_trick(rng, raw)
    random_specials(rng, raw, kinds)
    return raw


def legal_hand(rng: random.Random, state: ref.ListState) -> dict[str, Any]:
    """A hand the spec accepts now: the forced solo when one is due, else any game."""
    players = state.players()
    forced = state.forced()
    if forced is not None:
        return random_solo(rng, rng.choice(ref.DECLARED_SOLOS), forced)
    roll = rng.random()
    if roll < 0.5:
        return random_partners(rng, "normal", players, state.options["special_points"])
    if roll < 0.6:
        return random_partners(rng, "marriage", players, state.options["special_points"])
    if roll < 0.85:
        return random_solo(rng, rng.choice(ref.DECLARED_SOLOS), rng.choice(players))
    return random_solo(rng, rng.choice(ref.OTHER_SOLOS), rng.choice(players))


def mutate(rng: random.Random, raw: dict[str, Any], state: ref.ListState) -> dict[str, Any]:
    """The hand with one likely mistake: what the reference must refuse (the codes of RULES)."""
    raw = json.loads(json.dumps(raw))
    n, players = state.n, state.players()
    partners = raw["game"] in ref.PARTNER_GAMES
    choices = ["unknown_field", "game_missing", "re_points_missing", "type", "game_value", "call_value", "party_value",
               "seat_range", "wrong_kind_seat", "seat_missing", "re_points_range", "no_trick_points", "count_range",
               "fox_count", "fox_points", "doppelkopf_points", "karlchen_points"]
    if partners:
        choices.append("re_pair")
        if set(ref.SPECIAL_KINDS[1:]) - set(state.options["special_points"]):
            choices.append("special_off")
    else:
        choices.append("special_in_solo")
    if n == 5:
        choices.append("sits_out")
    kind = rng.choice(choices)
    if kind == "unknown_field":
        raw[rng.choice(["fox", "solist", "points", "Re"])] = 1
    elif kind == "game_missing":
        if rng.random() < 0.5:
            raw.pop("game")
        else:
            raw["game"] = None
    elif kind == "re_points_missing":
        raw.pop("re_points")
    elif kind == "type":
        key, value = rng.choice([("re_points", "120"), ("re_points", True), ("re_points", 120.0), ("foxes", "1"),
                                 ("foxes", [1]), ("doppelkopfs", [True, 0]), ("game", 3), ("re_call", 2),
                                 ("no_trick", False)])
        raw[key] = value
    elif kind == "game_value":
        raw["game"] = rng.choice(["Normal", "solo", "ramsch", "hochzeit", ""])
    elif kind == "call_value":
        key, value = rng.choice([("re_call", "kontra"), ("kontra_call", "re"), ("re_call", "no120"), ("kontra_call", "Black")])
        raw[key] = value
    elif kind == "party_value":
        raw[rng.choice(["no_trick", "karlchen"])] = rng.choice(["both", "Re", "soloist"])
    elif kind == "seat_range":
        if partners:
            raw["re"] = [raw["re"][0], rng.choice([n, -1, 7])]
        else:
            raw["soloist"] = rng.choice([n, -1])
    elif kind == "wrong_kind_seat":
        if partners:
            raw["soloist"] = raw["re"][0]
        else:
            raw["re"] = [seat for seat in players if seat != raw["soloist"]][:2]
    elif kind == "seat_missing":
        raw.pop("re" if partners else "soloist", None)
    elif kind == "re_pair":
        first = raw["re"][0]
        raw["re"] = rng.choice([[first, first], [first], players[:3], []])
    elif kind == "sits_out":
        dealer = state.dealer()
        if partners:
            raw["re"] = [dealer, raw["re"][1]]
        else:
            raw["soloist"] = dealer
    elif kind == "re_points_range":
        raw["re_points"] = rng.choice([-1, 241, 1000])
    elif kind == "no_trick_points":
        raw["no_trick"] = rng.choice(["re", "kontra"])
        raw["re_points"] = rng.choice([1, 100, 239]) if raw["re_points"] in (0, 240) else raw["re_points"]
    elif kind == "count_range":
        raw[rng.choice(["foxes", "doppelkopfs"])] = rng.choice([[-1, 0], [0, -2]])
    elif kind == "fox_count":
        raw.update({"foxes": rng.choice([[2, 1], [3, 0], [1, 2]]), "re_points": 120, "no_trick": None})
    elif kind == "fox_points":
        raw.update({"foxes": [1, 0], "re_points": rng.choice([0, 5, 10]), "no_trick": None})
    elif kind == "doppelkopf_points":
        raw.update({"doppelkopfs": [0, 1], "re_points": rng.choice([201, 220, 240]), "no_trick": None})
    elif kind == "karlchen_points":
        raw.update({"karlchen": "re", "re_points": 1, "no_trick": None, "foxes": None, "doppelkopfs": None})
    elif kind == "special_in_solo":
        raw.update({"re_points": 120, "no_trick": None})
        key, value = rng.choice([("foxes", [1, 0]), ("doppelkopfs", [0, 1]), ("karlchen", "kontra")])
        raw[key] = value
    elif kind == "special_off":
        missing = [kind for kind in ref.SPECIAL_KINDS[1:] if kind not in state.options["special_points"]]
        raw.update({"re_points": 120, "no_trick": None})
        offending: dict[str, dict[str, Any]] = {"fox": {"foxes": [0, 1]}, "doppelkopf": {"doppelkopfs": [1, 0]},
                                                "karlchen": {"karlchen": "re"}}
        raw.update(offending[rng.choice(missing)])
    return raw


def disobey(rng: random.Random, state: ref.ListState) -> dict[str, Any]:
    """While a solo is forced: another game, or a solo by another seat (refused)."""
    forced = state.forced()
    others = [seat for seat in state.players() if seat != forced]
    return rng.choice([
        random_partners(rng, "normal", state.players(), []),
        random_solo(rng, rng.choice(ref.DECLARED_SOLOS), rng.choice(others)),
        random_solo(rng, rng.choice(ref.OTHER_SOLOS), forced if forced is not None else others[0]),
    ])


def random_hand(rng: random.Random, state: ref.ListState) -> dict[str, Any]:
    """The next hand for the list `state` keeps (for an edit, the state replayed up to it):
    legal, or about one in five times with a mistake."""
    if state.forced() is not None and rng.random() < 0.2:
        return disobey(rng, state)
    raw = legal_hand(rng, state)
    if rng.random() < 0.2:
        raw = mutate(rng, raw, state)
    return raw
