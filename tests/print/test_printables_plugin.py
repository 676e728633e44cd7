"""Each game prints its own documents: its web package's ``printables`` module lists them, the print page finds
them by name, and the shared printing code (companion/web/printing/) names no game."""

from __future__ import annotations

import importlib
import pkgutil
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

import companion.games
import companion.web.games
from companion.web.gameweb import discover
from companion.web.printing import listing

ROOT = Path(__file__).resolve().parents[2]
SHARED = sorted((ROOT / "companion" / "web" / "printing").glob("*.py"))


def _game_packages() -> set[str]:
    engines = {m.name for m in pkgutil.iter_modules(companion.games.__path__) if m.ispkg}
    webs = {m.name for m in pkgutil.iter_modules(companion.web.games.__path__) if m.ispkg}
    return engines | webs


def test_the_shared_printing_code_names_no_game() -> None:
    packages = _game_packages()
    slugs = {name.replace("_", "-") for name in packages} | {g.slug for g in listing.game_printables()}
    ids = {p.id for g in listing.game_printables() for p in g.printables}
    names = {name for g in listing.game_names().values() for name in g}
    assert SHARED and packages and ids
    for path in SHARED:
        text = path.read_text(encoding="utf-8")
        lowered = text.lower()
        for word in packages | slugs:
            assert not re.search(rf"\b{re.escape(word)}\b", lowered), f"{path.name} names the game {word!r}"
        for printable_id in ids:
            assert f'"{printable_id}"' not in text, f"{path.name} names the printable {printable_id!r}"
        for name in names:
            assert name not in text, f"{path.name} names the game {name!r}"
        # no engine import of one game (``from ...games import x``, ``companion.games.x``)
        imported = set(re.findall(r"games(?:\.| import )(\w+)", text))
        assert not imported & packages, f"{path.name} imports {sorted(imported & packages)}"


def test_each_game_package_brings_its_printables_in_the_print_page_order() -> None:
    found = listing.game_printables()
    assert [g.slug for g in found] == ["planetary-sisters", "lumiere", "strato-sphere", "sister-combination",
                                      "planeta-rica"]
    webs = discover()
    for game in found:
        module = importlib.import_module(f"companion.web.games.{game.package}.printables")
        # the module's printables, then the game's sticker sheet of card markers (stickers.py, every game with them)
        assert game.printables[:-1] == module.PRINTABLES and all(p.game == game.slug for p in game.printables)
        assert game.printables[-1].id == module.PRINTABLES[0].id.split("-")[0] + "-stickers"
        if game.slug in webs:  # the GameWeb hook carries the same tuple
            assert webs[game.slug].printables == module.PRINTABLES
    by_slug = {game.slug: game for game in found}
    assert webs["sister-combination"].printables == by_slug["sister-combination"].printables[:-1]  # deck + reference
    assert listing.all_printables()[-1].id == "calibration"


@pytest.mark.parametrize("printable_id", [p.id for p in listing.all_printables()])
def test_every_registered_printable_is_served(client: FlaskClient, printable_id: str) -> None:
    response = client.get(f"/print/{printable_id}.pdf?lang=en&paper=a4")
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    assert response.mimetype == "application/pdf" and response.data.startswith(b"%PDF")


@pytest.fixture
def demo_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A game that exists only as a web package with printables (and an engine package with its names), in
    folders of its own: nothing of the shared printing code is edited to add it."""
    web = tmp_path / "web" / "zz_demo"
    engine = tmp_path / "engine" / "zz_demo"
    web.mkdir(parents=True)
    engine.mkdir(parents=True)
    (web / "__init__.py").write_text('"""A demo game: printables only."""\n')
    (web / "printables.py").write_text(
        "from companion.web.printing.documents import Printable, calibration\n"
        'PRINTABLES = (Printable("zz-mat", "zz-demo", "Demo mat", "A demo page.", ("paper", "lang"), calibration),)\n'
    )
    (engine / "__init__.py").write_text('NAME_JA = "デモ"\nNAME_EN = "Demo Game"\n')
    monkeypatch.setattr(companion.web.games, "__path__", [*companion.web.games.__path__, str(web.parent)])
    monkeypatch.setattr(companion.games, "__path__", [*companion.games.__path__, str(engine.parent)])
    caches = (listing.game_printables, listing.all_printables, listing.by_id)
    for cached in caches:
        cached.cache_clear()
    yield "zz-mat"
    for cached in caches:
        cached.cache_clear()
    for name in ("companion.web.games.zz_demo.printables", "companion.web.games.zz_demo", "companion.games.zz_demo"):
        sys.modules.pop(name, None)


def test_a_new_game_package_adds_its_printables(client: FlaskClient, demo_game: str) -> None:
    page = client.get("/print").get_data(as_text=True)
    assert 'id="game-zz-demo"' in page and "Demo Game" in page and f"/print/{demo_game}.pdf" in page
    response = client.get(f"/print/{demo_game}.pdf?lang=en")
    assert response.status_code == 200 and response.data.startswith(b"%PDF")
