"""Translation catalogs: the platform's (companion/translations) and one per game web package.

    python scripts/i18n.py compile   # .po -> .mo for every catalog (the setup step runs this)
    python scripts/i18n.py update [PART]  # extract the strings and merge them into the ja and en catalogs
                                          # (PART: platform, or a game's package name, or printing)
    python scripts/i18n.py check     # every string is in both catalogs, and every ja string is translated

Each game's strings live beside its web package (companion/web/games/<pkg>/translations), extracted from
that package and templates/<pkg>/; the platform's from the rest. So a game is added without touching the
platform's catalogs, and two people working on two games never edit the same file.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("ja", "en")
WEB = ROOT / "companion" / "web"
# Parts with a catalog of their own: each game's web package, and the printing package. Their templates
# are templates/<name>/ (and printables/ for printing).
OWN_TEMPLATES = {"printing": ["templates/print", "printables"], "rules": ["templates/rules"]}


def own_catalog_packages() -> list[Path]:
    # A folder counts as soon as it exists (a part being written may not have its __init__.py yet).
    games = [p for p in (WEB / "games").iterdir() if p.is_dir() and not p.name.startswith("__")]
    others = [WEB / name for name in OWN_TEMPLATES if (WEB / name).is_dir()]
    return sorted(games) + others


def catalogs() -> list[tuple[Path, list[Path], list[Path]]]:
    """(translations dir, sources to extract, paths to skip) for the platform and for each part."""
    parts = []
    for pkg in own_catalog_packages():
        templates = [ROOT / t for t in OWN_TEMPLATES.get(pkg.name, [f"templates/{pkg.name}"])]
        parts.append((pkg, [pkg] + [t for t in templates if t.exists()]))
    skip = [path for _pkg, sources in parts for path in sources]
    found = [(ROOT / "companion" / "translations", [ROOT / "companion", ROOT / "templates"], skip)]
    for pkg, sources in parts:
        found.append((pkg / "translations", sources, []))
    return found


def pybabel(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


METHODS = [("**.py", "python"), ("**.html", "jinja2")]
OPTIONS = {"**.html": {"extensions": "jinja2.ext.do"}}
KEYWORDS = {**DEFAULT_KEYWORDS, "_l": None, "lazy_gettext": None}


def extract(sources: list[Path], skip: list[Path], pot: Path) -> None:
    """Extract the strings of ``sources`` into a .pot, leaving out every folder in ``skip`` (the parts that
    keep catalogs of their own), so a string used by the platform stays in the platform's catalog even when a
    game happens to use the same words."""
    skipped = {path.resolve() for path in skip}

    def wanted(folder: str) -> bool:
        return Path(folder).resolve() not in skipped and not Path(folder).name.startswith(("__", "."))

    catalog = Catalog(charset="utf-8")
    for source in sources:
        if not source.exists():
            continue
        found = extract_from_dir(str(source), METHODS, OPTIONS, KEYWORDS, directory_filter=wanted)
        for _filename, _lineno, message, comments, context in found:
            catalog.add(message, None, [], auto_comments=comments, context=context)
    with pot.open("wb") as f:
        write_po(f, catalog, sort_output=True, no_location=True)


def part_name(directory: Path) -> str:
    return "platform" if directory.parent.name == "companion" else directory.parent.name


def update(only: str = "") -> None:
    """Extract and merge; with a part name ("platform", "planetary_sisters", "printing", ...) only that
    part's catalogs are touched, so people working on different parts never edit the same file."""
    for directory, sources, skip in catalogs():
        if only and part_name(directory) != only:
            continue
        directory.mkdir(parents=True, exist_ok=True)
        pot = directory / "messages.pot"
        extract(sources, skip, pot)
        for lang in LANGS:
            po = directory / lang / "LC_MESSAGES" / "messages.po"
            if po.exists():
                pybabel("update", "-i", str(pot), "-d", str(directory), "-l", lang, "--no-fuzzy-matching",
                        "--ignore-obsolete")
            else:
                pybabel("init", "-i", str(pot), "-d", str(directory), "-l", lang)
        pot.unlink()


def compile_all() -> None:
    for directory, _sources, _skip in catalogs():
        if any((directory / lang / "LC_MESSAGES" / "messages.po").exists() for lang in LANGS):
            pybabel("compile", "-d", str(directory))


def problems() -> list[str]:
    """Strings missing from a catalog, untranslated or fuzzy in ja: what `check` and the tests report."""
    found: list[str] = []
    for directory, sources, skip in catalogs():
        with tempfile.TemporaryDirectory() as tmp:
            pot = Path(tmp) / "messages.pot"
            extract(sources, skip, pot)
            with pot.open("rb") as f:
                wanted = {m.id for m in read_po(f) if m.id}
        for lang in LANGS:
            po = directory / lang / "LC_MESSAGES" / "messages.po"
            if not po.exists():
                if wanted:
                    found.append(f"{po.relative_to(ROOT)}: missing")
                continue
            with po.open("rb") as f:
                catalog = read_po(f)
            have = {m.id: m for m in catalog if m.id}
            for msgid in sorted(wanted, key=str):
                message = have.get(msgid)
                if message is None:
                    found.append(f"{po.relative_to(ROOT)}: not in catalog: {msgid!r}")
                elif lang == "ja" and (not message.string or message.fuzzy or
                                       (isinstance(message.string, tuple) and not all(message.string))):
                    found.append(f"{po.relative_to(ROOT)}: not translated: {msgid!r}")
    return found


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "compile":
        compile_all()
    elif command == "update":
        update(sys.argv[2] if len(sys.argv) > 2 else "")
    elif command == "check":
        issues = problems()
        print("\n".join(issues) or "catalogs complete")
        sys.exit(1 if issues else 0)
    else:
        print(__doc__)
        sys.exit(2)
