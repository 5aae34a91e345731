"""The pages' dates in the reader's language and, where the browser names one, its region."""
from __future__ import annotations

from datetime import date

import pytest

from scorekeeper.web.page_formats import day_filter


@pytest.mark.parametrize(("asks", "written"), [
    ("en-GB,en;q=0.9", "5 Dec 2026"),  # a British browser: day first (an outside walk-through read "Dec 5, 2026")
    ("en-US,en;q=0.9", "Dec 5, 2026"),
    ("en", "Dec 5, 2026"),  # no region named: the language's own
    ("de-AT,de;q=0.9", "05.12.2026"),
    ("fr-FR,en-GB;q=0.8", "5 Dec 2026"),  # English chosen (no French), in the region asked for it
])
def test_a_day_is_written_as_the_readers_browser_writes_it(app, asks, written):
    with app.test_request_context(headers={"Accept-Language": asks}):
        assert day_filter(date(2026, 12, 5)) == written
        assert day_filter("2026-12-05T15:47:01") == written
