"""What the offline browser tests share: the phone's engine booting, going offline, the queue
the phone keeps, a match posted through the API, a round's form filled by taps."""
from __future__ import annotations

import json
import urllib.request

import pytest

from tests.support.table_loop import enter

expect = pytest.importorskip("playwright.sync_api").expect
# Offline tests run on the session's one phone (tests/browser/conftest.py): its engine is
# stored and compiled once, as on a player's phone that has been to the app before. Each of
# bin/test's runs has a phone: these files' in its PostgreSQL run, the league server's
# database (the split evens out the runs' time), the others' in its SQLite run.
MARKS = [pytest.mark.browser, pytest.mark.on_the_phone]
MARKS_ON_POSTGRESQL = [*MARKS, pytest.mark.on_postgresql]

ENGINE_BOOT_MS = 60_000
# What a reload offline shows from the phone's own store (queued rounds, kept bids) comes
# before the engine has booted again: seconds, not the engine's minute. Not a speed promise
# (bench/ holds those): room for a loaded test machine, and still far below the engine's boot.
FROM_THE_STORE_MS = 5_000


OFFLINE_NOISE = ("ERR_INTERNET_DISCONNECTED", "Failed to fetch", "net::ERR_FAILED")


def engine_ready(page) -> None:
    """The player leaves the phone on the match page until its corner says it works offline:
    the engine has loaded in the background, and the service worker keeps its files."""
    expect(page.locator("#net-status")).to_have_text("Ready offline", timeout=ENGINE_BOOT_MS)


def go_offline(page, context, console) -> None:
    # The page's first live check (asked on load) is answered before the connection goes: cut
    # off in flight, htmx logs it as an error, which would hide a real one among the noise.
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    console.allowed = OFFLINE_NOISE
    context.set_offline(True)
    page.wait_for_function("() => !navigator.onLine")


def queued(page, match_id: str) -> list[dict]:
    return page.evaluate(f"window.ScorekeeperOffline.provisional({json.dumps(match_id)})")


def post(live_server: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(
        live_server + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def fill_form(page, values: dict[str, str]) -> None:
    """Enter a round's form fields as a person would: tap chips, pick from lists, type counts."""
    for name, value in values.items():
        field = page.locator(f'form[data-round-form] [name="{name}"]').first
        kind = field.evaluate("el => el.tagName === 'SELECT' ? 'select' : el.type")
        if kind == "select":
            page.select_option(f'form[data-round-form] select[name="{name}"]', value)
        elif value != "":
            enter(page, name, value)
