"""Clause ids are stable: links, bookmarks and the API's ``url`` and ``rule_url`` carry them,
so the checked-in list (clause_ids.toml) may only grow. A clause removed or renamed fails here; a new clause fails
until its id is added to the list."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from companion.rulebook import rulebooks

LISTED = tomllib.loads((Path(__file__).parent / "clause_ids.toml").read_text(encoding="utf-8"))


def test_every_game_is_listed() -> None:
    assert sorted(LISTED) == sorted(rulebooks())


@pytest.mark.parametrize("slug", sorted(LISTED))
def test_no_listed_clause_id_is_gone(slug: str) -> None:
    ids = {c.id for c in rulebooks()[slug].clauses}
    gone = [i for i in LISTED[slug] if i not in ids]
    assert not gone, f"{slug}: clause ids removed or renamed (links to them would break): {gone}"


@pytest.mark.parametrize("slug", sorted(LISTED))
def test_every_clause_id_is_listed(slug: str) -> None:
    new = [c.id for c in rulebooks()[slug].clauses if c.id not in LISTED[slug]]
    assert not new, f"{slug}: add these new clause ids to tests/rulebook/clause_ids.toml: {new}"


@pytest.mark.parametrize("slug, part", [(slug, part) for slug in sorted(LISTED) for part in ("overview", "scoring", "end")])
def test_the_whole_game_is_covered(slug: str, part: str) -> None:
    assert any(c.part == part for c in rulebooks()[slug].clauses), f"{slug} has no {part} clause"
