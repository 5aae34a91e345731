"""The engine's refusals as the pages show them: provoked through the round form of every
game (every field left blank, or given each value its chips offer, or one no chip offers),
in English, German and Russian, no refusal on a page shows an API field or option name,
a JSON literal, an honour code or an error code."""
from __future__ import annotations

import random
import re

import pytest

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games import all_games
from tests.support.data import module_for, players_for
from tests.support.legal_rounds import generator_for, legal_round
from tests.support.refusal_words import codes_of, shown_messages, words_wrong

# Words on pages, the same on either database: bin/test runs this once (in its SQLite run).
pytestmark = pytest.mark.one_database

LANGUAGES = ("en", "de", "ru")
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
CHIPS = re.compile(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"')


def mutations(values: dict[str, str], page: str) -> list[dict[str, str]]:
    """The legal round with one field changed: blank, each value its chips offer, one no chip offers."""
    offered: dict[str, set[str]] = {}
    for name, value in CHIPS.findall(page):
        if name not in ("csrf_token", "version", "expected_number", "idempotency_key"):
            offered.setdefault(name, set()).add(value)
    changed = []
    for name in sorted(set(offered) | set(values)):
        numbers = sorted((value for value in offered.get(name, ()) if value.isdigit()), key=int)
        words = sorted(value for value in offered.get(name, ()) if not value.isdigit())
        for value in ["", "99", "zzz", *numbers[:1], *numbers[-1:], *words]:
            if values.get(name) != value:
                changed.append({**values, name: value})
    return changed


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_refusals_on_the_pages_are_in_player_words(game, client):
    counts, options, _generate = generator_for(game)
    players = NAMES[: max(counts)]
    response = client.post("/api/v1/matches", json={"game": game.id, "players": players, "options": options})
    assert response.status_code == 201, response.get_data(as_text=True)
    match_id = response.get_json()["id"]
    table = game.table(players, dict(options))
    state = game.initial_state(table)
    adapter = adapter_for(game)
    # Two legal rounds to start from (Nwik: different styles ask for different fields).
    bases = [adapter.form_values(legal_round(random.Random(seed), game, table, state)[0], table, state.next)
             for seed in range(2)]
    seen: dict[str, set[str]] = {}
    wrong: list[str] = []
    # The session's CSRF token, read once from a page as a browser holds it (the client would
    # otherwise fetch a page for it before every one of the hundreds of posts below).
    token = client.csrf_token()
    # English is provoked by every change; German and Russian by the first change that showed
    # each message in English (the same refusals in other words: posting all of them again
    # cost two thirds of the test's time and found nothing English had not).
    english = LANGUAGES[0]
    forms: list[dict[str, str]] = []
    telling: list[int] = []
    for language in LANGUAGES:
        codes = codes_of(game, table, language)
        headers = {"Accept-Language": language}
        page = client.get(f"/matches/{match_id}", headers=headers).get_data(as_text=True)
        changes = [form for values in bases for form in mutations(values, page)]
        # The chips' values are codes, the same in every language: so are the changes.
        assert language == english or changes == forms, f"{language}: other chips than in {english}"
        forms = changes
        shown: dict[str, int] = {}
        for index in range(len(forms)) if language == english else telling:
            form = forms[index]
            # The live check for every change; the plain post (JS off) shows the same words, for some.
            urls = [f"/matches/{match_id}/preview"] + ([f"/matches/{match_id}/rounds"] if index % 7 == 0 else [])
            for url in urls:
                data = {**form, "expected_number": "1", "csrf_token": token}
                answer = client.post(url, data=data, headers=headers, csrf=False)
                assert answer.status_code in (200, 303, 422), (url, form, answer.status_code)
                if answer.status_code == 303:  # a legal round after all: undo it
                    assert client.delete(f"/api/v1/matches/{match_id}/rounds/1").status_code == 204
                    continue
                for message in shown_messages(answer.get_data(as_text=True)):
                    shown.setdefault(message, index)
                    seen.setdefault(language, set()).add(message)
                    bad = words_wrong(message, codes)
                    if bad:
                        wrong.append(f"{language} {bad}: {message}")
        if language == english:
            telling = sorted(set(shown.values()))
    assert all(seen.get(language) for language in LANGUAGES), "no refusal was provoked"
    print(f"{game.id}: {sum(map(len, seen.values()))} refusals seen, e.g. {sorted(seen['en'])[:40]}")
    assert not wrong, "\n".join(sorted(set(wrong)))


def test_words_wrong_catches_what_it_should() -> None:
    codes = {"AC", "J25", "nil_per_side"}
    assert words_wrong("vip_card is required", codes) == ["vip_card"]
    assert words_wrong("null only when the side makes a special call", codes) == ["null"]
    assert words_wrong("honour AC is missing", codes) == ["AC"]
    assert words_wrong("Bob has already used stake 4", codes) == []


def cases(name: str) -> list:
    """Each game's own cases of `name` (tests/support/data), with the game."""
    return [
        pytest.param(game, *case, id=f"{game.id}-{index}")
        for game in all_games()
        for index, case in enumerate(getattr(module_for(game), name, ()))
    ]


@pytest.mark.parametrize(("game", "language", "form", "said"), cases("RULE_WORD_CASES"))
def test_a_games_rules_in_player_words(client, game, language, form, said):
    """A game's own refusals beside the form say the rule in words (the engine's name fields and suits as JSON does)."""
    players = players_for(game)
    response = client.post("/api/v1/matches", json={"game": game.id, "players": players})
    match_id = response.get_json()["id"]
    data = {**form, "expected_number": "1"}
    answer = client.post(f"/matches/{match_id}/preview", data=data, headers={"Accept-Language": language})
    messages = shown_messages(answer.get_data(as_text=True))
    assert any(said in message for message in messages), messages
    assert not [message for message in messages if words_wrong(message, codes_of(game, game.table(players), language))]


@pytest.mark.parametrize(("game", "code", "field", "engine", "number", "said"), cases("REWORDED_REFUSALS"))
def test_a_reworded_refusal_still_names_the_round_an_edit_breaks(game, code, field, engine, number, said) -> None:
    words = adapter_for(game).refusal_of_round(game.table(players_for(game)), code, field, engine, number)
    assert words == said
