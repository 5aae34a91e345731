"""marshmallow's and webargs' own (English) validation messages, translated per request.

marshmallow formats its messages when a schema refuses input ("Longer than maximum
length 80."), in English. The error handler hands every such message to `translate`,
which recognises the template it came from, translates the template and fills the
values back in. The templates are listed here so that the catalogs hold them;
tests/api/test_validation_messages.py fails when a schema can produce one not listed.
"""
from __future__ import annotations

import re
from functools import lru_cache

from .engine.core.i18n import N_, _

# Every message the API's schemas (fields String, Integer, Boolean, List, Dict, Date,
# DateTime, Nested, Raw; validators Length, OneOf, Range) and webargs can produce.
TEMPLATES = (
    N_("Missing data for required field."),
    N_("Field may not be null."),
    N_("Invalid value."),
    N_("Invalid input."),
    N_("Unknown field."),
    N_("Invalid input type."),
    N_("Invalid type."),
    N_("Invalid JSON body."),
    N_("Not a valid string."),
    N_("Not a valid utf-8 string."),
    N_("Not a valid integer."),
    N_("Not a valid number."),
    N_("Number too large."),
    N_("Special numeric values (nan or infinity) are not permitted."),
    N_("Not a valid boolean."),
    N_("Not a valid list."),
    N_("Not a valid tuple."),
    N_("Not a valid mapping type."),
    N_("Not a valid date."),
    N_("Not a valid datetime."),
    N_('"{input}" cannot be formatted as a date.'),
    N_('"{input}" cannot be formatted as a datetime.'),
    N_("Shorter than minimum length {min}."),
    N_("Longer than maximum length {max}."),
    N_("Length must be between {min} and {max}."),
    N_("Length must be {equal}."),
    N_("Must be one of: {choices}."),
    N_("Must be greater than or equal to {min}."),
    N_("Must be less than or equal to {max}."),
    N_("Must be greater than or equal to {min} and less than or equal to {max}."),
    N_("Must be greater than {min}."),
    N_("Must be less than {max}."),
    N_("Must be greater than {min} and less than {max}."),
)

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _pattern(template: str) -> re.Pattern[str]:
    parts = PLACEHOLDER.split(template)
    # split() alternates literal text and placeholder names.
    regex = "".join(re.escape(part) if index % 2 == 0 else f"(?P<{part}>.*?)" for index, part in enumerate(parts))
    return re.compile(f"^{regex}$", re.DOTALL)


@lru_cache(maxsize=1)
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    return tuple((template, _pattern(template)) for template in TEMPLATES)


def translate(message: str) -> str:
    """`message` in the request's language when it is one of marshmallow's, else as it is
    (the service layer's messages arrive translated already)."""
    for template, pattern in _patterns():
        found = pattern.match(message)
        if found:
            return _(template, **found.groupdict())
    return message
