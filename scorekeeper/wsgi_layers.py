"""What the WSGI layers below Flask (document_reads, page_reads) share: the dispatch by path prefix, the requests only Flask may answer, the reader's language and session as Flask reads them."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header
from werkzeug.wrappers import Response

from .i18n import LANGUAGE_COOKIE, LANGUAGES
from .request_hooks import LANGUAGE_VARY

# A match id's characters (models.ID_ALPHABET) and more: any other path goes to Flask
# (its 404, or the input guards' 400 for a NUL).
ID_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
MAX_ID_LENGTH = 64
HEADER_KEYS = ("HTTP_", "CONTENT_TYPE", "CONTENT_LENGTH")
LANGUAGE_CODES = list(LANGUAGES)
# flask-compress adds Accept-Encoding to a route's Vary (request_hooks.add_vary).
VARY = ", ".join((*LANGUAGE_VARY, "Accept-Encoding"))

# The session keys of a signed-in or remembered session, and of a permanent one (which
# Flask writes back on every request).
NOT_ANONYMOUS = ("_user_id", "_remember", "_permanent")

StartResponse = Callable[..., Any]
Answer = tuple[str, list[tuple[str, str]], bytes]


class BelowFlask:
    """A WSGI layer in front of `app`'s own (`downstream`): `answer` answers a METHOD
    request without a query of PREFIX + a match id + SUFFIX, or returns None, and the
    request goes to Flask."""

    METHOD = "GET"
    PREFIX = "/"
    SUFFIX = ""

    def __init__(self, app: Flask, downstream: Callable[[dict[str, Any], StartResponse], Iterable[bytes]]) -> None:
        self.app, self.downstream = app, downstream
        self.session_cookie = app.config["SESSION_COOKIE_NAME"]
        self.remember_cookie = app.config.get("REMEMBER_COOKIE_NAME", "remember_token")

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") == self.METHOD and not environ.get("QUERY_STRING"):
            path = environ.get("PATH_INFO", "")
            if path.startswith(self.PREFIX) and path.endswith(self.SUFFIX):
                match_id = path[len(self.PREFIX):len(path) - len(self.SUFFIX)]
                answer = self.answer(environ, match_id) if self.plain(environ, match_id) else None
                if isinstance(answer, Response):
                    # An answer Flask's own handlers made (round_writes' refusals).
                    return answer(environ, start_response)
                if answer is not None:
                    status, headers, body = answer
                    start_response(status, headers)
                    return [body]
        return self.downstream(environ, start_response)

    def answer(self, environ: dict[str, Any], match_id: str) -> Answer | Response | None:
        raise NotImplementedError

    @staticmethod
    def plain(environ: dict[str, Any], match_id: str) -> bool:
        """A match id, no API token, and no NUL anywhere in the headers (the input guards'
        refusal): anything else is Flask's to answer."""
        if not match_id or len(match_id) > MAX_ID_LENGTH or not ID_CHARACTERS.issuperset(match_id):
            return False
        return "HTTP_AUTHORIZATION" not in environ and not any(
            "\x00" in value for key, value in environ.items() if key.startswith(HEADER_KEYS) and isinstance(value, str)
        )

    @staticmethod
    def language(cookies: Any, environ: dict[str, Any]) -> str:
        """The language of a reader without an account, as i18n.chosen_language picks it."""
        language = cookies.get(LANGUAGE_COOKIE)
        if language in LANGUAGES:
            return str(language)
        accepted = parse_accept_header(environ.get("HTTP_ACCEPT_LANGUAGE"), LanguageAccept)
        return accepted.best_match(LANGUAGE_CODES) or "en"

    def session(self, cookie: str | None) -> dict[str, Any] | None:
        """The session a cookie holds, as Flask reads it (a bad signature or too old is an
        empty session); None when Flask should answer (whatever it makes of the cookie)."""
        if not cookie:
            return {}
        try:
            return dict(self.app.session_interface.decoded(self.app, cookie))  # type: ignore[attr-defined]
        except Exception:  # noqa: BLE001 - whatever Flask makes of it, Flask answers
            return None
