"""The games registry: every game offers the same surface and refuses bad input the same way."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.core.base import Game
from scorekeeper.engine.games import OptionError, RoundError, RuleError, all_games, get_game
from tests.support.strategies import json_like as json_like_values

REPO = Path(__file__).resolve().parents[2]
GAMES = all_games()
GAME_IDS = [game.id for game in GAMES]
NAMES = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal")
# A value of the wrong type for each option kind.
WRONG_TYPE = {"int": "seven", "bool": "yes", "choice": ["not", "a", "choice"], "list": "abc", "object": "abc"}


def by_id(game_id: str) -> Game:
    return get_game(game_id)


def test_every_game_module_registers_its_game():
    """The catalogue is what the game modules register: each module of scorekeeper/engine/games that
    calls register() gives one game (found by its engine class, whatever its id), ids unique."""
    package = REPO / "scorekeeper" / "engine" / "games"
    # A game is a module, or a package (its __init__ registers) when its rules span files.
    modules = [*package.glob("*.py"), *package.glob("*/__init__.py")]
    registering = sorted(
        (path.parent.name if path.stem == "__init__" else path.stem)
        for path in modules
        if path.parent != package or path.stem != "__init__"
        if re.search(r"^register\(", path.read_text(encoding="utf-8"), re.M)
    )
    assert registering, "no game module found"
    assert "spades" in registering
    modules = {type(game).__module__.rsplit(".", 1)[-1] for game in GAMES}
    assert set(registering) <= modules
    assert len(GAME_IDS) == len(set(GAME_IDS))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_surface(game_id):
    game = by_id(game_id)
    assert isinstance(game, Game)
    assert get_game(game.id) is game
    assert isinstance(game.id, str) and re.fullmatch(r"[a-z]+(-[a-z]+)*", game.id)
    assert isinstance(game.name, str) and game.name
    assert isinstance(game.min_players, int) and isinstance(game.max_players, int)
    # The tests name seats from NAMES: a game seating more needs more names there.
    assert 2 <= game.min_players <= game.max_players <= len(NAMES)
    # every module opens with a docstring saying what it is for
    assert sys.modules[type(game).__module__].__doc__


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_describe_is_json_ready(game_id):
    game = by_id(game_id)
    described = game.describe()
    assert json.loads(json.dumps(described)) == described
    assert described["id"] == game.id
    assert described["name"] == game.name
    assert (described["min_players"], described["max_players"]) == (game.min_players, game.max_players)
    names = [option["name"] for option in described["options"]]
    assert names[0] == "first_dealer"
    assert len(names) == len(set(names))
    for option in described["options"]:
        assert {"name", "type", "default", "description", "nullable"} <= set(option)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_allowed_player_count_builds_a_table_with_defaults(game_id):
    game = by_id(game_id)
    for n in range(game.min_players, game.max_players + 1):
        table = game.table(NAMES[:n])
        assert table.n == n
        assert {spec.name for spec in game.all_option_specs()} <= set(table.options)
        seats = sorted(seat for side in table.sides for seat in side)
        assert seats == list(range(n))
        state = game.initial_state(table)
        assert state.totals == (0,) * len(table.sides)
        assert not state.finished and state.winners == ()
        assert state.next["round"] == 1 and state.next["dealer"] == 0
        json.dumps(state.next)
        json.dumps(state.details)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_unknown_option_is_refused(game_id):
    game = by_id(game_id)
    with pytest.raises(OptionError) as caught:
        game.table(NAMES[: game.min_players], {"no_such_option": 1})
    assert caught.value.code == "option_unknown"
    assert caught.value.field == "options.no_such_option"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_options_must_be_an_object(game_id):
    game = by_id(game_id)
    for raw in ([], "x", 3):
        with pytest.raises(OptionError):
            game.table(NAMES[: game.min_players], raw)


@pytest.mark.parametrize(
    ("game_id", "option"),
    [(game.id, spec.name) for game in GAMES for spec in game.all_option_specs()],
)
def test_option_of_the_wrong_type_is_refused(game_id, option):
    game = by_id(game_id)
    spec = next(spec for spec in game.all_option_specs() if spec.name == option)
    with pytest.raises(OptionError) as caught:
        game.table(NAMES[: game.min_players], {option: WRONG_TYPE[spec.kind]})
    assert caught.value.field == f"options.{option}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_player_counts_outside_the_range_are_refused(game_id):
    game = by_id(game_id)
    for n in (0, 1, game.min_players - 1, game.max_players + 1, game.max_players + 2):
        if game.min_players <= n <= game.max_players:
            continue
        with pytest.raises(OptionError) as caught:
            game.table(NAMES[:n])
        assert caught.value.code == "player_count"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_first_dealer_must_be_a_seat(game_id):
    game = by_id(game_id)
    n = game.min_players
    with pytest.raises(OptionError):
        game.table(NAMES[:n], {"first_dealer": n})
    with pytest.raises(OptionError):
        game.table(NAMES[:n], {"first_dealer": -1})


def near_misses() -> list[str]:
    """Ids a client might send for a registered game that are not its id: its name, its id in
    capitals, with a space after it, with "_" for "-", its module's name."""
    near = {"", "bridge"}
    for game in GAMES:
        module = type(game).__module__.rsplit(".", 1)[-1]
        near.update({game.name, game.id.upper(), f"{game.id} ", game.id.replace("-", "_"), module})
    return sorted(near - set(GAME_IDS))


