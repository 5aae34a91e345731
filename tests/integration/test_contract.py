"""The REST contract through real gunicorn workers and a real HTTP client (requests) that
asks for compression, as browsers and phones do: ETags of gzip and brotli answers,
If-Match / If-None-Match, 20 racing retries of one Idempotency-Key, ?number, languages,
roster changes, hostile input (4xx with the JSON error body, never 5xx) and bursts of
identical writes (409 or success, never 500)."""
from __future__ import annotations

import csv
import io
import json
import random
import re
import secrets
from collections.abc import Callable
from typing import Any

import pytest
import requests

from scorekeeper.engine.games import Game, RuleError, all_games
from tests.support.exports import league_export
from tests.support.legal_rounds import legal_round
from tests.support.picks import an_endless_game, finished_match, seats
from tests.support.racing import at_once

pytestmark = pytest.mark.integration

TIMEOUT = 60.0
ENCODINGS = ("gzip", "br")
# A game whose match runs on (ENDLESS options) taking HAND again and again.
GAME, PLAYERS, ENDLESS, _HANDS = an_endless_game(["Ann", "Bob", "Cid", "Dee"])
HAND = _HANDS[0]
PASSWORD = "correct horse battery staple"


def client(encoding: str = "gzip, br", language: str | None = None) -> requests.Session:
    """A fresh HTTP client (own cookies) asking for compressed answers."""
    session = requests.Session()
    session.headers["Accept-Encoding"] = encoding
    if language:
        session.headers["Accept-Language"] = language
    return session


def failure(message: str, server) -> str:
    return f"{message}\n--- {server.log_path}, last lines ---\n{server.log()}"


def signed_in(server, prefix: str = "user", language: str | None = None) -> requests.Session:
    session = client(language=language)
    username = f"{prefix}{secrets.token_hex(4)}"
    reply = session.post(f"{server.url}/api/v1/users", json={"username": username, "password": PASSWORD}, timeout=TIMEOUT)
    assert reply.status_code == 201, failure(f"sign up: {reply.status_code} {reply.text}", server)
    session.username = username  # type: ignore[attr-defined]
    return session


def new_match(server, session: requests.Session, options: dict | None = None, game: str = GAME.id,
              players: list[str] | None = None) -> requests.Response:
    body = {"game": game, "players": players or PLAYERS, "options": ENDLESS if options is None else options}
    reply = session.post(f"{server.url}/api/v1/matches", json=body, timeout=TIMEOUT)
    assert reply.status_code == 201, failure(f"POST /matches: {reply.status_code} {reply.text}", server)
    return reply


def statuses(replies) -> list[Any]:
    return [reply.status_code if isinstance(reply, requests.Response) else repr(reply) for reply in replies]


def assert_json_error(reply: requests.Response, statuses_allowed: set[int], server) -> dict:
    """A 4xx answer with the API's JSON error body: code, message, error."""
    assert reply.status_code in statuses_allowed, failure(f"{reply.status_code} {reply.text[:300]}", server)
    assert reply.headers["Content-Type"].startswith("application/json"), failure(reply.text[:300], server)
    body = reply.json()
    assert body["code"] == reply.status_code and body["message"] and body["error"], body
    return body


# --------------------------------------------------------------------------- ETags


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_the_etag_of_a_compressed_answer_works_for_if_match_and_if_none_match(gunicorn_server, encoding):
    base = gunicorn_server.url
    session = client(encoding)
    created = new_match(gunicorn_server, session)
    assert created.headers.get("Content-Encoding") == encoding, created.headers
    # flask-compress marks the encoding in the tag: "v1-en:br".
    assert created.headers["ETag"].endswith(f':{encoding}"'), created.headers["ETag"]
    match_id = created.json()["id"]
    # The very first conditional write, with the ETag of POST /matches, goes through.
    url = f"{base}/api/v1/matches/{match_id}/rounds"
    first = session.post(url, json=HAND, headers={"If-Match": created.headers["ETag"]}, timeout=TIMEOUT)
    assert first.status_code == 201, failure(first.text, gunicorn_server)

    served = session.get(f"{base}/api/v1/matches/{match_id}", timeout=TIMEOUT)
    assert served.status_code == 200 and served.headers.get("Content-Encoding") == encoding
    etag = served.headers["ETag"]
    assert etag != created.headers["ETag"]
    # Polling with the tag it got: 304, in either encoding's spelling and identity's.
    for sent in (etag, etag.replace(f":{encoding}", ""), etag.replace(encoding, "gzip" if encoding == "br" else "br")):
        again = session.get(f"{base}/api/v1/matches/{match_id}", headers={"If-None-Match": sent}, timeout=TIMEOUT)
        assert again.status_code == 304, failure(f"If-None-Match {sent}: {again.status_code}", gunicorn_server)
    second = session.post(url, json=HAND, headers={"If-Match": etag}, timeout=TIMEOUT)
    assert second.status_code == 201, failure(second.text, gunicorn_server)
    # The tag is stale now: 412, nothing stored; and If-None-Match no longer matches.
    stale = session.post(url, json=HAND, headers={"If-Match": etag}, timeout=TIMEOUT)
    assert_json_error(stale, {412}, gunicorn_server)
    fresh = session.get(f"{base}/api/v1/matches/{match_id}", headers={"If-None-Match": etag}, timeout=TIMEOUT)
    assert fresh.status_code == 200 and len(fresh.json()["rounds"]) == 2


