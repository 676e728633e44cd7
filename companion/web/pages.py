"""Full pages and their fragments: one template includes the other, htmx asks for the fragment alone."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from flask import render_template, request
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from companion.inputs import InputError, upload_text


def is_htmx() -> bool:
    """A fragment is wanted only by htmx's own requests: not boosted ones, and not a history restore (the
    browser's Back to a step htmx pushed), which both want whole pages."""
    headers = request.headers
    return (headers.get("HX-Request") == "true" and headers.get("HX-Boosted") != "true"
            and headers.get("HX-History-Restore-Request") != "true")


def page(template: str, fragment: str | None = None, status: int = 200, **context: Any) -> tuple[str, int]:
    """A full page, or just its fragment for an htmx request; the page includes the same fragment."""
    name = fragment if (fragment and is_htmx()) else template
    return render_template(name, **context), status


# What the forms of the render under way carry instead of the phone's own token, when it is not a plain page: a
# table's renders set it (``forms_carry``). Set here, not in the render's context, so a macro imported without that
# context (``{% from … import … %}``) draws what the template calling it draws: a shared table fragment, sent to
# every phone, never carries the token of the phone that happened to ask for it first.
_carried: ContextVar[tuple[Markup, bool] | None] = ContextVar("form_tokens", default=None)


@contextmanager
def forms_carry(tokens: Markup, *, shared: bool) -> Iterator[None]:
    """Inside: every ``form_tokens()`` draws ``tokens``; ``shared``: they are empty, for every phone's page."""
    reset = _carried.set((tokens, shared))
    try:
        yield
    finally:
        _carried.reset(reset)


def forms_shared() -> bool:
    """Whether the render under way draws its forms' tokens empty (a fragment shared by every phone)."""
    carried = _carried.get()
    return carried is not None and carried[1]


def form_tokens() -> Markup:
    """What every form sends before its own fields (templates call ``form_tokens()``): the phone's CSRF token, or
    what the render under way carries instead (a table's: companion.web.tables.render.form_tokens_for)."""
    carried = _carried.get()
    if carried is not None:
        return carried[0]
    return Markup('<input type="hidden" name="csrf_token" value="{}">').format(generate_csrf())


def submitted_text() -> str:
    """What an import form sent: the uploaded file (up to MAX_CONTENT_LENGTH) or else the pasted text (up to
    MAX_FORM_MEMORY_SIZE; Werkzeug answers 413 past either). InputError when the file is not UTF-8 text, or
    when neither a file nor any text was sent (the player is asked for a file, not told it is unreadable)."""
    upload = request.files.get("file")
    if upload and upload.filename:
        return upload_text(upload.read())
    pasted = request.form.get("text", "")
    if not pasted.strip():
        raise InputError("import.nothing")
    return pasted
