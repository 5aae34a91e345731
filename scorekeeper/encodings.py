"""The content codings of a stored body: compressed once, as flask-compress would compress it per request."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_compress.flask_compress import _choose_algorithm, _compress_data, _format

# The codings a stored document keeps (web.compression's COMPRESS_ALGORITHM).
STORED_CODINGS = ("br", "gzip")


def enabled_codings(config: Mapping[str, Any]) -> tuple[str, ...]:
    return _format(config["COMPRESS_ALGORITHM"])


def chosen_coding(enabled: tuple[str, ...], accept_encoding: str) -> str | None:
    """The coding flask-compress picks for this Accept-Encoding (None: the body as it is)."""
    return _choose_algorithm(enabled, accept_encoding)


def gzip_coding(enabled: tuple[str, ...], accept_encoding: str) -> str | None:
    """"gzip" when flask-compress may send gzip and the browser takes it, else None (the
    stored page's one coding: gzip_pieces)."""
    return chosen_coding(("gzip",), accept_encoding) if "gzip" in enabled else None


def compressed(app: Any, body: bytes, coding: str) -> bytes:
    """The body as flask-compress compresses it for `coding` (also below Flask: round_writes.py)."""
    return bytes(_compress_data(app, body, coding))


def encoded_forms(app: Any, body: bytes) -> dict[str, bytes | None]:
    """The body in every stored coding; None for a body flask-compress leaves as it is
    (shorter than COMPRESS_MIN_SIZE)."""
    if len(body) < app.config["COMPRESS_MIN_SIZE"]:
        return dict.fromkeys(STORED_CODINGS)
    return {coding: compressed(app, body, coding) for coding in STORED_CODINGS}