@pytest.mark.parametrize(
    "if_match",
    ['"v9223372036854775808"', '"v99999999999999999999999999"', '"v-1"', '"garbage"', "W/\"v1-en\"x", '""', '"v1-en:zz:br"'],
)
def test_if_match_never_issued_is_412_not_500(gunicorn_server, if_match):
    session = client()
    match_id = new_match(gunicorn_server, session).json()["id"]
    reply = session.post(
        f"{gunicorn_server.url}/api/v1/matches/{match_id}/rounds", json=HAND, headers={"If-Match": if_match},
        timeout=TIMEOUT,
    )
    assert_json_error(reply, {400, 412}, gunicorn_server)
    served = session.get(f"{gunicorn_server.url}/api/v1/matches/{match_id}", timeout=TIMEOUT).json()
    assert served["rounds"] == []
    polled = session.get(
        f"{gunicorn_server.url}/api/v1/matches/{match_id}", headers={"If-None-Match": if_match}, timeout=TIMEOUT
    )
    assert polled.status_code == 200


# --------------------------------------------------------------------------- idempotency


def a_first_round_that_finishes() -> tuple[str, list[str], dict, dict]:
    """A game, players, options (its lowest target) and a legal round 1 that ends the match."""
    rng = random.Random(7)
    for game in all_games():
        specs = {spec.name: spec for spec in game.all_option_specs()}
        if "target" not in specs or specs["target"].kind != "int" or specs["target"].minimum is None:
            continue
        players = seats(game, PLAYERS)
        options = {"target": specs["target"].minimum}
        table = game.table(players, options)
        for _attempt in range(200):
            raw, after = legal_round(rng, game, table, game.initial_state(table))
            if after.finished:
                return game.id, players, options, raw
    raise LookupError("no registered game ends its match in round 1")


def refused_as_round_two(game: Game, raw: dict, table) -> bool:
    try:
        game.play(table, game.play(table, game.initial_state(table), raw), raw)
    except RuleError:
        return True
    return False


def a_round_valid_only_as_round_one() -> tuple[str, list[str], dict, dict]:
    """A game, players, options and a legal round 1 that the game refuses as round 2."""
    rng = random.Random(8)
    for game in all_games():
        players = seats(game, PLAYERS)
        table = game.table(players)
        for _attempt in range(50):
            raw, after = legal_round(rng, game, table, game.initial_state(table))
            if not after.finished and refused_as_round_two(game, raw, table):
                return game.id, players, {}, raw
    raise LookupError("no registered game takes a round as round 1 only")


RACES = {
    # name: (game, players, options, round 1, query)
    "plain": (GAME.id, PLAYERS, ENDLESS, HAND, ""),
    "with ?number=1": (GAME.id, PLAYERS, ENDLESS, HAND, "?number=1"),
    # Round 1 reaches the target: the retries must not be told "the match is finished".
    "round 1 finishes the match": (*a_first_round_that_finishes(), "?number=1"),
    # Validated as round 2, this input breaks the game's rules (a round 2 of other cards, say).
    "valid only as round 1": (*a_round_valid_only_as_round_one(), ""),
}


@pytest.mark.parametrize("case", list(RACES))
def test_twenty_racing_retries_of_one_key_all_get_the_stored_round(gunicorn_server, case):
    game, players, options, hand, query = RACES[case]
    session = client()
    match_id = new_match(gunicorn_server, session, options, game, players).json()["id"]
    url = f"{gunicorn_server.url}/api/v1/matches/{match_id}/rounds{query}"
    key = f"retry-{secrets.token_hex(6)}"
    cookies = session.cookies.get_dict()

    def post() -> requests.Response:
        racer = client()
        racer.cookies.update(cookies)
        return racer.post(url, json=hand, headers={"Idempotency-Key": key}, timeout=TIMEOUT)

    replies = at_once([post] * 20, TIMEOUT)
    assert statuses(replies) == [201] * 20, failure(
        f"{case}: {statuses(replies)} {[r.text[:120] for r in replies if isinstance(r, requests.Response)]}",
        gunicorn_server,
    )
    replayed = [reply.headers.get("Idempotent-Replayed") for reply in replies]
    assert replayed.count("true") == 19 and replayed.count(None) == 1, replayed
    assert {json.dumps(reply.json(), sort_keys=True) for reply in replies} == {json.dumps(replies[0].json(), sort_keys=True)}
    assert replies[0].json()["number"] == 1
    rounds = session.get(f"{gunicorn_server.url}/api/v1/matches/{match_id}", timeout=TIMEOUT).json()["rounds"]
    assert [(r["number"], r["input"]) for r in rounds] == [(1, hand)]
    # Later rounds do not change the answer to a late retry either.
    if case == "plain":
        session.post(f"{gunicorn_server.url}/api/v1/matches/{match_id}/rounds", json=HAND, timeout=TIMEOUT)
    late = post()
    assert late.status_code == 201 and late.headers.get("Idempotent-Replayed") == "true"
    assert late.json()["number"] == 1


