"""The service layer: the one place where the API and the pages read and change data."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..games.i18n import _, _n


@dataclass(frozen=True)
class Actor:
    """Who is asking: an account (user_id) or an anonymous device, with a label for the
    audit trail ("ann", "ann (token laptop script)", "device 3f2a9c1e")."""

    user_id: str | None
    label: str
    #: the phone or account that acts: "user:<id>", "device:<id>", or None when unknown
    key: str | None = None

    @property
    def signed_in(self) -> bool:
        return self.user_id is not None


ANONYMOUS = Actor(user_id=None, label="anonymous")


class ServiceError(Exception):
    """A refusal with its HTTP status, a stable code and the field at fault.

    The API turns it into JSON, the pages into an HTML message; nothing was changed.
    """

    def __init__(
        self,
        status: int,
        message: str,
        *,
        code: str,
        field: str | None = None,
        round_number: int | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code
        self.field = field
        self.round_number = round_number


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
