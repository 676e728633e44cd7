"""What the profile pages show, built before rendering: the one editor (any game), the profiles lists, and the
"N of M cards known" every page draws (``progress_of``: the editor, the lists, tables, score and print pages).

The game's part comes from its web package (``GameWeb.profile_editor``, see cardforms); nothing here names a game.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from flask import url_for

from companion.games.base import ErrorList, Reason, RulesError
from companion.i18n import gettext as _
from companion.i18n import language, pick
from companion.profiles import builtin_profiles
from companion.profiles import store as profile_store
from companion.profiles.progress import Progress, progress
from companion.profiles.refs import ProfileRef
from companion.server.cache import BoundedCache
from companion.storage.models import Profile
from companion.tables.view import UnknownProfile, resolve_profile
from companion.web.gameweb import Registered
from companion.web.messages import explain
from companion.web.profiles.cardforms import CardCell, ProfileEditor
from companion.web.profiles.returning import way_back
from companion.web.reasons import ReasonView, with_ruling
from companion.web.registered import registered
from companion.web.wording import PAGE


def progress_of(entry: Registered, data: Mapping[str, Any], key: str = "") -> Progress | None:
    """How many of the deck's cards this profile knows (None for a game with no profile).

    Counted once per profile, version and language and kept: building the editor's cells costs more than the
    rest of a table's render. ``key`` names the profile's version when the caller knows it (a
    table's profile key, a user profile's token and version); else the data itself is the key."""
    editor = entry.web.profile_editor
    if editor is None:
        return None
    found = (entry.game.slug, language(), key or _digest(data))
    return _progress.get_or_make(found, lambda: progress((cell.known for cell in editor.cells(data)),
                                                         _note(editor, data)))


# Progress by (game, language, profile version): small values, so a count bound is enough.
_progress: BoundedCache[Progress] = BoundedCache(4096)


def _digest(data: Mapping[str, Any]) -> str:
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def _note(editor: ProfileEditor, data: Mapping[str, Any]) -> str:
    return editor.progress_note(data) if editor.progress_note else ""


def facts(entry: Registered, data: Mapping[str, Any]) -> tuple[ReasonView, ...]:
    """Every rule-text fact of the game, holding or failing, in words (the checklist of what is still missing)."""
    editor = entry.web.profile_editor
    words = editor.explain if editor and editor.explain else explain
    return tuple(ReasonView(words(r), r.rule, r.ok, r.code) for r in entry.game.validate_profile(data))


def _named_by_failing(entry: Registered, data: Mapping[str, Any]) -> set[str]:
    """The cards a failing fact names (shown marked in the grid when the profile claims to know them)."""
    named: set[str] = set()
    for reason in entry.game.validate_profile(data):
        if not reason.ok:
            for key in ("cards", "ranks"):
                value = reason.params.get(key)
                if isinstance(value, (list, tuple)):
                    named |= {str(v) for v in value}
    return named


@dataclass(frozen=True)
class Owner:
    """Who a user profile belongs to: the phone looking at it, another phone, or one table."""

    mine: bool  # this phone made it: it may rename and delete it
    tables: int  # tables playing with it (a table's own copy: 1); it cannot be deleted then


def owner_of(profile: Profile, device: str) -> Owner:
    return Owner(bool(profile.maker) and profile.maker == device, profile_store.tables_using_profile(profile.token))


@dataclass(frozen=True)
class EditorPage:
    """The one editor: the grid of cards, the selected card's form, the checklist, the deck section."""

    profile: Profile
    entry: Registered
    editor: ProfileEditor
    name: str
    progress: Progress
    cells: tuple[CardCell, ...]
    selected: str  # the card being edited ("" when none)
    form: Any  # the game's model of the selected card's form (None when none is selected)
    can_forget: bool  # the selected card has something filled in to take out again
    facts: tuple[ReasonView, ...]
    deck: Any  # the game's deck section model (None when it has none)
    owner: Owner
    notice: str
    problems: tuple[str, ...]
    pending: Mapping[str, str]  # a refused form, shown again so nothing typed is lost
    back_url: str = ""  # the score sheet that opened this editor, now with this profile (profile_return)

    @property
    def failing(self) -> int:
        return sum(1 for f in self.facts if not f.ok)