def test_number_names_the_round_meant(gunicorn_server):
    session = client()
    match_id = new_match(gunicorn_server, session).json()["id"]
    url = f"{gunicorn_server.url}/api/v1/matches/{match_id}/rounds"
    assert session.post(f"{url}?number=1", json=HAND, timeout=TIMEOUT).status_code == 201
    taken = session.post(f"{url}?number=1", json=HAND, timeout=TIMEOUT)
    assert assert_json_error(taken, {409}, gunicorn_server)["error"] == "round_number_taken"
    ahead = session.post(f"{url}?number=3", json=HAND, timeout=TIMEOUT)
    assert assert_json_error(ahead, {409}, gunicorn_server)["error"] == "round_number_taken"
    assert session.post(f"{url}?number=2", json=HAND, timeout=TIMEOUT).status_code == 201


def test_rematch_starts_the_same_seats_with_the_deal_moved_on(gunicorn_server):
    """An addition to the contract: POST .../rematch, through real workers, with the rights of a league."""
    owner = signed_in(gunicorn_server, "owner")
    league = owner.post(f"{gunicorn_server.url}/api/v1/leagues", json={"name": "Thursday", "members": PLAYERS},
                        timeout=TIMEOUT).json()
    body = {"game": GAME.id, "players": PLAYERS, "league": league["id"], "options": {"first_dealer": len(PLAYERS) - 1}}
    match = owner.post(f"{gunicorn_server.url}/api/v1/matches", json=body, timeout=TIMEOUT).json()
    url = f"{gunicorn_server.url}/api/v1/matches/{match['id']}/rematch"
    # A signed-in browser's POST without a body proves nothing about where it came from: it
    # is refused (403 csrf) unless it is JSON, as a script's call is.
    refused = owner.post(url, timeout=TIMEOUT)
    assert assert_json_error(refused, {403}, gunicorn_server)["error"] == "csrf"
    reply = owner.post(url, json={}, timeout=TIMEOUT)
    assert reply.status_code == 201, failure(f"{reply.status_code} {reply.text}", gunicorn_server)
    again = reply.json()
    assert reply.headers["Location"] == f"/api/v1/matches/{again['id']}" and reply.headers["ETag"]
    assert [seat["player_id"] for seat in again["players"]] == [seat["player_id"] for seat in match["players"]]
    assert again["league"] == league["id"] and again["options"] == {**match["options"], "first_dealer": 0}
    stranger = signed_in(gunicorn_server, "stranger")
    assert assert_json_error(stranger.post(url, json={}, timeout=TIMEOUT), {403}, gunicorn_server)["error"] == "forbidden"
    assert_json_error(client().post(url, json={}, timeout=TIMEOUT), {403}, gunicorn_server)


def test_league_records_name_who_equalled_a_round_high_over_gzip_and_br(gunicorn_server):
    """Additions to the contract as a phone meets them through real workers, compressed:
    a league's highest round score equalled later keeps its first holder and names who
    equalled it (`equalled_by`, player ids by seat); a gap in the players is refused
    naming the seat as a person counts it."""
    owner = signed_in(gunicorn_server, "records")
    others = [f"{name}-two" for name in PLAYERS]
    league = owner.post(f"{gunicorn_server.url}/api/v1/leagues", json={"name": "Records", "members": [*PLAYERS, *others]},
                        timeout=TIMEOUT).json()
    # Records count finished matches: the same match played to its end by both tables.
    options, hands = finished_match(GAME, PLAYERS)
    played = []
    for players in (PLAYERS, others):
        body = {"game": GAME.id, "players": players, "league": league["id"], "options": options}
        match = owner.post(f"{gunicorn_server.url}/api/v1/matches", json=body, timeout=TIMEOUT).json()
        for hand in hands:
            reply = owner.post(f"{gunicorn_server.url}/api/v1/matches/{match['id']}/rounds", json=hand, timeout=TIMEOUT)
            assert reply.status_code == 201, failure(f"{reply.status_code} {reply.text}", gunicorn_server)
        played.append(match)
    seat_of = {seat["player_id"]: index for index, seat in enumerate(played[0]["players"])}
    for encoding in ENCODINGS:
        # (A small answer may come uncompressed: what counts is what the phone reads.)
        reply = owner.get(f"{gunicorn_server.url}/api/v1/leagues/{league['id']}/records",
                          headers={"Accept-Encoding": encoding}, timeout=TIMEOUT)
        assert reply.status_code == 200, failure(reply.text, gunicorn_server)
        high = reply.json()["highest_round"][GAME.id]
        assert high["match_id"] == played[0]["id"], high
        # The other table's holders of the same round (other rounds may equal it too).
        assert [played[1]["players"][seat_of[held]]["player_id"] for held in high["players"]] in high["equalled_by"], high
    gap = owner.post(f"{gunicorn_server.url}/api/v1/matches",
                     json={"game": GAME.id, "players": [PLAYERS[0], " ", *PLAYERS[1:]]}, timeout=TIMEOUT)
    assert "seat 2 needs a name" in assert_json_error(gap, {422}, gunicorn_server)["message"]


