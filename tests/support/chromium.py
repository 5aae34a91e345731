"""How the browser tests launch Debian's chromium, and the phone's viewport."""
from __future__ import annotations

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 390, "height": 844}


def settle(page) -> None:
    """Let a page's navigation end before it (or its context) is closed.

    Chromium never answers a context's close that arrives while a page's navigation is
    committing, and the test then hangs until its time-out: a page reloads itself after the
    rounds it kept offline are sent, and a test's last check can hold before that reload
    commits (seen in CI: 1 run in 14 of one offline test). Going to about:blank lets an
    earlier navigation commit or cancels it, and stops the page's streams and engine worker.
    It waits for about:blank's load, not its commit: Playwright's "commit" is the response,
    the very window in which a close hangs (a CI run hung so in test_german.py).
    """
    try:
        page.goto("about:blank", wait_until="load", timeout=10_000)
    except Exception:  # noqa: BLE001 - a page already closing, or its own navigation won: close anyway
        pass


def close_settled(context) -> None:
    """Close a browser context once none of its pages is in the middle of a navigation."""
    for page in context.pages:
        settle(page)
    context.close()
