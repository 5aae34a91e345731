"""Trust at the table, JavaScript off: accounts, CSRF, history, stale forms, share links, escaping."""
from __future__ import annotations

import html as html_lib
import re

from tests.support.api import sign_up
from tests.support.game_picks import a_game, entered, new_match_form, play, seats

PASSWORD = "correct horse battery"
# Any game of three players carries the match these tests trust; its legal rounds as the form posts them.
GAME = a_game(seats(3))
PLAYED = play(GAME, ["Ann", "Bob", "Cid"])
ROUND_1 = PLAYED.form(1)
ROUND_2 = PLAYED.form(2)
EDITED = PLAYED.other_round(1)  # round 1 as an edit puts it (round 2 still holds after it)
CHANGED_ELSEWHERE = "This match changed on another phone: here is the current state"
POST_FORM = re.compile(r'<form\b[^>]*method="post"[^>]*>(.*?)</form>', re.DOTALL)


def refusal(html: str) -> str:
    found = re.search(r'class="refusal" role="alert">([^<]*)<', html)
    return html_lib.unescape(found.group(1)).strip() if found else ""


def field(html: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    return html_lib.unescape(found.group(1)) if found else ""


def casual_match(client, players=("Ann", "Bob", "Cid"), **extra) -> str:
    response = client.post("/matches/new", data=new_match_form(GAME, players, **extra))
    assert response.status_code == 303, refusal(response.get_data(as_text=True))
    return response.headers["Location"].rsplit("/", 1)[1]


def record(client, match_id: str, number: int, **extra):
    """Round `number` of the drawn match posted by its form."""
    return client.post(f"/matches/{match_id}/rounds", data={**PLAYED.form(number), "expected_number": str(number), **extra})


def api_match(client, match_id: str) -> dict:
    return client.get(f"/api/v1/matches/{match_id}").get_json()


# --------------------------------------------------------------------------- CSRF


def test_every_post_form_carries_a_csrf_token(client):
    sign_up(client, "owner", PASSWORD)
    league = client.post("/leagues", data={"name": "Friday", "members": "Ann, Bob"}).headers["Location"].rsplit("/", 1)[1]
    match_id = casual_match(client, league=league)
    assert record(client, match_id, 1).status_code == 303
    client.post("/account/tokens", data={"name": "script"})
    ann = next(p["id"] for p in client.get("/api/v1/players").get_json() if p["name"] == "Ann")
    urls = ["/", "/matches/new", f"/matches/{match_id}", f"/matches/{match_id}/rounds/1/edit", f"/matches/{match_id}/undo",
            "/leagues", f"/leagues/{league}", f"/players/{ann}", "/account", "/login", "/register"]
    seen = 0
    for url in urls:
        html = client.get(url).get_data(as_text=True)
        assert re.search(r'<meta name="csrf-token" content="[^"]+">', html), url
        for form in POST_FORM.findall(html):
            assert 'name="csrf_token" value="' in form, (url, form[:200])
            seen += 1
    assert seen >= 15  # sign out, round, edit, undo, share, members, seasons, roles, tokens, rename, merge...


def test_form_post_without_a_token_is_refused_and_changes_nothing(client, new_client):
    match_id = casual_match(client)
    response = client.post(f"/matches/{match_id}/rounds", data={**ROUND_1, "expected_number": "1"}, csrf=False)
    assert response.status_code == 400
    assert "reload the page" in refusal(response.get_data(as_text=True))
    assert api_match(client, match_id)["rounds"] == []
    # A token of another session (another browser's page) is no better.
    other_token = new_client().csrf_token()
    response = client.post(f"/matches/{match_id}/rounds", data={**ROUND_1, "expected_number": "1", "csrf_token": other_token}, csrf=False)
    assert response.status_code == 400 and api_match(client, match_id)["rounds"] == []
    # Nor does signing up, starting a match or a league work without one.
    before = client.get("/").get_data(as_text=True)
    assert client.post("/register", data={"username": "eve", "password": PASSWORD}, csrf=False).status_code == 400
    assert client.post("/login", data={"username": "eve", "password": PASSWORD}, csrf=False).status_code == 400
    assert client.post("/matches/new", data=new_match_form(GAME, ["A", "B", "C"]), csrf=False).status_code == 400
    assert client.get("/").get_data(as_text=True).count("/matches/") == before.count("/matches/")
    # The JSON API stays exempt: scripts send JSON, which a cross-site form cannot.
    assert client.post("/api/v1/users", json={"username": "eve", "password": PASSWORD}).status_code == 201


# --------------------------------------------------------------------------- accounts


def test_sign_up_sign_out_and_sign_in_with_the_forms(client):
    page = client.get("/register?next=/leagues")
    assert page.status_code == 200 and field(page.get_data(as_text=True), "next") == "/leagues"
    refused = client.post("/register", data={"username": "a", "password": PASSWORD})
    assert refused.status_code == 422 and "a username is 2 to 40" in refusal(refused.get_data(as_text=True))
    response = client.post("/register", data={"username": "ann", "password": PASSWORD, "next": "/leagues"})
    assert response.status_code == 303 and response.headers["Location"] == "/leagues"
    home = client.get("/").get_data(as_text=True)
    assert 'class="signed-in"' in home and ">ann</a>" in home and 'action="/logout"' in home
    assert client.post("/register", data={"username": "Ann", "password": PASSWORD}).status_code == 409

    assert client.post("/logout").status_code == 303
    assert 'action="/logout"' not in client.get("/").get_data(as_text=True)

    wrong = client.post("/login", data={"username": "ann", "password": "not the password"})
    assert wrong.status_code == 401
    html = wrong.get_data(as_text=True)
    assert refusal(html) == "wrong username or password"
    assert field(html, "username") == "ann" and "not the password" not in html

    # Somewhere else: never. Here: yes.
    for target, expected in (("https://evil.example/x", "/"), ("//evil.example", "/"), ("/\\evil.example", "/"), ("/account", "/account")):
        response = client.post("/login", data={"username": "ann", "password": PASSWORD, "next": target})
        assert response.status_code == 303 and response.headers["Location"] == expected, target
        client.post("/logout")


def test_too_many_failed_sign_ins_show_the_rate_limit(client):
    sign_up(client, "bob", PASSWORD)
    client.post("/logout")
    statuses = [client.post("/login", data={"username": "bob", "password": "wrong guess"}).status_code for _ in range(5)]
    assert statuses == [401] * 5
    limited = client.post("/login", data={"username": "bob", "password": PASSWORD})
    assert limited.status_code == 429
    html = limited.get_data(as_text=True)
    assert refusal(html).startswith("too many attempts: wait") and field(html, "username") == "bob"
    assert int(limited.headers["Retry-After"]) > 0


def test_account_page_creates_shows_once_and_revokes_tokens(client):
    assert client.get("/account").headers["Location"].startswith("/login?next=")
    sign_up(client, "ann", PASSWORD)
    created = client.post("/account/tokens", data={"name": "laptop script"})
    assert created.status_code == 200 and created.headers["Cache-Control"] == "no-store"
    secret = re.search(r'value="(sk_[^"]+)"', created.get_data(as_text=True)).group(1)
    assert "shown only this once" in created.get_data(as_text=True)
    page = client.get("/account").get_data(as_text=True)
    assert "laptop script" in page and secret not in page
    bearer = {"Authorization": f"Bearer {secret}"}
    assert client.application.test_client().get("/api/v1/users/me", headers=bearer).get_json()["username"] == "ann"
    assert client.post("/account/tokens", data={"name": " "}).status_code == 422
    token_id = re.search(r'action="/account/tokens/([^/"]+)/revoke"', page).group(1)
    assert client.post(f"/account/tokens/{token_id}/revoke").status_code == 303
    assert client.application.test_client().get("/api/v1/users/me", headers=bearer).status_code == 401
    assert "revoked" in client.get("/account").get_data(as_text=True)


def test_password_change_and_sign_out_end_the_other_sessions(client, new_client):
    sign_up(client, "ann", PASSWORD)
    other_phone = new_client()
    assert other_phone.post("/login", data={"username": "ann", "password": PASSWORD}).status_code == 303
    # A copy of the other phone's cookie, taken before anything ends.
    copy = new_client()
    copy.set_cookie("session", other_phone.get_cookie("session").value)
    assert "/account" in copy.get("/").get_data(as_text=True)
    weak = client.post("/account/password", data={"current_password": PASSWORD, "new_password": "password"})
    assert weak.status_code == 422 and "most common" in refusal(weak.get_data(as_text=True))
    changed = client.post("/account/password", data={"current_password": PASSWORD, "new_password": "a new long secret"})
    assert changed.status_code == 200 and "signed out everywhere else" in changed.get_data(as_text=True)
    assert client.get("/account").status_code == 200
    for ended in (other_phone, copy):
        assert ended.get("/account").headers["Location"].startswith("/login")
    # Signing out ends every copy of this session too.
    kept = new_client()
    kept.set_cookie("session", client.get_cookie("session").value)
    assert kept.get("/account").status_code == 200
    client.post("/logout")
    assert kept.get("/account").headers["Location"].startswith("/login")


# --------------------------------------------------------------------------- history, reasons, stale forms


def test_history_shows_who_what_and_why(client):
    sign_up(client, "ann", PASSWORD)
    match_id = casual_match(client)
    record(client, match_id, 1)
    record(client, match_id, 2)
    response = client.post(f"/matches/{match_id}/rounds/1/edit", data={**PLAYED.form(1, EDITED), "reason": "Bob miscounted"})
    assert response.status_code == 303
    undo_page = client.get(f"/matches/{match_id}/undo").get_data(as_text=True)
    response = client.post(f"/matches/{match_id}/undo", data={"number": "2", "version": field(undo_page, "version"), "reason": "recorded twice"})
    assert response.status_code == 303
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    history = html.split('id="h-history"')[1]
    text = html_lib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", history)))
    assert "ann undid round 2" in text and "Reason: recorded twice" in text
    with client.application.test_request_context():
        edit = f"{PLAYED.words(PLAYED.round(1), 1)} → {PLAYED.words(EDITED, 1)}"
    assert "ann edited round 1" in text and edit in text and "Reason: Bob miscounted" in text
    assert "ann recorded round 1" in text and "ann started the match" in text and "Ann, Bob, Cid" in text
    assert text.index("undid round 2") < text.index("edited round 1") < text.index("started the match")  # newest first


def test_stale_edit_shows_the_current_match_and_keeps_the_entries(client, new_client):
    match_id = casual_match(client)
    record(client, match_id, 1)
    edit_page = client.get(f"/matches/{match_id}/rounds/1/edit").get_data(as_text=True)
    version = field(edit_page, "version")
    assert version == '"v2-en"'
    # Another phone records round 2 meanwhile.
    other = new_client()
    assert record(other, match_id, 2).status_code == 303
    mine = {**PLAYED.form(1, EDITED), "reason": "typo", "version": version}
    response = client.post(f"/matches/{match_id}/rounds/1/edit", data=mine)
    assert response.status_code == 412
    html = response.get_data(as_text=True)
    assert refusal(html) == CHANGED_ELSEWHERE
    assert 'id="round-2"' in html  # the current state
    changed = {name: value for name, value in mine.items() if name in ROUND_1 and ROUND_1[name] != value}
    assert changed and all(entered(html, name) == value for name, value in changed.items()), changed  # my entries
    assert field(html, "reason") == "typo"
    assert field(html, "version") == '"v3-en"'  # saving again is a deliberate second try
    assert api_match(client, match_id)["rounds"][0]["input"] == PLAYED.round(1)
    response = client.post(f"/matches/{match_id}/rounds/1/edit", data={**mine, "version": '"v3-en"'})
    assert response.status_code == 303
    assert api_match(client, match_id)["rounds"][0]["input"] == EDITED


def test_stale_record_and_undo_are_refused_with_the_current_state(client, new_client):
    match_id = casual_match(client)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    version = field(page, "version")
    other = new_client()
    assert record(other, match_id, 1).status_code == 303
    # Same round number, stale version: 412, my entries kept, the current match shown.
    response = record(client, match_id, 2, version=version)
    assert response.status_code == 412
    html = response.get_data(as_text=True)
    assert refusal(html) == CHANGED_ELSEWHERE and 'id="round-1"' in html
    assert all(entered(html, name) == value for name, value in ROUND_2.items() if value), ROUND_2  # my entries kept
    undo_page = client.get(f"/matches/{match_id}/undo").get_data(as_text=True)
    assert record(other, match_id, 2).status_code == 303
    response = client.post(f"/matches/{match_id}/undo", data={"number": "1", "version": field(undo_page, "version")})
    assert response.status_code == 412 and refusal(response.get_data(as_text=True)) == CHANGED_ELSEWHERE
    assert len(api_match(client, match_id)["rounds"]) == 2


# --------------------------------------------------------------------------- share links and live sync


def test_share_links_show_a_read_only_match_and_standings(client, new_client):
    sign_up(client, "ann", PASSWORD)
    league = client.post("/leagues", data={"name": "Friday", "members": "Ann, Bob"}).headers["Location"].rsplit("/", 1)[1]
    match_id = casual_match(client, league=league)
    record(client, match_id, 1)
    response = client.post(f"/matches/{match_id}/share")
    assert response.status_code == 200
    url = re.search(r'id="share-url" class="mono" readonly value="([^"]+)"', response.get_data(as_text=True)).group(1)
    assert "/shared/" in url
    block = client.post(f"/matches/{match_id}/share", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert block.lstrip().startswith('<section class="card" id="share"') and "<html" not in block
    stranger = new_client()
    assert stranger.get(f"/matches/{match_id}").status_code == 403  # a league match...
    shared = stranger.get(url.split("localhost", 1)[1])  # ...but the link shows it, read-only
    assert shared.status_code == 200 and shared.headers["X-Robots-Tag"] == "noindex"
    html = shared.get_data(as_text=True)
    assert 'id="round-1"' in html and "Ann" in html and 'class="why"' in html
    assert "<form" not in html.split("<main")[1].split("</main>")[0]  # no entry, edit, undo or share forms
    # ...only the language switcher of every page's footer.
    assert html.split("</main>")[1].count("<form") == 1 and 'action="/language"' in html.split("</main>")[1]
    assert "/edit" not in html and "/undo" not in html and not any(f'name="{name}"' in html for name in ROUND_1)

    league_page = client.post(f"/leagues/{league}/share").get_data(as_text=True)
    standings_url = re.search(r'id="share-url" class="mono" readonly value="([^"]+)"', league_page).group(1)
    html = stranger.get(standings_url.split("localhost", 1)[1]).get_data(as_text=True)
    assert "<h1>Friday</h1>" in html and "Standings" in html
    assert stranger.get("/shared/not-a-token").status_code == 404


def test_live_fragment_holds_the_changing_blocks(client):
    match_id = casual_match(client)
    record(client, match_id, 1)
    response = client.get(f"/matches/{match_id}/live?entry=0")
    assert response.status_code == 200 and response.headers["ETag"] == '"v2-en"'
    html = response.get_data(as_text=True)
    for element in ('id="scores"', 'id="progress"', 'id="rounds-card"', 'id="history"'):
        assert re.search(element + r'[^>]*hx-swap-oob="true"', html), element
    assert 'id="entry-block"' not in html and "<html" not in html
    with_entry = client.get(f"/matches/{match_id}/live?entry=1").get_data(as_text=True)
    assert re.search(r'id="entry-block" hx-swap-oob="true"', with_entry) and 'name="version" value="&#34;v2-en&#34;"' in with_entry
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert f'data-live-match="{match_id}"' in page and 'data-etag="&#34;v2-en&#34;"' in page
    assert "hx-swap-oob" not in page


# --------------------------------------------------------------------------- untrusted names

EVIL_PLAYER = "<img src=x onerror=alert(1)>"
EVIL_LEAGUE = "<script>alert(1)</script>"


def test_untrusted_names_are_escaped_everywhere(client):
    sign_up(client, "ann", PASSWORD)
    league = client.post("/leagues", data={"name": EVIL_LEAGUE, "members": ""}).headers["Location"].rsplit("/", 1)[1]
    match_id = casual_match(client, (EVIL_PLAYER, "Bob", "Cid"), league=league)
    record(client, match_id, 1)
    evil_id = next(p["id"] for p in client.get("/api/v1/players").get_json() if p["name"] == EVIL_PLAYER)
    for url in ("/", f"/matches/{match_id}", f"/leagues/{league}", f"/players/{evil_id}", "/leagues", f"/matches/{match_id}/live?entry=1"):
        html = client.get(url).get_data(as_text=True)
        assert "<img src=x" not in html and "<script>alert" not in html, url
        assert "&lt;img src=x onerror=alert(1)&gt;" in html or "&lt;script&gt;alert(1)&lt;/script&gt;" in html, url
