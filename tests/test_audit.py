"""The dependency audit (scripts/audit.py, `make audit`) fails on a known vulnerability wherever it learns of it, and
fails when PyPI cannot be asked: it never passes a pin it could not check as if it had. PyPI is played by a dict
here (no network); the committed advisory snapshot and constraints.txt are the real ones."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from scripts import audit

SNAPSHOT = json.loads(audit.SNAPSHOT.read_text())


def pypi(pages: dict[str, Any], unreachable: bool = False) -> audit.Fetch:
    """A stand-in for PyPI's JSON pages: a URL missing from ``pages`` answers 404."""

    def fetch(url: str) -> Any:
        if unreachable:
            raise audit.Unreachable(f"{url}: no route to host")
        return pages.get(url)

    return fetch


def project(name: str, latest: str, versions: list[str], vulnerabilities: list[dict[str, Any]] | None = None,
            yanked: tuple[str, ...] = ()) -> dict[str, Any]:
    return {f"{audit.PYPI}/{name}/json": {
        "info": {"version": latest},
        "releases": {v: [{"yanked": v in yanked, "yanked_reason": "broken" if v in yanked else None}] for v in versions},
        "vulnerabilities": vulnerabilities or []}}


VULNERABILITY = {"id": "GHSA-xxxx", "aliases": ["CVE-2099-1"], "fixed_in": ["2.0.1"], "summary": "smuggling",
                 "withdrawn": None}
EMPTY: dict[str, Any] = {"as_of": "2024-10-10", "source": "test", "advisories": []}


def test_a_vulnerable_release_fails_when_pypi_answers_for_the_release() -> None:
    pages = {f"{audit.PYPI}/web/2.0.0/json": {"vulnerabilities": [VULNERABILITY]}}
    report = audit.audit([("web", "2.0.0")], pypi(pages), EMPTY)
    assert report.status == 1
    assert [(f.id, f.fixed_in) for f in report.findings] == [("GHSA-xxxx", ["2.0.1"])]


def test_where_only_project_pages_are_served_a_latest_release_is_checked_against_them() -> None:
    pages = project("web", "2.0.0", ["1.0.0", "2.0.0"], [VULNERABILITY])
    report = audit.audit([("web", "2.0.0")], pypi(pages), EMPTY)
    assert report.status == 1 and report.checked_live == ["web==2.0.0"]
    clean = audit.audit([("web", "2.0.0")], pypi(project("web", "2.0.0", ["2.0.0"])), EMPTY)
    assert clean.status == 0 and not clean.findings


def test_a_withdrawn_vulnerability_does_not_fail() -> None:
    pages = project("web", "2.0.0", ["2.0.0"], [{**VULNERABILITY, "withdrawn": "2099-01-01T00:00:00Z"}])
    assert audit.audit([("web", "2.0.0")], pypi(pages), EMPTY).status == 0


def test_a_pin_behind_the_latest_release_is_named_as_not_checked_live() -> None:
    pages = project("web", "3.0.0", ["2.0.0", "3.0.0"], [VULNERABILITY])  # the latest's records say nothing of 2.0.0
    report = audit.audit([("web", "2.0.0")], pypi(pages), EMPTY)
    assert report.not_checked_live == ["web==2.0.0 (latest 3.0.0)"] and not report.checked_live
    out = io.StringIO()
    audit.print_report(report, 1, EMPTY, out)
    assert "not checked against PyPI's current records (1)" in out.getvalue() and "web==2.0.0" in out.getvalue()


def test_pypi_not_answering_fails_and_says_so() -> None:
    report = audit.audit([("web", "2.0.0"), ("api", "1.0.0")], pypi({}, unreachable=True), EMPTY)
    assert report.status == 2 and report.unreachable == ["web==2.0.0: https://pypi.org/pypi/web/2.0.0/json: no route "
                                                         "to host", "api==1.0.0: not asked"]
    out = io.StringIO()
    audit.print_report(report, 1, EMPTY, out)
    assert "PyPI DID NOT ANSWER" in out.getvalue() and "FAILED" in out.getvalue()


def test_a_yanked_or_unknown_release_fails() -> None:
    yanked = audit.audit([("web", "2.0.0")], pypi(project("web", "2.0.0", ["2.0.0"], yanked=("2.0.0",))), EMPTY)
    assert yanked.status == 1 and "yanked" in yanked.problems[0]
    unknown = audit.audit([("web", "9.9.9")], pypi(project("web", "2.0.0", ["2.0.0"])), EMPTY)
    assert unknown.status == 1 and "no release 9.9.9" in unknown.problems[0]


def test_the_snapshot_catches_an_old_vulnerable_release_that_pypi_cannot_be_asked_about() -> None:
    pages = project("gevent", "26.9.0", ["23.7.0", "24.10.1", "26.9.0"])
    report = audit.audit([("gevent", "23.7.0")], pypi(pages), SNAPSHOT)
    assert report.status == 1
    assert {"CVE-2023-41419"} <= {alias for f in report.findings for alias in f.aliases}
    assert audit.audit([("gevent", "24.10.1")], pypi(pages), SNAPSHOT).findings == []  # pyproject.toml's floor


@pytest.mark.parametrize(("version", "affected"), [("0.9", True), ("1.0", True), ("1.4.9", True), ("1.5", False),
                                                   ("2.0", True), ("2.1", True), ("2.1.1", False), ("3.0", True)])
def test_osv_ranges(version: str, affected: bool) -> None:
    record = {"id": "X", "affected": [{"package": {"ecosystem": "PyPI", "name": "Some_Pkg"}, "versions": ["3.0"],
                                       "ranges": [{"type": "ECOSYSTEM", "events": [
                                           {"introduced": "0"}, {"fixed": "1.5"},
                                           {"introduced": "2.0"}, {"last_affected": "2.1"}]}]}]}
    assert audit.osv_affects(record, "some-pkg", version) is affected


def test_only_pins_can_be_audited() -> None:
    assert audit.read_pins(["# a comment", "", "Flask==3.1.3", "zope.event==6.2  # why"]) == [
        ("Flask", "3.1.3"), ("zope.event", "6.2")]
    with pytest.raises(audit.NotPinned):
        audit.read_pins(["flask>=3"])


def test_the_lock_pins_every_package_exactly_and_the_snapshot_knows_the_locked_versions_clean() -> None:
    pins = audit.read_pins(audit.CONSTRAINTS.read_text().splitlines())
    names = {audit.normalized(name) for name, _version in pins}
    assert len(names) == len(pins), "a package is pinned twice in constraints.txt"
    assert {"gunicorn", "gevent", "weasyprint", "pip", "setuptools", "ruff", "mypy"} <= names
    vulnerable = [(name, version, record["id"]) for name, version in pins for record in SNAPSHOT["advisories"]
                  if audit.osv_affects(record, name, version)]
    assert vulnerable == []
