"""Spades' rules pages in chromium at 390x844: readable on a phone, an option of the new-match
form and a refused round's "why?" leading to their paragraphs, in English, German and Russian."""
from __future__ import annotations

import pytest

from tests.support.browser_steps import refused
from tests.support.rules_pages import fits_the_phone
from tests.support.table_loop import enter

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect


def test_rules_page_on_a_phone(page, console, shot):
    page.goto("/rules/spades")
    expect(page.locator("article.rules h1")).to_have_text("Spades: the rules in Scorekeeper")
    expect(page.locator("#option-min_team_bid")).to_have_text("Minimum team bid")
    fits_the_phone(page)
    shot(page, "rules-01-spades-top")
    page.goto("/rules/spades#option-failed_nil_bags")
    target = page.locator("#option-failed_nil_bags")
    expect(target).to_be_in_viewport()
    fits_the_phone(page)
    shot(page, "rules-02-spades-option")
    assert console.unexpected() == []


def test_an_option_of_the_form_opens_its_paragraph(page, console, shot):
    page.goto("/matches/new?game=spades")
    page.locator("details.options summary").click()
    page.locator("#opt_min_team_bid").scroll_into_view_if_needed()
    shot(page, "rules-06-form-house-rules")
    page.get_by_role("link", name="Round limit in the rules").click()
    page.wait_for_url("**/rules/spades#option-max_rounds")
    expect(page.locator("#option-max_rounds")).to_be_in_viewport()
    assert console.unexpected() == []


def test_why_leads_from_a_refused_round_to_its_rule(page, console, shot):
    page.goto("/matches/new?game=spades")
    for seat, name in enumerate(["Ann", "Bob", "Cid", "Dee"]):
        page.fill(f"#player_{seat}", name)
    page.locator("details.options summary").click()
    page.select_option("#opt_bids_total_13", "false")
    page.get_by_role("button", name="Start Spades").click()
    expect(page.locator("#h-entry")).to_have_text("Round 1")
    for seat, bid in enumerate(["4", "3", "3", "3"]):
        enter(page, f"bid_{seat}", bid)
    for seat, took in enumerate([4, 3, 3, 3]):
        enter(page, f"tricks_{seat}", str(took))
    refused(page, "someone must lose")
    shot(page, "rules-04-why", full_page=True)
    page.locator("#bar-state").get_by_role("link", name="why?").click()
    page.wait_for_url("**/rules/spades#option-bids_total_13")
    expect(page.locator("#option-bids_total_13")).to_be_in_viewport()
    assert console.unexpected() == []


@pytest.mark.parametrize(("language", "region", "heading"), [
    ("de", "DE", "Spades: die Regeln in Scorekeeper"),
    ("ru", "RU", "Спейдс: правила в Scorekeeper"),
])
def test_rules_page_in_german_and_russian(page_in, console, shot, language, region, heading):
    page = page_in(language, region)
    page.goto("/rules/spades#option-min_team_bid")
    expect(page.locator("article.rules h1")).to_have_text(heading)
    expect(page.locator("#option-min_team_bid")).to_be_in_viewport()
    fits_the_phone(page)
    shot(page, f"rules-05-spades-{language}")
    assert console.unexpected() == []
