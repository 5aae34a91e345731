"""Seeded random Skat lists for the checks against the independent reference (reference/skat_reference.py):
every combination of the options, deals as a list keeper might enter them, now and then
with a likely mistake. The engine's check and the REST API's check draw the same lists."""
from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from typing import Any

from tests.support.reference import skat_reference as ref
from tests.support.reference.common import SeededList, shown_state

NAMES = ["Ann", "Bob", "Cid", "Dee"]
SUITS = ["clubs", "spades", "hearts", "diamonds"]
BOCK_SETS = [list(chosen) for size in range(4) for chosen in itertools.combinations(["sixty", "lost_grand", "all_pass"], size)]
# Every combination of the options that change a score or the end, at 3 and at 4 players.
COMBINATIONS = [
    (n, scoring, dealer_bonus, ramsch, bock)
    for n in (3, 4)
    for scoring in ("seeger_fabian", "plain")
    for dealer_bonus in (True, False)
    for ramsch in (False, True)
    for bock in BOCK_SETS
]
# A list's deals drawn at the most (a target alone may never be reached).
ATTEMPTS = 150


def combination_id(combination: tuple[int, str, bool, bool, list[str]]) -> str:
    """A test id naming the combination's options."""
    n, scoring, dealer_bonus, ramsch, bock = combination
    return f"{n}p-{scoring}-{'bonus' if dealer_bonus else 'nobonus'}-{'ramsch' if ramsch else 'noramsch'}-{'+'.join(bock) or 'nobock'}"


def seeded_list(index: int) -> SeededList:
    n, scoring, dealer_bonus, ramsch, bock = COMBINATIONS[index]
    rng = random.Random(f"skat-{index}")
    given = {"scoring": scoring, "dealer_bonus": dealer_bonus, "ramsch": ramsch, "bock": bock,
             "first_dealer": rng.randrange(n), **end_options(index, rng)}
    return SeededList(n, given, ref.options_for(n, given), rng)


def drawn_deals(seeded: SeededList, reference: ref.ListState) -> Iterator[dict[str, Any]]:
    """The list's deals one at a time until `reference` ends (at most ATTEMPTS): the caller plays
    each on `reference` before taking the next, whose dealer follows from it."""
    for _attempt in range(ATTEMPTS):
        if reference.finished:
            return
        yield random_deal(seeded.rng, seeded.n, reference.dealer(), seeded.options)


def expected_state(reference: ref.ListState) -> dict[str, Any]:
    """What the engine's state and the API's match document say of the list `reference` keeps."""
    return {
        **shown_state(reference),
        "details": {"bock_pending": reference.bock_owed, "games_won": list(reference.won),
                    "games_lost": list(reference.lost), "opponent_bonuses": list(reference.shares)},
    }


# Card points a deal often ends with, the edges of every rule among them.
POINTS = [0, 10, 22, 23, 30, 31, 45, 59, 60, 61, 62, 75, 89, 90, 91, 100, 118, 120]
NOT_BIDS = [0, 17, 19, 21, 25, 26, 28, 265, 300, -18]


def end_options(index: int, rng: random.Random) -> dict[str, Any]:
    """The list's end: a short list, a target alone, or both (the three in turn)."""
    kind = index % 3
    if kind == 0:
        return {"max_deals": rng.randint(6, 18)}
    if kind == 1:
        return {"max_deals": None, "target": rng.choice([150, 250, 400, 600])}
    return {"max_deals": rng.randint(8, 18), "target": rng.choice([200, 500])}


def split_points(rng: random.Random, parts: int) -> list[int]:
    """Card points of a Ramsch: `parts` values adding up to 120, none 1 or 119."""
    while True:
        cuts = sorted(rng.randint(0, 120) for _ in range(parts - 1))
        values = [b - a for a, b in zip([0, *cuts], [*cuts, 120])]
        if not set(values) & {1, 119}:
            return values


