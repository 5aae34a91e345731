"""Browser fixtures: Playwright (sync API) driving Debian's chromium at 390x844."""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorekeeper.config import PROJECT_ROOT
from tests.support.chromium import ARGS, CHROMIUM, VIEWPORT, close_settled, settle
from tests.support.forms import client, fresh_rate_limits, new_client  # noqa: F401 - fixtures
from tests.support.tabs import Tab, Tabs

# bin/test gives each database run its own folder (the two runs go at once).
ARTIFACTS = PROJECT_ROOT / os.environ.get("TEST_ARTIFACTS", "test-artifacts")
# How long an expect() waits for what it expects. Playwright's 5 s default was too short
# for a full match on a loaded 2-core CI machine; a passing check returns as soon as it holds.
EXPECT_TIMEOUT_MS = 15_000
expect.set_options(timeout=EXPECT_TIMEOUT_MS)


@pytest.fixture(scope="session")
def playwright_instance():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")
    with sync_api.sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance):
    browser = playwright_instance.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def chromium_options() -> dict:
    """How to launch Debian's chromium (e.g. for a persistent context)."""
    return {"executable_path": CHROMIUM, "headless": True, "args": ARGS, "viewport": VIEWPORT}


class Phone:
    """One phone kept for the whole session: a persistent chromium profile, so what the phone
    stored (the service worker, its engine cache, the compiled engine) stays from test to test
    as it does on a person's phone, and the engine is fetched and compiled once, not per test."""

    def __init__(self, playwright, options: dict, base_url: str, profile: Path) -> None:
        self.playwright, self.options, self.base_url, self.profile = playwright, options, base_url, profile
        self.context = self.launch()

    def launch(self, offline: bool = False):
        return self.playwright.chromium.launch_persistent_context(
            str(self.profile), base_url=self.base_url, device_scale_factor=1, has_touch=True, offline=offline, **self.options
        )

    def restart(self, offline: bool = False):
        """The browser quits (whatever was not sent stays on the phone) and starts again."""
        close_settled(self.context)
        self.context = self.launch(offline=offline)
        return self.context


@pytest.fixture(scope="session")
def phone(playwright_instance, chromium_options, live_server, tmp_path_factory) -> Iterator[Phone]:
    kept = Phone(playwright_instance, chromium_options, live_server, tmp_path_factory.mktemp("phone") / "profile")
    yield kept
    close_settled(kept.context)


@pytest.fixture
def phone_context(phone):
    """The session's phone for one test: online again and with the test's tabs closed afterwards."""
    before = set(phone.context.pages)
    yield phone.context
    phone.context.set_offline(False)
    for tab in phone.context.pages:
        if tab not in before:
            settle(tab)
            tab.close()


@pytest.fixture
def new_phone(lend, console):
    """Makes a phone that has never been to the app (nothing stored, no engine), at 390x844,
    its console watched: new_phone() -> (context, page). Closed after the test.
    new_phone("en-GB") is a phone whose browser asks for that language, as every phone's does."""

    def make(language_tag: str | None = None):
        asks = {"locale": language_tag, "extra_http_headers": {"Accept-Language": f"{language_tag},en;q=0.9"}} if language_tag else {}
        tab = lend(never_visited=True, viewport={"width": 390, "height": 844}, has_touch=True, **asks)
        console.watch(tab.page)
        return tab.context, tab.page

    return make


class Console:
    """Console errors and uncaught exceptions seen by a page."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.allowed: tuple[str, ...] = ()
        # Answers of 400 and more, and requests that never got one: named beside an htmx error
        # (htmx logs only "htmx:afterRequest, [object HTMLDivElement]"), so a failure says which.
        self.http_failures: list[str] = []

    def watch(self, page) -> None:
        page.on("console", lambda message: message.type == "error" and self.errors.append(self.said(message)))
        page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))
        page.on("response", lambda response: response.status >= 400 and self.http_failures.append(
            f"{response.status} {response.request.method} {response.url}"))
        page.on("requestfailed", lambda request: self.http_failures.append(
            f"failed ({request.failure}) {request.method} {request.url}"))

    @staticmethod
    def said(message) -> str:
        """The console's words, with the address of a resource that failed to load (chromium
        leaves it out of the text: "the server responded with a status of 404")."""
        url = (message.location or {}).get("url") if message.text.startswith("Failed to load resource") else None
        return f"{message.text} ({url})" if url else message.text

    def unexpected(self) -> list[str]:
        found = [text for text in self.errors if not any(allowed in text for allowed in self.allowed)]
        return [f"{text} (requests that failed: {self.http_failures})" if text.startswith("htmx:") else text for text in found]


@pytest.fixture
def console() -> Console:
    return Console()


@pytest.fixture(scope="session")
def tabs(browser, live_server) -> Iterator[Tabs]:
    """The worker's browser tabs, lent to one test at a time (tests/support/tabs.py)."""
    kept = Tabs(browser, live_server)
    yield kept
    kept.close()


