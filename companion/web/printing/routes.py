"""The print page and the PDF routes (see the package docstring for the URLs)."""

from __future__ import annotations

import logging
from typing import Any

from flask import Blueprint, Response, abort, current_app, redirect, render_template, request, url_for
from flask_babel import force_locale

from companion.i18n import gettext as _
from companion.profiles import store as profile_store
from companion.tables import store
from companion.web.guard.security import CSP, device_id
from companion.web.profiles.model import profile_choices
from companion.web.tables.loading import load_view

from ...inputs import decimal_number
from ...printing.card import ResultCard, card_key
from ...printing.fonts import FontMissing
from ...printing.geometry import Offset
from ...printing.pool import PrintBusy, PrintFailed, PrintTimeout
from ...profiles import builtin_profiles
from .documents import NeedsProfile, Printable, summary_document
from .listing import by_id, game_names, groups, profile_games
from .messages import problem_text
from .options import (
    COOKIE_AGE,
    OFFSET_COOKIE,
    PAPER_COOKIE,
    Problem,
    current_lang,
    default_paper,
    offset_choices,
    offset_cookie,
    read_options,
    remembered_offset,
)
from .render import Document, pdf_of, printer
from .result import card_filename, result_card
from .sheets import OffsetText, signed
from .zone import request_zone

log = logging.getLogger(__name__)

# A PDF has no script and loads nothing; the browser's PDF viewer must still be allowed to show it.
PDF_CSP = "default-src 'none'; object-src 'self'; img-src 'self' data:; style-src 'unsafe-inline'; " \
          "frame-ancestors 'self'"

bp = Blueprint("printing", __name__)


def _problem_page(title: str, messages: list[str], status: int, retry_after: int | None = None):  # type: ignore[no-untyped-def]
    body = render_template("print/problem.html", title=title, problems=messages)
    response = Response(body, status=status, mimetype="text/html")
    response.headers["Content-Security-Policy"] = CSP
    if retry_after:
        response.headers["Retry-After"] = str(retry_after)
    return response


def _refused(problems: list[Problem]):  # type: ignore[no-untyped-def]
    return _problem_page(_("These print options cannot be used"), [problem_text(p) for p in problems], 422)


