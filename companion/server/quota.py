"""Per-client limits on what a stranger can make: deck profiles (copies and imports) and groups, like the
table-creation limit (store.create_table) does for tables and table imports.

Each creation is a row in ``creations`` (kind, the client's keyed hash, when); a client may make at most
``most`` of a kind per window. The row is written first and then counted, in one transaction (on PostgreSQL
under an advisory lock per client and kind, on SQLite under the write lock), so concurrent requests cannot pass
the limit together; over it, nothing is kept.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from flask import Response, current_app, make_response
from flask.typing import ResponseReturnValue
from sqlalchemy import delete, func, select, text
from werkzeug.exceptions import TooManyRequests

from companion.i18n import gettext as _
from companion.storage import db
from companion.storage.models import Creation, utcnow

PROFILE = "profile"
GROUP = "group"
# The setting that holds each kind's allowance per window (TABLE_RATE_WINDOW seconds).
SETTINGS = {PROFILE: "PROFILES_PER_WINDOW", GROUP: "GROUPS_PER_WINDOW"}


def window_start() -> datetime:
    return utcnow() - timedelta(seconds=int(current_app.config["TABLE_RATE_WINDOW"]))


def over(kind: str, client: str) -> bool:
    """``client`` has used its whole allowance of ``kind``: checked before anything it sent is read."""
    made = db.session().scalar(select(func.count(Creation.id)).where(
        Creation.kind == kind, Creation.client == client, Creation.created_at >= window_start())) or 0
    return made >= int(current_app.config[SETTINGS[kind]])


def charge(kind: str, client: str, count: int = 1) -> bool:
    """Count ``count`` new things of ``kind`` against ``client``'s allowance: True (and kept) when they fit,
    False (nothing kept) when the client made too many lately."""
    most = int(current_app.config[SETTINGS[kind]])
    since = window_start()
    s = db.session()
    s.commit()
    with db.write_lock():
        try:
            if s.get_bind().dialect.name == "postgresql":
                s.execute(text("SELECT pg_advisory_xact_lock(hashtext(:key))"), {"key": f"{kind}:{client}"})
            s.add_all([Creation(kind=kind, client=client) for _ in range(count)])
            s.flush()
            made = s.scalar(select(func.count(Creation.id)).where(
                Creation.kind == kind, Creation.client == client, Creation.created_at >= since)) or 0
            if made > most:
                s.rollback()
                return False
            s.commit()
        except BaseException:
            s.rollback()
            raise
    return True


def refund(kind: str, client: str) -> None:
    """Give back the newest ``charge`` of ``kind``: the thing it paid for was refused after all (e.g. a group
    import whose tables went over the table limit), so a refused attempt never uses up the allowance."""
    s = db.session()
    s.commit()  # end the request's reads (db.READS): the write commits on its own
    newest = s.scalar(select(Creation.id).where(Creation.kind == kind, Creation.client == client)
                      .order_by(Creation.id.desc()).limit(1))
    if newest is not None:
        s.execute(delete(Creation).where(Creation.id == newest))
        s.commit()


def retry_after() -> int:
    """Seconds a client over an allowance is told to wait (Retry-After): a quarter of the window."""
    return int(current_app.config["TABLE_RATE_WINDOW"]) // 4


def with_retry_after(page: ResponseReturnValue) -> Response:
    """A page that says its client is over an allowance (a 429 it draws itself), with when to come back."""
    response = make_response(page)
    response.headers["Retry-After"] = str(retry_after())
    return response


def refused(kind: str) -> TooManyRequests:
    """The 429 a client over its allowance gets, saying so in its language (the error page shows it)."""
    if kind == PROFILE:
        said = _("This phone has made many deck profiles in a short time. Wait a while, then try again.")
    else:
        said = _("This phone has started many groups in a short time. Wait a while, then try again.")
    return TooManyRequests(said, retry_after=retry_after())


def require(kind: str, client: str, count: int = 1) -> None:
    """``charge``, or the refusal raised (429 with Retry-After)."""
    if not charge(kind, client, count):
        raise refused(kind)
