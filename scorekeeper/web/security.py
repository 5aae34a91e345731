"""Security headers on every response: a Content Security Policy with no inline script,
no framing, no MIME sniffing; HSTS when the app is served over HTTPS."""
from __future__ import annotations

from flask import Flask

# Scripts only from this origin's files (no inline script, no eval); inline style
# attributes are allowed because the server renders colours and bar widths with them.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}

# SCOREKEEPER_HTTPS=1: browsers use HTTPS only for this host, for a year.
STRICT_TRANSPORT_SECURITY = "max-age=31536000"


def security_headers(app: Flask) -> tuple[tuple[str, str], ...]:
    """The headers every response of `app` carries unless it set them itself (built once
    per app; request_hooks adds them after every request)."""
    headers = dict(HEADERS)
    if app.config.get("SCOREKEEPER_HTTPS"):
        headers["Strict-Transport-Security"] = STRICT_TRANSPORT_SECURITY
    return tuple(headers.items())
