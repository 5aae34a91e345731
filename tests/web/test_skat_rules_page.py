"""Skat's written rules (docs/rules/<language>/skat.md), checked as tests/web/test_rules_pages.py
checks every registered game's: Skat is not in the registry yet, so that test does not see it.
Once Skat is registered (with its web adapter, whose refusal_anchors are REFUSAL_ANCHORS below),
the registry's tests cover this and the file can go."""
from __future__ import annotations

import re

import pytest

from scorekeeper.engine.games.skat import SKAT
from scorekeeper.web.rules_pages import LANGUAGES, SECTIONS, SHARED_REFUSAL_ANCHORS, option_anchor, render, rules_path
from tests.support.rules_pages import game_codes

GAME_ID = SKAT.id
# The rule each of Skat's own refusals breaks, by its code: what its web adapter will map.
REFUSAL_ANCHORS = {
    "declarer_sits_out": "rule-declarer",
    "bid_missing": "rule-bid",
    "bid_value": "rule-bid",
    "null_below_bid": "rule-null",
    "game_missing": "recording",
    "field_not_applicable": "rule-game-fields",
    "bool_type": "recording",
    "won_follows": "recording",
    "won_missing": "recording",
    "matadors_missing": "rule-game-fields",
    "matadors_range": "rule-game-fields",
    "points_missing": "rule-game-fields",
    "points_impossible": "rule-game-fields",
    "ouvert_without_hand": "rule-hand",
    "announce_without_hand": "rule-hand",
    "ouvert_schneider": "rule-hand",
    "schwarz_points": "rule-schwarz",
    "ramsch_off": "option-ramsch",
    "ramsch_missing": "rule-ramsch",
    "ramsch_dealer": "rule-ramsch",
    "ramsch_points_missing": "rule-ramsch",
    "ramsch_sum": "rule-ramsch",
    "no_trick_count": "rule-ramsch",
    "no_trick_repeated": "rule-ramsch",
    "no_trick_sits_out": "rule-ramsch",
    "no_trick_points": "rule-ramsch",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_are_written_in_every_language_with_every_section_and_option(language):
    assert rules_path(language, GAME_ID).is_file()
    document = render(language, GAME_ID)
    assert document.title
    assert [section for section in SECTIONS if section not in document.anchors] == []
    assert [spec.name for spec in SKAT.all_option_specs() if option_anchor(spec.name) not in document.anchors] == []


def test_the_languages_have_the_same_anchors():
    english = render("en", GAME_ID).anchors
    for language in LANGUAGES:
        assert render(language, GAME_ID).anchors == english, language


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_links_to_a_rule_of_the_page(language):
    codes = game_codes(SKAT)
    anchors = render(language, GAME_ID).anchors
    unmapped = sorted(code for code in codes if code not in REFUSAL_ANCHORS and code not in SHARED_REFUSAL_ANCHORS
                      and not code.startswith("option_"))
    assert unmapped == []
    linked = {**SHARED_REFUSAL_ANCHORS, **REFUSAL_ANCHORS}
    assert sorted(code for code in codes if code in linked and linked[code] not in anchors) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_holds_no_markup_and_no_option_name(language):
    html = render(language, GAME_ID).html
    assert "<script" not in html and "{#" not in html and not re.search(r'href="(?!#|/)', html)
    text = re.sub(r"<[^>]+>", " ", html)
    assert [spec.name for spec in SKAT.all_option_specs() if "_" in spec.name and spec.name in text] == []
