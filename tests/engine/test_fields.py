"""One test of a range-checked whole number (fields.is_int_within): no module of the package
writes its own ("isinstance(x, int) and not isinstance(x, bool) and 0 <= x < n")."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scorekeeper.config import PROJECT_ROOT
from scorekeeper.engine.core import fields
from scorekeeper.engine.core.fields import is_int_within

PACKAGE = PROJECT_ROOT / "scorekeeper"
ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def int_checked(node: ast.AST) -> str | None:
    """The expression an `isinstance(x, int)` (or one with a tuple holding int; maybe negated) checks, as source."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        node = node.operand
    if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "isinstance" and len(node.args) == 2):
        return None
    kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
    return ast.unparse(node.args[0]) if any(getattr(kind, "id", "") == "int" for kind in kinds) else None


def bounded(node: ast.AST) -> set[str]:
    """What a comparison of order (maybe negated) compares: `0 <= x < n` -> {"0", "x", "n"}."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        node = node.operand
    if isinstance(node, ast.Compare) and all(isinstance(op, ORDER) for op in node.ops):
        return {ast.unparse(part) for part in (node.left, *node.comparators)}
    return set()


def hand_written_range_checks(path: Path) -> list[int]:
    """The lines of each `and`/`or` that tests a value is a whole number and compares it with a bound."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.BoolOp):
            checked = {int_checked(value) for value in node.values} - {None}
            compared = set().union(*(bounded(value) for value in node.values))
            if checked & compared:
                found.append(node.lineno)
    return found


def test_no_module_checks_a_whole_numbers_range_by_hand():
    own = Path(fields.__file__)
    written = {
        str(path.relative_to(PROJECT_ROOT)): lines
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != own and (lines := hand_written_range_checks(path))
    }
    assert written == {}


def test_the_check_finds_a_range_written_by_hand(tmp_path):
    module = tmp_path / "seats.py"
    module.write_text(
        "def seat(value, n):\n"
        "    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:\n"
        "        raise ValueError(value)\n"
        "    return isinstance(value, (int, float)) and value > 2\n"
        "def fine(value, other):\n"
        "    return isinstance(value, int) and value in (1, 2) or isinstance(other, int) and value > 1\n"
    )
    assert hand_written_range_checks(module) == [2, 4]


@pytest.mark.parametrize(
    ("value", "within"),
    [(3, True), (0, True), (6, True), (-1, False), (7, False), (True, False), (2.0, False), ("3", False), (None, False)],
)
def test_a_whole_number_within_the_bounds(value, within):
    assert is_int_within(value, 0, 6) is within


def test_a_bound_left_out_is_no_bound():
    assert is_int_within(10**30, minimum=0) and is_int_within(-(10**30), maximum=0) and is_int_within(5)
    assert not is_int_within(-1, minimum=0) and not is_int_within(1, maximum=0)
