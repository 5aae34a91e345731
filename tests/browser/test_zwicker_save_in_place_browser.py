"""Without JavaScript a Zwicker round (its own fields: cards and honours) is saved by the plain
form post, answered 303 to the match page at its scores (issue 38's Save in place is the
script's; the plain post stays)."""
from __future__ import annotations

from tests.support.offline import MARKS, expect

pytestmark = MARKS

PLAYERS = ["Ann", "Bob"]


def test_without_javascript_save_posts_the_form(browser, live_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server, java_script_enabled=False)
    try:
        page = context.new_page()
        match_id = page.request.post("/api/v1/matches", data={"game": "zwicker", "players": PLAYERS}).json()["id"]
        page.goto(f"/matches/{match_id}")
        page.locator("#f-cards_0").fill("30")
        page.locator("#f-cards_1").fill("25")
        honours = page.locator('input[type=radio][name^="honour_"][value="0"]')
        for name in [honours.nth(index).get_attribute("name") for index in range(honours.count())]:
            page.locator(f'label.chip:has(input[name="{name}"][value="0"])').click()  # every honour Ann's
        with page.expect_navigation():
            page.locator("#save").click()
        assert page.url.endswith(f"/matches/{match_id}#scores")
        expect(page.locator("#round-1")).to_have_count(1)
        expect(page.locator("#h-entry")).to_have_text("Round 2")
    finally:
        context.close()
