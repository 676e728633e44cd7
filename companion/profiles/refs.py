"""Which deck profile a table (or a print, or a page) uses: a built-in one by id, or a user's copy by token.

Stored as text in the database (``builtin:default``, ``user:<token>``); everywhere else it is a ``ProfileRef``,
so no caller cuts strings apart. Pure.
"""

from __future__ import annotations

from dataclasses import dataclass

BUILTIN, USER = "builtin", "user"


@dataclass(frozen=True)
class ProfileRef:
    kind: str  # BUILTIN or USER
    key: str  # the built-in profile's id, or the user profile's token ("" for a game's first built-in one)

    @classmethod
    def builtin(cls, profile_id: str = "") -> ProfileRef:
        return cls(BUILTIN, profile_id)

    @classmethod
    def user(cls, token: str) -> ProfileRef:
        return cls(USER, token)

    @classmethod
    def parse(cls, text: str) -> ProfileRef:
        """The stored form; an empty or unprefixed text is a built-in id ("" = the game's default)."""
        kind, sep, key = (text or "").partition(":")
        if sep and kind == USER:
            return cls.user(key)
        if sep and kind == BUILTIN:
            return cls.builtin(key)
        return cls.builtin(text or "")

    @classmethod
    def from_input(cls, raw: str, builtin_ids: frozenset[str] | set[str] | tuple[str, ...] = ()) -> ProfileRef:
        """What a player types or pastes: a built-in id, the stored form, or a user profile's link or token."""
        raw = (raw or "").strip()
        if not raw:
            return cls.builtin("")
        if raw in builtin_ids:
            return cls.builtin(raw)
        if raw.startswith(f"{BUILTIN}:") or raw.startswith(f"{USER}:"):
            return cls.parse(raw)
        token = raw.rstrip("/").rsplit("/", 1)[-1].removesuffix(".toml").removesuffix(".json")
        return cls.user(token)

    @property
    def is_user(self) -> bool:
        return self.kind == USER

    @property
    def token(self) -> str:
        """The user profile's token ("" for a built-in profile)."""
        return self.key if self.is_user else ""

    def __str__(self) -> str:
        return f"{self.kind}:{self.key}"
