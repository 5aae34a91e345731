"""Steps of the trust tests in the browser: a phone signed up, a round saved, the evil names,
the page kept to the phone's width."""
from __future__ import annotations

import pytest

expect = pytest.importorskip("playwright.sync_api").expect


PASSWORD = "correct horse battery"
EVIL_PLAYER = "<img src=x onerror=alert(1)>"
EVIL_LEAGUE = "<script>alert(1)</script>"


def assert_phone_width(page) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"the page is wider than the phone: {widths}"


def signed_up(page, username: str) -> None:
    """An account made and signed in through the API with this browser's cookies (where signing
    up is not what the test is about; the forms themselves: test_sign_up_sign_in_and_tokens_through_the_forms)."""
    response = page.request.post("/api/v1/users", data={"username": username, "password": PASSWORD})
    assert response.status == 201, response.text()


def save_round(page, number: int) -> None:
    page.locator("#save").click()
    expect(page.locator("#h-entry")).to_have_text(f"Round {number + 1}")
