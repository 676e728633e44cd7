"""Turning a Reason (code + params) into a sentence in the player's language."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask import current_app

from companion.games.base import OptionSpec, Reason, RulesError
from companion.i18n import lazy_gettext as _l

from .wording import NONE, PAGE, Wording

PLATFORM_MESSAGES: dict[str, Any] = {
    "json.malformed": _l("The request body is not valid JSON."),
    "json.not_object": _l("The request body must be a JSON object."),
    "json.too_deep": _l("The JSON nests deeper than this app reads ({depth} levels)."),
    "json.number_too_large": _l("A number in the JSON has more digits than this app reads (15)."),
    "json.bad_text": _l("A text in the JSON holds characters this app does not take (a lone surrogate, NUL or "
                        "another control character)."),
    "upload.not_utf8": _l("The uploaded file is not UTF-8 text."),
    "request.bad": _l("The request is malformed."),
    "request.not_found": _l("There is no such API call."),
    "request.method": _l("This API call takes POST."),
    "request.too_large": _l("The request body is larger than this app accepts (1 MiB)."),
    "request.not_json": _l("The request body must be JSON."),
    "request.error": _l("The request could not be served."),
    "scan.no_photo": _l("Send the photo as the form field “photo” (multipart/form-data)."),
    "scan.not_an_image": _l("The photo is not a JPEG or PNG picture."),
    "scan.too_large": _l("The photo is larger than this app reads (10 MB, 80 million pixels)."),
    "scan.busy": _l("The server is busy reading other photos: try again in a moment."),
    "request.unknown_field": _l("The field {field} is not part of this call's request (see its description)."),
    "field.missing": _l("This field is required."),
    "field.rank": _l("Rank"),
    "field.elements": _l("Elements"),
    "field.id": _l("Card"),
    "field.points": _l("Points"),
    "field.effect": _l("Effect"),
    "field.stackable": _l("Other cards may be stacked on it"),
    "field.type": _l("This field has the wrong type."),
    "profile.not_readable": _l("The file is neither a readable TOML nor a JSON profile ({detail})."),
    "profile.too_deep": _l("The file nests deeper than a profile does ({depth} levels)."),
    "profile.number_too_large": _l("A number in the file has more digits than a profile uses (15)."),
    "profile.bad_text": _l("A text in the file holds characters a profile does not take (a lone surrogate, NUL "
                           "or another control character)."),
    "profile.too_large": _l("The file is larger than a profile can be ({limit} characters)."),
    "profile.too_many_cards": _l("The file lists {count} cards; a profile has at most {limit}."),
    "profile.bad_name": _l("The profile's {field} must be a text of at most {limit} characters."),
    "profile.wrong_game": _l("This profile is for another game ({found}), not {expected}."),
    "profile.bad_meta": _l("The profile's meta section must be a table."),
    "profile.bad_cards": _l("The profile's cards must be a list of tables."),
    "profile.bad_card": _l("Each card must be a table of fields."),
    "profile.field_missing": _l("The field {field} is required."),
    "profile.not_a_number": _l("{field} must be a whole number, not “{value}”."),
    "profile.bad_counts": _l("{field} must list names with counts."),
    "profile.unknown_choice": _l("“{value}” is not one of this profile's names for {field}."),
    "profile.bad_field_text": _l("{field} may have at most {limit} characters, and no control characters."),
    "profile.unknown": _l("No deck profile is called “{profile}” for this game."),
    "table.unknown_move": _l("This entry is not understood."),
    "table.unknown_version": _l("This entry names a version of the table it never had, so it was not read. The "
                                "table below is as it is now (version {version}): enter again on it."),
    "table.replay_failed": _l("An entry in the log no longer fits the rules or the profile; the table shows "
                              "the state before it."),
    "import.not_readable": _l("The file is not a table export (JSON) from this app."),
    "import.nothing": _l("Choose an export file first (or paste its text), then tap “Import and continue”."),
    "import.unknown_game": _l("This export is for a game this app does not know ({game})."),
    "import.bad_seats": _l("The export's seats do not fit this game."),
    "import.bad_profile": _l("The export's deck profile cannot be used: {why}"),
    "import.bad_log": _l("Entry {seq} of the exported log is refused: {why}"),
    "import.bad_target": _l("an undo must name the newest standing move, a redo the last undone one."),
}


def _all_messages() -> Mapping[str, Any]:
    return current_app.extensions["companion_messages"]


class _Params(dict):  # missing placeholders stay visible instead of raising
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


EMPTY = NONE  # an empty list reads as a dash, not as nothing: "(your nodes: —)"
SEPARATOR = ", "  # how a list param is joined before it reaches a message


def _show(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return SEPARATOR.join(_show(v) for v in value) if value else EMPTY
    if isinstance(value, bool):
        return "✓" if value else "✗"
    return str(value)


Shower = Callable[[str], str]


def as_is(text: str) -> str:
    """A param shown as it was given (a list of plain words, a count)."""
    return text


def each(one: Shower, none: Callable[[], str]) -> Shower:
    """A list param (joined with SEPARATOR) with each item shown by ``one``; an empty one reads ``none()``."""

    def show(joined: str) -> str:
        items = [item for item in joined.split(SEPARATOR) if item not in ("", EMPTY)]
        return SEPARATOR.join(one(item) for item in items) if items else none()

    return show


# The kinds of param every game shares, worded by the platform from the Wording it is given: a seat index, and
# a list of them. A game's ``shows`` never define them.
SEAT_KINDS = ("seat", "seats")


def _seats(joined: str, wording: Wording) -> str:
    items = [item for item in joined.split(SEPARATOR) if item not in ("", EMPTY)]
    return SEPARATOR.join(wording.seat(item) for item in items) if items else EMPTY


Showers = Mapping[str, Shower]


class MessageTable:
    """How one game words the params of its messages: what each kind of param shows as (``shows``), which kind a
    param name has in every message of the game (``defaults``), the showers that depend on who reads (``worded``:
    Lumière's areas read "[1, 2]" in an API answer; Planetary Sisters' slots name a seat), and the sentences added
    whenever a param is present (``addenda``: Strato-Sphere's "With that, {also_seat} gets the last force").
    Every game builds its table's messages the same way, with ``M`` (and ``P`` for a wording that follows a
    count)."""

    def __init__(self, shows: Showers, defaults: Mapping[str, str] | None = None, *,
                 worded: Callable[[Wording], Showers] | None = None, addenda: Mapping[str, Any] | None = None) -> None:
        if set(SEAT_KINDS) & set(shows):
            raise ValueError("seats are worded by the platform's Wording, never by a game's own shower")
        self.shows = shows
        self.defaults = defaults or {}
        self.worded = worded
        self.addenda = addenda or {}

    def shows_for(self, wording: Wording) -> Showers:
        return {**self.shows, **self.worded(wording)} if self.worded else self.shows

    def M(self, text: Any, alt: Any = None, when: str = "", /, **kinds: str) -> Message:  # noqa: N802
        """A message: its text, the kind of those params the table's defaults do not name, and optionally the
        wording ``alt`` used instead when the param ``when`` is given (an engine that says more on failure)."""
        return Message(text, self, alt, when, **kinds)

    def P(self, words: Callable[[int], str], count: str, /, **kinds: str) -> PluralMessage:  # noqa: N802
        """A message whose wording follows the number in its param ``count``: ``words`` is
        ``lambda n: ngettext(one, many, n)`` (the extractor finds the strings only as literals)."""
        return PluralMessage(Plural(words), count, self, **kinds)


class Message:
    """A lazy message whose params are shown as a player reads them.

    Engines put ids in a reason's params (a seat number, a card id, a cell ``r1c2``); the game's web package
    says, per message, what kind of thing each param names (``card="card"``, ``ends="cells"``), and its
    ``MessageTable`` turns each kind into words in the current language (妖怪 / Yokai, "B3"). Seats (kinds "seat",
    "seats") are the platform's: named by the ``Wording`` the caller passes (the table's names, "Player 2", or
    the API's "seat 1"). So one wording serves the table page, the checklists and the referee API.
    """

    def __init__(self, text: Any, table: MessageTable, alt: Any = None, when: str = "", **kinds: str) -> None:
        unknown = set(kinds.values()) - set(table.shows_for(PAGE)) - set(SEAT_KINDS)
        if unknown:
            raise ValueError(f"unknown param kinds {sorted(unknown)}")
        self.text = text
        self.table = table
        self.alt = alt
        self.when = when
        self.kinds = kinds

    def __str__(self) -> str:
        return str(self.text)

    def words(self, params: Mapping[str, Any]) -> Any:
        """The wording these params are said with."""
        return self.alt if self.alt is not None and self.when in params else self.text

    def render(self, params: Mapping[str, Any], wording: Wording = PAGE) -> str:
        said = self._fill(self.words(params), params, wording)
        for param, addendum in self.table.addenda.items():
            if param in params:
                said += " " + self._fill(addendum, params, wording)
        return said

    def _fill(self, text: Any, params: Mapping[str, Any], wording: Wording) -> str:
        shows = self.table.shows_for(wording)
        shown: dict[str, str] = {}
        for key, value in params.items():
            said = _show(value)
            kind = self.kinds.get(key) or self.table.defaults.get(key)
            if kind in SEAT_KINDS:
                shown[key] = wording.seat(said) if kind == "seat" else _seats(said, wording)
            else:
                shown[key] = shows[kind](said) if kind else said
        return str(text).format_map(_Params(shown))

    def format(self, wording: Wording = PAGE, /, **params: Any) -> str:
        return self.render(params, wording)


class Plural:
    """A wording with a singular and a plural form ("1 card", "2 cards"; Japanese has one form), picked by a
    count only when the message is rendered: ``words`` calls ngettext with it. Read as text (the catalog
    checks), it is the plural form."""

    def __init__(self, words: Callable[[int], str]) -> None:
        self.words = words

    def __str__(self) -> str:
        return self.words(2)


class PluralMessage(Message):
    """A message whose wording follows the number in its param ``count`` (see Plural)."""

    def __init__(self, text: Plural, count: str, table: MessageTable, **kinds: str) -> None:
        super().__init__(text, table, **kinds)
        self.plural = text
        self.count = count

    def words(self, params: Mapping[str, Any]) -> Any:
        n = params.get(self.count)
        return self.plural.words(n if isinstance(n, int) and not isinstance(n, bool) else 2)


def message_for(code: str, params: Mapping[str, Any] | None = None, wording: Wording = PAGE) -> str:
    template = _all_messages().get(code)
    if template is None:
        return code
    if isinstance(template, Message):
        return template.render(params or {}, wording)
    return str(template).format_map(_Params({k: _show(v) for k, v in (params or {}).items()}))


def explain(reason: Reason | RulesError, wording: Wording = PAGE) -> str:
    """A reason's sentence, its seats named as ``wording`` says."""
    return message_for(reason.code, reason.params, wording)