def test_the_players_end_a_match_and_play_on_with_compressed_etags(gunicorn_server):
    """POST and DELETE .../end through real workers: the answer's ETag, compressed as the
    phone asked, is the match's new version; a stale If-Match is 412 and changes nothing."""
    for encoding in ENCODINGS:
        session = client(encoding)
        created = new_match(gunicorn_server, session)
        url = f"{gunicorn_server.url}/api/v1/matches/{created.json()['id']}"
        recorded = session.post(f"{url}/rounds", json=HAND, timeout=TIMEOUT)
        assert recorded.status_code == 201, failure(recorded.text, gunicorn_server)
        # The tag the match was created with: a round has moved it on since.
        stale = session.post(f"{url}/end", json={}, headers={"If-Match": created.headers["ETag"]}, timeout=TIMEOUT)
        assert assert_json_error(stale, {412}, gunicorn_server)["error"] == "stale_etag"
        current = session.get(url, timeout=TIMEOUT)
        ended = session.post(f"{url}/end", json={}, headers={"If-Match": current.headers["ETag"]}, timeout=TIMEOUT)
        assert ended.status_code == 200, failure(ended.text, gunicorn_server)
        assert ended.json()["finished"] and ended.json()["ended_after"] == 1
        assert session.get(url, headers={"If-None-Match": ended.headers["ETag"]}, timeout=TIMEOUT).status_code == 304
        refused = session.post(f"{url}/rounds", json=HAND, timeout=TIMEOUT)
        assert assert_json_error(refused, {409}, gunicorn_server)["error"] == "match_finished"
        again = session.delete(f"{url}/end", headers={"If-Match": ended.headers["ETag"]}, timeout=TIMEOUT)
        assert again.status_code == 200 and again.json()["next"]["round"] == 2, failure(again.text, gunicorn_server)
        assert session.post(f"{url}/rounds", json=HAND, timeout=TIMEOUT).status_code == 201


def test_a_share_links_json_is_the_stored_match_without_its_ids(gunicorn_server):
    """GET /api/v1/shared/<token> through real workers, compressed as asked: the match as
    GET serves it (its stored document), every round, without its id (a casual match's
    write key) or league."""
    for encoding in ENCODINGS:
        session = client(encoding)
        match = new_match(gunicorn_server, session).json()
        url = f"{gunicorn_server.url}/api/v1/matches/{match['id']}"
        for hand in _HANDS[:2]:
            assert session.post(f"{url}/rounds", json=hand, timeout=TIMEOUT).status_code == 201
        made = session.post(f"{url}/share", json={}, timeout=TIMEOUT)
        assert made.status_code == 201, failure(made.text, gunicorn_server)
        shared = client(encoding).get(f"{gunicorn_server.url}{made.json()['api_url']}", timeout=TIMEOUT)
        assert shared.status_code == 200, failure(shared.text, gunicorn_server)
        assert shared.headers.get("Content-Encoding") in (encoding, None) and shared.json()["kind"] == "match"
        document = session.get(url, timeout=TIMEOUT).json()
        shown = shared.json()["match"]
        assert "id" not in shown and "league" not in shown and match["id"] not in shared.text
        assert shown == {key: value for key, value in document.items() if key not in ("id", "league")}
        assert [played["number"] for played in shown["rounds"]] == [1, 2]


# --------------------------------------------------------------------------- languages


def explanations(document: dict) -> list[str]:
    return [text for round_ in document["rounds"] for text in round_["explanation"]]


