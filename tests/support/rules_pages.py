"""What the rules pages link a refusal to: the codes every game shares and each game's own."""
from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


ENGINE_CORE = REPO / "scorekeeper" / "engine" / "core"


def refusal_codes(path: Path) -> set[str]:
    """Every code= a module passes to a refusal (RuleError and its kinds), and the default of
    a helper's `code` parameter (Skat's and Preferans's not_given refuse with it)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    passed = {
        keyword.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        for keyword in node.keywords
        if keyword.arg == "code"
    }
    defaults = {
        default
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        for arg, default in [
            *zip(reversed(node.args.posonlyargs + node.args.args), reversed(node.args.defaults), strict=False),
            *zip(node.args.kwonlyargs, node.args.kw_defaults, strict=True),
        ]
        if arg.arg == "code" and default is not None
    }
    return {value.value for value in passed | defaults if isinstance(value, ast.Constant) and isinstance(value.value, str)}


def module_paths(game) -> list[Path]:
    """The files of a game's rules: its module, or every module of its package."""
    path = Path(__import__(type(game).__module__, fromlist=["_"]).__file__)
    return sorted(path.parent.glob("*.py")) if path.stem == "__init__" else [path]


SHARED_CODES = refusal_codes(ENGINE_CORE / "base.py")


def game_codes(game) -> set[str]:
    """Every refusal code a game's rules may give: its own and those every game shares."""
    return set().union(*map(refusal_codes, module_paths(game))) | SHARED_CODES


PHONE_WIDTH = 390


def fits_the_phone(page, phone_width: int = PHONE_WIDTH) -> None:
    """Nothing wider than the screen: a long table scrolls inside itself, not the page."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= phone_width, f"the page is {width}px wide"
