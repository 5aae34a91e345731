"""Trust at the table in the browser (390x844): accounts, roles, sharing, history (live sync and
names rendered as text, by Nameless hands: test_nameless_trust_browser.py)."""
from __future__ import annotations

import re

import pytest

from tests.support.api import sign_up
from tests.support.game_picks import a_game, play, seats
from tests.support.table_loop import enter_round
from tests.support.trust_steps import PASSWORD, assert_phone_width, signed_up

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect


def register(page, username: str) -> None:
    page.goto("/register")
    page.fill("#register-username", username)
    page.fill("#register-password", PASSWORD)
    page.get_by_role("button", name="Create account").click()
    expect(page.locator(".who-am-i .signed-in")).to_have_text(username)


def test_sign_up_sign_in_and_tokens_through_the_forms(page, console, shot, clean_app):
    register(page, "ann")
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("link", name="Sign in")).to_be_visible()
    page.goto("/leagues")
    # Signed out, the leagues page asks for a sign-in where its forms would be.
    page.get_by_role("region", name="Start a league").get_by_role("link", name="Sign in").click()
    page.fill("#login-username", "ann")
    page.fill("#login-password", "not my password")
    console.allowed = ("status of 401",)  # the refused sign-in page itself answers 401
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator(".refusal")).to_have_text("wrong username or password")
    expect(page.locator("#login-username")).to_have_value("ann")
    shot(page, "trust-01-login-refused")
    assert_phone_width(page)
    page.fill("#login-password", PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(re.compile(r"/leagues$"))  # back where sign-in was asked from
    expect(page.locator(".who-am-i .signed-in")).to_have_text("ann")

    page.locator(".who-am-i .signed-in").click()
    page.fill("#token-name", "laptop script")
    page.get_by_role("button", name="Create", exact=True).click()
    secret = page.locator("#new-secret")
    expect(secret).to_have_value(re.compile(r"^sk_"))
    # The secret is wider than the phone's field: Copy takes it whole (there was no Copy, and
    # the field showed 'sk_p2U1UitVHO-MJtGUAJAgcFfrh6H5a…').
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.get_by_role("button", name="Copy", exact=True).click()
    expect(page.get_by_role("button", name="Copied", exact=True)).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == secret.input_value()
    assert_phone_width(page)
    page.fill("#token-name", "spreadsheet")
    shot(page, "trust-02-account-token-created", full_page=True)
    page.get_by_role("button", name="Create", exact=True).click()
    page.goto("/account")
    expect(page.locator("#new-secret")).to_have_count(0)  # shown once only
    # Where a token is made, the API's documentation is a tap away (found only by typing its address).
    page.get_by_role("link", name="Scorekeeper API · docs").click()
    expect(page).to_have_url(re.compile(r"/api/v1/docs$"))
    page.go_back()
    expect(page.locator(".token")).to_have_count(2)
    page.get_by_role("button", name="Revoke the token laptop script").click()
    expect(page.locator(".token.revoked")).to_contain_text("laptop script")
    shot(page, "trust-03-account-tokens", full_page=True)
    assert_phone_width(page)
    assert console.unexpected() == []


def test_roles_share_and_history(page, console, shot, clean_app, live_server):
    helper = clean_app.test_client()
    sign_up(helper, "bob", PASSWORD)
    signed_up(page, "ann")
    page.goto("/leagues")
    expect(page.locator(".who-am-i .signed-in")).to_have_text("ann")
    page.fill("#league-name", "Friday")
    page.fill("#league-members", "Ann, Bob, Cid")
    page.get_by_role("button", name="Start league").click()
    expect(page.locator("h1")).to_have_text("Friday")
    league = page.url.rsplit("/", 1)[1].split("#")[0]
    # Roles: give bob the scorer role, then make him a viewer.
    page.fill("#role-username", "nobody")
    console.allowed = ("status of 404",)  # the refused grant's page answers the rule's 404
    page.get_by_role("button", name="Give the role").click()
    expect(page.locator("#roles-form .refusal")).to_have_text("no account named nobody")
    page.fill("#role-username", "bob")
    page.select_option("#role-role", "scorer")
    page.get_by_role("button", name="Give the role").click()
    roles = page.locator("#roles .roles li")
    expect(roles).to_have_count(2)
    expect(roles.nth(1)).to_contain_text("bob")
    expect(roles.nth(1)).to_contain_text("scorer")
    page.locator("#roles").evaluate("element => element.scrollIntoView()")
    shot(page, "trust-04-roles")
    assert_phone_width(page)
    # Share standings for a week: the link is shown once, and listed with its expiry.
    page.select_option("#share-expiry", "7")
    page.get_by_role("button", name="Make a share link").click()
    link = page.locator("#share-url")
    expect(link).to_have_value(re.compile(r"/shared/"))
    expect(page.locator("#share .share-links li")).to_have_count(1)
    expect(page.locator("#share .share-links li")).to_contain_text("until")
    page.locator("#share").evaluate("element => element.scrollIntoView()")
    shot(page, "trust-05-share-standings")
    assert_phone_width(page)
    standings_url = link.input_value()

    # A league match with two rounds, through the API (the new-match form with a league and
    # rounds by taps: test_untrusted_names_render_as_text); the edit below is on the page.
    # Any game of three players, its legal rounds; round 1 edited to another that round 2 still follows.
    game = a_game(seats(3))
    played = play(game, ["Ann", "Bob", "Cid"])
    edited = played.other_round(1)
    response = page.request.post("/api/v1/matches", data={"game": game.id, "players": ["Ann", "Bob", "Cid"], "league": league})
    assert response.status == 201, response.text()
    match_id = response.json()["id"]
    for number in (1, 2):
        assert page.request.post(f"/api/v1/matches/{match_id}/rounds", data=played.round(number)).status == 201
    page.goto(f"/matches/{match_id}")
    expect(page.locator("#h-entry")).to_have_text("Round 3")
    expect(page.locator("main")).to_contain_text("League match")  # the match counts for the league
    page.locator("#round-1 a.why-mark").click()  # the round's Edit is under its line on the sheet
    page.get_by_role("link", name="Edit round 1").click()
    enter_round(page, played.form(1, edited))
    page.fill("#f-reason", "Bob's tricks were miscounted")
    expect(page.locator("#preview")).to_contain_text("This round would score")
    page.locator("#save").click()
    expect(page.locator("#h-entry")).to_have_text("Round 3")
    history = page.locator("#history .history li")
    expect(history.first).to_contain_text("ann edited round 1")
    expect(history.first).to_contain_text("Reason: Bob's tricks were miscounted")
    with clean_app.test_request_context():
        change = f"{played.words(played.round(1), 1)} → {played.words(edited, 1)}"
    expect(history.first).to_contain_text(change)
    assert page.request.get(f"/api/v1/matches/{match_id}").json()["rounds"][0]["input"] == edited
    page.get_by_role("button", name="Share a read-only link").click()
    expect(page.locator("#share-url")).to_have_value(re.compile(r"/shared/"))
    match_link = page.locator("#share-url").input_value()
    page.locator("#history summary").click()
    expect(history.first).to_be_visible()
    page.locator("#history").evaluate("element => element.scrollIntoView()")
    shot(page, "trust-06-match-history")
    assert_phone_width(page)

    # The links work for anyone, read-only.
    stranger = page.context.browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server)
    try:
        other = stranger.new_page()
        other.goto(match_link)
        expect(other.locator("#round-1")).to_contain_text("+")
        expect(other.locator("main form")).to_have_count(0)  # the footer's language switcher aside
        expect(other.get_by_role("link", name=re.compile("Edit"))).to_have_count(0)
        shot(other, "trust-07-shared-match", full_page=True)
        assert_phone_width(other)
        other.goto(standings_url)
        expect(other.locator("h1")).to_have_text("Friday")
        shot(other, "trust-08-shared-standings")
        # Without a role the league match itself is the rule, not the page.
        other.goto(f"/matches/{match_id}")
        expect(other.locator(".refusal")).to_contain_text("sign in as owner")
        # The owner revokes the standings link: it stops working at once.
        page.goto(f"/leagues/{league}")
        page.locator("#share .share-links li").filter(has_text="Standings").get_by_role("button", name="Revoke").click()
        expect(page.locator("#share .share-links li").filter(has_text="Standings")).to_contain_text("revoked")
        other.goto(standings_url)
        expect(other.locator(".refusal")).to_contain_text("revoked")
    finally:
        stranger.close()
    # The league's history: who gave which role, who made and revoked which link.
    history = page.locator("#history .history li")
    expect(history.first).to_contain_text("revoked a share link")
    expect(page.locator("#history")).to_contain_text("bob: scorer")
    page.locator("#history").evaluate("element => element.scrollIntoView()")
    shot(page, "trust-09-league-history")
    assert_phone_width(page)
    assert console.unexpected() == []


@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 360, "height": 740}], ids=["390", "360"])
def test_the_season_form_fits_the_phone(page, console, shot, clean_app, size):
    """"Add a season" opened: its two dates side by side within the screen (an outside
    walk-through found the page 409 px wide, "Ends on" past the edge)."""
    page.set_viewport_size(size)
    register(page, "keeper")
    page.goto("/leagues")
    page.fill("#league-name", "Friday")
    page.get_by_role("button", name="Start league").click()
    page.get_by_text("Add a season").click()
    ends = page.locator("#season-ends")
    expect(ends).to_be_visible()
    box = ends.bounding_box()
    assert box is not None and box["x"] + box["width"] <= size["width"], box
    assert_phone_width(page)
    shot(page, f"trust-season-form-{size['width']}")
    assert console.unexpected() == []
