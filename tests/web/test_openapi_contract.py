"""The OpenAPI description tells the truth: schemathesis, run as a third-party client would,
against the live server (real gunicorn), generates requests from /api/v1/openapi.json and runs every default
check on every answer: no server error; status, content type, headers (405 with Allow) and body as described;
schema-valid requests accepted (positive_data_acceptance) and schema-violating ones refused
(negative_data_rejection). The rules across fields that JSON Schema cannot state are in the descriptions' words;
tests/web/openapi_rules.py reads them as a client would and keeps the schema-valid requests to those that keep
them. Bounded in examples so the suite stays quick."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import CHECKS, positive_data_acceptance

from tests.web import openapi_rules

ALL_CHECKS = CHECKS.get_all()  # `--checks all`: every check schemathesis has, not only its defaults
EXAMPLES = 10  # per operation and mode (7 × 2 runs): about a minute on a shared laptop
DEFEND = "/api/v1/strato-sphere/defend"


@pytest.fixture(scope="module")
def api_server(live_server: str) -> str:
    return live_server  # the browser tests' gunicorn (session-wide): started once for both


@pytest.fixture(scope="module")
def api_schema(api_server: str):  # type: ignore[no-untyped-def]
    schema = schemathesis.openapi.from_url(api_server + "/api/v1/openapi.json")
    for path, item in schema.raw_schema["paths"].items():
        openapi_rules.COPIES[path] = openapi_rules.copies_from(_descriptions(item))
    openapi_rules.COPIES["/api/v1/planeta-rica/score"].update(
        openapi_rules.copies_from(_descriptions(schema.raw_schema["components"])))
    return schema


def _descriptions(node: object) -> list[str]:
    if isinstance(node, dict):
        own = [node["description"]] if isinstance(node.get("description"), str) else []
        return own + [d for value in node.values() for d in _descriptions(value)]
    if isinstance(node, list):
        return [d for value in node for d in _descriptions(value)]
    return []


def _as_a_client_writes_it(case):  # type: ignore[no-untyped-def]
    """The rules across fields kept (tests/web/openapi_rules.py). Integers are sent as schemathesis writes them
    (2.0 and 2e0 too: the API reads them as JSON Schema does), except in the bodies a rule repairs (the repair
    reads them as integers, as the API does)."""
    path = case.operation.path
    if path in openapi_rules.REPAIRS:
        case.body = openapi_rules.kept(path, openapi_rules.whole_numbers_as_integers(case.body))
    return case


def _defence_refused_for_its_attack(response) -> bool:  # type: ignore[no-untyped-def]
    """/defend: a defence against an illegal attack is a 422 (API.md), and whether an attack is legal is the
    game itself (SS-6), which no schema states: such a 422 names the attack and nothing else."""
    if response.status_code != 422:
        return False
    errors = response.json()["errors"]
    return any(e["code"] == "ss.defend.attack_illegal" for e in errors) and all(
        e["path"].startswith("attack") for e in errors)


def _photo_refused_as_no_picture(response) -> bool:  # type: ignore[no-untyped-def]
    """/scan: the schema says "a JPEG or PNG photo" (a binary string), which no schema can check; bytes made up by
    a generator are no picture, so a 422 saying so (and nothing else) is the right answer to them."""
    if response.status_code != 422:
        return False
    return [e["code"] for e in response.json()["errors"]] == ["scan.not_an_image"]


def test_every_api_answer_matches_the_description(api_schema) -> None:  # type: ignore[no-untyped-def]
    operations = [result.ok() for result in api_schema.get_all_operations()]
    assert len(operations) >= 12  # every game's calls are described, the photo calls too
    started, counts = time.monotonic(), {GenerationMode.POSITIVE: 0, GenerationMode.NEGATIVE: 0}
    timings: list[str] = []
    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            strategy = operation.as_strategy(generation_mode=mode)
            if mode is GenerationMode.POSITIVE:
                strategy = strategy.map(_as_a_client_writes_it).filter(
                    lambda case: openapi_rules.keeps_rules(case.operation.path, case.body))

            @given(case=strategy)
            @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None,
                      phases=[Phase.explicit, Phase.generate], derandomize=True)
            def check(case) -> None:  # type: ignore[no-untyped-def]
                mode = case.meta.generation.mode
                counts[mode] += 1
                if mode is GenerationMode.POSITIVE and case.operation.path.endswith("/scan"):
                    response = case.call()
                    excluded = [positive_data_acceptance] if _photo_refused_as_no_picture(response) else []
                    case.validate_response(response, checks=ALL_CHECKS, excluded_checks=excluded)
                    return
                if mode is GenerationMode.POSITIVE and case.operation.path == DEFEND:
                    response = case.call()
                    if _defence_refused_for_its_attack(response):
                        case.validate_response(response, checks=ALL_CHECKS,
                                               excluded_checks=[positive_data_acceptance])
                        return
                    case.validate_response(response, checks=ALL_CHECKS)
                    return
                case.call_and_validate(checks=ALL_CHECKS)  # every check schemathesis has (`--checks all`)

            begun = time.monotonic()
            check()
            timings.append(f"{operation.path} {mode.value} {time.monotonic() - begun:.1f} s")
    print(f"\nschemathesis: {len(operations)} operations, {counts[GenerationMode.POSITIVE]} positive and "
          f"{counts[GenerationMode.NEGATIVE]} negative examples in {time.monotonic() - started:.1f} s\n  "
          + "\n  ".join(timings))


def test_an_integer_is_an_integer_however_it_is_written(api_server: str) -> None:
    """JSON Schema calls 2.0 and 2e0 integers, so the description does, so the server does: the same answer as
    for 2; 2.5 is still refused where an integer is wanted, and 1e15 is over the 15 digits."""
    def score(body: bytes) -> tuple[int, dict[str, object]]:
        request = urllib.request.Request(api_server + "/api/v1/tally/score", body, method="POST",
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as refused:
            return refused.code, json.loads(refused.read())

    assert score(b'{"points": [2.0, 3e0, 1]}') == score(b'{"points": [2, 3, 1]}')
    assert score(b'{"points": [2.0, 3e0, 1]}')[1]["total"] == 6
    assert score(b'{"points": [2.5]}')[0] == 422
    status, said = score(b'{"points": [1e15]}')
    assert status == 400 and said["errors"][0]["code"] == "json.number_too_large"  # type: ignore[index]


def test_a_get_is_405_with_allow(api_server: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(api_server + "/api/v1/tally/score", timeout=5)
    assert caught.value.code == 405 and caught.value.headers["Allow"] and "POST" in caught.value.headers["Allow"]
