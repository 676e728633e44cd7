"""Audits pinned packages for known vulnerabilities: `make audit` (and CI) runs it on constraints.txt; give it any
file of name==version lines to audit those instead.

Each pin is looked up, first to last, where PyPI keeps its vulnerability records (the same records pip-audit's
default service reads):

1. PyPI's JSON for that release (pypi.org/pypi/NAME/VERSION/json): its known vulnerabilities, now.
2. Where that is not served (this project's machines reach PyPI's index and project pages only), PyPI's JSON for
   the project (pypi.org/pypi/NAME/json): its vulnerability list is the one for the project's latest release, so
   it answers for a pin that is that release. A pin behind its project's latest release cannot be checked this
   way: it is named in the report as not checked against PyPI's current records.
3. Every pin also against scripts/advisories.json, a dated copy of the PyPA advisory database's records for the
   packages of constraints.txt (written by scripts/advisories.py): it knows the vulnerabilities published up to
   its date, for every version, so it catches a pin on an old vulnerable release wherever PyPI cannot answer.

Exit status: 1 if a pin has a known vulnerability (or is a yanked release, or no release at all); 2 if PyPI did not
answer (the report says so: nothing was checked against its current records, and the audit fails rather than pass
unchecked); 0 otherwise.
"""

from __future__ import annotations

import json
import re
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from packaging.version import InvalidVersion, Version

ROOT = Path(__file__).resolve().parent.parent
CONSTRAINTS = ROOT / "constraints.txt"
SNAPSHOT = Path(__file__).resolve().parent / "advisories.json"
PYPI = "https://pypi.org/pypi"
TIMEOUT = 20.0
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;#]+)$")

# fetch(url) -> the parsed JSON, or None when PyPI answers 404; raises Unreachable when it does not answer at all.
Fetch = Callable[[str], Any]


class Unreachable(Exception):
    pass


class NotPinned(Exception):
    pass


def normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def read_pins(lines: Iterable[str]) -> list[tuple[str, str]]:
    """(name, version) of every name==version line; comments and blank lines skipped, anything else refused: an
    unpinned requirement cannot be audited."""
    pins = []
    for raw in lines:
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        match = PIN.match(line)
        if not match:
            raise NotPinned(f"not a name==version pin, so it cannot be audited: {raw.strip()!r}")
        pins.append((match.group(1), match.group(2)))
    return pins


def fetch_json(url: str, tries: int = 3) -> Any:
    """PyPI's JSON at ``url``; None on 404. A failure to answer is tried again twice, a second apart, then raised as
    Unreachable."""
    request = urllib.request.Request(url, headers={"Accept": "application/json", "User-Agent": "companion-audit"})
    for attempt in range(tries):
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                return json.load(response)
        except urllib.error.HTTPError as error:
            if error.code == 404:
                return None
            failure = f"{url}: HTTP {error.code}"
        except (urllib.error.URLError, OSError, ValueError) as error:
            failure = f"{url}: {error}"
        if attempt + 1 < tries:
            time.sleep(1.0)
    raise Unreachable(failure)


# -- the OSV records of the snapshot --------------------------------------------------------------------------------


def _version(text: str) -> Version | None:
    try:
        return Version(text)
    except InvalidVersion:
        return None


def _in_range(version: Version, events: list[dict[str, str]]) -> bool:
    """OSV's rule for an ECOSYSTEM range: walk its events in version order; introduced opens, fixed closes at that
    version, last_affected closes after it."""
    keyed = []
    for event in events:
        kind, value = next(iter(event.items()))
        at = Version("0") if value == "0" else _version(value)
        if at is not None:
            keyed.append((at, kind))
    affected = False
    for at, kind in sorted(keyed, key=lambda item: item[0]):
        if kind == "introduced" and version >= at:
            affected = True
        elif kind == "fixed" and version >= at:
            affected = False
        elif kind == "last_affected" and version > at:
            affected = False
    return affected


def osv_affects(record: dict[str, Any], name: str, version: str) -> bool:
    wanted, parsed = normalized(name), _version(version)
    for affected in record.get("affected", []):
        package = affected.get("package", {})
        if package.get("ecosystem") != "PyPI" or normalized(package.get("name", "")) != wanted:
            continue
        if version in affected.get("versions", []):
            return True
        if parsed is not None and any(
                _in_range(parsed, r.get("events", [])) for r in affected.get("ranges", []) if r.get("type") == "ECOSYSTEM"):
            return True
    return False


def fixed_in(record: dict[str, Any], name: str) -> list[str]:
    return [next(iter(event.values())) for affected in record.get("affected", [])
            if normalized(affected.get("package", {}).get("name", "")) == normalized(name)
            for r in affected.get("ranges", []) for event in r.get("events", []) if "fixed" in event]


# -- the audit ------------------------------------------------------------------------------------------------------


@dataclass
class Finding:
    name: str
    version: str
    id: str
    aliases: list[str]
    fixed_in: list[str]
    where: str
    summary: str = ""


