"""Skat's seeded reference lists played through real gunicorn workers over compressed HTTP, checked against the reference."""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

import pytest
import requests

from tests.support.reference import skat_reference as ref
from tests.support.reference.skat_lists import (
    BOCK_SETS,
    COMBINATIONS,
    NAMES,
    SeededList,
    combination_id,
    drawn_deals,
    expected_state,
    random_deal,
    seeded_list,
)
from tests.support.server_calls import failure

pytestmark = pytest.mark.integration

TIMEOUT = 60.0
# Six of the engine check's lists (tests/engine/test_skat_reference.py), short ones that end:
# between them every option value (see test_the_chosen_lists_use_every_option_value).
CHOSEN = [
    31,  # 3 players, seeger_fabian, no dealer bonus, Ramsch, every Bock trigger, target 250 alone: the target ends it
    2,  # 3 players, seeger_fabian, dealer bonus, no Ramsch, lost grand, 12 deals or 200
    45,  # 3 players, plain, dealer bonus, Ramsch, sixty and all pass, 7 deals
    64,  # 4 players, seeger_fabian, dealer bonus, no Ramsch, no Bock, target 150 alone
    89,  # 4 players, seeger_fabian, no dealer bonus, Ramsch, sixty, 8 deals or 500: two winners
    102,  # 4 players, plain, dealer bonus, no Ramsch, lost grand and all pass, 6 deals
]
# A replacement for an earlier deal is drawn until the reference takes the whole list with it.
EDIT_DRAWS = 30


@dataclass
class RestList:
    """One match on the server, written as a phone does: If-Match with the last ETag it got."""

    server: Any
    session: requests.Session
    url: str
    etag: str

    def send(self, method: str, path: str = "", body: Any = None, headers: dict[str, str] | None = None) -> requests.Response:
        reply = self.session.request(method, f"{self.url}{path}", json=body,
                                     headers={"If-Match": self.etag, **(headers or {})}, timeout=TIMEOUT)
        if reply.status_code < 300:
            self.etag = reply.headers["ETag"]
        return reply

    def document(self) -> dict[str, Any]:
        reply = self.session.get(self.url, timeout=TIMEOUT)
        assert reply.status_code == 200, failure(f"GET {self.url}: {reply.status_code} {reply.text[:300]}", self.server)
        assert reply.headers.get("Content-Encoding") in ("gzip", "br"), reply.headers
        return reply.json()

    def assert_agrees(self, reference: ref.ListState, scores: list[list[int]], what: str) -> None:
        """The match as served: every deal's scores, the totals, `next`, the end and the winners."""
        document = self.document()
        expected = expected_state(reference)
        served = {key: document[key] for key in expected}
        assert ([r["scores"] for r in document["rounds"]], served) == (scores, expected), what


def kept_list(seeded: SeededList, inputs: list[Any]) -> tuple[ref.ListState, list[list[int]], int | None]:
    """The reference's list of these inputs: its state, each deal's scores and the number of
    the first deal that no longer holds (None when all hold)."""
    reference = ref.ListState(seeded.n, seeded.options)
    scores: list[list[int]] = []
    for number, raw in enumerate(inputs, start=1):
        broken, deal_scores = reference.play(raw)
        if deal_scores is None:
            assert broken
            return reference, scores, number
        scores.append(deal_scores)
    return reference, scores, None


def assert_refused(reply: requests.Response, status: int, codes: set[str], server, what: str) -> dict[str, Any]:
    """A refusal: the status and one of the codes the reference names, in the API's JSON error body."""
    body = reply.json() if reply.headers.get("Content-Type", "").startswith("application/json") else reply.text
    assert reply.status_code == status and isinstance(body, dict) and body["error"] in codes, failure(
        f"{what}: expected {status} {sorted(codes)}, got {reply.status_code} {body}", server
    )
    return body