def send_pdf(document: Document, options: dict[str, Any], lang: str, paper: str | None = None):  # type: ignore[no-untyped-def]
    """The PDF inline (the browser opens it), from the cache when unchanged; a clear page when it takes too
    long, when the printer is busy, or when it fails."""
    try:
        printed = pdf_of(document, lang, options)
    except PrintTimeout:
        return _problem_page(_("This PDF is taking too long"), [
            _("It was stopped after %(seconds)s seconds so that score entry stays quick. Try again in a moment; "
              "a smaller print (fewer cards, fronts only) is faster.",
              seconds=f"{printer(current_app).time_limit:g}")], 503, retry_after=10)
    except PrintBusy:
        return _problem_page(_("The printer is busy"), [
            _("Other PDFs are being made right now. Try again in a moment.")], 503, retry_after=5)
    except FontMissing:
        log.exception("printing: the Japanese font is missing")
        return _problem_page(_("The PDF could not be made"), [
            _("The Japanese font for PDFs is not installed on the server (fonts-ipaexfont-gothic).")], 503)
    except PrintFailed as exc:
        log.error("printing %s failed: %s", document.template, exc)
        return _problem_page(_("The PDF could not be made"), [
            _("Something went wrong while making this PDF. Nothing else is affected; try again, or choose other "
              "options.")], 500)
    response = Response(printed.pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{document.filename}.pdf"'
    response.headers["Content-Security-Policy"] = PDF_CSP
    response.headers["Cache-Control"] = "private, no-cache"
    response.headers["X-Print-Cache"] = "hit" if printed.cached else "miss"
    response.set_etag(printed.key)
    if paper:
        response.set_cookie(PAPER_COOKIE, paper, max_age=COOKIE_AGE, samesite="Lax")
    return response.make_conditional(request)


@bp.get("/print")
def index():  # type: ignore[no-untyped-def]
    printer(current_app).pool.warm()  # the player is choosing: load WeasyPrint meanwhile
    offset = remembered_offset()
    builtins = {slug: profile_choices(slug, builtin_profiles(slug), profile_store.profiles_made_by(device_id()))
                for slug in profile_games()}
    return render_template(
        "print/index.html", groups=groups(), names=game_names(), paper=default_paper().key, lang_choice=current_lang(),
        offset=offset, offset_text=OffsetText(signed(offset.dx), signed(offset.dy)), offset_choices=offset_choices(),
        saved=request.args.get("saved") == "1", builtins=builtins, calibration=by_id()["calibration"],
    )


@bp.get("/print/<printable_id>.pdf")
def pdf(printable_id: str):  # type: ignore[no-untyped-def]
    printable: Printable | None = by_id().get(printable_id)
    if printable is None:
        abort(404)
    options, problems = read_options(request.args, printable.players or (2, 3, 4))
    if problems:
        return _refused(problems)
    try:
        with force_locale(options.lang):
            document = printable.build(options)
    except NeedsProfile as exc:
        status = 404 if exc.problem.code == "print.unknown_profile" else 422
        return _problem_page(_("This deck profile cannot be printed"), [problem_text(exc.problem)], status)
    return send_pdf(document, options.key(), options.lang, options.paper.key)


@bp.post("/print/offset")
def save_offset():  # type: ignore[no-untyped-def]
    """Remember the calibration offset on this phone; every later back page is moved by it."""
    response = redirect(url_for("printing.index", saved="1") + "#calibration", 303)
    if request.form.get("reset"):
        response.delete_cookie(OFFSET_COOKIE)
        return response
    read = [decimal_number(request.form.get(name, "") or "0", Offset.LIMIT) for name in ("dx", "dy")]
    if read[0] is None or read[1] is None:
        return _refused([Problem("print.offset_range", {"field": "dx / dy", "value": "", "limit": Offset.LIMIT})])
    offset = Offset.of(read[0], read[1])
    response.set_cookie(OFFSET_COOKIE, offset_cookie(offset), max_age=COOKIE_AGE, samesite="Lax")
    return response


def _summary(token: str, watch: bool):  # type: ignore[no-untyped-def]
    view = load_view(token, watch=watch)
    table = view.table
    options, problems = read_options(request.args)
    if problems:
        return _refused(problems)
    zone = request_zone(request.args, request.cookies)  # the phone's time zone
    with force_locale(options.lang):
        document = summary_document(view, options, zone)
    return send_pdf(document, {**options.key(), "table": table.token, "version": table.version,
                               "tz": zone.name, "tz_refused": zone.refused}, options.lang, options.paper.key)


@bp.get("/t/<token>/summary.pdf")
def table_summary(token: str):  # type: ignore[no-untyped-def]
    return _summary(token, watch=False)


@bp.get("/w/<token>/summary.pdf")
def watch_summary(token: str):  # type: ignore[no-untyped-def]
    return _summary(token, watch=True)


def send_card(card: ResultCard, filename: str):  # type: ignore[no-untyped-def]
    """A result card's PNG inline (a chat app or the browser shows it; the page's link saves it), revalidated by
    its ETag: unchanged while the table's result, the language and the time zone are, and answered 304 without
    drawing. Drawn in the render pool, so under the PDFs' time limit and workers; the same clear pages."""
    try:
        key = card_key(card)
    except FontMissing:
        log.exception("printing: no Japanese font for the result card")
        return _problem_page(_("The image could not be made"), [
            _("The Japanese font for the result image is not installed on the server (fonts-noto-cjk).")], 503)
    if request.if_none_match.contains(key):
        unchanged = Response(status=304)
        unchanged.set_etag(key)
        unchanged.headers["Cache-Control"] = "private, no-cache"
        return unchanged
    try:
        made = printer(current_app).print_card(card, key)
    except PrintTimeout:
        return _problem_page(_("The image is taking too long"), [
            _("It was stopped after %(seconds)s seconds so that score entry stays quick. Try again in a moment.",
              seconds=format(printer(current_app).time_limit, "g"))], 503, retry_after=10)
    except PrintBusy:
        return _problem_page(_("The printer is busy"), [
            _("Other PDFs are being made right now. Try again in a moment.")], 503, retry_after=5)
    except PrintFailed as exc:
        log.error("the result card failed: %s", exc)
        return _problem_page(_("The image could not be made"), [
            _("Something went wrong while making this image. Nothing else is affected; try again.")], 500)
    response = Response(made.png, mimetype="image/png")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.headers["Cache-Control"] = "private, no-cache"
    response.headers["X-Print-Cache"] = "hit" if made.cached else "miss"
    response.set_etag(made.key)
    return response


def _result(token: str, watch: bool):  # type: ignore[no-untyped-def]
    view = load_view(token, watch=watch)
    options, problems = read_options({k: v for k, v in request.args.items() if k == "lang"})
    if problems:
        return _refused(problems)
    zone = request_zone(request.args, request.cookies)  # the phone's time zone, as the summary PDF's
    with force_locale(options.lang):
        card = result_card(view, options.lang, zone)
    if card is None:  # says nothing of the table but that: the rules may keep parts of it secret until the end
        return _problem_page(_("No result to share yet"), [
            _("The result image is made once the game is over and every score is known.")], 409)
    return send_card(card, card_filename(view))


@bp.get("/t/<token>/result.png")
def table_result(token: str):  # type: ignore[no-untyped-def]
    return _result(token, watch=False)


@bp.get("/w/<token>/result.png")
def watch_result(token: str):  # type: ignore[no-untyped-def]
    return _result(token, watch=True)


@bp.get("/print/summary")
def find_summary():  # type: ignore[no-untyped-def]
    """A table's link pasted on the print page -> its summary PDF with the chosen paper and language."""
    raw = request.args.get("table", "").strip().rstrip("/")
    parts = raw.split("/")
    token = parts[-1] if parts else ""
    watch = len(parts) >= 2 and parts[-2] == "w"
    table = (store.get_watched_table(token) if watch else store.get_table(token)) if token else None
    if table is None:
        return _problem_page(_("No such table"), [
            _("Paste the whole link of a table (it ends in /t/… or /w/…).")], 404)
    args = {k: v for k, v in request.args.items() if k in ("paper", "lang", "tz")}
    endpoint = "printing.watch_summary" if watch else "printing.table_summary"
    return redirect(url_for(endpoint, token=token, **args), 303)

