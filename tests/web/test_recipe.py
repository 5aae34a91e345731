"""The recipe for a sixth game (docs/adding-a-game.md, "The recipe") says what a game takes: every
registered game has the files it names, under its own module's and id's names, and no file
outside the tests is named for a game but those; a copy registered as step 1 registers a
game, with no file of its own, plays on every page and in the API."""
from __future__ import annotations

import re
import subprocess

import pytest

from scorekeeper.config import PROJECT_ROOT
from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.entry.adapter import GameAdapter
from tests.support.game_copies import original_games, registered_copy
from tests.support.legal_rounds import generator_for
from tests.support.pages import check_every_page

RECIPE = PROJECT_ROOT / "docs" / "adding-a-game.md"
EXAMPLE_MODULE, EXAMPLE_ID = "oh_hell", "oh-hell"
# What the recipe offers for a game that wants more than the generic one: a form of its own
# (step 2) and test data where the generic defaults do not fit.
OPTIONAL = ("scorekeeper/engine/entry/", "templates/games/", "tests/support/data/")


def recipe() -> str:
    text = RECIPE.read_text(encoding="utf-8")
    start = text.index("## The recipe")
    return text[start : text.index("\n## ", start)]


def recipe_paths() -> list[str]:
    """The files the recipe names for its example game, `{en,de,ru}` spelt out."""
    paths = []
    for path in re.findall(r"`([\w/{},-]+\.(?:py|html|md))`", recipe()):
        if EXAMPLE_MODULE not in path and EXAMPLE_ID not in path:
            continue
        choice = re.search(r"\{([^}]*)\}", path)
        alternatives = choice.group(1).split(",") if choice else [""]
        paths += [path.replace(choice.group(0), item) if choice else path for item in alternatives]
    return paths


def for_game(path: str, game) -> str:
    module = type(game).__module__.rsplit(".", 1)[-1]
    return path.replace(EXAMPLE_MODULE, module).replace(EXAMPLE_ID, game.id)


def is_there(path: str) -> bool:
    """A file the recipe names, or for a module the package the recipe allows in its place."""
    package = PROJECT_ROOT / path.removesuffix(".py") / "__init__.py"
    return (PROJECT_ROOT / path).is_file() or (path.endswith(".py") and package.is_file())


def test_the_recipe_names_a_games_files():
    paths = recipe_paths()
    assert f"scorekeeper/engine/games/{EXAMPLE_MODULE}.py" in paths
    assert f"tests/support/generators/{EXAMPLE_MODULE}.py" in paths
    assert {f"docs/rules/{language}/{EXAMPLE_ID}.md" for language in ("en", "de", "ru")} <= set(paths)


@pytest.mark.parametrize("game", original_games(), ids=lambda game: game.id)
def test_every_game_has_what_the_recipe_says_a_game_takes(game):
    wanted = [for_game(path, game) for path in recipe_paths() if not path.startswith(OPTIONAL)]
    assert [path for path in wanted if not is_there(path)] == []
    assert generator_for(game)  # found through the game's module, as step 4 says


@pytest.mark.parametrize("game", original_games(), ids=lambda game: game.id)
def test_outside_the_tests_only_the_recipes_files_are_named_for_a_game(game):
    module = type(game).__module__.rsplit(".", 1)[-1]
    tracked = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=PROJECT_ROOT, capture_output=True, text=True, check=True,
    ).stdout.split()
    named = {
        path for path in tracked
        if not path.startswith("tests/") and re.search(rf"(^|/)({re.escape(module)}|{re.escape(game.id)})\.\w+$", path)
    }
    assert named - {for_game(path, game) for path in recipe_paths()} == set()


@pytest.mark.parametrize("game", original_games(), ids=lambda game: f"copy of {game.id}")
def test_step_one_alone_makes_a_game_that_works_everywhere(client, game):
    """A registered copy is a game of step 1 only (an engine class, registered): the generic
    adapter asks its rounds, every page and the rules page answer, a round is posted by form."""
    with registered_copy(game) as copied:
        assert type(adapter_for(copied)) is GameAdapter
        check_every_page(client, copied)
        assert client.get(f"/rules/{copied.id}").status_code == 200
        assert copied.id in {listed["id"] for listed in client.get("/api/v1/games").get_json()}