@pytest.mark.parametrize("index", CHOSEN, ids=[combination_id(COMBINATIONS[index]) for index in CHOSEN])
def test_a_seeded_list_through_gunicorn_agrees_with_the_reference(gunicorn_server, index):
    seeded = seeded_list(index)
    session = requests.Session()
    session.headers["Accept-Encoding"] = "gzip, br"
    created = session.post(f"{gunicorn_server.url}/api/v1/matches", timeout=TIMEOUT,
                           json={"game": "skat", "players": NAMES[:seeded.n], "options": seeded.given})
    assert created.status_code == 201, failure(f"POST /matches: {created.status_code} {created.text}", gunicorn_server)
    assert created.json()["options"] == seeded.options
    match = RestList(gunicorn_server, session, f"{gunicorn_server.url}/api/v1/matches/{created.json()['id']}",
                     created.headers["ETag"])
    reference = ref.ListState(seeded.n, seeded.options)
    inputs: list[Any] = []
    scores: list[list[int]] = []
    match.assert_agrees(reference, scores, "a new list")

    # Every deal, refused or scored, and the list as served after it.
    for raw in drawn_deals(seeded, reference):
        broken, deal_scores = reference.play(raw)
        what = f"deal {len(inputs) + 1}: {raw}"
        reply = match.send("POST", "/rounds", raw, {"Idempotency-Key": secrets.token_hex(8)})
        if deal_scores is None:
            assert_refused(reply, 422, broken, gunicorn_server, what)
        else:
            assert reply.status_code == 201, failure(f"{what}: the spec scores {deal_scores}, got {reply.text}", gunicorn_server)
            assert (reply.json()["number"], reply.json()["scores"]) == (len(inputs) + 1, deal_scores), what
            inputs.append(raw)
            scores.append(deal_scores)
        match.assert_agrees(reference, scores, what)
    assert reference.finished and len(inputs) >= 3, "CHOSEN holds lists that end after a few deals"
    broken, _none = reference.play({"declarer": None})
    assert_refused(match.send("POST", "/rounds", {"declarer": None}), 409, broken, gunicorn_server, "after the end")

    # Undo the last deal: the list reopens as the reference keeps it without that deal.
    undone = match.send("DELETE", f"/rounds/{len(inputs)}")
    assert undone.status_code == 204, failure(f"undo: {undone.status_code} {undone.text}", gunicorn_server)
    inputs.pop()
    reference, scores, failing = kept_list(seeded, inputs)
    assert failing is None
    match.assert_agrees(reference, scores, "after the undo")

    # Edit an earlier deal: replacements the reference refuses (at their deal or a later one)
    # change nothing; the first it takes gives the list the reference replays with it.
    for _draw in range(EDIT_DRAWS):
        at = seeded.rng.randrange(len(inputs) - 1)
        edited = list(inputs)
        edited[at] = random_deal(seeded.rng, seeded.n, (seeded.options["first_dealer"] + at) % seeded.n, seeded.options)
        replayed, replayed_scores, failing = kept_list(seeded, edited)
        what = f"edit of deal {at + 1} to {edited[at]}"
        reply = match.send("PUT", f"/rounds/{at + 1}", edited[at])
        if failing is not None:
            body = assert_refused(reply, 422, refusal_codes(seeded, edited, failing), gunicorn_server, what)
            assert body.get("round") == failing, failure(f"{what}: refused at deal {failing}, got {body}", gunicorn_server)
            match.assert_agrees(reference, scores, f"after the refused {what}")
            continue
        assert reply.status_code == 200, failure(f"{what}: {reply.status_code} {reply.text}", gunicorn_server)
        assert reply.json()["scores"] == replayed_scores[at], what
        match.assert_agrees(replayed, replayed_scores, f"after the {what}")
        break
    else:
        pytest.fail(f"no edit of an earlier deal the reference takes in {EDIT_DRAWS} draws")


def refusal_codes(seeded: SeededList, inputs: list[Any], failing: int) -> set[str]:
    """The rules deal `failing` breaks once the deals before it are kept ({"match_finished"} after the end)."""
    reference, _scores, _failing = kept_list(seeded, inputs[: failing - 1])
    broken, _none = reference.play(inputs[failing - 1])
    return broken


def test_the_chosen_lists_use_every_option_value():
    """Between them: 3 and 4 players, both kinds of list, with and without the dealer's bonus and
    Ramsch, each Bock trigger (and none), and ends by a number of deals, a target alone, and both."""
    used: dict[str, set[Any]] = {name: set() for name in ("n", "scoring", "dealer_bonus", "ramsch", "bock", "end")}
    for index in CHOSEN:
        seeded = seeded_list(index)
        used["n"].add(seeded.n)
        for name in ("scoring", "dealer_bonus", "ramsch"):
            used[name].add(seeded.given[name])
        used["bock"] |= set(seeded.given["bock"]) or {"none"}
        used["end"].add(tuple(name for name in ("max_deals", "target") if seeded.given.get(name) is not None))
    assert used == {
        "n": {3, 4},
        "scoring": {"seeger_fabian", "plain"},
        "dealer_bonus": {True, False},
        "ramsch": {True, False},
        "bock": {*(trigger for triggers in BOCK_SETS for trigger in triggers), "none"},
        "end": {("max_deals",), ("target",), ("max_deals", "target")},
    }
