"""Line charts drawn server-side as SVG polylines, so the pages need no chart library."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 340, 150, 8


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
    the y of the zero line (None when 0 is out of range) and the value range for the label.
    """
    drawn = [line for line in lines if line.points]
    if not drawn:
        return None
    xs = [x for line in drawn for x, _ in line.points]
    ys = [y for line in drawn for _, y in line.points]
    low, high = min(ys), max(ys)
    if high == low:
        high = low + 1  # a flat line still needs a range to sit in
    left = min(xs)
    x_span = (max(xs) - left) or 1

    def y_of(value: float) -> float:
        return pad + (height - 2 * pad) * (high - value) / (high - low)

    def xy(x: float, y: float) -> str:
        return f"{pad + (width - 2 * pad) * (x - left) / x_span:.1f},{y_of(y):.1f}"

    series = [
        {
            "name": line.name,
            "colour": line.colour,
            "stroke_width": line.stroke_width,
            "points": " ".join(xy(x, y) for x, y in line.points),
        }
        for line in drawn
    ]
    zero = y_of(0) if low <= 0 <= high else None
    return {"width": width, "height": height, "series": series, "zero": zero, "low": low, "high": high}
