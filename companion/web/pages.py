"""Full pages and their fragments: one template includes the other, htmx asks for the fragment alone."""

from __future__ import annotations

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


def form_tokens() -> Markup:
    """What every form sends before its own fields (templates call ``form_tokens()``): the phone's CSRF token. A
    table's renders give their own, with the tap's key (companion.web.tables.render.form_tokens_for)."""
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
