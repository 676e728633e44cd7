"""Through the table page: the Lumière table that got stuck (4 players, a ghost buried under a warrior,
the field full: LP-6 now reads top cards), the table's own decision when an effect leaves no legal set (LP-6),
mulligans ending with じゃんけん (LP-9), and a table started before keeping its reading."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from sqlalchemy import select

from companion.games.lumiere import GAME, Card, TableState, parse_move_text
from companion.storage import db
from companion.storage.models import Table
from tests.games.lumiere.support import complete_profile
from tests.web.apps import Phone
from tests.web.helpers import text_of

from .support import new_table, play, send
from .test_tracker import html_of, steps

NAMES = ["Aki", "Ben", "Chie", "Dai"]
NEW_TABLE = {o.key: o.default for o in GAME.options}
PROFILE = complete_profile(stackable=frozenset({"ghost"}))

# Where each turn's card goes while the field fills: the ghost at A1 with a warrior on it, a second stack at A2
# (by the effect's word), then the other areas. Every card but the commoners faces Aki, so nothing is ever
# sandwiched (LP-2) and the field fills in 14 turns.
FILL = [("ghost", "r0c0", ""), ("warrior", "r0c0", ""), ("conjurer", "r0c1", ""), ("magician", "r0c1", " stack"),
        *((None, f"r{row}c{col}", "") for row, col in
          [(0, 2), (0, 3), (1, 0), (1, 1), (1, 2), (1, 3), (2, 0), (2, 1), (2, 2), (2, 3)])]


def _card_for(state: TableState, wanted: str | None) -> str:
    seat = state.seat(state.turn or 0)
    if wanted:
        return wanted
    unseen = seat.unseen()
    return next(c.value for c in (Card.COMMONER, Card.BORDERER, Card.EXORCIST, Card.CONJURER, Card.YOKAI_MASTER,
                                  Card.OTHERWORLDER, Card.YOKAI, Card.VAMPIRE) if unseen[c] > 0)


def filled_log() -> list[dict[str, Any]]:
    """The moves that fill the field (checked by the engine as they are made), as the export's log."""
    state = GAME.new_state(4, NEW_TABLE, PROFILE)
    # Chie plays first, so the 15th turn, the first on the full field, is Aki's; the commoners along the bottom
    # row face Aki, Chie, Dai, Ben, so no corner or row is sandwiched either
    texts = ["first 2", "opening r3c1", "opening r3c2", "opening r3c0", "opening r3c3"]
    for move in texts:
        state = GAME.apply(state, parse_move_text(move))
    for wanted, cell, flag in FILL:
        facing = "" if state.turn == 0 else " as 0"
        turn = [f"play {_card_for(state, wanted)}", f"set {cell}{flag}{facing}", "get", "draw"]
        for move in turn:
            state = GAME.apply(state, parse_move_text(move))
        texts += turn
    return [{"seq": i + 1, "kind": "move", "payload": GAME.move_to_json(parse_move_text(t))}
            for i, t in enumerate(texts)]


def imported_table(phone: Phone) -> str:
    log = filled_log()
    export = {"format": "companion-table", "format_version": 1, "game": "lumiere", "version": len(log),
              "options": NEW_TABLE, "seats": NAMES, "profile_ref": "", "profile": PROFILE, "log": log}
    response = phone.post("/import", {"text": json.dumps(export)})
    assert response.status_code == 303, text_of(response.get_data(as_text=True))
    return str(response.headers["Location"])


def started_before_the_change(app: Flask, table_url: str) -> None:
    """What a table started before LP-6/LP-9 changed looks like in the store: no value for the new options."""
    with app.app_context():
        session = db.session()
        session.commit()  # a write begins its own transaction, as the app's write paths do (db.READS)
        row = session.scalars(select(Table).where(Table.token == table_url.rstrip("/").rsplit("/", 1)[-1])).one()
        row.options = {}
        session.commit()


