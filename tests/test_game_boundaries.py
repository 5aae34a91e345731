"""One game, one place: no module, template, script or style under scorekeeper/, templates/
and static/ names a game's id except that game's own files (its engine module, its web
adapter and its template)."""
from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import grimp
import pytest

from scorekeeper.config import PROJECT_ROOT
from scorekeeper.engine.core import fields
from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.entry.adapter import GameAdapter
from scorekeeper.engine.games import all_games
from tests.support.rules_pages import module_paths

# It reads the code, not a database: bin/test runs it once, in the SQLite run.
pytestmark = pytest.mark.one_database

PACKAGE = PROJECT_ROOT / "scorekeeper"
TEMPLATES = PROJECT_ROOT / "templates"
# Card words spelled like a game ("spades" the suit is not Spades the game) are the shared
# card vocabulary's to name, in its own module.
CARD_WORDS = frozenset(fields.SUITS)


def module_path(module: str) -> Path:
    return PROJECT_ROOT / (module.replace(".", "/") + ".py")



# Each file is read and parsed once per run: the tests ask the same hundreds of files
# about every game (parsing them anew each time cost some 40 s a run).
@functools.cache
def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


@functools.cache
def string_literals(path: Path) -> frozenset[str]:
    """Every string constant in a module (f-strings' constant parts included)."""
    return frozenset(
        node.value for node in ast.walk(parsed(path)) if isinstance(node, ast.Constant) and isinstance(node.value, str)
    )


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_only_a_games_own_modules_name_its_id(game):
    own = set(module_paths(game)) | {module_path(type(adapter_for(game)).__module__)}
    if game.id in CARD_WORDS:
        own.add(module_path(fields.__name__))
    naming = [
        str(path.relative_to(PROJECT_ROOT))
        for path in sorted(PACKAGE.rglob("*.py"))
        if path not in own and game.id in string_literals(path)
    ]
    assert naming == [], f"{game.id} is named outside its own files"


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_only_a_games_own_template_names_it(game):
    own = TEMPLATES / adapter_for(game).template
    naming = [
        str(path.relative_to(PROJECT_ROOT))
        for path in sorted(TEMPLATES.rglob("*.html"))
        if path != own and any(quoted in path.read_text(encoding="utf-8") for quoted in (f'"{game.id}"', f"'{game.id}'"))
    ]
    assert naming == []


STATIC = PROJECT_ROOT / "static"


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_no_script_or_style_names_a_games_id(game):
    """The phone's scripts and the style sheet are every game's: no game's id in a string
    ("nwik") or as a class (.nwik); a game's own look is its template's."""
    named = re.compile(rf"""(["'`]){re.escape(game.id)}\1|(?<![\w-])\.{re.escape(game.id)}(?![\w-])""")
    naming = [
        str(path.relative_to(PROJECT_ROOT))
        for path in sorted(STATIC.rglob("*"))
        if path.suffix in (".js", ".css") and named.search(path.read_text(encoding="utf-8"))
    ]
    assert naming == [], f"{game.id} is named in shared scripts or styles"


# --------------------------------------------------------------------------- the tests follow the registry too

TESTS = PROJECT_ROOT / "tests"


def own_test_files(game) -> set[Path]:
    """A game's own test files: those whose name holds its module's name (test_spades.py,
    test_willi_stich_table_loop.py, tests/support/data/willi_stich.py)."""
    module = type(game).__module__.rsplit(".", 1)[-1]
    return {path for path in TESTS.rglob("*.py") if module in path.name}


def shared_test_files_naming(game) -> set[str]:
    own = own_test_files(game)
    return {
        str(path.relative_to(TESTS))
        for path in sorted(TESTS.rglob("*.py"))
        if path not in own and (game.id in string_literals(path) or names_as_a_game(path, game.id))
    }


ORIGINALS = [game for game in all_games() if "copied_from" not in vars(type(game))]


@pytest.mark.parametrize("game", [game for game in ORIGINALS if game.id not in CARD_WORDS], ids=lambda game: game.id)
def test_only_a_games_own_test_files_name_its_id(game):
    """A shared test file follows the registry: it picks games by what they are (with bids,
    with sides), and a game's own data and rules are in the game's own files."""
    assert shared_test_files_naming(game) == set(), f"{game.id} is named in shared test files"


def names_as_a_game(path: Path, game_id: str) -> bool:
    """Whether a module names `game_id` as a game: the value of a "game" key or argument, a
    "game=" query, or an argument of a call that makes a match or looks a game up (for an
    id that is also a card word, "spades" the suit being every file's to say)."""

    def is_id(node: ast.AST) -> bool:
        return isinstance(node, ast.Constant) and node.value == game_id

    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Dict) and any(
            key is not None and isinstance(key, ast.Constant) and key.value == "game" and is_id(value)
            for key, value in zip(node.keys, node.values, strict=True)
        ):
            return True
        if isinstance(node, ast.keyword) and node.arg == "game" and is_id(node.value):
            return True
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and f"game={game_id}" in node.value:
            return True
        if isinstance(node, ast.Call):
            func = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if ("match" in func or "game" in func) and any(is_id(arg) for arg in node.args):
                return True
    return False


@pytest.mark.parametrize("game", [game for game in ORIGINALS if game.id in CARD_WORDS], ids=lambda game: game.id)
def test_a_game_named_like_a_card_is_named_as_a_game_only_in_its_own_test_files(game):
    own = own_test_files(game)
    naming = [
        str(path.relative_to(TESTS))
        for path in sorted(TESTS.rglob("*.py"))
        if path not in own and names_as_a_game(path, game.id)
    ]
    assert naming == [], f"{game.id} is named as a game in shared test files"


# --------------------------------------------------------------------------- no game leans on another


def test_no_games_module_imports_another_games():
    """A game's engine module and web adapter import no other game's: what two games share
    lives in the games' shared modules (base, bidding, fields, house_rules, ...)."""
    graph = grimp.build_graph("scorekeeper")
    own = {
        # a game's package counts with its modules (Spades' scoring, Skat's values)
        game.id: {
            module
            for top in {type(game).__module__, type(adapter_for(game)).__module__} - {GameAdapter.__module__}
            for module in {top, *graph.find_descendants(top)}
        }
        for game in ORIGINALS
    }
    assert all(len(modules) >= 1 for modules in own.values())
    for game_id, modules in own.items():
        others = set().union(*(theirs for other, theirs in own.items() if other != game_id))
        imported = set().union(*(graph.find_modules_directly_imported_by(module) for module in modules))
        assert imported & others == set(), f"{game_id} imports another game's module"
