"""The service layer: the one place where the API and the pages read and change data."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Actor:
    """Who is asking: an account (user_id) or an anonymous device, with a label for the
    audit trail ("ann", "ann (token laptop script)", "device 3f2a9c1e")."""

    user_id: str | None
    label: str

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
