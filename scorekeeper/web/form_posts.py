"""The shape every page's form post shares: do the change, else the page again with the refusal beside its form."""
from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from flask import Response

from ..services import ServiceError

# The page again with `refused` beside the form `form_name`, for the page's own id (a league's, a player's).
PageRefusal = Callable[[str, ServiceError, str], Response]


def refused_beside(page_refusal: PageRefusal, form_name: str, key: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A form post's view that raises ServiceError answers with `page_refusal` for the page
    named by its URL value `key` (league_id, player_id), the entries kept beside `form_name`."""

    def wrap(view: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(view)
        def handled(**values: Any) -> Any:
            try:
                return view(**values)
            except ServiceError as refused:
                return page_refusal(values[key], refused, form_name)

        return handled

    return wrap
