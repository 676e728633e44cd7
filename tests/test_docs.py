"""The README and docs/ stay true to the code: a README small enough to be read, starting with the two commands;
every repository path and test they name exists; every setting the code reads from the environment is
documented in docs/deployment.md and every one documented there is read; every route docs/api.md lists is served.

A document that drifts from the code misleads the next reader more than no document at all, so what a test can
check is checked here. The checks read files only; the route check builds the app as the other web tests do.
"""

from __future__ import annotations

import glob
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
README_MOST_BYTES = 15 * 1024

# A backticked span is taken for a repository path when it starts with one of these folders or is one of these
# files. Folders that setup or a run makes (never committed) are not checked.
PATH_ROOTS = ("companion/", "templates/", "static/", "tests/", "scripts/", "printables/", "docs/", ".ci/")
TOP_FILES = ("Makefile", "gunicorn.conf.py", "pyproject.toml", "constraints.txt", "package.json", "package-lock.json",
             "babel.cfg", "README.md")
MADE_BY_SETUP = ("static/vendor/",)
# What the code reads from the process's environment: os.environ.get("NAME", os.environ["NAME"], os.getenv("NAME"
# (a request's WSGI environ, such as REMOTE_ADDR, is not a setting).
ENV_READ = re.compile(r"""os\.(?:environ\.get\(|environ\[|getenv\()\s*["']([A-Z][A-Z0-9_]+)["']""")
# The code that serves the app (the tests' and benchmarks' own variables are documented with them).
SERVING_CODE = ("companion/**/*.py", "gunicorn.conf.py")


def backticked(text: str) -> list[str]:
    return re.findall(r"`([^`\n]+)`", text)


def repository_paths(text: str) -> list[str]:
    """The repository paths a document names in backticks (placeholders such as <pkg> and "…" left out)."""
    found = []
    for span in backticked(text):
        candidate = span.strip()
        if " " in candidate or any(mark in candidate for mark in "<>{}…|?#="):
            continue
        if candidate.startswith(PATH_ROOTS) or candidate in TOP_FILES:
            if not candidate.startswith(MADE_BY_SETUP):
                found.append(candidate)
    return found


def missing_paths(text: str) -> list[str]:
    missing = []
    for path in repository_paths(text):
        if "*" in path:
            if not glob.glob(str(ROOT / path)):
                missing.append(path)
        elif not (ROOT / path).exists():
            missing.append(path)
    return missing


def named_tests(text: str) -> set[str]:
    """Test functions a document names in backticks (`test_...`)."""
    return {span for span in backticked(text) if re.fullmatch(r"test_[a-z0-9_]+", span)}


def defined_tests() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        names.update(re.findall(r"^\s*(?:async\s+)?def (test_[a-z0-9_]+)", path.read_text(), re.M))
    return names


def section(text: str, heading: str) -> str:
    """The text under a "## heading", up to the next heading of that level."""
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else len(text)]


def first_table(text: str) -> list[list[str]]:
    """The rows (cells) of the first Markdown table in ``text``, header and rule left out."""
    first: list[list[str]] = []
    started = False
    for line in text.splitlines():
        if line.startswith("|"):
            started = True
            first.append([cell.strip() for cell in line.strip("|").split("|")])
        elif started:
            break
    return first[2:]


def documented_environment(deployment: str) -> set[str]:
    """The settings of docs/deployment.md's environment table: the backticked names of its first column."""
    table = first_table(section(deployment, "Configuration"))
    return {name for row in table for name in re.findall(r"`([A-Z][A-Z0-9_]+)`", row[0])}


def create_app_settings(deployment: str) -> set[str]:
    """The settings of the second table under "Configuration" (passed to create_app only)."""
    text = section(deployment, "Configuration")
    rest = text[text.index("Settings that only `create_app(config)` takes"):]
    return {name for row in first_table(rest) for name in re.findall(r"`([A-Z][A-Z0-9_]+)`", row[0])}


def environment_read() -> set[str]:
    names: set[str] = set()
    for pattern in SERVING_CODE:
        for path in ROOT.glob(pattern):
            names.update(ENV_READ.findall(path.read_text()))
    return names | make_run_variables()


def make_run_variables() -> set[str]:
    """The Makefile's settings (NAME ?= default) that `make run` passes on: HOST, PORT, WORKERS."""
    makefile = (ROOT / "Makefile").read_text()
    settable = set(re.findall(r"^([A-Z_]+) \?=", makefile, re.M))
    recipe = re.search(r"^run:.*\n((?:\t.*\n)+)", makefile, re.M)
    assert recipe, "the Makefile has no run target"
    return settable & set(re.findall(r"\$\(([A-Z_]+)\)", recipe.group(1)))


def api_routes(api: str) -> list[tuple[str, str]]:
    """(method, path) of every route docs/api.md writes as `GET /api/...` or `POST /api/...` (query left off)."""
    return [(method, path.split("?")[0]) for method, path in re.findall(r"`(GET|POST) (/[^`\s]+)`", api)]


# -- the README ---------------------------------------------------------------------------------------------------


def test_the_readme_is_at_most_15_kb() -> None:
    size = len(README.read_bytes())
    assert size <= README_MOST_BYTES, f"README.md is {size} bytes; move detail into docs/ (at most {README_MOST_BYTES})"