@dataclass
class Report:
    findings: list[Finding] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # yanked or missing releases
    checked_live: list[str] = field(default_factory=list)  # pins checked against PyPI's current records
    not_checked_live: list[str] = field(default_factory=list)  # pins PyPI's reachable pages cannot answer for
    unreachable: list[str] = field(default_factory=list)

    @property
    def status(self) -> int:
        if self.findings or self.problems:
            return 1
        return 2 if self.unreachable else 0


def _live(name: str, version: str, fetch: Fetch, report: Report) -> None:
    pin = f"{name}=={version}"
    try:
        release = fetch(f"{PYPI}/{name}/{version}/json")
        if release is not None:
            where = "PyPI, this release"
        else:
            project = fetch(f"{PYPI}/{name}/json")
            if project is None:
                report.problems.append(f"{pin}: PyPI has no project {name}")
                return
            releases = project.get("releases", {})
            if version not in releases:
                report.problems.append(f"{pin}: PyPI has no release {version} of {name}")
                return
            files = releases[version]
            if files and all(f.get("yanked") for f in files):
                reason = files[0].get("yanked_reason") or "no reason given"
                report.problems.append(f"{pin}: a yanked release ({reason})")
            latest = project.get("info", {}).get("version")
            if latest != version:
                report.not_checked_live.append(f"{pin} (latest {latest})")
                return
            release, where = project, "PyPI, the latest release"
    except Unreachable as error:
        report.unreachable.append(f"{pin}: {error}")
        return
    report.checked_live.append(pin)
    for vulnerability in release.get("vulnerabilities") or []:
        if vulnerability.get("withdrawn"):
            continue
        report.findings.append(Finding(name, version, vulnerability.get("id", "?"), vulnerability.get("aliases") or [],
                                       vulnerability.get("fixed_in") or [], where,
                                       (vulnerability.get("summary") or vulnerability.get("details") or "")[:160]))


def _snapshot(name: str, version: str, snapshot: dict[str, Any], report: Report) -> None:
    seen = {(f.name, f.version, f.id) for f in report.findings}
    seen_aliases = {alias for f in report.findings for alias in [f.id, *f.aliases]}
    for record in snapshot.get("advisories", []):
        if not osv_affects(record, name, version) or (name, version, record["id"]) in seen:
            continue
        if seen_aliases & {record["id"], *record.get("aliases", [])}:
            continue  # PyPI's records already named it
        report.findings.append(Finding(name, version, record["id"], record.get("aliases", []),
                                       fixed_in(record, name), f"advisory snapshot of {snapshot.get('as_of')}",
                                       (record.get("summary") or record.get("details") or "")[:160]))


def audit(pins: list[tuple[str, str]], fetch: Fetch, snapshot: dict[str, Any]) -> Report:
    report = Report()
    for name, version in pins:
        if report.unreachable:  # PyPI did not answer: the other pins are not asked (each would wait as long)
            report.unreachable.append(f"{name}=={version}: not asked")
        else:
            _live(name, version, fetch, report)
        _snapshot(name, version, snapshot, report)
    return report


def print_report(report: Report, pins: int, snapshot: dict[str, Any], out: Any = sys.stdout) -> None:
    def say(text: str = "") -> None:
        print(text, file=out)

    say(f"audited {pins} pins: {len(report.checked_live)} against PyPI's current vulnerability records; all against "
        f"the advisory snapshot of {snapshot.get('as_of')} ({snapshot.get('source')})")
    for finding in report.findings:
        also = f" ({', '.join(finding.aliases)})" if finding.aliases else ""
        fix = f"; fixed in {', '.join(finding.fixed_in)}" if finding.fixed_in else "; no fixed release named"
        say(f"VULNERABLE {finding.name}=={finding.version}: {finding.id}{also}{fix} [{finding.where}]")
        if finding.summary:
            say(f"    {' '.join(finding.summary.split())}")
    for problem in report.problems:
        say(f"PROBLEM {problem}")
    if report.unreachable:
        say(f"PyPI DID NOT ANSWER for {len(report.unreachable)} pins, so they were not checked against its current "
            "records; the audit fails rather than pass them unchecked:")
        say(f"    {report.unreachable[0]}")
    if report.not_checked_live:
        say(f"not checked against PyPI's current records ({len(report.not_checked_live)}): PyPI's per-release pages "
            "are not reachable from here and these pins are not their project's latest release (make lock takes the "
            "latest releases the bounds allow); only the advisory snapshot checked them:")
        say("    " + ", ".join(report.not_checked_live))
    verdict = {0: "no known vulnerability", 1: "FAILED: known vulnerabilities or bad pins",
               2: "FAILED: PyPI could not be asked"}[report.status]
    say(f"audit: {verdict}")


def main(argv: list[str]) -> int:
    files = [Path(a) for a in argv] or [CONSTRAINTS]
    try:
        pins = [pin for path in files for pin in read_pins(path.read_text().splitlines())]
    except NotPinned as error:
        print(f"audit: {error}")
        return 1
    snapshot = json.loads(SNAPSHOT.read_text())
    report = audit(pins, fetch_json, snapshot)
    print_report(report, len(pins), snapshot)
    return report.status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
