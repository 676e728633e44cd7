"""Writes scripts/advisories.json, the advisory snapshot scripts/audit.py checks every pin against: the OSV records
of an advisory database for the packages constraints.txt pins (all their versions), with the date they are as of.

usage: python scripts/advisories.py DIR --as-of YYYY-MM-DD --source TEXT

DIR is a copy of an OSV database: the PyPA advisory database's vulns/ folder (github.com/pypa/advisory-database,
YAML), or OSV's PyPI export unzipped (JSON); --as-of is the date of its newest record, --source says which it is.
Run it again after `make lock` brings in a package, and whenever a newer copy of the database can be had.
"""

from __future__ import annotations

import argparse
import datetime
import json
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from audit import CONSTRAINTS, SNAPSHOT, normalized, read_pins  # noqa: E402


def records(folder: Path) -> list[dict[str, Any]]:
    found = []
    for path in sorted(folder.rglob("*")):
        if path.suffix in (".yaml", ".yml"):
            import yaml  # PyYAML: in the test tools' environment

            found.append(yaml.safe_load(path.read_text()))
        elif path.suffix == ".json":
            found.append(json.loads(path.read_text()))
    return [r for r in found if isinstance(r, dict) and r.get("id")]


def kept(record: dict[str, Any], names: set[str]) -> dict[str, Any] | None:
    """The record cut to what the audit reads, for the packages named; None if it names none of them (or was
    withdrawn)."""
    if record.get("withdrawn"):
        return None
    affected = []
    for entry in record.get("affected", []):
        package = entry.get("package", {})
        if package.get("ecosystem") != "PyPI" or normalized(package.get("name", "")) not in names:
            continue
        ranges = [{"type": "ECOSYSTEM", "events": r.get("events", [])} for r in entry.get("ranges", [])
                  if r.get("type") == "ECOSYSTEM"]
        affected.append({"package": {"ecosystem": "PyPI", "name": package["name"]}, "ranges": ranges,
                         "versions": [str(v) for v in entry.get("versions", [])]})
    if not affected:
        return None
    text = " ".join(str(record.get("summary") or record.get("details") or "").split())
    return {"id": record["id"], "aliases": record.get("aliases", []), "summary": text[:240], "affected": affected}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", type=Path)
    parser.add_argument("--as-of", required=True, type=datetime.date.fromisoformat)
    parser.add_argument("--source", required=True)
    args = parser.parse_args()
    pins = read_pins(CONSTRAINTS.read_text().splitlines())
    names = {normalized(name) for name, _version in pins}
    advisories = [r for r in (kept(record, names) for record in records(args.folder)) if r is not None]
    advisories.sort(key=lambda r: [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", r["id"])])
    snapshot = {"as_of": args.as_of.isoformat(), "source": args.source,
                "packages": sorted(names), "advisories": advisories}
    SNAPSHOT.write_text(json.dumps(snapshot, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {SNAPSHOT.relative_to(HERE.parent)}: {len(advisories)} advisories for {len(names)} packages")


if __name__ == "__main__":
    main()
