"""A game's seeded reference list played through real gunicorn workers over compressed HTTP, checked against the reference."""
from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import pytest
import requests

from tests.support.reference.common import SeededList
from tests.support.server_calls import failure

TIMEOUT = 60.0
# A replacement for an earlier round is drawn until the reference takes the whole list with it.
EDIT_DRAWS = 30


def same_code(code: str) -> set[str]:
    """A reference that names the rules by the engine's codes."""
    return {code}


@dataclass
class ListOverRest:
    """What a game's check gives: its seeded list and how its reference keeps and draws it."""

    game: str
    players: list[str]
    seeded: SeededList
    # A fresh reference list: play(raw) gives (the rules broken, the scores), `finished` the end.
    reference: Callable[[], Any]
    # The list's rounds one at a time until the reference (played by the caller) ends.
    rounds: Callable[[Any], Iterable[Any]]
    # What the match document says of the list the reference keeps (its keys are compared).
    expected_state: Callable[[Any], dict[str, Any]]
    # A new round `at` (0-based) for the inputs, drawn from the seeded list's random source.
    replacement: Callable[[list[Any], int], Any]
    # The reference's names of the rule an API error code stands for.
    same_rule: Callable[[str], set[str]] = field(default=same_code)

    def kept(self, inputs: list[Any]) -> tuple[Any, list[list[int]], int | None]:
        """The reference's list of these inputs: its state, each round's scores and the number
        of the first round that no longer holds (None when all hold)."""
        reference = self.reference()
        scores: list[list[int]] = []
        for number, raw in enumerate(inputs, start=1):
            broken, round_scores = reference.play(raw)
            if round_scores is None:
                assert broken
                return reference, scores, number
            scores.append(round_scores)
        return reference, scores, None

    def refusal_codes(self, inputs: list[Any], failing: int) -> set[str]:
        """The rules round `failing` breaks once the rounds before it are kept. A round kept
        after the list has ended is "match_finished" to a reference, "match_ends_early" to an
        edit (the list would now end before it)."""
        reference, _scores, _failing = self.kept(inputs[: failing - 1])
        broken, _none = reference.play(inputs[failing - 1])
        return {"match_ends_early"} if broken == {"match_finished"} else broken


@dataclass
class RestList:
    """One match on the server, written as a phone does: If-Match with the last ETag it got."""

    server: Any
    session: requests.Session
    url: str
    etag: str
    spec: ListOverRest

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

    def assert_agrees(self, reference: Any, scores: list[list[int]], what: str) -> None:
        """The match as served: every round's scores, the totals, `next`, the end and the winners."""
        document = self.document()
        expected = self.spec.expected_state(reference)
        served = {key: document[key] for key in expected}
        assert ([r["scores"] for r in document["rounds"]], served) == (scores, expected), what

    def assert_refused(self, reply: requests.Response, status: int, broken: set[str], what: str) -> dict[str, Any]:
        """A refusal: the status and a code that names one of the rules the reference finds
        broken, in the API's JSON error body."""
        body = reply.json() if reply.headers.get("Content-Type", "").startswith("application/json") else reply.text
        assert reply.status_code == status and isinstance(body, dict) and self.spec.same_rule(body["error"]) & broken, failure(
            f"{what}: expected {status} for {sorted(broken)}, got {reply.status_code} {body}", self.server
        )
        return body


def assert_list_agrees(server: Any, spec: ListOverRest) -> None:
    """The seeded list through the server: every round (refused or scored) and the match after
    it, one more after the end, an undo and an edit of an earlier round, each as the reference has it."""
    seeded = spec.seeded
    session = requests.Session()
    session.headers["Accept-Encoding"] = "gzip, br"
    created = session.post(f"{server.url}/api/v1/matches", timeout=TIMEOUT,
                           json={"game": spec.game, "players": spec.players, "options": seeded.given})
    assert created.status_code == 201, failure(f"POST /matches: {created.status_code} {created.text}", server)
    assert created.json()["options"] == seeded.options
    match = RestList(server, session, f"{server.url}/api/v1/matches/{created.json()['id']}", created.headers["ETag"], spec)
    reference = spec.reference()
    inputs: list[Any] = []
    scores: list[list[int]] = []
    match.assert_agrees(reference, scores, "a new list")

    # Every round, refused or scored, and the list as served after it.
    for raw in spec.rounds(reference):
        broken, round_scores = reference.play(raw)
        what = f"round {len(inputs) + 1}: {raw}"
        reply = match.send("POST", "/rounds", raw, {"Idempotency-Key": secrets.token_hex(8)})
        if round_scores is None:
            match.assert_refused(reply, 422, broken, what)
        else:
            assert reply.status_code == 201, failure(f"{what}: the spec scores {round_scores}, got {reply.text}", server)
            assert (reply.json()["number"], reply.json()["scores"]) == (len(inputs) + 1, round_scores), what
            inputs.append(raw)
            scores.append(round_scores)
        match.assert_agrees(reference, scores, what)
    assert reference.finished and len(inputs) >= 3, "the chosen lists end after a few rounds"
    broken, _none = reference.play(inputs[-1])
    match.assert_refused(match.send("POST", "/rounds", inputs[-1]), 409, broken, "after the end")

    # Undo the last round: the list reopens as the reference keeps it without that round.
    undone = match.send("DELETE", f"/rounds/{len(inputs)}")
    assert undone.status_code == 204, failure(f"undo: {undone.status_code} {undone.text}", server)
    inputs.pop()
    reference, scores, failing = spec.kept(inputs)
    assert failing is None
    match.assert_agrees(reference, scores, "after the undo")

    # Edit an earlier round: replacements the reference refuses (at their round or a later one)
    # change nothing; the first it takes gives the list the reference replays with it.
    for _draw in range(EDIT_DRAWS):
        at = seeded.rng.randrange(len(inputs) - 1)
        edited = list(inputs)
        edited[at] = spec.replacement(inputs, at)
        replayed, replayed_scores, failing = spec.kept(edited)
        what = f"edit of round {at + 1} to {edited[at]}"
        reply = match.send("PUT", f"/rounds/{at + 1}", edited[at])
        if failing is not None:
            body = match.assert_refused(reply, 422, spec.refusal_codes(edited, failing), what)
            assert body.get("round") == failing, failure(f"{what}: refused at round {failing}, got {body}", server)
            match.assert_agrees(reference, scores, f"after the refused {what}")
            continue
        assert reply.status_code == 200, failure(f"{what}: {reply.status_code} {reply.text}", server)
        assert reply.json()["scores"] == replayed_scores[at], what
        match.assert_agrees(replayed, replayed_scores, f"after the {what}")
        break
    else:
        pytest.fail(f"no edit of an earlier round the reference takes in {EDIT_DRAWS} draws")
