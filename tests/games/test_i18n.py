"""Every refusal and score explanation of the engine goes through the translation hook."""
from __future__ import annotations

import pytest

from scorekeeper.games import RuleError, all_games, get_game
from scorekeeper.games.i18n import _, _n, use_translator

NAMES = ("Ann", "Bob", "Cid", "Dee")

# One scored round and one refused round per game, with the English they give today.
CASES = {
    "nwik": {
        "players": 3,
        "options": {},
        "round": {"style": 1, "stake": 4, "tricks": [4, 5, 4]},
        "explanation": "Bidder: 5 tricks, target 6: -1 × 4 = -4",
        "refused": {"style": 5, "stake": 1, "tricks": [4, 5, 4]},
        "refusal": "vip_card is required for style 5 (VIP): which turned card set trumps, 1, 2 or 3",
    },
    "nameless": {
        "players": 3,
        "options": {},
        "round": {"tricks": [1, 1, 3], "renege": 0},
        "explanation": "opponent's bonus hand: -1; Ann reneged: -2",
        "refused": {"tricks": [1, 1, 3], "alone": 0},
        "refusal": "going alone is only possible with 4 players",
    },
    "zwicker": {
        "players": 2,
        "options": {},
        "round": {
            "sides": [
                {"cards": 30, "zwicks": 2, "honours": ["J25", "J20", "J15", "D10", "D7"]},
                {"cards": 25, "zwicks": 0, "honours": ["S7", "AS", "AH", "AD", "AC"]},
            ]
        },
        "explanation": "Joker 25 7 + Joker 20 6 + Joker 15 5 + ♦10 3 + ♦7 1 + most cards 1 + 2 Zwicks 2 = 25",
        "refused": {
            "sides": [
                {"cards": 30, "zwicks": 2, "honours": ["J25", "J20", "J15", "D10", "D7"]},
                {"cards": 25, "zwicks": 0, "honours": ["S7", "AS", "AH", "AD"]},
            ]
        },
        "refusal": "honour AC is missing: every honour is captured by some side",
    },
    "spades": {
        "players": 4,
        "options": {},
        "round": {"bids": [3, "nil", 4, 2], "tricks": [4, 0, 5, 4]},
        "explanation": "bid 7, took 9: +72, 2 bags",
        "refused": {"bids": [0, 3, 0, 3], "tricks": [4, 0, 5, 4]},
        "refusal": (
            "Ann & Cid bid 0 tricks together, but a side's contract must be 1 to 13: "
            "a player who means to take no trick bids nil"
        ),
    },
    "willi-stich": {
        "players": 3,
        "options": {},
        "round": {"bids": [0, 1, 1], "tricks": [0, 1, 0]},
        "explanation": "called 0, took 0: exact, 10 + 0 = 10",
        "refused": {"bids": [0, 1, 0], "tricks": [0, 1, 0]},
        "refusal": "the dealer Ann may not call 0: the calls would add up to 1",
    },
}


def wrap(message: str) -> str:
    """A fake translation that shows where a message passed through the hook."""
    return f"[[{message}]]"


def outside_translations(text: str) -> str:
    """The characters of `text` outside every [[...]] (which may nest)."""
    depth, kept, index = 0, [], 0
    while index < len(text):
        pair = text[index : index + 2]
        if pair == "[[":
            depth, index = depth + 1, index + 2
        elif pair == "]]" and depth:
            depth, index = depth - 1, index + 2
        else:
            if not depth:
                kept.append(text[index])
            index += 1
    return "".join(kept)


def assert_all_translated(text: str) -> None:
    """Only names, honour codes (J25, AS), numbers and punctuation may be left untranslated."""
    rest = outside_translations(text)
    for name in NAMES:
        rest = rest.replace(name, "")
    assert not any(letter.islower() for letter in rest), (text, rest)


def play(game_id: str, raw: dict):
    case = CASES[game_id]
    game = get_game(game_id)
    table = game.table(NAMES[: case["players"]], case["options"])
    return game.play(table, game.initial_state(table), raw)


def refusal(game_id: str) -> str:
    with pytest.raises(RuleError) as caught:
        play(game_id, CASES[game_id]["refused"])
    return caught.value.message


@pytest.mark.parametrize("game_id", list(CASES))
def test_english_without_a_translator(game_id):
    case = CASES[game_id]
    assert case["explanation"] in play(game_id, case["round"]).rounds[0].score.explanation
    assert refusal(game_id) == case["refusal"]


@pytest.mark.parametrize("game_id", list(CASES))
def test_every_explanation_goes_through_the_hook(game_id):
    with use_translator(wrap):
        explanation = play(game_id, CASES[game_id]["round"]).rounds[0].score.explanation
    for note in explanation:
        assert_all_translated(note)
    # A side with honours only (Zwicker) has no words to translate; every round has some.
    assert any("[[" in note for note in explanation), explanation


@pytest.mark.parametrize("game_id", list(CASES))
def test_refusals_go_through_the_hook(game_id):
    with use_translator(wrap):
        message = refusal(game_id)
    assert message.startswith("[[") and message.endswith("]]")
    assert_all_translated(message)


def test_replayed_refusal_names_its_round_in_the_language():
    game = get_game("nameless")
    table = game.table(NAMES[:3])
    with use_translator(wrap), pytest.raises(RuleError) as caught:
        game.replay(table, [{"tricks": [1, 1, 3]}, {"tricks": [1, 1, 4]}])
    assert caught.value.message == "[[round 2: [[tricks must add up to 5, got 6]]]]"


def test_catalogue_entries_are_translated():
    with use_translator(wrap):
        described = [game.describe() for game in all_games()]
    for entry in described:
        assert entry["name"].startswith("[[")
        assert all(option["description"].startswith("[[") for option in entry["options"])
    english = {game.id: game.describe()["name"] for game in all_games()}
    assert english == {
        "nwik": "Nwik",
        "nameless": "Nameless",
        "zwicker": "Zwicker",
        "spades": "Spades",
        "willi-stich": "Willi Stich",
    }


# A Russian-like catalog with three plural forms: 1 взятка, 2-4 взятки, 5+ взяток.
RUSSIAN = {
    ("{n} trick: {points}", "{n} tricks: {points}"): ("{n} взятка: {points}", "{n} взятки: {points}", "{n} взяток: {points}"),
}


def russian_form(n: int) -> int:
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


def russian_ngettext(singular: str, plural: str, n: int) -> str:
    forms = RUSSIAN.get((singular, plural))
    return forms[russian_form(n)] if forms else (singular if n == 1 else plural)


def test_counts_take_the_catalogs_plural_form():
    game = get_game("nameless")
    table = game.table(NAMES)
    with use_translator((lambda message: message, russian_ngettext)):
        one_four = game.play(table, game.initial_state(table), {"tricks": [1, 1, 0, 3]})
        five_none = game.play(table, game.initial_state(table), {"tricks": [1, 0, 4, 0]})
    assert one_four.rounds[0].score.explanation == ("1 взятка: +1", "4 взятки: +4")
    assert five_none.rounds[0].score.explanation == ("5 взяток: +5", "0 взяток: 0")


def test_plain_hook_without_translator():
    assert _("tricks must add up to {total}, got {got}", total=13, got=12) == "tricks must add up to 13, got 12"
    assert _n("{n} bag", "{n} bags", 1) == "1 bag"
    assert _n("{n} bag", "{n} bags", 3) == "3 bags"
    # A placeholder may be called {message}: the message id is positional-only.
    assert _("round {number}: {message}", number=2, message="x") == "round 2: x"
