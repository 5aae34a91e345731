"""The pages' numbers and dates in the request's locale, as Jinja filters: percent, fixed, day."""
from __future__ import annotations

from datetime import date, datetime

from babel.dates import format_date
from flask import Blueprint
from flask_babel import format_decimal, format_percent

from ..i18n import reader_locale

bp = Blueprint("page_formats", __name__)

# In the request's locale: "60%" / "60 %", "105.6" / "105,6", "Nov 30, 2026" / "30 Nov 2026" (en-GB) / "30.11.2026".


@bp.app_template_filter("percent")
def percent(rate: float | None) -> str:
    """A rate 0..1 as a whole percentage; a dash when there is nothing to rate."""
    return "–" if rate is None else format_percent(rate)


@bp.app_template_filter("fixed")
def fixed(value: float | None, places: int = 1) -> str:
    """A number with `places` decimals (grouped and with the locale's decimal sign)."""
    if value is None:
        return "–"
    return format_decimal(value, format="#,##0." + "0" * places if places else "#,##0")


@bp.app_template_filter("day")
def day_filter(value: str | date | datetime | None) -> str:
    """The date of an ISO timestamp, a date or a datetime, in the locale's medium format, in
    the reader's region where the browser names one (i18n.reader_locale)."""
    if not value:
        return ""
    if isinstance(value, str):
        text = value
        try:
            value = datetime.fromisoformat(text) if "T" in text else date.fromisoformat(text[:10])
        except ValueError:
            return text[:10]
    if isinstance(value, datetime):
        value = value.date()
    return format_date(value, "medium", locale=reader_locale())
