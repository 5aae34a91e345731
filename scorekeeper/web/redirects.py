"""Where a page may send the browser next: the one check of a user-given `next` target."""
from __future__ import annotations

import unicodedata
from urllib.parse import urlsplit

HOME = "/"


def safe_next(target: object) -> str:
    """`target` when it is a path on this site, else the home page.

    A `next` comes from a form or the query string and ends up in a Location header: it
    must not lead to another site (no scheme or host, no "//host" or "/\\host", which
    browsers read as another site) and must carry no control character (a CR or LF would
    make the header invalid, and Werkzeug refuses to send it: a 500 after a sign-in that
    worked)."""
    if not isinstance(target, str) or not target.startswith("/") or target.startswith(("//", "/\\")):
        return HOME
    if any(unicodedata.category(character) in ("Cc", "Cf", "Zl", "Zp") for character in target):
        return HOME
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return HOME
    return target
