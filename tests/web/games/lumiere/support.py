"""Helpers for the Lumière Prière page tests: tables driven through their forms, areas read back from pages."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

from tests.games.lumiere.support import complete_profile
from tests.web.apps import Phone
from tests.web.helpers import text_of, version_of


def new_table(phone: Phone, *names: str, profile: str = "") -> str:
    data = {f"seat{i}": n for i, n in enumerate(names)}
    if profile:
        data["profile_link"] = profile
    response = phone.post("/new/lumiere", data)
    assert response.status_code == 303, text_of(response.get_data(as_text=True))
    return str(response.headers["Location"])


def import_profile(phone: Phone, profile: dict[str, Any]) -> str:
    """A user profile made from ``profile`` (through the import form); returns its token."""
    response = phone.post("/profiles/lumiere/import", {"text": json.dumps(profile)})
    assert response.status_code == 303, text_of(response.get_data(as_text=True))
    return str(response.headers["Location"]).rsplit("/", 1)[-1]


def scored_profile(phone: Phone, stackable: frozenset[str] = frozenset()) -> str:
    """A complete profile with the engine tests' made-up points (commoner 1, yokai −2, …)."""
    return import_profile(phone, complete_profile(stackable))


def send(phone: Phone, table: str, headers: dict[str, str] | None = None, **form: Any):  # type: ignore[no-untyped-def]
    """Post one entry form of the table page, on the version the page shows now."""
    form.setdefault("version", version_of(phone.get(table).get_data(as_text=True)))
    return phone.post(f"{table}/move", {k: str(v) for k, v in form.items()}, headers=headers or {})


def play(phone: Phone, table: str, *entries: str) -> None:
    """Entries as ``kind key=value …`` (``"set cell=r1c2"``); each must be saved."""
    for entry in entries:
        kind, *pairs = entry.split()
        fields = dict(pair.split("=", 1) for pair in pairs)
        response = send(phone, table, kind=kind, **fields)
        assert response.status_code == 303, (entry, text_of(response.get_data(as_text=True)))


def area_classes(html: str, cell: str) -> set[str]:
    """The classes of the area ``cell`` ("r1c2") on the drawn field: filled, o<owner>, active, taken, end…"""
    match = re.search(rf'class="([^"]*)" data-cell="{cell}"', html)
    assert match, f"no area {cell}"
    return set(match.group(1).split())


def area_label(html: str, cell: str) -> str:
    # a drawn area is named by aria-label; a tappable one (a button) by its hidden description
    match = re.search(rf'data-cell="{cell}"(?:[^>]*aria-label="([^"]*)"|><span class="sr">([^<]*)</span>)', html)
    assert match, f"no area {cell}"
    return unescape(match.group(1) or match.group(2))


def section(html: str, element_id: str) -> str:
    """The visible text of the element with this id (up to the next section or the end of the fragment)."""
    start = html.find(f'id="{element_id}"')
    assert start >= 0, f"no #{element_id}"
    end = html.find("</section>", start)
    return text_of(html[start:end if end > 0 else None].split(">", 1)[1])


def points_of(html: str, seat: int) -> str:
    match = re.search(rf'<p class="lp-points" data-seat="{seat}">(.*?)</p>', html, re.S)
    assert match, f"no point area for seat {seat}"
    return text_of(match.group(1))


def total_of(html: str, seat: int) -> str:
    match = re.search(rf'class="total" data-seat="{seat}">([^<]*)<', html)
    assert match, f"no score for seat {seat}"
    return match.group(1)
