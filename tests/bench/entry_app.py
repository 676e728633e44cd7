"""The app ``bench_entry_cost.py`` serves: the browser tests' app (tests/browser/serve.py), whose games also read an
entry given as the engine's move JSON (the form field ``bench_move``), so the bench enters every game's recorded
moves without knowing each game's forms. Everything else an entry costs is the app's own: the request, the checks,
the write, the answer and every stream's news. Reading a game's form is a small part of it (a few fields)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from tests.browser.serve import app

FIELD = "bench_move"


def _reading_json(game: Any, form_to_move: Callable[[Mapping[str, str], Any], Any]
                  ) -> Callable[[Mapping[str, str], Any], Any]:
    def read(form: Mapping[str, str], view: Any) -> Any:
        if FIELD in form:
            return game.parse_move(json.loads(form[FIELD]))
        return form_to_move(form, view)
    return read


for _entry in app.extensions["companion_games"].values():
    object.__setattr__(_entry.web, "form_to_move", _reading_json(_entry.game, _entry.web.form_to_move))

__all__ = ["app"]
