"""The rules engine and the league computations stay pure: no web or database library."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FORBIDDEN = ("flask", "sqlalchemy", "marshmallow", "flask_sqlalchemy", "flask_smorest")


@pytest.mark.parametrize("package", ["scorekeeper.games", "scorekeeper.league"])
def test_package_imports_no_web_or_database_library(package):
    probe = (
        f"import sys, json, {package}\n"
        f"print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})))"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=REPO, env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == []
