"""The OpenAPI document, and schemathesis fuzzing the API from it: never a server error."""
from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error

from .helpers import create


def test_openapi_document_lists_the_contract(client):
    document = client.get("/api/v1/openapi.json").json
    paths = document["paths"]
    assert set(paths) >= {
        "/api/v1/games",
        "/api/v1/matches",
        "/api/v1/matches/{match_id}",
        "/api/v1/matches/{match_id}/rounds",
        "/api/v1/matches/{match_id}/rounds/{number}",
    }
    assert set(paths["/api/v1/matches/{match_id}/rounds/{number}"]) >= {"put", "delete", "parameters"}


def test_interactive_docs_page_is_served(client):
    response = client.get("/api/v1/docs")
    assert response.status_code == 200
    assert b"/vendor/swagger-ui-dist/swagger-ui-bundle.js" in response.data
    assert client.get("/vendor/swagger-ui-dist/swagger-ui-bundle.js").status_code == 200


OPERATIONS = [
    ("/api/v1/games", "GET"),
    ("/api/v1/matches", "GET"),
    ("/api/v1/matches", "POST"),
    ("/api/v1/matches/{match_id}", "GET"),
    ("/api/v1/matches/{match_id}/rounds", "POST"),
    ("/api/v1/matches/{match_id}/rounds/{number}", "PUT"),
    ("/api/v1/matches/{match_id}/rounds/{number}", "DELETE"),
]


@pytest.mark.parametrize(("path", "method"), OPERATIONS)
def test_generated_requests_never_get_a_server_error(clean_app, path, method):
    client = clean_app.test_client()
    real = create(client, "nameless", ["A", "B", "C", "D"])
    client.post(f"/api/v1/matches/{real['id']}/rounds", json={"tricks": [2, 1, 1, 1]})
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", clean_app)
    operation = schema[path][method]

    @given(case=operation.as_strategy())
    @settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
    def check(case):
        # Half the time aim at the real match, so the handlers past the 404 are fuzzed too.
        if case.path_parameters and "match_id" in case.path_parameters and len(case.path_parameters["match_id"]) % 2:
            case.path_parameters["match_id"] = real["id"]
        case.call_and_validate(checks=[not_a_server_error])

    check()
