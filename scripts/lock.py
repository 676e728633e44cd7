"""Writes constraints.txt: the exact version of every package `make test` installs (the app's, the test tools', pip
and setuptools), resolved afresh from pyproject.toml's bounds in a throwaway virtual environment.

`make lock` runs it. `make run`, `make test` and CI install with `pip install -c constraints.txt`, so a fresh clone
installs these versions every time, whatever PyPI has that day. To take newer releases: `make lock`, then the
targeted tests of what changed, `make lint`, `make typecheck` and `make audit`, and commit constraints.txt.

The versions are resolved for the Python that runs this script (the machine's python3) on this platform.
"""

from __future__ import annotations

import datetime
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONSTRAINTS = ROOT / "constraints.txt"
PROJECT = "companion"
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;]+)$")


def run(*command: str) -> str:
    return subprocess.run(command, check=True, text=True, stdout=subprocess.PIPE).stdout


def normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def resolve() -> list[str]:
    """pip freeze of a fresh environment with the app and its test tools installed: name==version lines."""
    scratch = Path(tempfile.mkdtemp(prefix="companion-lock-"))
    try:
        run(sys.executable, "-m", "venv", str(scratch))
        python = str(scratch / "bin" / "python")
        pip = (python, "-m", "pip", "--disable-pip-version-check")
        print("resolving the newest versions pyproject.toml allows, in a fresh environment (a few minutes)")
        run(*pip, "install", "--quiet", "--upgrade", "pip", "setuptools")
        run(*pip, "install", "--quiet", "--no-build-isolation", f"{ROOT}[test]")
        run(*pip, "check")
        lines = run(*pip, "freeze", "--all").splitlines()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    pins = []
    for line in lines:
        if normalized(re.split(r"==| @ ", line, maxsplit=1)[0]) == PROJECT:
            continue  # the app itself ("companion @ file://...")
        if not PIN.match(line.strip()):
            raise SystemExit(f"pip freeze gave a line that is not name==version: {line!r}")
        pins.append(line.strip())
    return sorted(pins, key=lambda pin: normalized(pin.split("==")[0]))


def main() -> None:
    pins = resolve()
    header = [
        "# Every package make run, make test and CI install, at exactly these versions (pip install -c).",
        f"# Written by `make lock` (scripts/lock.py) from pyproject.toml on {datetime.date.today().isoformat()}, "
        f"with Python {platform.python_version()} on {platform.system()} {platform.machine()}.",
        "# Do not edit by hand: change pyproject.toml's bounds, run make lock, test, make audit, commit.",
    ]
    CONSTRAINTS.write_text("\n".join(header + pins) + "\n")
    print(f"wrote {CONSTRAINTS.relative_to(ROOT)}: {len(pins)} packages")


if __name__ == "__main__":
    main()
