"""Deck profiles: the printed cards' data no rule text gives (RULINGS.md, "What is not in any rule text").

Built-in profiles are TOML files beside this module, one folder per game package
(``profiles/planetary_sisters/default.toml``). A profile is a plain dict::

    {"id": ..., "game": slug, "name_en": ..., "name_ja": ..., "meta": {...}, "cards": [{...}, ...]}

What a profile must satisfy is the game's business (``Game.validate_profile``); this module only loads,
reads, writes and coerces values by the game's ``CardField`` kinds. Pure: no Flask, no database. Users'
own profiles are kept in the database by ``store`` (companion.profiles.store).
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import tomli_w

from companion.games.base import CardField, ErrorList, ParseError
from companion.inputs import InputError, check_document, load_json, load_toml, whole_number

HERE = Path(__file__).parent
TOP_KEYS = ("id", "game", "name_en", "name_ja", "meta", "cards")
# What an imported profile may hold: every game's deck has far fewer cards; the limits are said in the
# messages, and a refusal comes before any per-card work (an upload never holds a worker for long).
MAX_CARDS = 500
MAX_NAME_CHARS = 200
MAX_CARD_NUMBER = 10**6
MAX_PROFILE_CHARS = 4 * 1024 * 1024
MAX_TOML_CHARS = 128 * 1024  # Python's TOML reader is slow (~0.6 s for 340 kB); a full deck's file is ~5 kB


_extra_dirs: dict[str, Path] = {}


def register_profile_dir(slug: str, folder: Path) -> None:
    """Built-in profiles kept elsewhere (the tests' stand-in game keeps its own)."""
    _extra_dirs[slug] = folder
    _builtins.cache_clear()


def package_dir(slug: str) -> Path:
    return _extra_dirs.get(slug) or HERE / slug.replace("-", "_")


@cache
def _builtins(slug: str) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    folder = package_dir(slug)
    if folder.is_dir():
        for path in sorted(folder.glob("*.toml")):
            data = normalise(tomllib.loads(path.read_text(encoding="utf-8")))
            found[data["id"] or path.stem] = data
    return found


def builtin_profiles(slug: str) -> dict[str, dict[str, Any]]:
    """id -> profile; a deep copy each time so callers may edit what they get."""
    return json.loads(json.dumps(_builtins(slug)))


def copy_of(profile: Mapping[str, Any]) -> dict[str, Any]:
    """A user's own copy of a built-in profile: no built-in id, "(copy)" after its names in both languages."""
    data = json.loads(json.dumps(profile))
    data["id"] = ""
    data["name_en"] = f"{data.get('name_en', '')} (copy)".strip()
    data["name_ja"] = f"{data.get('name_ja', '')}（コピー）".strip()
    return data


def normalise(data: Mapping[str, Any]) -> dict[str, Any]:
    """Fill the top-level keys every profile has, keep everything else as given."""
    out: dict[str, Any] = {
        "id": str(data.get("id", "") or ""),
        "game": str(data.get("game", "") or ""),
        "name_en": str(data.get("name_en", "") or ""),
        "name_ja": str(data.get("name_ja", "") or ""),
        "meta": dict(data.get("meta") or {}),
        "cards": [dict(c) for c in (data.get("cards") or [])],
    }
    return out


def to_toml(profile: Mapping[str, Any]) -> str:
    return tomli_w.dumps(_without_none(dict(profile)))


def to_json(profile: Mapping[str, Any]) -> str:
    return json.dumps(profile, ensure_ascii=False, indent=2)


def _without_none(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_without_none(v) for v in value if v is not None]
    return value


def parse_profile_text(text: str, game_slug: str, fields: tuple[CardField, ...]) -> dict[str, Any]:
    """An imported file (TOML or JSON, told apart by its first character) -> a checked profile dict.

    Raises ParseError (or ErrorList of them) with a path for every problem, so the import form can say
    exactly what is wrong with the file.
    """
    if len(text) > MAX_PROFILE_CHARS:
        raise ParseError("profile.too_large", "", "", limit=MAX_PROFILE_CHARS)
    stripped = text.lstrip("\ufeff \t\r\n")
    if not stripped.startswith("{") and len(stripped) > MAX_TOML_CHARS:
        raise ParseError("profile.too_large", "", "", limit=MAX_TOML_CHARS)
    try:
        raw = load_json(stripped) if stripped.startswith("{") else load_toml(stripped)
    except InputError as exc:
        raise _unreadable(exc) from exc
    return read_profile(raw, game_slug, fields)


def _unreadable(exc: InputError) -> ParseError:
    """A document the readers refused, as the profile's own reason."""
    if exc.code in ("json.too_deep", "json.number_too_large", "json.bad_text"):
        return ParseError("profile." + exc.code.split(".", 1)[1], "", "", **exc.params)
    return ParseError("profile.not_readable", "", "", detail=str(exc.params.get("detail", ""))[:200])


def read_profile(raw: Any, game_slug: str, fields: tuple[CardField, ...]) -> dict[str, Any]:
    """A parsed profile (from a file, or inside a table export) -> a checked profile dict, in time linear in
    its size; raises ParseError (or ErrorList) as ``parse_profile_text`` does."""
    if not isinstance(raw, dict):
        raise ParseError("profile.not_readable", "", "", detail="not a table")
    try:
        check_document(raw)
    except InputError as exc:
        raise _unreadable(exc) from exc
    game = raw.get("game")
    if game != game_slug:
        raise ParseError("profile.wrong_game", "", "game", found=str(game), expected=game_slug)
    if not isinstance(raw.get("meta", {}), dict):
        raise ParseError("profile.bad_meta", "", "meta")
    for key in ("id", "name_en", "name_ja"):
        value = raw.get(key, "")
        if value is not None and (not isinstance(value, str) or len(value) > MAX_NAME_CHARS):
            raise ParseError("profile.bad_name", "", key, field=key, limit=MAX_NAME_CHARS)
    cards = raw.get("cards", [])
    if not isinstance(cards, list):
        raise ParseError("profile.bad_cards", "", "cards")
    if len(cards) > MAX_CARDS:
        raise ParseError("profile.too_many_cards", "", "cards", count=len(cards), limit=MAX_CARDS)
    errors: list[ParseError] = []
    checked: list[dict[str, Any]] = []
    for i, card in enumerate(cards):
        if not isinstance(card, dict):
            errors.append(ParseError("profile.bad_card", "", f"cards[{i}]"))
            continue
        try:
            checked.append(coerce_card(fields, card, f"cards[{i}]", raw.get("meta") or {}))
        except ErrorList as exc:
            errors.extend(e for e in exc.errors if isinstance(e, ParseError))
    if errors:
        raise ErrorList(errors)
    data = normalise(raw)
    data["cards"] = checked
    return data


def coerce_card(fields: tuple[CardField, ...], raw: Mapping[str, Any], path: str,
                meta: Mapping[str, Any]) -> dict[str, Any]:
    """Check a card's values against the game's field kinds. Keys the game does not edit (a card's printed
    names, say) are kept as they are, so a profile survives export and import whole."""
    known = {f.key for f in fields}
    card: dict[str, Any] = {k: v for k, v in raw.items() if k not in known and v is not None}
    errors: list[ParseError] = []
    for f in fields:
        value = raw.get(f.key)
        where = f"{path}.{f.key}"
        if value is None or value == "":
            if f.required:
                errors.append(ParseError("profile.field_missing", "", where, field=f.key))
            continue
        if f.kind == "int":
            number = whole_number(value, -MAX_CARD_NUMBER, MAX_CARD_NUMBER)
            if number is None:
                errors.append(ParseError("profile.not_a_number", "", where, field=f.key, value=str(value)[:40]))
                continue
            card[f.key] = number
        elif f.kind == "bool":
            if isinstance(value, str):
                value = value.strip().lower() in ("1", "true", "yes", "on")
            card[f.key] = bool(value)
        elif f.kind == "text":
            card[f.key] = str(value).strip()
        elif f.kind == "counts":
            allowed = tuple(choices_for(f, meta))
            if not isinstance(value, dict):
                errors.append(ParseError("profile.bad_counts", "", where, field=f.key))
                continue
            counts: dict[str, int] = {}
            for name, count in value.items():
                if allowed and name not in allowed:
                    errors.append(ParseError("profile.unknown_choice", "", f"{where}.{name}", field=f.key,
                                             value=str(name), allowed=list(allowed)))
                elif whole_number(count, 0, MAX_CARD_NUMBER) is None or not isinstance(count, int):
                    errors.append(ParseError("profile.not_a_number", "", f"{where}.{name}", field=f.key,
                                             value=str(count)[:40]))
                elif count:
                    counts[str(name)] = count
            if counts:
                card[f.key] = counts
    if errors:
        raise ErrorList(errors)
    return card


def choices_for(f: CardField, meta: Mapping[str, Any]) -> list[str]:
    """The names a "counts" field may use: the profile's own list (users may rename them) or the game's."""
    if f.choices_key:
        listed = meta.get(f.choices_key)
        if isinstance(listed, list) and listed:
            return [str(item["name"]) if isinstance(item, dict) else str(item) for item in listed]
        if isinstance(listed, dict) and listed:
            return [str(k) for k in listed]
    return list(f.choices)


def card_key(fields: tuple[CardField, ...], card: Mapping[str, Any]) -> Any:
    return card.get(fields[0].key) if fields else None
