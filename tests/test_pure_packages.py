"""The rules engine and the league computations stay pure: no web or database library,
and the engine (what the phone loads) nothing else of the package."""
from __future__ import annotations

import json
import os
import pkgutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import scorekeeper

# It reads the code, not a database: bin/test runs it once, in the SQLite run.
pytestmark = pytest.mark.one_database

REPO = Path(__file__).resolve().parents[1]
FORBIDDEN = ("flask", "sqlalchemy", "marshmallow", "flask_sqlalchemy", "flask_smorest")


def loaded_after_import(module: str) -> list[str]:
    """The modules a fresh interpreter holds after importing `module`."""
    probe = f"import sys, json, {module}\nprint(json.dumps(sorted(sys.modules)))"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=REPO, env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


# scorekeeper.engine.phone imports the whole engine: the registry, every game and its entry.
@pytest.mark.parametrize("package", ["scorekeeper.engine.phone", "scorekeeper.league"])
def test_package_imports_no_web_or_database_library(package):
    assert [m for m in loaded_after_import(package) if m.split(".")[0] in FORBIDDEN] == []


def test_the_engine_loads_nothing_of_the_package_beyond_itself():
    ours = [m for m in loaded_after_import("scorekeeper.engine.phone") if m.split(".")[0] == "scorekeeper"]
    assert [m for m in ours if m != "scorekeeper" and not m.startswith("scorekeeper.engine")] == []


def test_the_engine_contract_forbids_every_other_module_of_the_package():
    contracts = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    (contract,) = [c for c in contracts if c.get("source_modules") == ["scorekeeper.engine"]]
    siblings = {f"scorekeeper.{m.name}" for m in pkgutil.iter_modules(scorekeeper.__path__)} - {"scorekeeper.engine"}
    assert set(contract["forbidden_modules"]) == siblings
