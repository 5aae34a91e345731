"""Trust at the table in the browser (390x844): accounts, roles, sharing, history, live sync, XSS."""
from __future__ import annotations

import re
from datetime import datetime, timedelta

import pytest
from table_loop import enter, enter_round

from tests.api.helpers import sign_up
from tests.game_picks import a_game, play, seats

pytestmark = pytest.mark.browser

expect = pytest.importorskip("playwright.sync_api").expect

PASSWORD = "correct horse battery"
# Where the live-sync test stops the second phone's clock: later than the test reaches it
# (the fake clock runs as the real one until then), so the jump fires due timers once.
PAUSED_AFTER = timedelta(minutes=20)
EVIL_PLAYER = "<img src=x onerror=alert(1)>"
EVIL_LEAGUE = "<script>alert(1)</script>"


def assert_phone_width(page) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"the page is wider than the phone: {widths}"


def register(page, username: str) -> None:
    page.goto("/register")
    page.fill("#register-username", username)
    page.fill("#register-password", PASSWORD)
    page.get_by_role("button", name="Create account").click()
    expect(page.locator(".who-am-i .signed-in")).to_have_text(username)


def signed_up(page, username: str) -> None:
    """An account made and signed in through the API with this browser's cookies (where signing
    up is not what the test is about; the forms themselves: test_sign_up_sign_in_and_tokens_through_the_forms)."""
    response = page.request.post("/api/v1/users", data={"username": username, "password": PASSWORD})
    assert response.status == 201, response.text()


def start_match(page, players: list[str], league: str | None = None) -> str:
    page.goto("/matches/new?game=nameless" + (f"&league={league}" if league else ""))
    seats = page.locator("input[id^=player_]")
    while seats.count() > len(players):
        count = seats.count()
        page.get_by_role("button", name="− Remove last seat").click()
        expect(seats).to_have_count(count - 1)
    for seat, name in enumerate(players):
        page.fill(f"#player_{seat}", name)
    page.get_by_role("button", name="Start Nameless").click()
    expect(page.locator("#h-entry")).to_have_text("Round 1")
    return page.url.rsplit("/", 1)[1].split("#")[0]


def fill_round(page, tricks: list[int]) -> None:
    for seat, took in enumerate(tricks):
        enter(page, f"tricks_{seat}", str(took))
    expect(page.locator("#preview")).to_contain_text("This round would score")


def save_round(page, number: int) -> None:
    page.locator("#save").click()
    expect(page.locator("#h-entry")).to_have_text(f"Round {number + 1}")


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
    page.fill("#token-name", "spreadsheet")
    shot(page, "trust-02-account-token-created", full_page=True)
    page.get_by_role("button", name="Create", exact=True).click()
    page.goto("/account")
    expect(page.locator("#new-secret")).to_have_count(0)  # shown once only
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


def is_stream(response) -> bool:
    return response.url.endswith("/events")


def test_live_sync_between_two_phones(page, console, shot, browser, live_server, clean_app):
    match_id = start_match(page, ["Ann", "Bob", "Cid"])
    second_context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server, has_touch=True)
    try:
        other = second_context.new_page()
        other_errors: list[str] = []
        other.on("pageerror", lambda error: other_errors.append(str(error)))
        # The second phone's clock is in the test's hands (it runs as usual until paused below).
        installed = datetime.now()
        other.clock.install(time=installed)
        with other.expect_response(is_stream) as stream:
            other.goto(f"/matches/{match_id}")
        assert stream.value.status == 200  # the match's stream is open: changes come by push
        expect(other.locator("#h-entry")).to_have_text("Round 1")
        enter(other, "tricks_0", "2")  # half-filled on the second phone

        fill_round(page, [3, 1, 1])
        save_round(page, 1)
        expect(other.locator("#round-1")).to_have_count(1, timeout=2000)
        expect(other.locator(".total .points")).to_have_text(page.locator(".total .points").all_text_contents(), timeout=2000)
        expect(other.locator("#live-notice")).to_contain_text("Round 1 was just recorded on another phone")
        expect(other.locator('input[name="tricks_0"][value="2"]')).to_be_checked()  # not wiped
        expect(other.locator("#h-entry")).to_have_text("Round 1")
        shot(other, "trust-09-live-sync-notice")
        assert_phone_width(other)
        other.get_by_role("button", name="Enter round 2 instead").click()
        expect(other.locator("#h-entry")).to_have_text("Round 2")
        expect(other.locator("#live-notice")).to_be_hidden()

        # An untouched form follows along by itself, told by the stream: with the second
        # phone's timers stopped it never polls, so only a pushed version brings round 2.
        other.clock.pause_at(installed + PAUSED_AFTER)
        fill_round(page, [1, 3, 1])
        save_round(page, 2)
        expect(other.locator("#round-2")).to_have_count(1, timeout=2000)
        expect(other.locator("#h-entry")).to_have_text("Round 3", timeout=2000)
        other.clock.resume()

        # Both phones type round 3; the first save wins, the second sees the current state
        # with its entries kept.
        enter(other, "tricks_0", "0")
        enter(other, "tricks_1", "4")
        enter(other, "tricks_2", "1")
        expect(other.locator("#preview")).to_contain_text("This round would score")
        fill_round(page, [2, 2, 1])
        save_round(page, 3)
        expect(other.locator("#live-notice")).to_contain_text("Round 3 was just recorded", timeout=2000)
        other.get_by_role("button", name="Keep my entries").click()
        other.locator("#save").click()
        expect(other.locator("#stale-notice")).to_have_text("This match changed on another phone: here is the current state")
        expect(other.locator("#round-3")).to_have_count(1)
        expect(other.locator("#h-entry")).to_have_text("Round 4")
        expect(other.locator('input[name="tricks_1"][value="4"]')).to_be_checked()
        shot(other, "trust-10-stale-save")
        assert other_errors == []
    finally:
        second_context.close()
    assert console.unexpected() == []