def test_the_readme_starts_with_the_two_commands() -> None:
    text = README.read_text()
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert headings and headings[0] == "The two commands", headings[:1]
    block = re.search(r"```sh\n(.*?)```", section(text, "The two commands"), re.S)
    assert block, "no command block under 'The two commands'"
    commands = [line.split("#")[0].strip() for line in block.group(1).splitlines()]
    assert commands[:2] == ["make run", "make test"], commands


def test_the_readme_links_every_document_in_docs() -> None:
    text = README.read_text()
    assert DOCS, "docs/ holds no document"
    unlinked = [doc.name for doc in DOCS if f"(docs/{doc.name})" not in text]
    assert not unlinked, f"README.md does not link {unlinked}"


# -- paths, tests, links ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("document", [README, *DOCS], ids=lambda p: str(p.relative_to(ROOT)))
def test_every_path_a_document_names_exists(document: Path) -> None:
    assert not missing_paths(document.read_text()), f"{document.name} names paths that do not exist"


@pytest.mark.parametrize("document", [README, *DOCS], ids=lambda p: str(p.relative_to(ROOT)))
def test_every_test_a_document_names_exists(document: Path) -> None:
    missing = named_tests(document.read_text()) - defined_tests()
    assert not missing, f"{document.name} names tests that do not exist: {sorted(missing)}"


@pytest.mark.parametrize("document", [README, *DOCS], ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_between_documents_leads_to_a_file(document: Path) -> None:
    targets = re.findall(r"\]\(([^)#\s]+\.md)(?:#[^)]*)?\)", document.read_text())
    missing = [t for t in targets if not (document.parent / t).exists()]
    assert not missing, f"{document.name} links missing files: {missing}"


# -- settings -----------------------------------------------------------------------------------------------------


def test_every_setting_the_code_reads_is_documented_and_every_documented_one_is_read() -> None:
    documented = documented_environment((ROOT / "docs" / "deployment.md").read_text())
    read = environment_read()
    assert read - documented == set(), f"read by the code but not in docs/deployment.md: {sorted(read - documented)}"
    assert documented - read == set(), f"in docs/deployment.md but read nowhere: {sorted(documented - read)}"


def test_every_create_app_setting_documented_is_one_the_code_uses() -> None:
    settings = create_app_settings((ROOT / "docs" / "deployment.md").read_text())
    assert settings, "docs/deployment.md lists no create_app settings"
    code = "\n".join(path.read_text() for path in (ROOT / "companion").rglob("*.py"))
    unused = sorted(name for name in settings if f'"{name}"' not in code)
    assert not unused, f"docs/deployment.md documents settings the code never uses: {unused}"


# -- the API ------------------------------------------------------------------------------------------------------


def test_every_route_in_the_api_document_is_served(app) -> None:  # type: ignore[no-untyped-def]
    from werkzeug.exceptions import MethodNotAllowed, NotFound

    from companion.registry import packages
    from companion.web.registered import registered

    routes = api_routes((ROOT / "docs" / "api.md").read_text())
    assert len(routes) >= 8, routes
    adapter = app.url_map.bind("localhost")
    unserved = []
    with app.app_context():
        games = registered()
        for method, path in routes:
            for slug in (packages() if "<slug>" in path else [""]):
                concrete = path.replace("<slug>", slug)
                try:
                    endpoint, args = adapter.match(concrete, method=method)
                except (NotFound, MethodNotAllowed):
                    unserved.append(f"{method} {concrete}")
                    continue
                if endpoint == "api.call":  # one view for every game's calls: the game must have the action
                    actions = {r.action for r in games[args["slug"]].web.api} if args["slug"] in games else set()
                    if args["action"] not in actions:
                        unserved.append(f"{method} {concrete}")
    assert not unserved, f"docs/api.md lists routes the app does not serve: {unserved}"


# -- the checks themselves fail on a bad document -------------------------------------------------------------------


def test_the_checks_catch_what_they_are_for() -> None:
    assert missing_paths("see `companion/nowhere.py` and `tests/web/test_gate.py`") == ["companion/nowhere.py"]
    assert missing_paths("`tests/bench/bench_*.py` and `companion/web/games/<pkg>/`") == []
    assert named_tests("`test_no_such_thing`") - defined_tests() == {"test_no_such_thing"}
    deployment = ("# D\n\n## Configuration\n\n| setting | where | default |\n| --- | --- | --- |\n"
                  "| `HOST`, `NOT_READ` | x | y |\n\nSettings that only `create_app(config)` takes:\n\n"
                  "| setting | what | default |\n| --- | --- | --- |\n| `PRINT_WORKERS` | x | 1 |\n\n## Next\n")
    assert documented_environment(deployment) == {"HOST", "NOT_READ"}
    assert create_app_settings(deployment) == {"PRINT_WORKERS"}
    assert "NOT_READ" not in environment_read() and {"HOST", "DATABASE_URL", "WORKERS"} <= environment_read()
    assert api_routes("`POST /api/v1/x/y` and `GET /api/v1/<slug>/rules?q=…`") == [
        ("POST", "/api/v1/x/y"), ("GET", "/api/v1/<slug>/rules")]
