"""Reading flat HTML form fields (text) as the numbers a round input needs.

The pages never validate a round themselves: they only reshape form fields into the
engine's round input, so the engine stays the one validation source. A field that cannot
even be read (a word where a number belongs, a missing count) is a FormError: a
ServiceError with status 422, worded like the engine's own refusals.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.errors import ServiceError
from ..core.i18n import _


class FormError(ServiceError):
    """A form field that cannot be read as the round input needs it."""

    def __init__(self, message: str, field: str, *, code: str = "form_field") -> None:
        super().__init__(422, message, code=code, field=field)


#: The code of a refusal that only says something is not entered yet: the page shows it
#: as what is still to do, never in red (an untouched form has earned no error).
MISSING = "field_missing"


def form_text(form: Mapping[str, Any], key: str) -> str:
    value = form.get(key)
    return "" if value is None else str(value).strip()


def whole_number(text: str, what: str, field: str) -> int:
    """`text` as a whole number; `what` names the field in words ("tricks of Ann")."""
    try:
        return int(text, 10)
    except ValueError:
        raise FormError(_("{what} must be a whole number, got {got}", what=what, got=repr(text)), field) from None


def required_int(form: Mapping[str, Any], key: str, what: str, field: str) -> int:
    text = form_text(form, key)
    if not text:
        raise FormError(_("{what} is missing: enter a whole number", what=what), field, code=MISSING)
    return whole_number(text, what, field)


def optional_int(form: Mapping[str, Any], key: str, what: str, field: str) -> int | None:
    text = form_text(form, key)
    return whole_number(text, what, field) if text else None


def round_number(form: Mapping[str, Any], key: str) -> int | None:
    """The round number a form was rendered for (None when blank): 1 or more, or refused.
    Only a changed or forged form sends another; read as it is, round 0 or -1 named
    rounds counted from the end, and a page that shows round 0 failed (a 500)."""
    text = form_text(form, key)
    if not text:
        return None
    try:
        number = int(text, 10)
    except ValueError:
        number = 0
    if number < 1:
        raise FormError(
            _("the form's round number must be a whole number of 1 or more, got {got}: reload the page", got=repr(text)),
            key,
        )
    return number


def int_or_none(value: Any) -> int | None:
    """A form value as a whole number, or None (blank or unreadable): for live notes, never a refusal."""
    try:
        return int(str(value).strip(), 10)
    except (TypeError, ValueError):
        return None