def option_label(key: str, choice: str | None = None) -> str:
    """A table option's name ("option.<key>") or one of its settings ("option.<key>.<choice>")."""
    code = f"option.{key}" if choice is None else f"option.{key}.{choice}"
    text = message_for(code)
    return choice if (text == code and choice is not None) else text


def options_played(specs: Sequence[OptionSpec], stored: Mapping[str, str]) -> list[tuple[str, str, str]]:
    """A table's options as it plays them, each (option, setting, ruling id) in words: every option the new-table
    page offers, and an option kept only for older tables when the table plays by its old reading."""
    return [(option_label(o.key), option_label(o.key, o.value(stored)), o.rule) for o in specs
            if o.shown or o.value(stored) != o.default]


def field_label(key: str) -> str:
    """A profile card field's name ("field.<key>"), or the key itself when no game names it."""
    text = message_for(f"field.{key}")
    return key if text == f"field.{key}" else text


def rule_name(rule: str) -> str:
    """The ruling a reason follows, as a player reads it: an id (LP-5) as it is; a rule-text section (§ターン進行)
    in the page's language, as its game's messages name it (code "rule.<section>"), so an English page shows no
    Japanese section name. The API keeps the id as the engine gives it."""
    text = message_for(f"rule.{rule}") if rule.startswith("§") else rule
    return rule if text == f"rule.{rule}" else text

