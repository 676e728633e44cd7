"""Playing a Strato-Sphere table the way a phone does: start it, then send the forms a tap sends."""

from __future__ import annotations

import re
from typing import Any

from tests.web.apps import Phone
from tests.web.helpers import text_of, version_of

LAST_SEAT = -1


def new_table(phone: Phone, *names: str, forces: str = "", dealer: int | None = LAST_SEAT) -> str:
    """Start a table and name its dealer, as the table does first (SS-5): by default the last seat, so the first
    seat moves first; ``dealer=None`` leaves the question open."""
    data = {f"seat{i}": name for i, name in enumerate(names)}
    if forces:
        data["option_forces"] = forces
    response = phone.post("/new/strato-sphere", data)
    assert response.status_code == 303, text_of(response.get_data(as_text=True))
    table = str(response.headers["Location"])
    if dealer is not None:
        play(phone, table, f"dealer {dealer % len(names)}")
    return table


def form_of(notation: str) -> dict[str, str]:
    """The fields a tap sends for a move written in the engine's notation ("reveal 0 KS", "attack 2 3", …)."""
    head, *args = notation.split()
    if head in ("place", "conceal"):
        return {"type": head, "node": args[0]}
    if head == "reveal":
        return {"type": "reveal", "node": args[0], "rank": args[1][:-1], "suit": args[1][-1]}
    if head in ("shift", "attack"):
        return {"type": head, "from": args[0], "to": args[1]}
    if head == "defend":
        return {"type": "defend", "seat": args[0], "rank": args[1][:-1], "suit": args[1][-1]}
    if head == "dealer":
        return {"type": "dealer", "seat": args[0]}
    if head == "no-defence":
        return {"type": "no_defence"}
    if head == "forces":
        return {"type": "forces", **{f"force{seat}": force for seat, force in enumerate(args)}}
    return {"type": head}


def enter(phone: Phone, table: str, notation: str = "", version: int | None = None, **fields: str):  # type: ignore[no-untyped-def]
    """Send one entry form; the table's current version unless one is given."""
    if version is None:
        version = version_of(phone.get(table).get_data(as_text=True))
    data: dict[str, Any] = form_of(notation) if notation else {}
    data.update(fields)
    data["version"] = version
    return phone.post(f"{table}/move", data)


def play(phone: Phone, table: str, *moves: str) -> None:
    """Enter moves one after the other; each must be saved."""
    for notation in moves:
        response = enter(phone, table, notation)
        assert response.status_code == 303, (notation, text_of(response.get_data(as_text=True))[-900:])


def page(phone: Phone, table: str, **args: str) -> str:
    query = "&".join(f"{k}={v}" for k, v in args.items())
    return phone.get(table + (f"?{query}" if query else "")).get_data(as_text=True)


def node_html(html: str, node: int) -> str:
    """The markup of one node of the ring (an <a> when it can be tapped, else a <div>)."""
    match = re.search(rf'<(a|div) class="ss-node n{node} [^"]*"[^>]*>.*?</\1>', html, flags=re.S)
    assert match, f"node {node} is not drawn"
    return match.group(0)


def node_text(html: str, node: int) -> str:
    """What the node shows (a tappable node's hidden description for screen readers left out)."""
    return text_of(re.sub(r'<span class="sr">.*?</span>', "", node_html(html, node)))


def node_classes(html: str, node: int) -> list[str]:
    match = re.search(rf'class="(ss-node n{node} [^"]*)"', html)
    assert match
    return match.group(1).split()


def section(html: str, element_id: str) -> str:
    """The text of the section with this id."""
    match = re.search(rf'<section[^>]*id="{element_id}"[^>]*>.*?</section>', html, flags=re.S)
    assert match, f"no section #{element_id}"
    return text_of(match.group(0))


def checked(html: str, name: str) -> list[str]:
    """The values of the checked radio buttons called ``name``."""
    return re.findall(rf'<input type="radio" name="{re.escape(name)}" value="([^"]*)" checked>', html)


def chosen(html: str) -> list[str]:
    """The cards marked on a one-tap card grid as the refused entry's (pickers.py)."""
    return re.findall(r'name="card" value="([^"]*)" class="[^"]*\bis-chosen\b', html)


def problems(html: str) -> list[str]:
    return [text_of(p) for p in re.findall(r"<li>(.*?)</li>", html.split('class="problems"', 1)[1].split("</ul>")[0])] \
        if 'class="problems"' in html else []


def summary_of(app: Any, table: str) -> Any:
    """The game's score summary of a table, in English."""
    from companion.tables import store
    from companion.tables.view import view_of
    from companion.web.games.strato_sphere import WEB

    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert WEB.summary is not None
        return WEB.summary(view_of(store.get_table(table.rsplit("/", 1)[1])))