@pytest.mark.parametrize("game_id", near_misses())
def test_unknown_game_id_raises_key_error(game_id):
    with pytest.raises(KeyError):
        get_game(game_id)


def test_round_errors_are_rule_errors():
    assert issubclass(RoundError, RuleError)
    assert issubclass(OptionError, RuleError)


# --------------------------------------------------------------------------- garbage in, RoundError out


TABLES = {
    (game.id, n): game.table(NAMES[:n])
    for game in GAMES
    for n in range(game.min_players, game.max_players + 1)
}
STATES = {key: get_game(key[0]).initial_state(table) for key, table in TABLES.items()}


def round_fields(game: Game, key) -> list[str]:
    """The round fields a game accepts, as its unknown-field refusal lists them."""
    try:
        game.play(TABLES[key], STATES[key], {"\x00probe": 1})
    except RuleError as error:
        found = re.search(r"\(allowed: ([^)]*)\)", error.message)
        if found:
            return [name.strip() for name in found.group(1).split(",") if name.strip()]
    return []


FIELDS = {key: round_fields(get_game(key[0]), key) for key in TABLES}

json_like = json_like_values(
    ["clubs", "diamonds", "hearts", "spades", "none", "nil", "blind_nil", "AS", "J25", ""], max_leaves=25
)
# Per-seat / per-side lists of plausible values and lists of per-side objects reach past
# the type checks into each game's own rules.
plausible = (
    json_like
    | st.lists(st.integers(-1, 20) | st.none() | st.sampled_from(["nil", "blind_nil"]), max_size=8)
    | st.lists(
        st.fixed_dictionaries(
            {},
            optional={
                "cards": st.integers(-1, 60) | json_like,
                "zwicks": st.integers(-1, 10) | json_like,
                "honours": st.lists(st.text(max_size=4) | st.sampled_from(["J25", "AS", "AH", "D10", "S7"]),
                                    max_size=6) | json_like,
            },
        ),
        max_size=4,
    )
)


@st.composite
def garbage_round(draw):
    key = draw(st.sampled_from(sorted(TABLES)), label="game and players")
    fields = FIELDS[key]
    if fields and draw(st.booleans()):
        chosen = draw(st.lists(st.sampled_from(fields), unique=True, max_size=len(fields)))
        raw = {name: draw(plausible) for name in chosen}
    else:
        raw = draw(json_like | st.dictionaries(st.text(max_size=10), plausible, max_size=5))
    return key, raw


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=garbage_round())
def test_garbage_rounds_raise_round_error_only(case):
    key, raw = case
    game = get_game(key[0])
    try:
        game.play(TABLES[key], STATES[key], raw)
    except RoundError:
        pass
