"""The words of a page in a translated language: the catalogs, the text a player sees, the
English left in it."""
from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

from babel.messages.pofile import read_po

from scorekeeper.config import PROJECT_ROOT

CATALOGS = PROJECT_ROOT / "scorekeeper" / "translations"
LANGUAGES = ("de", "ru")
# Attributes whose values people read (or hear, with a screen reader).
READ_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")


def english_ids(language: str) -> set[str]:
    """The catalog's message ids without placeholders whose translation differs from them, but
    for those the catalog itself says in that language: Skat's label "schwarz" (German
    "Schwarz") is the German word of Doppelkopf's call "black"."""
    with open(CATALOGS / language / "LC_MESSAGES" / "messages.po", "rb") as handle:
        catalog = read_po(handle, locale=language)
    found = set()
    said = {message.string.strip() for message in catalog if isinstance(message.string, str)}
    for message in catalog:
        if not message.id or not isinstance(message.id, str) or not isinstance(message.string, str):
            continue
        if "{" in message.id or "%" in message.id or message.string.strip() == message.id.strip():
            continue
        if len(message.id) >= 4 and message.id.strip() not in said:  # "P", "W", "Avg": abbreviations may stay
            found.add(message.id.strip())
    return found


class VisibleText(HTMLParser):
    """The texts a person sees on a page: text nodes and the read attributes (no script, no style)."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.hidden_depth = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.hidden_depth += 1
        for name, value in attrs:
            if name in READ_ATTRIBUTES and value:
                self.texts.append(value.strip())

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self.hidden_depth:
            self.hidden_depth -= 1

    def handle_data(self, data):
        if not self.hidden_depth and data.strip():
            self.texts.append(" ".join(data.split()))


def history_lines(html: str) -> list[str]:
    """Each line of a match page's history, as the reader sees it."""
    block = re.search(r'<ol class="history">(.*?)</ol>', html, re.S)
    if not block:
        return []
    lines = []
    for item in re.findall(r"<li>(.*?)</li>", block.group(1), re.S):
        lines.append(" ".join(unescape(re.sub(r"<[^>]+>", " ", item)).split()))
    return lines
