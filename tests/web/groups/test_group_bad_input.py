"""Bad input to groups gets a clear answer in the user's language, never a 500, and writes nothing."""

from __future__ import annotations

import json

import pytest

from tests.web.apps import Phone
from tests.web.groups.support import new_group
from tests.web.helpers import text_of


@pytest.mark.parametrize("body", [
    "not json", "[]", json.dumps({"format": "companion-table"}),
    json.dumps({"format": "companion-group", "format_version": 2}),
    json.dumps({"format": "companion-group", "format_version": 1, "name": "", "members": "x", "tables": {}}),
    json.dumps({"format": "companion-group", "format_version": 1, "name": "G", "members": [1, {"name": "A"}],
                "tables": [1, {"format": "companion-table", "game": "nope"}]}),
    json.dumps({"format": "companion-group", "format_version": 1, "name": "G" * 61, "members": [],
                "tables": []}),
])
def test_a_bad_group_import_is_refused_with_reasons(phone: Phone, body: str) -> None:
    response = phone.post("/groups/import", {"text": body})
    assert response.status_code == 422
    page = text_of(response.get_data(as_text=True))
    assert "This file cannot be imported, and nothing was saved:" in page


def test_an_empty_import_and_odd_links_are_answered(phone: Phone) -> None:
    assert phone.post("/groups/import", {"text": " "}).status_code == 422
    group = new_group(phone, "G", "Aki")
    assert phone.post(f"{group}/members/99999/remove").status_code == 303
    assert phone.get(f"{group}/plays/0.bgsplay").status_code == 404
    assert phone.get(f"{group}/new/no-such-game").status_code == 404
    assert phone.post(f"{group}/tables", {"table": "\x00/t/../../etc"}).status_code == 422
    assert phone.post("/t/nope/rematch", {"order": "same"}).status_code == 404
    refused = phone.post("/groups/new", {"name": " ", "member0": "Aki", "member1": "aki"})
    assert refused.status_code == 422
    page = text_of(refused.get_data(as_text=True))
    assert "Give the group a name of at most 60 characters" in page
    assert "aki is on the roster already: give each player a different name." in page


def test_a_group_with_no_games_yet(phone: Phone) -> None:
    group = new_group(phone, "New friends", "Aki", "Ben")
    page = text_of(phone.get(group).get_data(as_text=True))
    assert "No finished game yet." in page and "Not finished" not in page
    stats = text_of(phone.get(f"{group}/stats").get_data(as_text=True))
    assert "From 0 finished games" in stats
    assert phone.get(f"{group}/plays.csv").get_data(as_text=True).startswith("date,game,table,player,")
    data = json.loads(phone.get(f"{group}/bgstats.json").get_data(as_text=True))
    # the roster is listed with no play yet, and BG Stats' "me" is its first member (a player in the file)
    assert data["plays"] == [] and [(p["id"], p["name"]) for p in data["players"]] == [(1, "Aki"), (2, "Ben")]
    assert data["userInfo"] == {"meRefId": 1, "bggUsername": ""}


def test_a_csv_cell_that_a_spreadsheet_would_run_is_kept_as_text() -> None:
    from companion.groups.exports import cell

    assert cell("=HYPERLINK(\"http://x\")") == "'=HYPERLINK(\"http://x\")"
    assert cell("@SUM(A1)") == "'@SUM(A1)" and cell("-2+3") == "'-2+3"
    assert cell("Aki") == "Aki" and cell(-3) == -3 and cell("") == ""
