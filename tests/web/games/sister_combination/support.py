"""Helpers for the Sister Combination page tests: tables driven through their forms."""

from __future__ import annotations

import json
from typing import Any

from tests.web.apps import Phone
from tests.web.helpers import text_of, version_of

NAMES = ("Aki", "Ben", "Chie", "Dai", "Emi")


def new_table(phone: Phone, *names: str, **options: str) -> str:
    data = {f"seat{i}": n for i, n in enumerate(names or NAMES)}
    data.update({f"option_{k}": v for k, v in options.items()})
    response = phone.post("/new/sister-combination", data)
    assert response.status_code == 303, text_of(response.get_data(as_text=True))
    return str(response.headers["Location"])


def old_table(phone: Phone, *names: str, **options: str) -> str:
    """A table started before a ruling was read again, with the retired reading it kept (``hands="as-entered"``):
    a new table can no longer choose it, so it comes in as its export brings it."""
    export = {"format": "companion-table", "format_version": 1, "game": "sister-combination", "version": 0,
              "options": options, "seats": list(names or NAMES), "profile_ref": "", "profile": {}, "log": []}
    response = phone.post("/import", {"text": json.dumps(export)})
    assert response.status_code == 303, text_of(response.get_data(as_text=True))
    return str(response.headers["Location"]).split("?")[0]


def imported(phone: Phone, moves: list[dict[str, Any]], *names: str, **options: str) -> str:
    """A table brought in by its export, with its log of moves (the engine's move JSON): a long game in one step.
    Its options are stored as given (a key left out: the table was started before that option existed)."""
    log = [{"seq": i + 1, "kind": "move", "payload": move} for i, move in enumerate(moves)]
    export = {"format": "companion-table", "format_version": 1, "game": "sister-combination", "version": len(log),
              "options": options, "seats": list(names or NAMES), "profile_ref": "", "profile": {}, "log": log}
    response = phone.post("/import", {"text": json.dumps(export)})
    assert response.status_code == 303, text_of(response.get_data(as_text=True))
    return str(response.headers["Location"]).split("?")[0]


def send(phone: Phone, table: str, **form: Any):  # type: ignore[no-untyped-def]
    form.setdefault("version", version_of(phone.get(table).get_data(as_text=True)))
    return phone.post(f"{table}/move", {k: str(v) for k, v in form.items()})


def play(phone: Phone, table: str, *entries: str) -> None:
    """Entries as ``kind key=value …`` (``"play sister=karen symbol=5"``); each must be saved."""
    for entry in entries:
        kind, *pairs = entry.split()
        fields = dict(pair.split("=", 1) for pair in pairs)
        response = send(phone, table, kind=kind, **fields)
        assert response.status_code == 303, (entry, text_of(response.get_data(as_text=True))[:1500])


def started(phone: Phone, *names: str, field: str = "karen:3", **options: str) -> str:
    table = new_table(phone, *names, **options)
    sister, symbol = field.split(":")
    hands = {f"h{i}": "7" for i in range(len(names or NAMES))}
    sizes = " ".join(f"{k}={v}" for k, v in hands.items())
    play(phone, table, f"setup first=0 sister={sister} symbol={symbol} {sizes}")
    return table


def page(phone: Phone, table: str) -> str:
    return text_of(phone.get(table).get_data(as_text=True))
