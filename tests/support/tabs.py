"""Browser tabs lent from test to test: a phone that holds nothing of an earlier test, without a new tab's cost.

A new tab costs chromium about a core-second before its first page is drawn (a renderer
process is started, and the page's stylesheet, htmx and modules are parsed and compiled in
it), against a quarter of that for the next page in the same tab: on the 2-core CI machine
that was a third of the browser tests' CPU. So each pytest worker keeps its tabs, one set of
browser options (size, language, JavaScript) each, and lends a tab to one test at a time.

Between two tests the tab's page goes to about:blank (ending the streams, timers and workers
of the last one), and the origin's cookies (so a new device and session), local storage and
IndexedDB (the rounds kept offline, the phone's matches) are cleared, as are the routes, the
permissions, the offline switch, the viewport and the listeners the test added. The tab is
then a phone that has been to the app before but holds nothing of the earlier test: its
service worker and the files it keeps (the app's, the engine's) and the browser cache stay,
as on a player's phone, which halves what a test's first page costs. A test that needs a
phone that has never been to the app (a first visit's service worker, the engine fetched)
asks for one (`never_visited`): the service worker, its caches and the browser cache are
cleared too. What a reset cannot undo is left to tests marked `own_browser`, which get a new
context: a script added to every page, say. A CDP session a test opens is its own to
undo and detach before the tab is given back (test_table_loop.py's slow connection).
"""
from __future__ import annotations

from collections import defaultdict

from tests.support.chromium import settle

# What a test leaves in the origin's storage that the next must not find (see the docstring).
HELD_BY_A_TEST = "cookies,local_storage,indexeddb"
# The page events tests listen to (tests/browser/conftest.py's Console among them): a
# listener a test added is removed when its tab is given back.
PAGE_EVENTS = ("console", "pageerror", "response", "request", "requestfailed", "requestfinished", "load", "dialog", "worker")


class Tab:
    """One browser context with its one page, lent to a test and reset when given back."""

    def __init__(self, browser, base_url: str, options: dict) -> None:
        self.base_url, self.options = base_url, options
        self.context = browser.new_context(base_url=base_url, **options)
        self.page = self.context.new_page()

    def lend(self):
        # Private to Playwright, read only: which listeners were there before the test.
        self.listening = {event: list(self.page._impl_obj.listeners(event)) for event in PAGE_EVENTS}
        return self

    def reset(self) -> None:
        """Make the tab a phone that holds nothing of the test (see the module's docstring)."""
        for other in self.context.pages:
            if other is not self.page:
                settle(other)
                other.close()
        if self.page.is_closed():
            self.page = self.context.new_page()
        else:
            settle(self.page)
            for event, before in self.listening.items():
                for listener in self.page._impl_obj.listeners(event):
                    if listener not in before:
                        self.page._impl_obj.remove_listener(event, listener)
        self.page.unroute_all(behavior="ignoreErrors")
        self.context.unroute_all(behavior="ignoreErrors")
        self.context.set_offline(False)
        self.context.clear_cookies()
        self.context.clear_permissions()
        self.clear(HELD_BY_A_TEST)
        self.page.set_viewport_size(self.options["viewport"])

    def forget_the_app(self) -> None:
        """Also the service worker, its caches and the browser cache: never been to the app."""
        self.clear("all", browser_cache=True)

    def clear(self, kinds: str, browser_cache: bool = False) -> None:
        # A DevTools session only for this, detached at once: with one left attached to the
        # tab, two offline tests' first visits were never kept for an offline reload.
        devtools = self.context.new_cdp_session(self.page)
        devtools.send("Storage.clearDataForOrigin", {"origin": self.base_url, "storageTypes": kinds})
        if browser_cache:
            devtools.send("Network.clearBrowserCache")
        devtools.detach()

    def close(self) -> None:
        self.context.close()


class Tabs:
    """A worker's tabs, by their browser options: lend(**options) -> Tab, give_back(tab);
    lend(never_visited=True, ...) for a phone that has never been to the app."""

    def __init__(self, browser, base_url: str) -> None:
        self.browser, self.base_url = browser, base_url
        self.free: dict[tuple, list[Tab]] = defaultdict(list)

    @staticmethod
    def key(options: dict) -> tuple:
        return tuple(sorted((name, repr(value)) for name, value in options.items()))

    def lend(self, never_visited: bool = False, **options) -> Tab:
        free = self.free[self.key(options)]
        if not free:
            return Tab(self.browser, self.base_url, options).lend()
        tab = free.pop()
        if never_visited:
            tab.forget_the_app()
        return tab.lend()

    def give_back(self, tab: Tab) -> None:
        try:
            tab.reset()
        except Exception:  # noqa: BLE001 - Playwright's Error: a tab that cannot be reset is not lent again
            try:
                tab.close()
            except Exception:  # noqa: BLE001
                pass
            return
        self.free[self.key(tab.options)].append(tab)

    def close(self) -> None:
        for tabs in self.free.values():
            for tab in tabs:
                tab.close()
