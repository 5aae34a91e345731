"""Preferans's written rules (docs/rules/<language>/preferans.md), checked as
tests/web/test_rules_pages.py checks every registered game's: Preferans is not in the registry
yet (its web adapter is still to come), so that test does not see it. Once it is registered,
the registry's tests cover this and the file goes; its web adapter's refusal_anchors then
name these paragraphs (REFUSAL_ANCHORS)."""
from __future__ import annotations

import re

import pytest

from scorekeeper.engine.entry import adapter_for
from scorekeeper.engine.games.preferans import PREFERANS
from scorekeeper.engine.games.preferans.values import CONTRACTS, CONVENTIONS, PROGRESSIONS
from scorekeeper.web.rules_pages import LANGUAGES, SECTIONS, SHARED_REFUSAL_ANCHORS, option_anchor, render, rules_path
from tests.support.rules_pages import game_codes

GAME_ID = PREFERANS.id

# The paragraph of each of the engine's own refusal codes: the "why?" of a refused hand.
REFUSAL_ANCHORS = {
    "contract": "rule-contract",
    "field_not_applicable": "rule-contract",
    "declarer_missing": "rule-declarer",
    "declarer_sits_out": "rule-declarer",
    "whist_missing": "rule-whist",
    "whist_not_defender": "rule-whist",
    "half_whist": "rule-half-whist",
    "half_whist_off": "rule-half-whist",
    "tricks_missing": "rule-tricks",
    "tricks_not_played": "rule-tricks",
    "tricks_sits_out": "rule-tricks",
}

# What a reader must never see: the engine's codes (a contract as the API writes it, "7H",
# "10NT"; option values and refusal codes) are words on the page, not codes.
CONTRACT_CODE = re.compile(r"\b(?:[6-9]|10)(?:S|C|D|H|NT)\b")
LATIN_WORD = re.compile(r"[A-Za-z]+")
LETTER_X = re.compile(r"\d\s*[xх]\s*\d")  # Latin or Cyrillic x between numbers: "×" is the sign


def text(language: str) -> str:
    return re.sub(r"<[^>]+>", " ", render(language, GAME_ID).html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_are_written_in_every_language_with_every_section_and_option(language):
    assert rules_path(language, GAME_ID).is_file()
    document = render(language, GAME_ID)
    assert document.title
    assert [section for section in SECTIONS if section not in document.anchors] == []
    assert [spec.name for spec in PREFERANS.all_option_specs() if option_anchor(spec.name) not in document.anchors] == []


def test_the_languages_have_the_same_anchors():
    english = render("en", GAME_ID).anchors
    for language in LANGUAGES:
        assert render(language, GAME_ID).anchors == english, language


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_holds_no_markup_of_its_own(language):
    html = render(language, GAME_ID).html
    assert "<script" not in html and "<style" not in html and "<iframe" not in html
    assert not re.search(r"\son\w+=", html) and not re.search(r"\sstyle=", html)
    assert "{#" not in html
    assert not re.search(r'href="(?!#|/)', html)


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


def test_every_refusal_code_has_its_paragraph_in_every_language():
    own = sorted(code for code in game_codes(PREFERANS) if code not in SHARED_REFUSAL_ANCHORS)
    assert [code for code in own if code not in REFUSAL_ANCHORS] == []
    # The web adapter's map once it is written (the generic adapter's is empty until then).
    mapped = {**REFUSAL_ANCHORS, **adapter_for(PREFERANS).refusal_anchors, **SHARED_REFUSAL_ANCHORS}
    for language in LANGUAGES:
        anchors = render(language, GAME_ID).anchors
        assert {code: anchor for code, anchor in mapped.items() if anchor not in anchors} == {}, language
