"""The OpenAPI description tells the truth (issue 14, item 7): schemathesis, run as a third-party client would,
against the live server (real gunicorn), generates requests from /api/v1/openapi.json and checks every answer:
no server error, every status and header documented (405 with Allow), every body matching its schema.
Bounded in examples so the suite stays quick."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance]


@pytest.fixture(scope="module")
def api_server(live_server: str) -> str:
    return live_server  # the browser tests' gunicorn (session-wide): started once for both


@pytest.fixture(scope="module")
def api_schema(api_server: str):  # type: ignore[no-untyped-def]
    return schemathesis.openapi.from_url(api_server + "/api/v1/openapi.json")


def test_every_api_answer_matches_the_description(api_schema) -> None:  # type: ignore[no-untyped-def]
    operations = [result.ok() for result in api_schema.get_all_operations()]
    assert len(operations) >= 4  # every game's calls are described
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck), database=None,
                  phases=[Phase.explicit, Phase.generate])
        def check(case) -> None:  # type: ignore[no-untyped-def]
            case.call_and_validate(checks=CHECKS)

        check()


def test_a_get_is_405_with_allow(api_server: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(api_server + "/api/v1/tally/score", timeout=5)
    assert caught.value.code == 405 and caught.value.headers["Allow"] and "POST" in caught.value.headers["Allow"]
