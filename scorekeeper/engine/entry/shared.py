"""Form helpers several game adapters share: round-input JSON back into flat form fields."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .round_form import text_of


def posted_back(raw: Mapping[str, Any], lists: Mapping[str, str], plain: tuple[str, ...] = ()) -> dict[str, str]:
    """The flat form fields that post back `raw`: each list field `key` becomes fields
    `<lists[key]>_<index>`; each key of `plain` one field of its own name."""
    values: dict[str, str] = {}
    for key, prefix in lists.items():
        for index, value in enumerate(raw.get(key) or []):
            values[f"{prefix}_{index}"] = text_of(value)
    for key in plain:
        if key in raw:
            values[key] = text_of(raw[key])
    return values
