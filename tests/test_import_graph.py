"""The package's imports form no circle: every module can be read (and imported) after the
modules it uses, lazy imports inside functions included."""
from __future__ import annotations

import graphlib
from pathlib import Path

import grimp
import pytest

from scorekeeper.config import PROJECT_ROOT

# It reads the code, not a database: bin/test runs it once, in the SQLite run.
pytestmark = pytest.mark.one_database


def import_graph(package: str) -> dict[str, set[str]]:
    """Each module of `package` -> the modules of `package` it imports (anywhere in the module)."""
    graph = grimp.build_graph(package, cache_dir=None)
    return {module: graph.find_modules_directly_imported_by(module) for module in graph.modules}


def a_circle(imports: dict[str, set[str]]) -> list[str]:
    """A circle of imports (its modules, the first again at its end), or [] when there is none."""
    try:
        graphlib.TopologicalSorter(imports).prepare()
    except graphlib.CycleError as circle:
        return list(circle.args[1])
    return []


def module_names(root: Path, package: str) -> set[str]:
    """Every module file under the package's folder, as its dotted name."""
    return {
        ".".join((package, *path.relative_to(root / package).with_suffix("").parts)).removesuffix(".__init__")
        for path in (root / package).rglob("*.py")
    }


def test_no_module_of_the_package_imports_itself_back():
    imports = import_graph("scorekeeper")
    assert set(imports) == module_names(PROJECT_ROOT, "scorekeeper")  # every module of the package is looked at
    circle = a_circle(imports)
    assert circle == [], f"a circle of imports: {' -> '.join(circle)}"


def test_a_circle_is_found_even_through_an_import_inside_a_function(tmp_path, monkeypatch):
    """The check sees a circle closed by a lazy import (as errors.py <-> extensions.py was)."""
    package = tmp_path / "circled"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "first.py").write_text("from . import second\n")
    (package / "second.py").write_text("from . import third\n")
    (package / "third.py").write_text("def late():\n    from .first import late\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    imports = import_graph("circled")
    assert set(imports) == module_names(tmp_path, "circled")
    circle = a_circle(imports)
    assert sorted(set(circle)) == ["circled.first", "circled.second", "circled.third"]
    assert circle[0] == circle[-1]
