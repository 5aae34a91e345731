"""The service layer: the one place where the API and the pages read and change data."""
from __future__ import annotations


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