def test_each_reader_gets_their_own_language(gunicorn_server):
    base = gunicorn_server.url
    russian = client(language="ru")
    match_id = new_match(gunicorn_server, russian).json()["id"]
    recorded = russian.post(f"{base}/api/v1/matches/{match_id}/rounds", json=HAND, timeout=TIMEOUT)
    assert recorded.status_code == 201
    served: dict[str, requests.Response] = {}
    # The Russian phone records and reads first; the others must not get its words.
    for language in ("ru", "de", "en", "ru", "de"):
        served[language] = client(language=language).get(f"{base}/api/v1/matches/{match_id}", timeout=TIMEOUT)
        assert served[language].status_code == 200
        vary = {part.strip().lower() for part in served[language].headers["Vary"].split(",")}
        assert {"accept-language", "cookie", "accept-encoding"} <= vary, served[language].headers["Vary"]
    words = {language: explanations(reply.json()) for language, reply in served.items()}
    assert words["ru"] == explanations({"rounds": [recorded.json()]})
    assert len({tuple(words[language]) for language in ("ru", "de", "en")}) == 3, words
    assert any("\u0400" <= char <= "\u04ff" for char in "".join(words["ru"]))
    assert not any("\u0400" <= char <= "\u04ff" for char in "".join(words["de"] + words["en"]))
    tags = {language: reply.headers["ETag"] for language, reply in served.items()}
    assert len(set(tags.values())) == 3, tags
    # The German reader polling with the Russian tag gets the German document, not 304.
    crossed = client(language="de").get(
        f"{base}/api/v1/matches/{match_id}", headers={"If-None-Match": tags["ru"]}, timeout=TIMEOUT
    )
    assert crossed.status_code == 200 and explanations(crossed.json()) == words["de"]
    # Schema errors (marshmallow's own messages) are in the reader's language too.
    refused = client(language="de").post(f"{base}/api/v1/matches", json={"game": GAME.id, "players": "Ann"}, timeout=TIMEOUT)
    body = assert_json_error(refused, {422}, gunicorn_server)
    assert body["errors"]["json"]["players"] == ["Keine gültige Liste."], body
    missing = client(language="ru").post(f"{base}/api/v1/matches", json={}, timeout=TIMEOUT)
    assert assert_json_error(missing, {422}, gunicorn_server)["errors"]["json"]["game"] == ["Не заполнено обязательное поле."]


def test_csv_export_is_in_the_callers_language(gunicorn_server):
    base = gunicorn_server.url
    owner = signed_in(gunicorn_server, "csv", language="ru")
    league = owner.post(f"{base}/api/v1/leagues", json={"name": "Пятница", "members": PLAYERS}, timeout=TIMEOUT).json()
    match = owner.post(
        f"{base}/api/v1/matches", json={"game": GAME.id, "players": PLAYERS, "options": ENDLESS, "league": league["id"]},
        timeout=TIMEOUT,
    ).json()
    url = f"{base}/api/v1/matches/{match['id']}/rounds"
    assert owner.post(url, json=HAND, timeout=TIMEOUT).status_code == 201
    # A German and an English reader record the next rounds on the same account.
    assert owner.post(url, json=HAND, headers={"Accept-Language": "de"}, timeout=TIMEOUT).status_code == 201
    assert owner.post(url, json=HAND, headers={"Accept-Language": "en"}, timeout=TIMEOUT).status_code == 201
    texts = {}
    for language in ("de", "en"):
        reply = owner.get(
            f"{base}/api/v1/leagues/{league['id']}/export.csv?kind=rounds", headers={"Accept-Language": language},
            timeout=TIMEOUT,
        )
        assert reply.status_code == 200
        texts[language] = [row["explanation"] for row in csv.DictReader(io.StringIO(reply.text))]
        assert len(texts[language]) == 3
    assert not any("\u0400" <= char <= "\u04ff" for char in "".join(texts["de"] + texts["en"])), texts
    assert texts["de"] != texts["en"]
    # One language per file: every row as the match reads in that language, whoever recorded it.
    for language in ("de", "en"):
        document = owner.get(f"{base}/api/v1/matches/{match['id']}", headers={"Accept-Language": language}, timeout=TIMEOUT)
        assert texts[language] == [" | ".join(round_["explanation"]) for round_ in document.json()["rounds"]], texts


# --------------------------------------------------------------------------- roster changes