def editor_page(entry: Registered, profile: Profile, device: str, selected: str = "", *, notice: str = "",
                problems: Sequence[str] = (), pending: Mapping[str, str] | None = None) -> EditorPage:
    editor = entry.web.profile_editor
    assert editor is not None  # the routes answer 404 for a game without one
    data = profile.data
    named = _named_by_failing(entry, data)
    cells = tuple(CardCell(c.key, c.label, c.known, c.marks, c.note, c.known and c.key in named)
                  for c in editor.cells(data))
    keys = {c.key for c in cells}
    selected = selected if selected in keys else ""
    form_pending = pending if pending and selected else None
    return EditorPage(
        profile=profile, entry=entry, editor=editor, name=pick(data, "name"),
        progress=progress((c.known for c in cells), _note(editor, data)), cells=cells, selected=selected,
        form=editor.form_model(data, selected, form_pending) if selected else None,
        can_forget=bool(selected) and _filled_in(entry, data, selected),
        facts=facts(entry, data), deck=editor.deck_model(data) if editor.deck_model else None,
        owner=owner_of(profile, device), notice=notice, problems=tuple(problems), pending=pending or {},
        back_url=way_back(profile.token))


def _filled_in(entry: Registered, data: Mapping[str, Any], key: str) -> bool:
    """Does the profile hold any value the editor fills in for this card (so "forget" has something to take)?"""
    fields = entry.game.card_fields
    for card in data.get("cards") or []:
        if isinstance(card, Mapping) and fields and str(card.get(fields[0].key)) == key:
            return any(card.get(f.key) not in (None, "", {}) for f in fields[1:])
    return False


def next_missing(cells: Sequence[CardCell], after: str) -> str:
    """The first card after ``after`` the profile does not know yet, wrapping around ("" when all are known)."""
    keys = [c.key for c in cells]
    start = keys.index(after) + 1 if after in keys else 0
    for cell in (*cells[start:], *cells[:start]):
        if not cell.known and cell.key != after:
            return cell.key
    return ""


@dataclass(frozen=True)
class ListedProfile:
    """One profile in a list: its name, game, how much it knows, where to open it."""

    token: str
    name: str
    game_name: str
    slug: str
    progress: Progress | None
    edit_url: str
    tables: int
    version: int


def listed(profiles: Sequence[Profile], games: Mapping[str, Registered]) -> tuple[ListedProfile, ...]:
    out = []
    for row in profiles:
        entry = games.get(row.game)
        if entry is None or entry.web.profile_editor is None:
            continue
        out.append(ListedProfile(row.token, pick(row.data, "name"), pick(entry.game, "name"), row.game,
                                 progress_of(entry, row.data, f"user:{row.token}@{row.version}"),
                                 url_for("profiles.edit", token=row.token),
                                 profile_store.tables_using_profile(row.token), row.version))
    return tuple(out)


@dataclass(frozen=True)
class BuiltinProfile:
    id: str
    name: str
    progress: Progress | None
    facts_ok: int
    facts_all: int


def builtins_of(entry: Registered, builtins: Mapping[str, Mapping[str, Any]]) -> tuple[BuiltinProfile, ...]:
    out = []
    for pid, data in builtins.items():
        found = facts(entry, data)
        out.append(BuiltinProfile(pid, pick(data, "name"), progress_of(entry, data),
                                  sum(1 for f in found if f.ok), len(found)))
    return tuple(out)


def reason_line(reason: Reason | RulesError, editor: ProfileEditor | None) -> str:
    """A refused card's reason in words, with its ruling."""
    words = editor.explain(reason) if editor and editor.explain else explain(reason)
    return with_ruling(words, reason.rule)