def test_live_sync_polls_where_no_stream_opens(page, console, browser, live_server, clean_app):
    """A server with no thread to spare refuses the stream (204): the phone polls instead."""
    match_id = start_match(page, ["Ann", "Bob", "Cid"])
    second_context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server, has_touch=True)
    try:
        other = second_context.new_page()
        other.route("**/matches/*/events", lambda route: route.fulfill(status=204))
        with other.expect_response(is_stream) as stream:
            other.goto(f"/matches/{match_id}")
        assert stream.value.status == 204
        expect(other.locator("#h-entry")).to_have_text("Round 1")
        fill_round(page, [3, 1, 1])
        save_round(page, 1)
        expect(other.locator("#round-1")).to_have_count(1)
        expect(other.locator("#h-entry")).to_have_text("Round 2")
    finally:
        second_context.close()
    assert console.unexpected() == []


def test_a_phone_without_javascript_opens_no_stream_and_its_rounds_reach_the_others(page, console, browser, live_server, clean_app):
    match_id = start_match(page, ["Ann", "Bob", "Cid"])
    plain_context = browser.new_context(
        viewport={"width": 390, "height": 844}, base_url=live_server, java_script_enabled=False
    )
    try:
        plain = plain_context.new_page()
        asked: list[str] = []
        plain.on("request", lambda request: asked.append(request.url))
        plain.goto(f"/matches/{match_id}")
        for seat, took in enumerate([3, 1, 1]):
            plain.locator(f'label.chip:has(input[name="tricks_{seat}"][value="{took}"])').click()
        plain.locator("#save").click()
        expect(plain.locator("#round-1")).to_have_count(1)
        expect(plain.locator("#h-entry")).to_have_text("Round 2")
        assert [url for url in asked if url.endswith("/events")] == []
    finally:
        plain_context.close()
    # The phone with JavaScript, its stream open, follows along.
    expect(page.locator("#round-1")).to_have_count(1)
    expect(page.locator("#h-entry")).to_have_text("Round 2")
    assert console.unexpected() == []


def test_untrusted_names_render_as_text(page, console, shot, clean_app):
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    signed_up(page, "ann")
    page.goto("/leagues")
    page.fill("#league-name", EVIL_LEAGUE)
    page.get_by_role("button", name="Start league").click()
    expect(page.locator("h1")).to_have_text(EVIL_LEAGUE)
    league = page.url.rsplit("/", 1)[1]
    match_id = start_match(page, [EVIL_PLAYER, "Bob", "Cid"], league)
    fill_round(page, [3, 1, 1])
    save_round(page, 1)
    player = next(p["id"] for p in page.request.get("/api/v1/players").json() if p["name"] == EVIL_PLAYER)
    for url, text in (
        (f"/matches/{match_id}", EVIL_PLAYER),
        (f"/leagues/{league}", EVIL_LEAGUE),
        (f"/leagues/{league}", EVIL_PLAYER),
        (f"/players/{player}", EVIL_PLAYER),
        ("/", EVIL_PLAYER),
        ("/leagues", EVIL_LEAGUE),
    ):
        page.goto(url)
        expect(page.get_by_text(text, exact=False).first).to_be_attached()
        assert page.locator('img[src="x"]').count() == 0, url
        assert page.evaluate("document.querySelectorAll('main script').length") == 0, url
    page.goto(f"/matches/{match_id}")
    # A round recorded elsewhere: live sync refreshes the blocks (scoreboard, sheet, form), which stay text too.
    response = page.request.post(f"/api/v1/matches/{match_id}/rounds", data={"tricks": [1, 3, 1]})
    assert response.status == 201, response.text()
    expect(page.locator("#round-2")).to_have_count(1)
    expect(page.locator("#h-entry")).to_have_text("Round 3")
    expect(page.locator("#scores").get_by_text(EVIL_PLAYER, exact=False).first).to_be_attached()
    assert page.locator('img[src="x"]').count() == 0
    shot(page, "trust-11-untrusted-names")
    assert dialogs == []
    assert console.unexpected() == []