@pytest.mark.parametrize("change", ["rename", "merge"])
def test_renames_and_merges_give_every_affected_match_a_new_etag(gunicorn_server, change):
    base = gunicorn_server.url
    owner = signed_in(gunicorn_server, "roster")
    suffix = secrets.token_hex(3)
    names = [f"{name}{suffix}" for name in PLAYERS]
    league = owner.post(f"{base}/api/v1/leagues", json={"name": "Roster", "members": names}, timeout=TIMEOUT).json()
    match = owner.post(
        f"{base}/api/v1/matches", json={"game": GAME.id, "players": names, "options": ENDLESS, "league": league["id"]},
        timeout=TIMEOUT,
    ).json()
    match_url = f"{base}/api/v1/matches/{match['id']}"
    before = owner.get(match_url, timeout=TIMEOUT)
    player_id = before.json()["players"][0]["player_id"]
    if change == "rename":
        changed = owner.patch(f"{base}/api/v1/players/{player_id}", json={"name": f"Renamed{suffix}"}, timeout=TIMEOUT)
        kept_id, kept_name = player_id, f"Renamed{suffix}"
    else:
        other = owner.post(
            f"{base}/api/v1/leagues/{league['id']}/members", json={"name": f"Alias{suffix}"}, timeout=TIMEOUT
        ).json()
        changed = owner.post(f"{base}/api/v1/players/{player_id}/merge", json={"into": other["player_id"]}, timeout=TIMEOUT)
        kept_id, kept_name = other["player_id"], f"Alias{suffix}"
    assert changed.status_code == 200, failure(changed.text, gunicorn_server)
    after = owner.get(match_url, headers={"If-None-Match": before.headers["ETag"]}, timeout=TIMEOUT)
    assert after.status_code == 200, failure("the old ETag still got 304 after the roster change", gunicorn_server)
    assert after.headers["ETag"] != before.headers["ETag"]
    seat = after.json()["players"][0]
    assert (seat["player_id"], seat["name"]) == (kept_id, kept_name)
    assert owner.get(f"{base}/api/v1/players/{seat['player_id']}", timeout=TIMEOUT).status_code == 200
    # The old ETag is stale for writes too.
    stale = owner.post(f"{match_url}/rounds", json=HAND, headers={"If-Match": before.headers["ETag"]}, timeout=TIMEOUT)
    assert_json_error(stale, {412}, gunicorn_server)


# --------------------------------------------------------------------------- hostile input


def hostile_cases(server, owner: requests.Session) -> list[tuple[str, str, str, dict, Any]]:
    """(name, method, url, headers, body) of requests that must get a 4xx JSON answer."""
    base = server.url
    match_id = new_match(server, owner).json()["id"]
    assert owner.post(f"{base}/api/v1/matches/{match_id}/rounds", json=HAND, timeout=TIMEOUT).status_code == 201
    player_id = owner.get(f"{base}/api/v1/matches/{match_id}", timeout=TIMEOUT).json()["players"][0]["player_id"]
    json_type = {"Content-Type": "application/json"}
    return [
        ("JSON nested 20,000 deep", "POST", f"{base}/api/v1/matches", json_type, "[" * 20000 + "]" * 20000),
        ("JSON nested 20,000 deep in a round", "POST", f"{base}/api/v1/matches/{match_id}/rounds", json_type,
         '{"tricks":' + "[" * 20000 + "]" * 20000 + "}"),
        ("a 5,001-digit integer", "POST", f"{base}/api/v1/matches/{match_id}/rounds", json_type,
         '{"tricks": [' + "9" * 5001 + ", 1, 1, 1]}"),
        ("a 4,000-digit integer", "POST", f"{base}/api/v1/matches", json_type,
         '{"game": "' + GAME.id + '", "players": ' + json.dumps(PLAYERS) + ', "options": {"first_dealer": ' + "9" * 4000 + "}}"),
        ("1e999", "POST", f"{base}/api/v1/matches/{match_id}/rounds", json_type, '{"tricks": [1e999, 1, 1, 1]}'),
        ("NaN", "POST", f"{base}/api/v1/matches", json_type,
         '{"game": "' + GAME.id + '", "players": ' + json.dumps(PLAYERS) + ', "options": {"x": NaN}}'),
        ("NUL in a string", "POST", f"{base}/api/v1/matches", json_type, '{"game": "' + GAME.id + '", "players": ["A\\u0000", ' + json.dumps(PLAYERS[1:])[1:] + "}"),
        ("an unpaired surrogate", "POST", f"{base}/api/v1/matches", json_type, '{"game": "' + GAME.id + '", "players": ["A\\ud800", ' + json.dumps(PLAYERS[1:])[1:] + "}"),
        ("NUL in a key", "POST", f"{base}/api/v1/matches/{match_id}/rounds", json_type, '{"tri\\u0000cks": [2, 1, 1, 1]}'),
        ("not JSON", "POST", f"{base}/api/v1/matches", json_type, '{"game": '),
        ("not UTF-8", "POST", f"{base}/api/v1/matches", json_type, b'{"game": "\xff\xfe"}'),
        ("%00 in a match id", "GET", f"{base}/api/v1/matches/a%00b", {}, None),
        ("%00 in a match id (write)", "POST", f"{base}/api/v1/matches/a%00b/rounds", json_type, "{}"),
        ("%00 in a player id", "GET", f"{base}/api/v1/players/a%00b", {}, None),
        ("%00 in a league id", "GET", f"{base}/api/v1/leagues/a%00b", {}, None),
        ("%00 in a share token", "GET", f"{base}/api/v1/shared/a%00b", {}, None),
        ("NUL in an edit reason", "PUT", f"{base}/api/v1/matches/{match_id}/rounds/1?reason=typo%00x", json_type,
         json.dumps(HAND)),
        ("NUL in an undo reason", "DELETE", f"{base}/api/v1/matches/{match_id}/rounds/1?reason=%00", {}, None),
        ("NUL in a merge target", "POST", f"{base}/api/v1/players/{player_id}/merge", json_type, '{"into": "a\\u0000b"}'),
        ("NUL in a rename", "PATCH", f"{base}/api/v1/players/{player_id}", json_type, '{"name": "a\\u0000b"}'),
        ("NUL in a username", "POST", f"{base}/api/v1/users", json_type, '{"username": "a\\u0000b", "password": "long enough pw"}'),
        ("NUL in a sign-in", "POST", f"{base}/api/v1/session", json_type, '{"username": "a\\u0000b", "password": "x"}'),
        ("a name of 80 characters that folds to 160", "POST", f"{base}/api/v1/matches", json_type,
         json.dumps({"game": GAME.id, "players": ["ß" * 80, *PLAYERS[1:]]})),
        ("NUL in a league name", "POST", f"{base}/api/v1/leagues", json_type, '{"name": "a\\u0000b", "members": []}'),
        ("NUL in a standings query", "GET", f"{base}/api/v1/leagues/x/standings?season=%00", {}, None),
        ("a huge round number", "PUT", f"{base}/api/v1/matches/{match_id}/rounds/{'9' * 40}", json_type,
         json.dumps(HAND)),
        ("a huge ?number", "POST", f"{base}/api/v1/matches/{match_id}/rounds?number={'9' * 40}", json_type,
         json.dumps(HAND)),
        ("If-Match beyond 64 bits", "POST", f"{base}/api/v1/matches/{match_id}/rounds",
         {**json_type, "If-Match": '"v9223372036854775808"'}, json.dumps(HAND)),
        ("a body over 64 KiB", "POST", f"{base}/api/v1/matches", json_type,
         json.dumps({"game": GAME.id, "players": ["A" * 70000, *PLAYERS[1:]]})),
    ]


