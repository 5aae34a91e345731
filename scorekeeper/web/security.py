"""Security headers on every response: a Content Security Policy with no inline script,
no framing, no MIME sniffing; HSTS when the app is served over HTTPS."""
from __future__ import annotations

from flask import Flask, Response, current_app

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


def add_security_headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if current_app.config.get("SCOREKEEPER_HTTPS"):
        response.headers.setdefault("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY)
    return response


def init_security(app: Flask) -> None:
    app.after_request(add_security_headers)