def random_game(rng: random.Random, declarer: int) -> dict[str, Any]:
    game = rng.choice([*SUITS, *SUITS, "grand", "grand", "null"])
    if game == "null":
        hand, ouvert = rng.random() < 0.3, rng.random() < 0.3
        worth = ref.null_value(hand, ouvert)
        raw: dict[str, Any] = {"declarer": declarer, "game": "null", "bid": rng.choice(sorted(b for b in ref.BIDS if b <= worth)),
                               "won": rng.random() < 0.6}
        if hand or rng.random() < 0.2:
            raw["hand"] = hand
        if ouvert or rng.random() < 0.2:
            raw["ouvert"] = ouvert
        return raw
    most = 4 if game == "grand" else 11
    matadors = min(most, rng.choice([1, 1, 1, 2, 2, 3, 4, rng.randint(1, most)]))
    raw = {"declarer": declarer, "game": game, "matadors": matadors, "points": rng.choice(POINTS)}
    if rng.random() < 0.3:
        raw["without"] = True
    if rng.random() < 0.3:
        raw["hand"] = True
        if rng.random() < 0.08:
            raw["ouvert"] = True
            raw["announce"] = rng.choice([None, "schwarz"])
            raw["points"] = rng.choice([120, 120, 95])
        elif rng.random() < 0.25:
            raw["announce"] = rng.choice(["schneider", "schneider", "schwarz"])
    if raw["points"] == 120 or raw["points"] <= 22:
        raw["schwarz"] = rng.random() < 0.5
    base = ref.GRAND_BASE if game == "grand" else ref.SUIT_BASE[game]
    # Mostly a bid the game reaches; now and then more (overbid).
    levels = matadors + 1 + rng.randint(0, 3)
    raw["bid"] = rng.choice(sorted(b for b in ref.BIDS if b <= max(18, base * levels)))
    return raw


def random_passed(rng: random.Random, n: int, dealer: int, options: dict[str, Any]) -> dict[str, Any]:
    if not options["ramsch"]:
        return {"declarer": None}
    playing = [seat for seat in range(n) if not (n == 4 and seat == dealer)]
    points: list[int | None] = [None] * n
    no_trick: list[int] = []
    luck = rng.random()
    if luck < 0.1:
        winner = rng.choice(playing)
        for seat in playing:
            points[seat] = 120 if seat == winner else 0
        no_trick = [seat for seat in playing if seat != winner]
    else:
        values = split_points(rng, 3)
        if luck < 0.35:
            values = [0, *split_points(rng, 2)]
        rng.shuffle(values)
        for seat, value in zip(playing, values):
            points[seat] = value
        no_trick = [seat for seat in playing if points[seat] == 0 and rng.random() < 0.7]
    raw: dict[str, Any] = {"declarer": None, "ramsch": points}
    if no_trick or rng.random() < 0.3:
        raw["no_trick"] = no_trick
    return raw


