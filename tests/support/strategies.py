"""Hypothesis strategies shared by the game tests: JSON-like garbage for the validators."""
from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st

# Ints too long for Python to print (4300-digit limit); built lazily because hypothesis
# prints its strategies.
HUGE_INTS = st.sampled_from([5000, -5000, 20]).map(lambda digits: (1 if digits > 0 else -1) * 10 ** abs(digits))


def json_leaves(words: Sequence[str] = ()) -> st.SearchStrategy:
    """Scalars a JSON body can hold (and a few it cannot), plus the game's own words."""
    leaves = (
        st.none()
        | st.booleans()
        | st.integers()
        | st.integers(-3, 20)
        | HUGE_INTS
        | st.floats(allow_nan=True, allow_infinity=True)
        | st.text(max_size=8)
    )
    return leaves | st.sampled_from(list(words)) if words else leaves


def json_like(words: Sequence[str] = (), max_leaves: int = 20) -> st.SearchStrategy:
    """Nested lists and objects of json_leaves; object keys are text or the game's words."""
    keys = st.text(max_size=8) | st.sampled_from(list(words)) if words else st.text(max_size=8)
    return st.recursive(
        json_leaves(words),
        lambda children: st.lists(children, max_size=6) | st.dictionaries(keys, children, max_size=5),
        max_leaves=max_leaves,
    )
