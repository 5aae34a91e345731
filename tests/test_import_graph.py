"""The package's imports form no circle: every module can be read (and imported) after the
modules it uses, lazy imports inside functions included."""
from __future__ import annotations

import graphlib

import grimp


def test_no_module_of_the_package_imports_itself_back():
    graph = grimp.build_graph("scorekeeper")
    imports = {module: graph.find_modules_directly_imported_by(module) for module in graph.modules}
    try:
        graphlib.TopologicalSorter(imports).prepare()
    except graphlib.CycleError as circle:
        raise AssertionError(f"a circle of imports: {' -> '.join(circle.args[1])}") from None
