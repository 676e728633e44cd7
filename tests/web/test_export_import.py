"""A table exported as JSON (game, options, seats, profile, log) and imported again continues where it was."""

from __future__ import annotations

import json
import re

from tests.web.apps import Phone
from tests.web.helpers import text_of, totals, version_of
from tests.web.test_tables import enter, new_table


def exported(phone: Phone, table: str) -> dict:  # type: ignore[type-arg]
    response = phone.get(f"{table}/export.json")
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    return json.loads(response.get_data(as_text=True))


def test_export_holds_game_options_seats_profile_and_the_whole_log(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", option_cap="50")
    enter(phone, table, 0, "4")
    enter(phone, table, 1, "6")
    phone.post(f"{table}/undo", {"version": 2})
    data = exported(phone, table)
    assert data["format"] == "companion-table" and data["game"] == "tally"
    assert data["options"] == {"cap": "50"}
    assert data["seats"] == ["Aki", "Ben"]
    assert data["profile_ref"] == "builtin:default" and data["profile"]["name_en"] == "Tally deck (partial)"
    assert [(e["seq"], e["kind"]) for e in data["log"]] == [(1, "move"), (2, "move"), (3, "undo")]
    assert data["log"][1]["payload"] == {"seat": 1, "points": 6}


def test_import_continues_the_table_with_a_new_address(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", option_cap="50")
    enter(phone, table, 0, "4")
    enter(phone, table, 1, "6")
    phone.post(f"{table}/undo", {"version": 2})
    text = json.dumps(exported(phone, table))
    phone.get("/import")
    response = phone.post("/import", {"text": text})
    assert response.status_code == 303
    copy = response.headers["Location"]
    assert copy != table
    html = phone.get(copy).get_data(as_text=True)
    assert totals(html) == [4, 0]
    assert version_of(html) == 3
    # The redo that was offered is still offered, and the cap option came along.
    assert phone.post(f"{copy}/redo", {"version": 3}).status_code == 303
    response = enter(phone, copy, 1, "50")
    assert "The total stays at or under 50 (it would be 56)." in text_of(response.get_data(as_text=True))


def test_import_of_a_file_upload(phone: Phone) -> None:
    import io

    table = new_table(phone, "Aki", "Ben")
    enter(phone, table, 1, "2")
    body = json.dumps(exported(phone, table)).encode()
    response = phone.post("/import", {"file": (io.BytesIO(body), "t.json")}, content_type="multipart/form-data")
    assert response.status_code == 303
    assert totals(phone.get(response.headers["Location"]).get_data(as_text=True)) == [0, 2]


def test_import_refuses_what_is_not_an_export_and_keeps_the_text(phone: Phone) -> None:
    response = phone.post("/import", {"text": "{not json"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "The file is not a table export (JSON) from this app." in text_of(html)
    assert "{not json</textarea>" in html


def test_import_names_the_first_log_entry_the_rules_refuse(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    enter(phone, table, 0, "4")
    data = exported(phone, table)
    data["log"].append({"seq": 2, "kind": "move", "payload": {"seat": 0, "points": -10}})
    response = phone.post("/import", {"text": json.dumps(data)})
    assert response.status_code == 422
    page = text_of(response.get_data(as_text=True))
    assert "Entry 2 of the exported log is refused: The total stays at zero or above (it would be -6)." in page


def test_import_of_an_unknown_game_or_bad_seats(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    data = exported(phone, table)
    response = phone.post("/import", {"text": json.dumps(dict(data, game="chess"))})
    assert "This export is for a game this app does not know (chess)." in text_of(response.get_data(as_text=True))
    response = phone.post("/import", {"text": json.dumps(dict(data, seats=["Solo"]))})
    assert "The export's seats do not fit this game." in text_of(response.get_data(as_text=True))


def test_an_edited_profile_travels_with_the_export(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    data = exported(phone, table)
    data["profile"]["cards"].append({"id": "star", "points": 2})
    response = phone.post("/import", {"text": json.dumps(data)})
    copy = response.headers["Location"]
    again = exported(phone, copy)
    assert again["profile_ref"] == ""
    assert {"id": "star", "points": 2} in again["profile"]["cards"]
    assert re.fullmatch(r"/t/\S+", copy)


def test_an_unusable_profile_in_an_export_is_refused_with_the_reason(phone: Phone, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from companion.games.base import ImpossibleState
    from tests.web import tally

    table = new_table(phone, "Aki", "Ben")
    data = exported(phone, table)
    data["profile"]["meta"] = {"broken": True}
    original = tally.Tally.new_state

    def strict_new_state(self, players, options, profile):  # type: ignore[no-untyped-def]
        if profile.get("meta", {}).get("broken"):
            raise ImpossibleState("tally.bad_move", "T-0")
        return original(self, players, options, profile)

    monkeypatch.setattr(tally.Tally, "new_state", strict_new_state)
    response = phone.post("/import", {"text": json.dumps(data)})
    assert response.status_code == 422
    assert "The export's deck profile cannot be used: Points must be a whole number." in text_of(
        response.get_data(as_text=True))
