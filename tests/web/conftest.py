"""Page fixtures: the browser's (a few tests here still open a page in chromium)."""
from tests.browser.conftest import *  # noqa: F403
