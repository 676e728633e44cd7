"""A group's new table asks who is playing today: the roster as checkboxes (ticked: who played the group's last
table of that game, else everyone), one POST without JavaScript starts the table with the ticked players seated
in the order the page lists them, and a wrong count is refused in the phone's language with the ticks kept."""

from __future__ import annotations

import re

from tests.web.apps import Phone
from tests.web.groups.support import export_of, finished_game, import_table, new_group
from tests.web.helpers import text_of


def _boxes(html: str) -> list[tuple[str, bool]]:
    """The roster's checkboxes in page order: (name, ticked)."""
    return [(name, bool(checked)) for name, checked in
            re.findall(r'<input type="checkbox" name="present" value="([^"]+)"( checked)?>', html)]


def test_everyone_is_ticked_before_the_group_has_played_the_game(app, client) -> None:  # type: ignore[no-untyped-def]
    phone = Phone(client)
    group = new_group(phone, "Friday club", "Aki", "Ben", "Chie")
    page = phone.get(f"{group}/new/lumiere").get_data(as_text=True)
    assert _boxes(page) == [("Aki", True), ("Ben", True), ("Chie", True)]
    assert "Who is playing today? (3 / 4 players)" in text_of(page)
    assert "They sit clockwise in the order of this list, the roster's order." in text_of(page)
    # one POST, as the page's form sends it without JavaScript; the seats follow the roster's order
    response = phone.post(f"{group}/new/lumiere", {"who": "present", "present": ["Chie", "Aki", "Ben"]})
    assert response.status_code == 303
    table = phone.get(response.headers["Location"]).get_data(as_text=True)
    assert re.search(r"<title>[^<]* · Aki, Ben, Chie</title>", table)


def test_the_last_table_of_the_game_is_ticked_in_its_order(app, client) -> None:  # type: ignore[no-untyped-def]
    phone = Phone(client)
    group = new_group(phone, "Friday club", "Aki", "Ben", "Chie", "Dan", "Emi")
    last = import_table(phone, export_of(finished_game("strato-sphere", ["Dan", "Aki"]), 0))
    assert phone.post(f"{group}/tables", {"table": last}).status_code == 303
    page = phone.get(f"{group}/new/strato-sphere").get_data(as_text=True)
    assert _boxes(page) == [("Dan", True), ("Aki", True), ("Ben", False), ("Chie", False), ("Emi", False)]
    assert "as at the group's last table of this game, then the rest of the roster" in text_of(page)
    # another game of the group is not that game's last table: everyone there
    assert all(ticked for _name, ticked in _boxes(phone.get(f"{group}/new/planeta-rica").get_data(as_text=True)))
    response = phone.post(f"{group}/new/strato-sphere", {"who": "present", "present": ["Aki", "Dan"]})
    assert response.status_code == 303
    table = phone.get(response.headers["Location"]).get_data(as_text=True)
    assert re.search(r"<title>Strato-Sphere · Dan, Aki</title>", table)


def test_a_wrong_count_is_refused_and_the_ticks_kept(app, client) -> None:  # type: ignore[no-untyped-def]
    phone = Phone(client)
    group = new_group(phone, "Friday club", "Aki", "Ben", "Chie", "Dan", "Emi")
    nobody = phone.post(f"{group}/new/strato-sphere", {"who": "present"})
    assert nobody.status_code == 422
    assert "Nobody is ticked: tick each player who is playing today." in text_of(nobody.get_data(as_text=True))
    assert not any(ticked for _name, ticked in _boxes(nobody.get_data(as_text=True)))
    three = phone.post(f"{group}/new/strato-sphere", {"who": "present", "present": ["Aki", "Ben", "Emi"]})
    assert three.status_code == 422
    html = three.get_data(as_text=True)
    assert "3 players are ticked, but Strato-Sphere is played by 2 / 4 players." in text_of(html)
    assert _boxes(html) == [("Aki", True), ("Ben", True), ("Chie", False), ("Dan", False), ("Emi", True)]
    ja = Phone(client, "ja")
    one = ja.post(f"{group}/new/strato-sphere", {"who": "present", "present": ["Aki"]})
    assert one.status_code == 422
    assert "1人にチェックが入っていますが、ストラトスフェアは2 / 4人で遊ぶゲームです。" in text_of(one.get_data(as_text=True))
