"""The house's arrows run one way: web -> play/store -> games. Checked from the source's imports (ast), so a
new module that breaks the shape fails here, not in a review."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMPANION = ROOT / "companion"
GAMES = COMPANION / "games"
STDLIB = set(sys.stdlib_module_names) | {"__future__"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> Iterator[tuple[str, ast.AST, bool]]:
    """(absolute module imported, node, whether inside a function) for every import of a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    functions = {id(n) for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                 for n in ast.walk(f)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node, id(node) in functions
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            if node.module:
                yield name, node, id(node) in functions
            else:  # "from .. import base": each name is a module of that package
                for alias in node.names:
                    yield f"{name}.{alias.name}", node, id(node) in functions


def sources(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "migrations" not in p.parts)


ENGINES = sorted(p for p in GAMES.iterdir() if p.is_dir() and (p / "__init__.py").exists())


@pytest.mark.parametrize("engine", ENGINES, ids=lambda p: p.name)
def test_an_engine_imports_only_the_standard_library_the_contract_and_itself(engine: Path) -> None:
    own = f"companion.games.{engine.name}"
    for path in sources(engine):
        for name, node, _inside in imports(path):
            top = name.split(".")[0]
            allowed = top in STDLIB or name == "companion.games.base" or name == own or name.startswith(own + ".")
            assert allowed, f"{path.relative_to(ROOT)}:{node.lineno} imports {name}"


def test_the_contract_is_pure() -> None:
    for name, node, _inside in imports(GAMES / "base.py"):
        assert name.split(".")[0] in STDLIB, f"base.py:{node.lineno} imports {name}"


# Every room below the web layer: the tables, groups, profiles, storage, the server's parts, the engines.
BELOW_WEB = ("tables", "groups", "profiles", "storage", "server", "games", "rulebook")
NOT_WEB = [COMPANION / f for f in ("registry.py", "inputs.py", "i18n.py", "config.py")] + [
    p for room in BELOW_WEB for p in sources(COMPANION / room)]


@pytest.mark.parametrize("path", NOT_WEB, ids=lambda p: str(p.relative_to(COMPANION)))
def test_below_the_web_layer_nothing_imports_it(path: Path) -> None:
    for name, node, _inside in imports(path):
        assert not name.startswith("companion.web"), f"{path.relative_to(ROOT)}:{node.lineno} imports {name}"


def test_no_import_of_the_companion_hides_inside_a_function() -> None:
    """An import inside a function is how a cycle gets dodged; the house has none to dodge."""
    # The app factory alone imports the web stack when called: importing an engine (which imports the package
    # root first) must not pull in Flask, so the engine tests run without it.
    factory = COMPANION / "__init__.py"
    hidden = [f"{p.relative_to(ROOT)}:{node.lineno} {name}" for p in sources(COMPANION) if p != factory
              for name, node, inside in imports(p) if inside and name.startswith("companion")]
    assert hidden == []


def test_the_web_package_init_only_wires() -> None:
    tree = ast.parse((COMPANION / "web" / "__init__.py").read_text(encoding="utf-8"))
    functions = [n.name for n in tree.body if isinstance(n, ast.FunctionDef)]
    assert functions == ["register_web"]


WEB_GAMES = sorted(p for p in (COMPANION / "web" / "games").iterdir() if p.is_dir() and (p / "__init__.py").exists())


# What a game's web package may use of the platform: the plug-in contract (gameweb: its hooks and their types), the
# helpers that word, read and draw (wording, messages, inputs, pages, links, standings, the card editor's form, the
# API's schema pieces, the printables' and rules documents' declarations) and pure data (profiles, records). Never
# the routes or services that load, render or write a table or a profile: those call the game's hooks instead.
PLUGIN_MAY_IMPORT = (
    "companion.games", "companion.inputs", "companion.i18n", "companion.groups.records",
    "companion.profiles.refs", "companion.profiles.progress",
    "companion.web.gameweb", "companion.web.wording", "companion.web.messages", "companion.web.reasons",
    "companion.web.standing",
    "companion.web.api.schema", "companion.web.profiles.cardforms", "companion.web.pages", "companion.web.links",
    "companion.tables.entries",  # how a logged entry reads (the entered move, the table's after it): pure
    "companion.web.printing.documents", "companion.web.rules.printables",
    # the one reader of an uploaded photo of cards (size and time limits, off the event loop, its messages): a
    # game's page only says what the cards read mean for its form
    "companion.web.photos",
)


PLUGIN_MAY_IMPORT_EXACTLY = ("companion.profiles",)  # the built-in profiles' data, not the users' profile store


def _allowed(name: str, own: str) -> bool:
    return name in PLUGIN_MAY_IMPORT_EXACTLY or any(
        name == m or name.startswith(m + ".") for m in (own, *PLUGIN_MAY_IMPORT))


def _imported_modules(path: Path) -> Iterator[tuple[str, int]]:
    """Every module a file imports, a "from package import module" named by the module it takes."""
    for name, node, _inside in imports(path):
        taken = [f"{name}.{a.name}" for a in getattr(node, "names", []) if isinstance(node, ast.ImportFrom)]
        modules = [t for t in taken if (ROOT / Path(*t.split("."))).with_suffix(".py").exists()
                   or (ROOT / Path(*t.split("."))).is_dir()]
        for module in modules or [name]:
            yield module, getattr(node, "lineno", 0)


@pytest.mark.parametrize("package", WEB_GAMES, ids=lambda p: p.name)
def test_a_games_web_package_is_a_plug_in(package: Path) -> None:
    """A game's web package turns forms into typed moves, words moves and reasons, draws its model and offers
    hooks; the platform loads, renders and writes tables and profiles (companion.tables.play, the store, the table
    routes and services), calling those hooks. So a game imports nothing of the platform but its toolkit."""
    own = module_name(package / "__init__.py")
    for path in sources(package):
        for name, line in _imported_modules(path):
            if name.startswith("companion"):
                assert _allowed(name, own), f"{path.relative_to(ROOT)}:{line} imports {name}"


def test_the_plug_in_rule_catches_a_reach_up() -> None:
    """The rule above fails on what the game packages used to do (load and render a table themselves)."""
    own = "companion.web.games.planeta_rica"
    for reach_up in ("companion.tables.play", "companion.tables.store", "companion.web.tables.routes",
                     "companion.web.tables.loading", "companion.web.profiles.model", "companion.web.profiles.desk",
                     "companion.web.guard.security", "companion.profiles.store"):
        assert not _allowed(reach_up, own)
    assert _allowed("companion.web.games.planeta_rica.asking", own)
    assert not _allowed("companion.web.games.lumiere.board", own)  # nor another game's package


def test_the_gunicorn_worker_class_imports_nothing_of_the_app() -> None:
    """gunicorn imports the worker class in its arbiter, before a worker patches sockets and locks for gevent: a
    module of the app imported then keeps real locks, and on PostgreSQL (whose queries let other greenlets run
    while a lock is held) one worker froze until gunicorn killed it. companion.server.serving imports the standard
    library, gevent and gunicorn only."""
    import subprocess
    import sys

    script = ("import sys, companion.server.serving; "
              "print(sorted(m for m in sys.modules if m.startswith(('companion.', 'flask', 'sqlalchemy', 'psycopg'))))")
    loaded = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                            cwd=str(ROOT)).stdout.strip()
    assert loaded == "['companion.server', 'companion.server.addresses', 'companion.server.serving']"


MODULE_LINES = 400  # past this a module holds more than one job: split it by job, named by what each holds


def test_no_module_is_over_400_lines() -> None:
    long = {str(p.relative_to(ROOT)): n for p in sources(COMPANION)
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MODULE_LINES}
    assert long == {}


def test_the_package_root_holds_only_the_app_and_what_every_room_shares() -> None:
    """The platform's rooms are packages named by what they hold (tables, groups, profiles, storage, server, web,
    printing, rulebook, games); at the root only the app itself and what every room reads."""
    flat = sorted(p.name for p in COMPANION.glob("*.py"))
    assert flat == ["__init__.py", "__main__.py", "cli.py", "config.py", "i18n.py", "inputs.py", "registry.py"]
