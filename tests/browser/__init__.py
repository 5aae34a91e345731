"""Tests that drive Debian's chromium through Playwright."""
