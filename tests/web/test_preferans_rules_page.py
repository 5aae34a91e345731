"""Preferans's written rules (docs/rules/<language>/preferans.md) beyond what
tests/web/test_rules_pages.py checks of every game's: no contract written as the API writes it
("7H"), no option value as a code, "×" for times, and Russian in Russian words (БК, not NT)."""
from __future__ import annotations

import re

import pytest

from scorekeeper.engine.games.preferans import PREFERANS
from scorekeeper.engine.games.preferans.values import CONTRACTS, CONVENTIONS, PROGRESSIONS
from scorekeeper.web.rules_pages import LANGUAGES, render
from tests.support.rules_pages import game_codes

GAME_ID = PREFERANS.id

# What a reader must never see: the engine's codes (a contract as the API writes it, "7H",
# "10NT"; option values and refusal codes) are words on the page, not codes.
CONTRACT_CODE = re.compile(r"\b(?:[6-9]|10)(?:S|C|D|H|NT)\b")
LATIN_WORD = re.compile(r"[A-Za-z]+")
LETTER_X = re.compile(r"\d\s*[xх]\s*\d")  # Latin or Cyrillic x between numbers: "×" is the sign


def text(language: str) -> str:
    return re.sub(r"<[^>]+>", " ", render(language, GAME_ID).html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_option_name_or_code_reaches_the_reader(language):
    words = text(language)
    names = [spec.name for spec in PREFERANS.all_option_specs() if "_" in spec.name]
    # Codes that are also words ("contract", "open", "none") may be said; these may not.
    codes = [
        *(code for code in [*game_codes(PREFERANS), *CONTRACTS, *PROGRESSIONS] if "_" in code),
        *(code for code in [*CONTRACTS, *CONVENTIONS, *PROGRESSIONS] if code.isalpha() and code not in ("none", "open")),
    ]
    assert [name for name in names if name in words] == []
    assert [code for code in codes if re.search(rf"\b{code}\b", words)] == []
    assert CONTRACT_CODE.findall(words) == []
    assert LETTER_X.findall(words) == []


def test_the_russian_page_has_no_latin_word_but_the_product_name():
    """Russian Preferans in Russian words: БК, not NT; Т К Д В, not A K Q J."""
    assert set(LATIN_WORD.findall(text("ru"))) <= {"Scorekeeper"}
