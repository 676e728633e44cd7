"""Helpers for the Planetary Sisters page tests: a deck profile with every card known (the engine tests' made-up
SYNTHETIC_DECK, never shipped), starting a table, and turning the engine's moves into the forms a phone sends."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from flask import Flask

from companion.games.planetary_sisters import Card, CardRef, Move, NameParent, Reveal, Setup, TableState, Turn
from companion.profiles import store as profile_store
from tests.games.planetary_sisters.support import complete_profile
from tests.web.apps import Phone
from tests.web.helpers import version_of

SLUG = "planetary-sisters"


def synthetic_profile_token(app: Flask) -> str:
    with app.app_context():
        return profile_store.create_profile(SLUG, complete_profile(), "test").token


def start_table(phone: Phone, *names: str, profile: str = "") -> str:
    data = {f"seat{i}": name for i, name in enumerate(names)}
    if profile:
        data["profile_link"] = profile
    response = phone.post(f"/new/{SLUG}", data)
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    return response.headers["Location"]


def token_of(url: str) -> str:
    return url.rstrip("/").rsplit("/", 1)[-1]


def notation(ref: CardRef) -> str:
    return str(ref)


def picker_fields(ref: CardRef, prefix: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    if ref.rank is not None:
        fields[f"{prefix}rank"] = str(ref.rank)
    for name, count in ref.elements or ():
        fields[f"{prefix}el_{name}"] = str(count)
    return fields


def _index(cards: tuple[Card, ...], ref: CardRef) -> int | None:
    for i, card in enumerate(cards):
        if ref.rank is not None and card.rank == ref.rank:
            return i
    for i, card in enumerate(cards):
        if ref.elements is not None and card.elements == ref.elements and (card.rank is None or ref.rank is None):
            return i
    return None


def form_of(move: Move, state: TableState) -> dict[str, str]:
    """The fields a phone sends for ``move`` on the table page as it shows ``state``."""
    if isinstance(move, Setup):
        return {"kind": "setup", "parent": str(move.parent), "cards": ",".join(map(notation, move.field))}
    if isinstance(move, Turn):
        form = {"kind": "turn", "seat": str(move.seat)}
        known = _index(state.seats[move.seat].known_hand, move.played)
        if known is not None:
            form["played"] = f"k{known}"
        else:
            form.update(picker_fields(move.played, "p_"))
        taken = _index(state.field, move.taken)
        assert taken is not None, (move, state.field)
        form["taken"] = f"f{taken}"
        return form
    if isinstance(move, NameParent):
        return {"kind": "parent", "seat": str(move.seat)}
    assert isinstance(move, Reveal)
    return {"kind": "reveal", "seat": str(move.seat), "cards": ",".join(map(notation, move.cards))}


def enter(phone: Phone, url: str, form: dict[str, str], htmx: bool = False):  # type: ignore[no-untyped-def]
    page = phone.get(url).get_data(as_text=True)
    data = {"version": str(version_of(page)), **form}
    headers = {"HX-Request": "true"} if htmx else {}
    return phone.post(f"/t/{token_of(url)}/move", data, headers=headers)


def totals_shown(html: str, section: str = "") -> dict[int, int]:
    """The totals a ranking shows, by seat (the first ranking in ``section``'s part of the page)."""
    part = html[html.index(section):] if section else html
    ranking = part[part.index('<ol class="ps-ranking">'):part.index("</ol>", part.index('<ol class="ps-ranking">'))]
    return {int(seat): int(total) for seat, total in
            re.findall(r'class="ps-total" data-seat="(\d+)">(\d+)<', ranking)}


def category_cells(html: str, seat: int, side: str) -> dict[str, tuple[int, int, int, int, int]]:
    """(production, harvesters, satisfaction, multiplier, points) per category, as one player's table shows."""
    start = html.index(f'<section class="ps-score" data-seat="{seat}">')
    block = html[start:html.index("</section>", start)]
    table = block[block.index(f'data-side="{side}"'):]
    table = table[:table.index("</table>")]
    rows = re.findall(r'<tr data-key="(\w+)">.*?<td class="p">(\d+)</td><td class="h">(\d+)</td>'
                      r'<td class="s">(\d+)</td><td class="m">(\d+)</td><td class="pts">(\d+)</td>', table, re.S)
    return {key: tuple(int(v) for v in values) for key, *values in rows}  # type: ignore[misc]


def side_total(html: str, seat: int, side: str) -> int:
    start = html.index(f'<section class="ps-score" data-seat="{seat}">')
    block = html[start:html.index("</section>", start)]
    match = re.search(rf'class="pts side-total" data-side="{side}">(\d+)<', block)
    assert match
    return int(match.group(1))


def hidden(html: str, name: str) -> str:
    match = re.search(rf'<input type="hidden" name="{re.escape(name)}" value="([^"]*)"', html)
    return unescape(match.group(1)) if match else ""


def sheet_state(html: str) -> dict[str, Any]:
    """The hidden fields that carry the score sheet."""
    names = ["players", "profile", "slot", "field", "house0", "house1", "house2", "house3", "guards0", "guards1"]
    return {n: hidden(html, n) for n in names if f'name="{n}"' in html}
