"""Every seat gets its own colour, for any number of seats (a seventh-seat game included), and
seats next to each other at the table (the last beside the first) get colours told apart at a
glance on the charts: far apart by CIEDE2000, the colour difference the eye sees."""
from __future__ import annotations

import colorsys
import math
import re

import pytest

from scorekeeper.web.pages.layout import side_colour

# CIEDE2000 differences: about 2 is the least an eye notices side by side; two thin lines on a
# chart need far more to be told apart at a glance. Six light colours on a dark card cannot all
# be 40 apart, so the three seats of the smallest tables are, and neighbours at least 28; past
# six seats, no colour repeats another (the golden-angle hues once came within 5 of the six).
NEIGHBOURS_APART = 28
FIRST_THREE_APART = 40
ANY_TWO_APART = 9
MOST_SEATS = 12


def srgb(colour: str) -> tuple[float, float, float]:
    if colour.startswith("#"):
        red, green, blue = (int(colour[start : start + 2], 16) / 255 for start in (1, 3, 5))
        return red, green, blue
    hue, saturation, lightness = (float(part) for part in re.findall(r"[\d.]+", colour))
    return colorsys.hls_to_rgb(hue / 360, lightness / 100, saturation / 100)


def lab(colour: str) -> tuple[float, float, float]:
    """CIELAB (D65) of a CSS colour."""

    def linear(value: float) -> float:
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(value) for value in srgb(colour))
    x = (0.4124 * red + 0.3576 * green + 0.1805 * blue) / 0.95047
    y = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    z = (0.0193 * red + 0.1192 * green + 0.9505 * blue) / 1.08883

    def f(value: float) -> float:
        return value ** (1 / 3) if value > 216 / 24389 else (24389 / 27 * value + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def ciede2000(first: str, second: str) -> float:
    """The CIEDE2000 colour difference (Sharma, Wu and Dalal's formulation)."""
    l1, a1, b1 = lab(first)
    l2, a2, b2 = lab(second)
    mean_chroma = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(mean_chroma**7 / (mean_chroma**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1, h2 = math.degrees(math.atan2(b1, a1)) % 360, math.degrees(math.atan2(b2, a2)) % 360
    delta_h = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    delta_big_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(delta_h / 2))
    mean_l, mean_c = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        mean_h = h1 + h2
    elif abs(h1 - h2) <= 180:
        mean_h = (h1 + h2) / 2
    else:
        mean_h = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(mean_h - 30))
        + 0.24 * math.cos(math.radians(2 * mean_h))
        + 0.32 * math.cos(math.radians(3 * mean_h + 6))
        - 0.20 * math.cos(math.radians(4 * mean_h - 63))
    )
    rotation = 30 * math.exp(-(((mean_h - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(mean_c**7 / (mean_c**7 + 25**7))
    s_l = 1 + 0.015 * (mean_l - 50) ** 2 / math.sqrt(20 + (mean_l - 50) ** 2)
    s_c = 1 + 0.045 * mean_c
    s_h = 1 + 0.015 * mean_c * t
    r_t = -math.sin(math.radians(2 * rotation)) * r_c
    dl, dc, dh = (l2 - l1) / s_l, (c2 - c1) / s_c, delta_big_h / s_h
    return math.sqrt(dl**2 + dc**2 + dh**2 + r_t * dc * dh)


def test_the_colour_difference_is_ciede2000():
    # Black and white are 100 apart (the whole lightness scale); a step of one in a channel
    # is below what an eye notices; blue and orange are far apart.
    assert ciede2000("#5ec8ff", "#5ec8ff") == 0
    assert ciede2000("#000000", "#ffffff") == pytest.approx(100, abs=0.5)
    assert ciede2000("#5ec8ff", "#5ec9ff") < 1 < ciede2000("#5ec8ff", "#ffb347")


@pytest.mark.parametrize("seats", [2, 6, 7, 12])
def test_every_seat_has_a_colour_of_its_own(seats):
    colours = [side_colour(index) for index in range(seats)]
    assert len(set(colours)) == seats
    assert colours == [side_colour(index) for index in range(seats)]  # the same on every page


@pytest.mark.parametrize("seats", range(2, MOST_SEATS + 1))
def test_neighbours_at_the_table_have_colours_far_apart(seats):
    colours = [side_colour(index) for index in range(seats)]
    for seat in range(seats):
        beside = (seat + 1) % seats
        apart = ciede2000(colours[seat], colours[beside])
        assert apart >= NEIGHBOURS_APART, (seat, beside, colours[seat], colours[beside], round(apart))
    for first in range(seats):
        for second in range(first + 1, seats):
            apart = ciede2000(colours[first], colours[second])
            least = FIRST_THREE_APART if second < 3 else ANY_TWO_APART
            assert apart >= least, (first, second, colours[first], colours[second], round(apart))
