"""The tokens in a link (a table's, a group's, a profile's, their read-only links): made unguessable, and read
back only when they could be one, so a link naming anything else names nothing and is never sent to the database
(PostgreSQL refuses a NUL in a string outright)."""

from __future__ import annotations

import re
import secrets

TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")  # what new_token makes (URL-safe base64), with room to spare


def new_token() -> str:
    """144 random bits, URL-safe (at least 96 are needed for a link nobody can guess)."""
    return secrets.token_urlsafe(18)


def is_token(text: str) -> bool:
    return isinstance(text, str) and TOKEN_RE.fullmatch(text) is not None
