"""What a game gives the one profile editor (``GameWeb.profile_editor``), and the generic card form most games use.

The editor (companion/web/profiles/routes.py) is the same for every game: a grid of the deck's cards, known or not;
tap one, fill in its values, save, and the next card still missing is selected; the checklist of rule-text facts
beside it. What a card *is* stays the game's business, given by its web package:

- ``cells``: every card of the deck with whether the profile knows it (the "N of M cards known" count);
- ``form_model``/``form_template``: the selected card's inputs (the generic ``FieldView`` form, or the game's own,
  e.g. Planetary Sisters' element picker);
- ``read_card``: the sent form -> the card as the profile stores it (raises RulesError, said in words);
- optionally a section about the whole deck (``deck_template``, ``deck_model``, ``update_deck``).

A field the form does not send keeps its stored value: a tapped icon sends one field and nothing else is lost.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.base import CardField, ErrorList, ParseError, Reason, RulesError
from companion.inputs import text, whole_number
from companion.profiles import MAX_CARD_NUMBER, coerce_card

MAX_FIELD_CHARS = 500
CLEAR = "-"  # what a "not known" tap sends for a choice field


@dataclass(frozen=True)
class Mark:
    """A small picture on a card's cell (an element icon, a reward), drawn as a styled span."""

    css: str
    text: str = ""
    title: str = ""


@dataclass(frozen=True)
class CardCell:
    """One card of the deck in the editor's grid."""

    key: str  # what the form sends to name the card (a rank, a card id)
    label: str  # how a player names it
    known: bool  # the profile has every value the game needs of it
    marks: tuple[Mark, ...] = ()
    note: str = ""  # what is known, in a few words (e.g. "3 coins · 2 VP")
    bad: bool = False  # a rule-text fact fails because of this card


@dataclass(frozen=True)
class Choice:
    value: str
    label: str
    icon: str = ""
    chosen: bool = False


@dataclass(frozen=True)
class FieldView:
    """One input of the generic card form. kind: "int", "text", "long" (several lines), "bool", "taps" (one of
    ``choices``, each a button that saves at once) or "counts" (a number per choice)."""

    key: str
    label: str
    kind: str
    value: str = ""
    choices: tuple[Choice, ...] = ()
    counts: tuple[tuple[Choice, str], ...] = ()


@dataclass(frozen=True)
class CardForm:
    """The selected card's form, drawn by the generic template (profiles/_fields.html)."""

    key: str
    label: str
    fields: tuple[FieldView, ...]
    hint: str = ""


@dataclass(frozen=True)
class ProfileEditor:
    cells: Callable[[Mapping[str, Any]], tuple[CardCell, ...]]
    form_model: Callable[[Mapping[str, Any], str, Mapping[str, str] | None], Any]
    read_card: Callable[[Mapping[str, Any], str, Mapping[str, str]], dict[str, Any]]
    form_template: str = "profiles/_fields.html"
    # Reason -> words for the checklist, when the game words its facts its own way.
    explain: Callable[[Reason | RulesError], str] | None = None
    deck_template: str = ""
    deck_model: Callable[[Mapping[str, Any]], Any] | None = None
    update_deck: Callable[[Mapping[str, Any], Mapping[str, str]], dict[str, Any]] | None = None
    hint: object = ""  # how to fill in a card, under the grid (a lazy string: words in the page's language)
    grid: str = "names"  # "names": cells wide enough for a card's name; "numbers": a compact grid of ranks
    # what the profile knows of the deck besides its cards, in words, after "N of M cards known" ("" for nothing)
    progress_note: Callable[[Mapping[str, Any]], str] | None = None


def stored_card(profile: Mapping[str, Any], key_field: str, key: str) -> dict[str, Any]:
    """The profile's entry for the card ``key`` ({} when it names no such card)."""
    for card in profile.get("cards") or []:
        if isinstance(card, Mapping) and str(card.get(key_field)) == key:
            return dict(card)
    return {}


def shown_value(f: CardField, card: Mapping[str, Any], pending: Mapping[str, str] | None) -> str:
    """What an input shows: the refused form's text (nothing typed is lost), else the stored value."""
    if pending is not None and f"f_{f.key}" in pending:
        return pending[f"f_{f.key}"]
    value = card.get(f.key)
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else ""
    return str(value)


def shown_count(f: CardField, name: str, card: Mapping[str, Any], pending: Mapping[str, str] | None) -> str:
    form_key = f"f_{f.key}__{name}"
    if pending is not None and form_key in pending:
        return pending[form_key]
    counts = card.get(f.key)
    return str(counts.get(name, 0)) if isinstance(counts, Mapping) else "0"


def read_fields(fields: Sequence[CardField], stored: Mapping[str, Any], form: Mapping[str, str],
                meta: Mapping[str, Any]) -> dict[str, Any]:
    """The card as stored, with the fields the form sent replaced; checked by the game's field kinds.

    Raises ErrorList of ParseError (the editor says each in words). A field's presence is what counts: a choice
    button sends only its own field, a number input sends "" to say "not known".
    """
    raw: dict[str, Any] = dict(stored)
    errors: list[ParseError] = []
    for f in fields:
        name = f"f_{f.key}"
        if f.kind == "counts":
            keys = [k for k in form if k.startswith(name + "__")]
            if not keys:
                continue
            counts: dict[str, Any] = {}
            for form_key in keys:
                value = form[form_key].strip()
                if value == "":
                    continue
                number = whole_number(value, 0, MAX_CARD_NUMBER)
                if number is None:
                    errors.append(ParseError("profile.not_a_number", "", f.key, field=f.key, value=value[:40]))
                elif number:  # a count of 0 ("0", 「０」) is no entry
                    counts[form_key.removeprefix(name + "__")] = number
            raw[f.key] = counts or None
        elif f.kind == "bool":
            if f"has_{f.key}" in form or name in form:  # a checkbox sends nothing when unticked
                raw[f.key] = form.get(name) in ("1", "on")
        elif name in form:
            value = form[name]
            if f.choices and value == CLEAR:
                raw[f.key] = None
                continue
            cleaned = text(value, MAX_FIELD_CHARS, one_line=f.kind != "text")
            if cleaned is None:
                errors.append(ParseError("profile.bad_field_text", "", f.key, field=f.key, limit=MAX_FIELD_CHARS))
                continue
            if f.choices and cleaned and cleaned not in f.choices:
                errors.append(ParseError("profile.unknown_choice", "", f.key, field=f.key, value=cleaned[:40],
                                         allowed=list(f.choices)))
                continue
            raw[f.key] = cleaned or None
    if errors:
        raise ErrorList(errors)
    return coerce_card(tuple(fields), {k: v for k, v in raw.items() if v is not None}, "card", meta)
