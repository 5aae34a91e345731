"""The service layer: the one place where the API and the pages read and change data."""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..engine.core.errors import ServiceError as ServiceError  # where the refusal lives: the phone raises it too
from ..engine.core.i18n import _, _n


@dataclass(frozen=True)
class Actor:
    """Who is asking: an account (user_id) or an anonymous device, with a label for the
    audit trail ("ann", "ann (token laptop script)", "device 3f2a9c1e")."""

    user_id: str | None
    label: str
    #: the phone that acts, for table check: "session:<id>" (one signed-in session),
    #: "token:<id>" (a script's API token), "device:<id>" (a browser without an
    #: account), "user:<id>" (an older session), or None when unknown
    key: str | None = None
    #: this browser's device cookie, when it has one: casual matches it started are its own
    device: str | None = None
    #: the client's address, for the limits on anonymous writes
    address: str | None = None
    #: when this signed-in session (or API token) began: table check trusts a phone it
    #: knew before the round was recorded
    since: datetime | None = None

    @property
    def signed_in(self) -> bool:
        return self.user_id is not None


ANONYMOUS = Actor(user_id=None, label="anonymous")


def clean_label(value: Any, *, what: str, field: str, code: str, max_length: int = 80) -> str:
    """A name typed by a person (player, league, season, token), spaces tidied.

    `what` names the thing in the current language (the caller translates it: "a league").

    Refused when missing, too long, or holding control characters (which no name has,
    and which PostgreSQL cannot store in text at all).
    """
    if not isinstance(value, str) or not value.strip():
        raise ServiceError(422, _("{what} needs a name", what=what), code=code, field=field)
    name = " ".join(value.split())
    if not name.isprintable():
        raise ServiceError(422, _("{what}: a name cannot hold control characters", what=what), code=code, field=field)
    if len(name) > max_length:
        raise ServiceError(
            422,
            _n("{what}: a name is at most {n} character", "{what}: a name is at most {n} characters", max_length, what=what),
            code=code,
            field=field,
        )
    return name


#: Unicode categories refused in free text: controls (Cc), format characters (Cf: the
#: bidirectional overrides and isolates, zero-width joiners), unassigned (Cn),
#: surrogates (Cs), private use (Co), and line and paragraph separators (Zl, Zp).
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cn", "Co", "Cs", "Zl", "Zp"})
MAX_REASON_LENGTH = 500


def clean_reason(value: Any, field: str = "reason") -> str | None:
    """A reason given for a change, shown in an audit trail: optional, one line of at
    most 500 characters, and never text that could disguise itself (a right-to-left
    override would make "+5" read as "5+")."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ServiceError(422, _("a reason must be text"), code="reason", field=field)
    reason = " ".join(value.split())
    if any(unicodedata.category(character) in REFUSED_CATEGORIES for character in reason):
        raise ServiceError(
            422, _("a reason cannot hold control or text-direction characters"), code="reason", field=field
        )
    if len(reason) > MAX_REASON_LENGTH:
        raise ServiceError(
            422,
            _n("a reason is at most {n} character", "a reason is at most {n} characters", MAX_REASON_LENGTH),
            code="reason",
            field=field,
        )
    return reason or None