def mutate(rng: random.Random, raw: dict[str, Any], n: int, dealer: int, options: dict[str, Any]) -> dict[str, Any]:
    """The deal with one likely mistake (or several): what the reference must also refuse."""
    raw = json.loads(json.dumps(raw))
    declared = raw["declarer"] is not None
    suit = declared and raw.get("game") != "null"
    choices = ["unknown_field", "declarer_range", "bool_type", "game_in_pass"]
    if n == 4:
        choices.append("dealer_declares")
    if declared:
        choices += ["not_a_bid", "no_game", "no_bid", "bad_game", "ramsch_in_game"]
    if suit:
        choices += ["ouvert_no_hand", "announce_no_hand", "ouvert_schneider", "schwarz_points", "impossible_points",
                    "matadors_range", "won_in_suit", "no_points", "no_matadors", "points_range"]
    if declared and not suit:
        choices += ["null_overbid", "null_matadors", "no_won", "null_points"]
    if not declared and options["ramsch"]:
        choices += ["ramsch_sum", "no_trick_points", "no_trick_repeat", "no_ramsch", "ramsch_dealer", "ramsch_impossible"]
    if not declared and not options["ramsch"]:
        choices += ["ramsch_off"]
    kind = rng.choice(choices)
    if kind == "unknown_field":
        raw["kontra"] = True
    elif kind == "declarer_range":
        raw["declarer"] = rng.choice([n, -1, "1", 1.5])
    elif kind == "bool_type":
        raw[rng.choice(["hand", "ouvert", "without", "schwarz"])] = rng.choice(["yes", 1, 0])
    elif kind == "game_in_pass":
        raw["declarer"] = None
        raw.setdefault("game", "clubs")
    elif kind == "dealer_declares":
        raw.update({"declarer": dealer, "game": "grand", "matadors": 1, "bid": 18, "points": 70})
        raw.pop("ramsch", None)
        raw.pop("no_trick", None)
    elif kind == "not_a_bid":
        raw["bid"] = rng.choice(NOT_BIDS)
    elif kind == "no_game":
        raw.pop("game")
    elif kind == "no_bid":
        raw.pop("bid")
    elif kind == "bad_game":
        raw["game"] = rng.choice(["Clubs", "ramsch", "", 3])
    elif kind == "ramsch_in_game":
        raw["ramsch"] = [40, 40, 40] + [None] * (n - 3)
    elif kind == "ouvert_no_hand":
        raw["ouvert"], raw["hand"] = True, False
    elif kind == "announce_no_hand":
        raw["announce"], raw["hand"] = rng.choice(["schneider", "schwarz"]), False
    elif kind == "ouvert_schneider":
        raw.update({"hand": True, "ouvert": True, "announce": "schneider"})
    elif kind == "schwarz_points":
        raw.update({"schwarz": True, "points": rng.randint(23, 119)})
    elif kind == "impossible_points":
        raw["points"] = rng.choice([1, 119])
    elif kind == "matadors_range":
        raw["matadors"] = rng.choice([0, -1, 5 if raw["game"] == "grand" else 12])
    elif kind == "won_in_suit":
        raw["won"] = rng.choice([True, False])
    elif kind == "no_points":
        raw.pop("points")
    elif kind == "no_matadors":
        raw.pop("matadors")
    elif kind == "points_range":
        raw["points"] = rng.choice([121, -1, 200])
    elif kind == "null_overbid":
        worth = ref.null_value(raw.get("hand") is True, raw.get("ouvert") is True)
        raw["bid"] = rng.choice(sorted(b for b in ref.BIDS if b > worth)[:6])
    elif kind == "null_matadors":
        raw["matadors"] = 2
    elif kind == "no_won":
        raw.pop("won")
    elif kind == "null_points":
        raw["points"] = 70
    elif kind == "ramsch_sum":
        seat = next(seat for seat, value in enumerate(raw["ramsch"]) if value is not None and value < 100)
        raw["ramsch"][seat] += rng.choice([2, 5, 10])
    elif kind == "no_trick_points":
        raw["no_trick"] = [next(seat for seat, value in enumerate(raw["ramsch"]) if value)]
    elif kind == "no_trick_repeat":
        seat = next(seat for seat, value in enumerate(raw["ramsch"]) if value is not None)
        raw["no_trick"] = [seat, seat]
    elif kind == "no_ramsch":
        raw.pop("ramsch")
    elif kind == "ramsch_dealer":
        if n == 4:
            raw["ramsch"][dealer] = 0
        else:
            raw["ramsch"][dealer] = None
    elif kind == "ramsch_impossible":
        raw["ramsch"] = [None if value is None else 0 for value in raw["ramsch"]]
        playing = [seat for seat, value in enumerate(raw["ramsch"]) if value is not None]
        raw["ramsch"][playing[0]], raw["ramsch"][playing[1]] = 119, 1
        raw.pop("no_trick", None)
    elif kind == "ramsch_off":
        raw["ramsch"] = [60, 60, 0] + [None] * (n - 3)
    return raw


def random_deal(rng: random.Random, n: int, dealer: int, options: dict[str, Any]) -> dict[str, Any]:
    active = [(dealer + 1) % n, (dealer + 2) % n, (dealer + 3) % n if n == 4 else dealer]
    if rng.random() < 0.15:
        raw = random_passed(rng, n, dealer, options)
    else:
        raw = random_game(rng, rng.choice(active))
    if rng.random() < 0.2:
        raw = mutate(rng, raw, n, dealer, options)
    return raw