@dataclass(frozen=True)
class TableProfile:
    """The deck profile line of a table page: its name, how much it knows, and (players only) the way to edit it."""

    name: str
    progress: Progress
    edit_url: str  # the table's own copy in the card editor ("" on a watch page, or while on a built-in one)
    can_copy: bool  # players of a table on a built-in profile: "Copy and edit" makes the table's own copy


def table_profile(entry: Registered, profile: Mapping[str, Any], ref: Any, can_write: bool,
                  key: str = "") -> TableProfile | None:
    """None for a game whose cards need no profile. A watch page never gets the profile's token (it writes).
    ``key``: the profile's version as the table read it (``progress_of``)."""
    found = progress_of(entry, profile, key)
    if found is None:
        return None
    own = bool(ref.is_user)
    return TableProfile(pick(profile, "name"), found,
                        url_for("profiles.edit", token=ref.token) if own and can_write else "", not own and can_write)


def progress_for(slug: str, data: Mapping[str, Any]) -> Progress | None:
    """``progress_of`` for a page that knows its game by slug (a score page, the print page)."""
    entry = registered().get(slug)
    return progress_of(entry, data) if entry else None


@dataclass(frozen=True)
class EditOrCopy:
    """The way to edit a profile a page uses (profiles/_macros.html ``edit_or_copy`` draws it): the card editor
    of a phone's own profile, or "Copy and edit" of a built-in one (a built-in profile is never written)."""

    edit_url: str = ""
    copy_url: str = ""  # "Copy and edit" posts here, with ``fields``
    fields: Mapping[str, str] = field(default_factory=dict)


def edit_or_copy(slug: str, ref: ProfileRef, back: str = "") -> EditOrCopy:
    """For a page that is no table (a score page): a built-in profile is copied as the profiles page copies it.
    ``back``: the page's own address, so the editor leads back to it with the profile edited (profile_return)."""
    if ref.is_user:
        return EditOrCopy(edit_url=url_for("profiles.edit", token=ref.token, back=back or None))
    source = ref.key or next(iter(builtin_profiles(slug)), "")
    if not source:
        return EditOrCopy()
    fields = {"source": source, **({"back": back} if back else {})}
    return EditOrCopy(copy_url=url_for("profiles.copy", slug=slug), fields=fields)


@dataclass(frozen=True)
class ProfileChoice:
    """A profile a page offers to pick (the print page): the form's value, its name and how much it knows."""

    value: str  # ProfileRef's stored form
    name: str
    progress: Progress | None


def profile_choices(slug: str, builtins: Mapping[str, Mapping[str, Any]],
                    made: Sequence[Profile]) -> tuple[ProfileChoice, ...]:
    """The game's built-in profiles, then the ones this phone made (newest first)."""
    found = [ProfileChoice(str(ProfileRef.builtin(pid)), pick(data, "name"), progress_for(slug, data))
             for pid, data in builtins.items()]
    found += [ProfileChoice(str(ProfileRef.user(row.token)), pick(row.data, "name"), progress_for(slug, row.data))
              for row in made if row.game == slug]
    return tuple(found)


D = TypeVar("D")


def tool_deck(slug: str, profile_ref: str, default_ref: str,
              read: Callable[[Mapping[str, Any]], D]) -> tuple[str, dict[str, Any], D, list[str]]:
    """The deck profile a quick tool's link names, read by the game (``read``), with what went wrong said:
    a link that names no profile of this game, or a profile that cannot be used, falls back to the built-in
    one (the ref actually used comes first)."""
    problems: list[str] = []
    try:
        profile, _key = resolve_profile(slug, ProfileRef.parse(profile_ref))
        return profile_ref, profile, read(profile), problems
    except UnknownProfile:
        problems.append(_("No deck profile of this game is at that link; the built-in one is used."))
    except ErrorList as broken:
        problems.append(_("That deck profile cannot be used (%(why)s); the built-in one is used.",
                          why="; ".join(explain(e, PAGE) for e in broken.errors[:3])))
    profile, _key = resolve_profile(slug, ProfileRef.parse(default_ref))
    return default_ref, profile, read(profile), problems
