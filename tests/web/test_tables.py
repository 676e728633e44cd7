"""Tables: creation, entries checked by the game, the log with undo and redo, live polling, conflicts."""

from __future__ import annotations

import re

from tests.web.apps import Phone
from tests.web.helpers import input_value, text_of, totals, version_of


def new_table(phone: Phone, *names: str, **extra: str) -> str:
    data = {f"seat{i}": n for i, n in enumerate(names)}
    data.update(extra)
    response = phone.post("/new/tally", data)
    assert response.status_code == 303, text_of(response.get_data(as_text=True))
    location = response.headers["Location"]
    assert re.fullmatch(r"/t/[A-Za-z0-9_-]{24}", location), location
    return location


def enter(phone: Phone, table: str, seat: int, points: str, version: int | None = None, **headers: str):  # type: ignore[no-untyped-def]
    if version is None:
        version = version_of(phone.get(table).get_data(as_text=True))
    return phone.post(f"{table}/move", {"seat": seat, "points": points, "version": version}, headers=headers)


def test_home_lists_working_games_with_their_player_counts(phone: Phone) -> None:
    page = text_of(phone.get("/").get_data(as_text=True))
    assert "Tally" in page and "得点表" in page
    assert "2/3/4 players" in page


def test_a_table_is_created_with_its_seats_and_an_unguessable_address(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", "Chie")
    token = table.rsplit("/", 1)[1]
    assert len(token) * 6 >= 96
    page = text_of(phone.get(table).get_data(as_text=True))
    assert "1. Aki" in page and "2. Ben" in page and "3. Chie" in page
    assert "Nothing entered yet." in page


def test_wrong_number_of_seats_is_explained_and_names_are_kept(phone: Phone) -> None:
    response = phone.post("/new/tally", {"seat0": "Solo"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Enter the names of 2 / 3 / 4 players, in clockwise order." in text_of(html)
    assert input_value(html, "seat0") == "Solo"


def test_duplicate_names_are_refused(phone: Phone) -> None:
    response = phone.post("/new/tally", {"seat0": "Aki", "seat1": "aki"})
    assert response.status_code == 422
    assert "Two seats have the same name" in text_of(response.get_data(as_text=True))


def test_an_option_outside_its_choices_is_refused(phone: Phone) -> None:
    response = phone.post("/new/tally", {"seat0": "A", "seat1": "B", "option_cap": "7"})
    assert response.status_code == 422
    assert "Choose one of the offered settings." in text_of(response.get_data(as_text=True))


def test_unknown_table_is_a_404_page(phone: Phone) -> None:
    response = phone.get("/t/" + "x" * 24)
    assert response.status_code == 404
    assert "There is nothing at this address." in text_of(response.get_data(as_text=True))
    assert phone.get("/t/nope/poll?v=0").status_code == 404
    assert phone.get("/w/nope").status_code == 404


def test_an_entry_address_opened_again_shows_the_table(phone: Phone) -> None:
    """A page drawn as an entry's answer (JavaScript off, or a photo read) has the form's address; reloading it
    asks for that address again: the table as it is now, never a "not allowed" page."""
    table = new_table(phone, "Aki", "Ben")
    for form in ("move", "undo", "photo/market", "act/draft"):
        response = phone.get(f"{table}/{form}?at=1")
        assert response.status_code == 303 and response.headers["Location"] == table, form
    unknown = "/t/" + "x" * 24
    assert phone.get(unknown + "/move").headers["Location"] == unknown  # no such table: a 404, as its address is


def test_an_entry_is_checked_applied_and_logged(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    response = enter(phone, table, 1, "7")
    assert response.status_code == 303 and response.headers["Location"] == table + "?at=1"  # the step Back returns to
    html = phone.get(table).get_data(as_text=True)
    assert totals(html) == [0, 7]
    assert version_of(html) == 1
    assert "#1 Ben: +7" in text_of(html)


def test_an_illegal_entry_is_refused_with_the_reason_and_rule_and_the_entry_is_kept(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    response = enter(phone, table, 0, "-5")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    page = text_of(html)
    assert "Not allowed by the rules, so nothing was saved:" in page
    assert "The total stays at zero or above (it would be -5). (T-2)" in page
    assert input_value(html, "points") == "-5"
    assert totals(phone.get(table).get_data(as_text=True)) == [0, 0]


def test_an_unreadable_entry_gets_a_clear_message(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    response = enter(phone, table, 0, "seven")
    assert response.status_code == 422
    page = text_of(response.get_data(as_text=True))
    assert "This entry could not be read, so nothing was saved:" in page
    assert "Points must be a whole number." in page


def test_two_phones_on_one_version_one_wins_the_other_sees_fresh_state_and_keeps_its_entry(client, app) -> None:  # type: ignore[no-untyped-def]
    a, b = Phone(client), Phone(app.test_client())
    table = new_table(a, "Aki", "Ben")
    seen = version_of(b.get(table).get_data(as_text=True))
    assert enter(a, table, 0, "3", version=seen).status_code == 303
    # B's entry names the total it saw (0), which A's entry changed: its meaning changed, so it is refused.
    response = b.post(f"{table}/move", {"seat": 0, "points": 4, "expect": 0, "version": seen})
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "Another phone entered something first, so this entry was not saved." in text_of(html)
    assert totals(html) == [3, 0]  # the fresh state
    assert version_of(html) == 1
    assert input_value(html, "points") == "4"  # nothing the player typed is lost
    # Sending it again on the fresh version goes through.
    assert b.post(f"{table}/move", {"seat": 0, "points": 4, "expect": 3, "version": 1}).status_code == 303
    assert totals(b.get(table).get_data(as_text=True)) == [7, 0]


def test_undo_takes_back_the_last_entry_and_the_log_keeps_the_record(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    enter(phone, table, 0, "3")
    enter(phone, table, 1, "5")
    assert phone.post(f"{table}/undo", {"version": 2}).status_code == 303
    html = phone.get(table).get_data(as_text=True)
    assert totals(html) == [3, 0]
    page = text_of(html)
    assert "#3 Undo of #2: Ben: +5" in page
    assert re.search(r'<li class="log-move undone" data-seq="2">', html)
    # Redo is offered until something new is entered.
    assert 'Redo</button>' in html and "disabled>Redo" not in html.replace(" >", ">")
    assert phone.post(f"{table}/redo", {"version": 3}).status_code == 303
    html = phone.get(table).get_data(as_text=True)
    assert totals(html) == [3, 5]
    assert "#4 Redo of #2: Ben: +5" in text_of(html)


def test_something_new_after_undo_ends_redo(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    enter(phone, table, 0, "3")
    phone.post(f"{table}/undo", {"version": 1})
    enter(phone, table, 1, "1")
    html = phone.get(table).get_data(as_text=True)
    assert re.search(r"<button type=\"submit\" class=\"redo\" disabled>Redo</button>", html)
    # Undo names what it would take back: the newest standing entry, in the dock after the table's forms (issue 35)
    undo = re.search(r'<button type="submit" class="undo" >(.*?)</button>', html, flags=re.S)
    assert undo and text_of(undo.group(1)) == "Undo last entry #3 Ben: +1"
    assert html.index("/move") < html.index('id="dock"') < html.index('class="undo"')
    response = phone.post(f"{table}/redo", {"version": 3})
    assert response.status_code == 303
    assert totals(phone.get(table).get_data(as_text=True)) == [0, 1]


def test_undo_with_a_stale_version_is_a_conflict_not_a_lost_entry(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    enter(phone, table, 0, "3")
    enter(phone, table, 0, "4")
    response = phone.post(f"{table}/undo", {"version": 1})
    assert response.status_code == 409
    assert totals(phone.get(table).get_data(as_text=True)) == [7, 0]


def test_the_poll_answers_204_until_something_changes_then_the_fresh_fragment(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    assert phone.get(f"{table}/poll?v=0", headers={"HX-Request": "true"}).status_code == 204
    enter(phone, table, 0, "2")
    response = phone.get(f"{table}/poll?v=0", headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" not in html and html.lstrip().startswith('<div id="live" data-version="1"')
    assert totals(html) == [2, 0]
    assert f'hx-get="{table}/poll?v=1"' in html


def test_htmx_gets_the_fragment_and_everyone_gets_vary(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    full = phone.get(table)
    fragment = phone.get(table, headers={"HX-Request": "true"})
    assert "<html" in full.get_data(as_text=True)
    assert "<html" not in fragment.get_data(as_text=True)
    for response in (full, fragment):
        assert "HX-Request" in response.headers["Vary"]


def test_an_htmx_entry_answers_with_the_updated_fragment(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    response = enter(phone, table, 1, "6", **{"HX-Request": "true"})
    assert response.status_code == 200
    assert totals(response.get_data(as_text=True)) == [0, 6]


def test_the_read_only_link_shows_the_table_without_any_entry_form(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    enter(phone, table, 0, "9")
    html = phone.get(table).get_data(as_text=True)
    watch = re.search(r'id="watch-link" readonly value="http://localhost(/w/[^"]+)"', html).group(1)
    assert watch != table
    watched = phone.get(watch).get_data(as_text=True)
    assert totals(watched) == [9, 0]
    assert "/move" not in watched and "/undo" not in watched and "Share this table" not in watched
    assert phone.get(f"{watch}/poll?v=1").status_code == 204
    assert phone.post(f"{watch}/move", {"seat": 0, "points": 1, "version": 1}).status_code in (404, 405)


def test_the_table_page_has_a_qr_code_of_its_link(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    html = phone.get(table).get_data(as_text=True)
    assert f'src="{table}/qr.svg"' in html
    response = phone.get(f"{table}/qr.svg")
    assert response.mimetype == "image/svg+xml"
    svg = response.get_data(as_text=True)
    assert svg.startswith("<svg") and 'xmlns="http://www.w3.org/2000/svg"' in svg


def test_a_table_survives_a_server_restart(tmp_path, database_url) -> None:  # type: ignore[no-untyped-def]
    from tests.web.apps import make_app

    first = make_app(tmp_path, database_url)
    phone = Phone(first.test_client())
    table = new_table(phone, "Aki", "Ben")
    enter(phone, table, 1, "8")
    first.extensions["db_engine"].dispose()
    second = make_app(tmp_path, database_url)
    assert totals(Phone(second.test_client()).get(table).get_data(as_text=True)) == [0, 8]
    second.extensions["db_engine"].dispose()


def test_table_creation_is_rate_limited_per_client_and_the_form_is_kept(tmp_path, database_url) -> None:  # type: ignore[no-untyped-def]
    from tests.web.apps import make_app

    app = make_app(tmp_path, database_url, TABLES_PER_WINDOW=2)
    phone = Phone(app.test_client())
    new_table(phone, "A", "B")
    new_table(phone, "A", "B")
    response = phone.post("/new/tally", {"seat0": "Kei", "seat1": "Lou"})
    assert response.status_code == 429
    html = response.get_data(as_text=True)
    assert "This phone has started many tables in a short time." in text_of(html)
    assert input_value(html, "seat0") == "Kei"
    app.extensions["db_engine"].dispose()


def test_an_impossible_entry_is_named_as_such(phone: Phone, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from companion.games.base import ImpossibleState
    from tests.web import tally

    def impossible(self, state, move):  # type: ignore[no-untyped-def]
        raise ImpossibleState("tally.bad_move", "T-9")

    monkeypatch.setattr(tally.Tally, "check", impossible)
    table = new_table(phone, "Aki", "Ben")
    response = enter(phone, table, 0, "1")
    assert response.status_code == 422
    page = text_of(response.get_data(as_text=True))
    assert "This cannot be on the table, so nothing was saved: Points must be a whole number. (T-9)" in page


def test_the_table_page_links_its_score_summary_and_the_home_page_the_print_page(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", option_cap="50")
    html = phone.get(table).get_data(as_text=True)
    assert f'href="{table}/summary.pdf"' in html
    watch = re.search(r'id="watch-link" readonly value="http://localhost(/w/[^"]+)"', html).group(1)
    assert f'href="{watch}/summary.pdf"' in phone.get(watch).get_data(as_text=True)
    assert 'href="/print"' in phone.get("/").get_data(as_text=True)
    page = text_of(phone.get("/new/tally").get_data(as_text=True))
    assert "Highest total" in page and "50 points" in page


def test_the_app_can_be_added_to_a_home_screen(phone: Phone) -> None:
    html = phone.get("/").get_data(as_text=True)
    assert 'rel="manifest" href="/manifest.webmanifest"' in html and 'rel="icon"' in html
    manifest = phone.client.get("/manifest.webmanifest", headers={"Accept-Language": "ja"})
    assert manifest.mimetype == "application/manifest+json"
    data = manifest.get_json(force=True)
    assert data["name"] == "テーブル・コンパニオン" and data["lang"] == "ja"
    assert data["display"] == "standalone" and data["icons"][0]["src"].endswith("companion.svg")
    assert phone.client.get("/favicon.ico").status_code == 301
    assert phone.client.get("/static/icons/companion.svg").status_code == 200
