"""Line charts drawn server-side as SVG polylines, so the pages need no chart library."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 340, 150, 8
# Room for the scale: the values on the left, the steps (rounds, matches) below.
VALUE_GUTTER, STEP_GUTTER = 34, 14
# Two values of the scale closer than this (in viewBox units) would overlap: the zero line's is left out.
TICK_MIN_GAP = 14


@dataclass(frozen=True)
class ChartLine:
    """One series: (x, y) points in data units, drawn in `colour`."""

    name: str
    colour: str
    points: Sequence[tuple[float, float]]
    stroke_width: float = 3


def polyline_chart(
    lines: Sequence[ChartLine], *, width: int = CHART_WIDTH, height: int = CHART_HEIGHT, pad: int = CHART_PAD
) -> dict[str, Any] | None:
    """Every line scaled into one viewBox (shared x and y ranges); None when nothing to draw.

    Returns what the templates draw: the viewBox size, each series' `points` attribute,
    the y of the zero line (None when 0 is out of range), the value range for the label and
    the scale: `value_ticks` (y, value) at the left, `step_ticks` (x, step) along the bottom.
    """
    drawn = [line for line in lines if line.points]
    if not drawn:
        return None
    xs = [x for line in drawn for x, _ in line.points]
    ys = [y for line in drawn for _, y in line.points]
    low, high = min(ys), max(ys)
    if high == low:
        high = low + 1  # a flat line still needs a range to sit in
    left, right = min(xs), max(xs)
    x_span = (right - left) or 1
    plot_left, plot_bottom = pad + VALUE_GUTTER, height - pad - STEP_GUTTER

    def y_of(value: float) -> float:
        return pad + (plot_bottom - pad) * (high - value) / (high - low)

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
    zero = y_of(0) if low <= 0 <= high else None
    # The scale: highest and lowest value (and 0 between them when it has room), first and last step.
    values = [(y_of(high), high), (y_of(low), low)]
    if zero is not None and all(abs(zero - y) >= TICK_MIN_GAP for y, _value in values):
        values.append((zero, 0))
    steps = [(x_of(left), left), (x_of(right), right)] if right != left else [(x_of(left), left)]
    return {
        "width": width,
        "height": height,
        "series": series,
        "zero": zero,
        "low": low,
        "high": high,
        "plot_left": plot_left,
        "value_ticks": values,
        "step_ticks": steps,
        "step_y": height - pad / 2,
    }
