"""Line charts drawn server-side as SVG polylines, so the pages need no chart library."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import count
from typing import Any

CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 340, 150, 8
# Room for the scale: the values on the left, the steps (rounds, matches) below.
VALUE_GUTTER, STEP_GUTTER = 34, 14
# The value scale: at most this many round numbers, so that each sits a line of text apart
# (the plot is 120 units high: 5 gaps of 24 at the most crowded).
MAX_VALUE_TICKS = 6


@dataclass(frozen=True)
class ChartLine:
    """One series: (x, y) points in data units, drawn in `colour`."""

    name: str
    colour: str
    points: Sequence[tuple[float, float]]
    stroke_width: float = 3


def value_scale(low: float, high: float, places: int = 0) -> list[float]:
    """Round numbers for the value axis from one at or below `low` to one at or above `high`:
    multiples of one step of 1, 2 or 5 times a power of ten (never finer than `places`
    decimals show), the finest step that needs no more than MAX_VALUE_TICKS of them. The
    multiples of the step include 0 whenever the range does."""
    finest = 10.0 ** -places
    power = math.floor(math.log10(max((high - low) / (MAX_VALUE_TICKS - 1), finest)))
    for exponent in count(power):
        for mantissa in (1, 2, 5):
            step = mantissa * 10.0**exponent
            if step < finest * (1 - 1e-9):
                continue
            # The tolerance keeps a value that is a multiple of the step (in floating point) its own tick.
            first, last = math.floor(low / step + 1e-9), math.ceil(high / step - 1e-9)
            if last - first + 1 <= MAX_VALUE_TICKS:
                return [round(multiple * step, places + 1) if places else int(round(multiple * step)) for multiple in range(first, last + 1)]
    raise AssertionError("unreachable: a large enough step always fits")


def polyline_chart(
    lines: Sequence[ChartLine], *, width: int = CHART_WIDTH, height: int = CHART_HEIGHT, pad: int = CHART_PAD, places: int = 0
) -> dict[str, Any] | None:
    """Every line scaled into one viewBox (shared x and y ranges); None when nothing to draw.

    Returns what the templates draw: the viewBox size, each series' `points` attribute,
    the y of the zero line (None when 0 is out of range), the values' range for the label and
    the scale: `value_ticks` (y, value) at the left, round numbers from one at or below the
    lowest value to one at or above the highest (the plot spans them; `places`: the decimals
    the page writes them with), and `step_ticks` (x, step) along the bottom.
    """
    drawn = [line for line in lines if line.points]
    if not drawn:
        return None
    xs = [x for line in drawn for x, _ in line.points]
    ys = [y for line in drawn for _, y in line.points]
    low, high = min(ys), max(ys)
    if high == low:
        high = low + 1  # a flat line still needs a range to sit in
    ticks = value_scale(low, high, places)
    bottom, top = ticks[0], ticks[-1]
    left, right = min(xs), max(xs)
    x_span = (right - left) or 1
    plot_left, plot_bottom = pad + VALUE_GUTTER, height - pad - STEP_GUTTER

    def y_of(value: float) -> float:
        return pad + (plot_bottom - pad) * (top - value) / (top - bottom)

    def x_of(value: float) -> float:
        return plot_left + (width - pad - plot_left) * (value - left) / x_span

    series = [
        {
            "name": line.name,
            "colour": line.colour,
            "stroke_width": line.stroke_width,
            "points": " ".join(f"{x_of(x):.1f},{y_of(y):.1f}" for x, y in line.points),
        }
        for line in drawn
    ]
    zero = y_of(0) if bottom <= 0 <= top else None
    # The steps: the first and the last.
    steps = [(x_of(left), left), (x_of(right), right)] if right != left else [(x_of(left), left)]
    return {
        "width": width,
        "height": height,
        "series": series,
        "zero": zero,
        "low": low,
        "high": high,
        "plot_left": plot_left,
        "value_ticks": [(y_of(value), value) for value in ticks],
        "step_ticks": steps,
        "step_y": height - pad / 2,
    }