def test_hostile_input_gets_a_4xx_json_answer_never_5xx(gunicorn_server):
    owner = signed_in(gunicorn_server, "hostile")
    wrong = []
    for name, method, url, headers, body in hostile_cases(gunicorn_server, owner):
        data = body.encode() if isinstance(body, str) else body
        reply = owner.request(method, url, headers=headers, data=data, timeout=TIMEOUT)
        try:
            assert_json_error(reply, set(range(400, 500)), gunicorn_server)
        except AssertionError:
            wrong.append(f"{name}: {reply.status_code} {reply.headers.get('Content-Type')} {reply.text[:160]}")
    assert wrong == [], failure("\n".join(wrong), gunicorn_server)
    # The server is still well: the match is intact and readable.
    assert owner.get(f"{gunicorn_server.url}/api/v1/health", timeout=TIMEOUT).status_code == 200


# --------------------------------------------------------------------------- bursts


def burst(server, session: requests.Session, method: str, url: str, bodies: list[Any]) -> list[Any]:
    cookies = session.cookies.get_dict()

    def make(body):
        def send() -> requests.Response:
            racer = client()
            racer.cookies.update(cookies)
            return racer.request(method, url, json=body, timeout=TIMEOUT)

        return send

    return at_once([make(body) for body in bodies], TIMEOUT)


def assert_no_server_error(replies, allowed: set[int], server, what: str) -> list[int]:
    found = statuses(replies)
    assert set(found) <= allowed, failure(
        f"{what}: {found} {[r.text[:160] for r in replies if isinstance(r, requests.Response) and r.status_code >= 500]}",
        server,
    )
    for reply in replies:
        if reply.status_code >= 400:
            assert_json_error(reply, allowed, server)
    return found


def merge_call(session: requests.Session, base: str, source: str, target: str) -> Callable[[], requests.Response]:
    cookies = session.cookies.get_dict()

    def send() -> requests.Response:
        racer = client()
        racer.cookies.update(cookies)
        return racer.post(f"{base}/api/v1/players/{source}/merge", json={"into": target}, timeout=TIMEOUT)

    return send