@pytest.fixture
def lend(request, tabs, browser, live_server):
    """lend(**context options) -> a tab (context and page) for the test that holds nothing of
    an earlier test: one of the worker's kept tabs, reset when the test ends (see
    tests/support/tabs.py); lend(never_visited=True, ...): one that has never been to the app.
    For a test marked own_browser (it changes its browser beyond what a reset undoes), a new
    context."""
    own = request.node.get_closest_marker("own_browser") is not None
    lent: list[Tab] = []

    def make(never_visited: bool = False, **options) -> Tab:
        tab = Tab(browser, live_server, options).lend() if own else tabs.lend(never_visited, **options)
        lent.append(tab)
        return tab

    yield make
    for tab in lent:
        if own:
            close_settled(tab.context)
        else:
            tabs.give_back(tab)


@pytest.fixture
def tab(request, lend):
    """The test's phone at 390x844; None for a test marked on_the_phone (the session's phone)."""
    if request.node.get_closest_marker("on_the_phone"):
        return None
    return lend(viewport=VIEWPORT, device_scale_factor=1, has_touch=True)


@pytest.fixture
def context(request, tab):
    """The test's phone's browser context: one that holds nothing of an earlier test (it may
    have been to the app: its service worker and cached files); for a test marked
    on_the_phone, the session's one phone (`phone`), whose engine is stored and compiled
    once, as on a player's phone that has been to the app before."""
    if tab is None:
        yield request.getfixturevalue("phone_context")
        return
    yield tab.context


@pytest.fixture
def page(tab, context, console) -> Iterator:
    page = context.new_page() if tab is None else tab.page
    console.watch(page)
    yield page


@pytest.fixture
def shot():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    def save(page, name: str, full_page: bool = False) -> Path:
        path = ARTIFACTS / f"{name}.png"
        # caret="initial": Playwright hides a text field's caret by adding a style sheet to the
        # page and taking it away after, which restyles and repaints the whole page twice; that
        # made a picture cost 0.18 core-s against 0.04 (some 700 pictures a run).
        options = {"path": str(path), "full_page": full_page, "caret": "initial"}
        try:
            page.screenshot(**options)
        except Exception as error:  # noqa: BLE001 - Playwright's Error, from an optional import
            # Chromium now and then cannot capture a page still painting its new document
            # (a CI run, once, right after a Save's reload): the picture is taken again once
            # the page has loaded. What the test checks is not retried, only the picture.
            if "Unable to capture screenshot" not in str(error):
                raise
            page.wait_for_load_state()
            page.wait_for_timeout(200)
            page.screenshot(**options)
        return path

    return save


@pytest.fixture
def page_in(lend, console):
    """Opens a phone whose browser asks for a language: page_in("de", "DE"); page_in("en",
    "GB", js=False): one with JavaScript off."""

    def open_page(language: str, region: str, js: bool = True):
        tag = f"{language}-{region}"
        tab = lend(
            viewport=VIEWPORT,
            java_script_enabled=js,
            device_scale_factor=1,
            has_touch=True,
            locale=tag,
            extra_http_headers={"Accept-Language": f"{tag},{language};q=0.9"},
        )
        console.watch(tab.page)
        return tab.page

    return open_page


@pytest.fixture
def taps(context):
    """Counts every tap and key press of the test's pages (see tests/support/table_loop.py)."""
    from tests.support.table_loop import TapCounter

    counter = TapCounter()
    counter.install(context)
    return counter