def test_lp6_the_issues_table_now_has_a_remove_phase_and_a_place_to_set(phone: Phone) -> None:
    table_url = imported_table(phone)
    html = html_of(phone, table_url)
    page = text_of(html)
    assert "Turn 15 · Aki's turn" in page
    assert "Remove phase: Aki takes a top card into their point area. Tap it on the field. LP-6" in page
    assert "No area's top card may be stacked upon (buried cards do not count). LP-6" in page
    assert ("now", "remove phase") in steps(html)

    play(phone, table_url, "take cell=r0c0")  # the warrior: the ghost below may be stacked upon
    html = html_of(phone, table_url)
    assert ("now", "effect phase") in steps(html)
    play(phone, table_url, "play card=priest", "set cell=r0c0")
    html = html_of(phone, table_url)
    assert "Turn 16 · Ben's turn" in text_of(html)  # the table resolved the get phase and the draw (LP-5)
    assert "#64 Aki: Card set on A1 (then by the table: Aki: Get phase resolved; Aki: Draw phase)" in text_of(html)


def test_lp6_when_an_effect_leaves_no_legal_set_the_table_decides(phone: Phone) -> None:
    table_url = imported_table(phone)
    play(phone, table_url, "take cell=r0c0", "play card=priest")
    play(phone, table_url, "move from=r0c1 to=r0c0")  # the effect covers the ghost; A2 keeps its conjurer
    html = html_of(phone, table_url)
    page = text_of(html)
    assert ("No area takes Priest by the rules: every area holds a card and no top card may be stacked upon. The "
            "rule text does not cover this, so the table decides: tap the area it chooses, and the log records it "
            "as the table's decision. LP-6") in page
    assert '<input type="hidden" name="table_decides" value="1">' in html

    refused = send(phone, table_url, kind="set", cell="r2c2")  # a set without the table's word is still refused…
    assert refused.status_code == 422
    assert ("No area takes Priest by the rules (every area holds a card and no top card may be stacked upon): the "
            "table places it on the area it chooses, recorded as its decision. (LP-6)") in text_of(
                refused.get_data(as_text=True))
    play(phone, table_url, "set cell=r2c2 table_decides=1")  # …and the page's form sends it
    html = html_of(phone, table_url)
    assert "Turn 16 · Ben's turn" in text_of(html)  # the table resolved the get phase and the draw (LP-5)
    assert "Aki: Card set on C3 (the table's decision: no area took it by the rules, LP-6) (then by the table" in \
        text_of(html)


def test_lp6_a_table_started_before_the_change_keeps_its_reading(app: Flask, phone: Phone) -> None:
    table_url = imported_table(phone)
    started_before_the_change(app, table_url)
    html = html_of(phone, table_url)
    assert ("skipped", "remove phase") in steps(html)  # the buried ghost counted then
    assert ("No remove phase this turn: it needs every area filled and no card on the field, buried ones included, "
            "that may be stacked upon. (This table started under that earlier reading, and keeps it.) LP-6") in \
        text_of(html)
    assert send(phone, table_url, kind="take", cell="r0c0").status_code == 422
    play(phone, table_url, "play card=priest", "set cell=r1c1 stack=1")  # its old log goes on as entered


def test_lp9_a_mulligan_after_janken_is_refused_with_the_reason(phone: Phone) -> None:
    table_url = new_table(phone, *NAMES)
    play(phone, table_url, "mulligan seat=1 revealed=yokai returned=2", "first seat=0")
    html = html_of(phone, table_url)
    assert 'value="mulligan"' not in html  # the page no longer offers one
    response = send(phone, table_url, kind="mulligan", seat=2, revealed="priest", returned=1)
    assert response.status_code == 422
    assert ("Mulligans end when the first player is chosen: everyone had declined another one. (LP-9)"
            in text_of(response.get_data(as_text=True)))


def test_lp9_a_table_started_before_keeps_its_late_mulligans(app: Flask, phone: Phone) -> None:
    table_url = new_table(phone, *NAMES)
    started_before_the_change(app, table_url)
    play(phone, table_url, "first seat=0", "mulligan seat=2 revealed=priest returned=1")


def test_the_new_table_page_does_not_offer_the_earlier_readings(phone: Phone) -> None:
    page = text_of(phone.get("/new/lumiere").get_data(as_text=True))
    assert "Remove phase" not in page and "Mulligans" not in page