def test_bursts_of_the_same_write_get_409_or_success_never_500(gunicorn_server):
    base = gunicorn_server.url
    owner = signed_in(gunicorn_server, "burst")
    suffix = secrets.token_hex(3)
    league = owner.post(f"{base}/api/v1/leagues", json={"name": "Burst", "members": []}, timeout=TIMEOUT).json()

    # The same new member added 10 times at once: one 201, the rest 409.
    added = burst(gunicorn_server, owner, "POST", f"{base}/api/v1/leagues/{league['id']}/members",
                  [{"name": f"New{suffix}"}] * 10)
    found = assert_no_server_error(added, {201, 409}, gunicorn_server, "same new member")
    assert found.count(201) == 1

    # Leagues started at once with the same new member names: all start (or 409).
    names = [f"Fresh{suffix}", f"Other{suffix}"]
    started = burst(gunicorn_server, owner, "POST", f"{base}/api/v1/leagues", [{"name": "L", "members": names}] * 10)
    assert 201 in assert_no_server_error(started, {201, 409}, gunicorn_server, "leagues with the same new names")

    # Granting the same role to one account 10 times at once.
    grantee = signed_in(gunicorn_server, "grantee")
    granted = burst(gunicorn_server, owner, "PUT", f"{base}/api/v1/leagues/{league['id']}/roles/{grantee.username}",
                    [{"role": "scorer"}] * 10)
    assert 200 in assert_no_server_error(granted, {200, 409}, gunicorn_server, "the same role")

    # Opposite merges, A into B and B into A, at once (a few pairs).
    for index in range(4):
        first = owner.post(f"{base}/api/v1/leagues/{league['id']}/members", json={"name": f"A{index}{suffix}"}, timeout=TIMEOUT).json()
        second = owner.post(f"{base}/api/v1/leagues/{league['id']}/members", json={"name": f"B{index}{suffix}"}, timeout=TIMEOUT).json()
        merged = at_once([
            merge_call(owner, base, first["player_id"], second["player_id"]),
            merge_call(owner, base, second["player_id"], first["player_id"]),
        ], TIMEOUT)
        found = assert_no_server_error(merged, {200, 404, 409}, gunicorn_server, "opposite merges")
        survivors = [
            owner.get(f"{base}/api/v1/players/{player['player_id']}", timeout=TIMEOUT).status_code
            for player in (first, second)
        ]
        # At most one merge happens, and exactly the merged name is gone: never both.
        assert found.count(200) <= 1 and survivors.count(200) == 2 - found.count(200), (found, survivors)


def test_one_export_imported_five_times_at_once_is_one_league(gunicorn_server):
    base = gunicorn_server.url
    owner = signed_in(gunicorn_server, "importer")
    export = league_export(matches=20, seed=secrets.randbits(32))
    replies = burst(gunicorn_server, owner, "POST", f"{base}/api/v1/leagues/import", [export] * 5)
    found = assert_no_server_error(replies, {201, 409}, gunicorn_server, "the same import")
    assert found.count(201) == 1, found
    league_id = export["league"]["id"]
    assert len(owner.get(f"{base}/api/v1/leagues/{league_id}/export", timeout=TIMEOUT).json()["matches"]) == 20


# --------------------------------------------------------------------------- body limits


@pytest.mark.slow
def test_a_big_league_imports_and_other_routes_keep_their_limit(gunicorn_server):
    # 300 matches are well past the general limit; the import's speed at 10,000 matches is
    # bench/league_import.py's (BENCHMARKS.md, issue 23), not a test's.
    base = gunicorn_server.url
    owner = signed_in(gunicorn_server, "bigimport")
    export = league_export(matches=300, seed=20261201)
    body = json.dumps(export).encode()
    assert len(body) > 64 * 1024 * 8  # far beyond the general limit
    reply = owner.post(f"{base}/api/v1/leagues/import", data=body, headers={"Content-Type": "application/json"},
                       timeout=240)
    assert reply.status_code == 201, failure(f"{reply.status_code} {reply.text[:300]}", gunicorn_server)
    league_id = export["league"]["id"]
    again = owner.get(f"{base}/api/v1/leagues/{league_id}/export", timeout=TIMEOUT).json()
    assert len(again["matches"]) == 300
    assert [m["rounds"] for m in again["matches"]] == [m["rounds"] for m in export["matches"]]
    # The same body anywhere else is refused as too large.
    for url in (f"{base}/api/v1/matches", f"{base}/api/v1/leagues", f"{base}/api/v1/users"):
        refused = owner.post(url, data=body, headers={"Content-Type": "application/json"}, timeout=TIMEOUT)
        assert_json_error(refused, {413}, gunicorn_server)


CSRF_META = re.compile(r'<meta name="csrf-token" content="([^"]+)">')


@pytest.mark.slow
def test_the_import_page_takes_a_big_export_and_other_forms_keep_their_limit(gunicorn_server):
    base = gunicorn_server.url
    owner = signed_in(gunicorn_server, "pageimport")  # the API's sign-in is the pages' session too
    token = CSRF_META.search(owner.get(f"{base}/leagues", timeout=TIMEOUT).text).group(1)
    export = league_export(matches=150, seed=7)
    body = json.dumps(export).encode()
    assert len(body) > 4 * 64 * 1024
    reply = owner.post(
        f"{base}/leagues/import", data={"csrf_token": token}, files={"export": ("league.json", body, "application/json")},
        allow_redirects=False, timeout=240,
    )
    assert reply.status_code == 303, failure(f"{reply.status_code} {reply.text[:300]}", gunicorn_server)
    assert reply.headers["Location"] == f"/leagues/{export['league']['id']}"
    refused = owner.post(
        f"{base}/leagues", data={"csrf_token": token, "name": "Big", "members": "x" * len(body)}, timeout=TIMEOUT
    )
    assert refused.status_code == 413 and refused.headers["Content-Type"].startswith("text/html")
