"""Every seat gets its own colour, for any number of seats (a seventh-seat game included)."""
from __future__ import annotations

import pytest

from scorekeeper.web.pages.layout import side_colour


@pytest.mark.parametrize("seats", [2, 6, 7, 12])
def test_every_seat_has_a_colour_of_its_own(seats):
    colours = [side_colour(index) for index in range(seats)]
    assert len(set(colours)) == seats
    assert colours == [side_colour(index) for index in range(seats)]  # the same on every page
