"""The way back from a profile's card editor to the score sheet that opened it, now using that profile.

A score page's "Copy and edit" (or "Card editor") sends its own address along; the editor then offers "Back to
the score sheet" with the sheet's ``profile`` set to the profile being edited, so the cards typed in the editor
are the ones the sheet scores with. The address is kept in this phone's session (one at a time), so it survives
every save, card and page of the editor. Only an address of this site is ever kept or offered (never another
host, never a script, never a page that is no score page).
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from flask import session

from companion.profiles.refs import ProfileRef

SESSION_KEY = "profile_return"
MAX_URL_CHARS = 3000  # a full Planetary Sisters sheet is about 700 characters; the session is a cookie


SCORE_PAGE = re.compile(r"/[a-z][a-z0-9-]*/score")  # a game's score page: the only pages that lead here


def _score_page(url: object) -> bool:
    """A score page of this site (no scheme, no host, no backslash tricks), short enough for a cookie."""
    if not isinstance(url, str) or len(url) > MAX_URL_CHARS or any(ord(c) < 32 for c in url) or "\\" in url:
        return False
    parts = urlsplit(url)
    return not parts.scheme and not parts.netloc and SCORE_PAGE.fullmatch(parts.path) is not None


def with_profile(url: str, token: str) -> str:
    """The address with its ``profile`` parameter naming this user profile (the rest as it was)."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "profile"]
    query.append(("profile", str(ProfileRef.user(token))))
    return urlunsplit(("", "", parts.path, urlencode(query), ""))


def keep(token: str, url: str) -> None:
    """Remember the sheet ``url`` (a score page of this site; anything else is ignored) as the way back from
    ``token``."""
    if _score_page(url):
        back = with_profile(url, token)
        if _score_page(back):
            session[SESSION_KEY] = {"token": token, "url": back}


def way_back(token: str) -> str:
    """The sheet to go back to from this profile's editor, or ""."""
    found = session.get(SESSION_KEY)
    if isinstance(found, dict) and found.get("token") == token and _score_page(found.get("url")):
        return str(found["url"])
    return ""
