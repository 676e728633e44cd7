"""What the print routes say when an option cannot be used, in the player's language."""

from __future__ import annotations

from typing import Any

from companion.i18n import lazy_gettext as _l

from .options import Problem

MESSAGES: dict[str, Any] = {
    "print.bad_choice": _l("“{value}” is not one of the choices for {field}."),
    "print.not_a_number": _l("{field} must be a number of millimetres, not “{value}”."),
    "print.offset_range": _l("{field} must be between −{limit} and +{limit} mm."),
    "print.unknown_profile": _l("No deck profile “{profile}” exists for this game. Choose a built-in one, or "
                                "paste the whole link of your own profile."),
    "print.profile_unreadable": _l("This deck profile cannot be read ({detail}); fix it in the profile editor first."),
}

FIELDS: dict[str, Any] = {
    "paper": _l("Paper"),
    "lang": _l("Language"),
    "mode": _l("Printing"),
    "size": _l("Card size"),
    "backs": _l("Backs"),
    "dx": _l("Back offset across"),
    "dy": _l("Back offset down"),
    "players": _l("Number of players"),
    "decks": _l("Number of decks"),
    "profile": _l("Deck profile"),
}


class _Params(dict):  # type: ignore[type-arg]
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def problem_text(problem: Problem) -> str:
    params = dict(problem.params)
    if "field" in params:
        params["field"] = str(FIELDS.get(str(params["field"]), params["field"]))
    template = MESSAGES.get(problem.code)
    if template is None:
        return problem.code
    return str(template).format_map(_Params({k: str(v) for k, v in params.items()}))
