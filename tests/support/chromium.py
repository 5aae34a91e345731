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
