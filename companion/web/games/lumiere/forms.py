"""The table's entry forms -> the engine's move JSON (what ``parse_move`` reads); raises ParseError."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.base import ParseError
from companion.games.lumiere import GAME, Cell
from companion.games.lumiere.moves import Move
from companion.games.lumiere.state import TableState
from companion.inputs import form_number
from companion.web.gameweb import TableViewLike

# -- forms -> moves ------------------------------------------------------------------------------------------


def _cell(form: Mapping[str, str], key: str, code: str = "lp.form.cell") -> list[int]:
    value = (form.get(key) or "").strip()
    if not value:
        raise ParseError(code, "§ターン進行", key)
    return Cell.parse(value).to_json()


def _seat(form: Mapping[str, str], key: str, code: str) -> int:
    return form_number(form, key, 0, 99, code, "§ターン進行")


def _stack(form: Mapping[str, str]) -> bool:
    return form.get("stack") in ("1", "on", "true")


def _under(form: Mapping[str, str]) -> bool:
    return form.get("under") in ("1", "on", "true")


def _count(form: Mapping[str, str], key: str, code: str) -> int:
    return form_number(form, key, 0, 99, code, "LP-9")


def move_json(form: Mapping[str, str], view: Any) -> dict[str, Any]:
    """The fields of one of the table's forms -> the engine's move JSON (``parse_move`` reads it)."""
    kind = form.get("kind", "")
    if kind == "first":
        return {"kind": kind, "seat": _seat(form, "seat", "lp.form.seat")}
    if kind in ("opening", "take"):
        return {"kind": kind, "cell": _cell(form, "cell")}
    if kind == "play":
        card = (form.get("card") or "").strip()
        if not card:
            raise ParseError("lp.form.card", "§エフェクトフェイズ", "card")
        return {"kind": kind, "card": card}
    if kind == "mulligan":  # LP-9
        card = (form.get("revealed") or "").strip()
        if not card:
            raise ParseError("lp.form.card", "LP-9", "revealed")
        return {"kind": kind, "seat": _seat(form, "seat", "lp.form.seat"), "revealed": card,
                "returned": _count(form, "returned", "lp.form.count")}
    if kind == "set":
        move = {"kind": kind, "cell": _cell(form, "cell"), "stack": _stack(form), "under": _under(form)}
        if form.get("table_decides") in ("1", "on", "true"):  # LP-6: no area takes it by the rules; the table decides
            move["table"] = True
        owner = (form.get("owner") or "").strip()
        if owner:  # LP-10: the effect sets it facing another player
            move["owner"] = _seat(form, "owner", "lp.form.owner")
        return move
    if kind == "move":
        return {"kind": kind, "from": _cell(form, "from"), "to": _cell(form, "to", "lp.form.second_cell"),
                "stack": _stack(form), "under": _under(form)}
    if kind == "send":  # LP-10: a point area, the exclusion area or a hand
        to = (form.get("to") or "").strip()
        if to not in ("points", "exclusion", "hand"):
            raise ParseError("lp.form.destination", "LP-10", "to")
        sent: dict[str, Any] = {"kind": kind, "cell": _cell(form, "source"), "to": to}
        if to != "exclusion":
            sent["seat"] = _seat(form, "seat", "lp.form.seat")
        return sent
    if kind == "turn":
        return {"kind": kind, "cell": _cell(form, "cell"), "owner": _seat(form, "owner", "lp.form.owner")}
    if kind == "swap":
        return {"kind": kind, "cells": [_cell(form, "first"), _cell(form, "second", "lp.form.second_cell")]}
    if kind in ("get", "draw"):
        return {"kind": kind}
    raise ParseError("lp.form.kind", "§ターン進行", "kind")


def form_to_move(form: Mapping[str, str], view: TableViewLike[TableState]) -> Move:
    """An entry form -> the game's typed move: the fields are read here, the move's shape by the engine's one
    reader (``GAME.parse_move``), so a form and an API request are held to the same rules."""
    return GAME.parse_move(move_json(form, view))
