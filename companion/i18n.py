"""Languages: the phone's language (ja or en) unless the player chose one; a chosen one is remembered."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask, g, request
from flask_babel import Babel, get_locale, get_translations
from flask_babel.speaklater import LazyString
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

LANGUAGES = ("ja", "en")
LANG_COOKIE = "lang"
PLATFORM_TRANSLATIONS = Path(__file__).parent / "translations"


def select_locale() -> str:
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in LANGUAGES and not request.path.startswith("/api/"):  # the API reads no cookies
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or "en"


def translation_directories() -> list[str]:
    """The platform's catalogs first, then each part's own (game web packages, printing), merged by
    Flask-Babel (see scripts/i18n.py for how strings are split between them)."""
    web = Path(__file__).parent / "web"
    dirs = [PLATFORM_TRANSLATIONS]
    dirs += sorted(p for p in web.glob("games/*/translations") if p.is_dir())
    dirs += sorted(p for p in web.glob("*/translations") if p.is_dir())
    return [str(d) for d in dirs]


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", ";".join(translation_directories()))
    Babel(app, locale_selector=select_locale)
    # Templates look up every string through these: the request's catalogs are found once and kept for its
    # language, where Flask-Babel's own callables find them again for each string (a fifth of a table's render
    # went there, measured). A forced locale (force_locale) changes the language, so the kept one is checked.
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: bound_translations().ugettext(s),
        ngettext=lambda s, p, n: bound_translations().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: bound_translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: bound_translations().unpgettext(c, s, p, n),
    )
    app.jinja_env.globals.update(gettext=template_gettext, _=template_gettext)

    @app.context_processor
    def _language() -> dict[str, Any]:
        return {"lang": language(), "languages": LANGUAGES}


def language() -> str:
    """The language a request is answered in ("ja" or "en"; "en" with no request): ``str(get_locale())`` read
    where Flask-Babel keeps the locale once chosen. Flask-Babel's own look-up costs a few microseconds, and a
    table's fragment asks a hundred times per version (cache keys, words, names: issue 39, measured)."""
    try:
        babel = g._flask_babel
        locale = babel.babel_locale
    except (AttributeError, RuntimeError):  # not chosen yet in this request (get_locale keeps it), or no request
        locale = None
    if locale is None:
        return str(get_locale() or "en")
    kept = getattr(babel, "companion_language", None)
    if kept is None or kept[0] is not locale:  # force_locale changes it for a while
        kept = babel.companion_language = (locale, str(locale))
    return kept[1]  # type: ignore[no-any-return]


def bound_translations() -> Any:
    """The request's merged catalogs for its language, looked up once per request and language."""
    try:
        babel = g._flask_babel
        locale = babel.babel_locale
    except (AttributeError, RuntimeError):  # nothing looked up yet in this request, or no app: Flask-Babel's way
        return get_translations()
    kept = getattr(babel, "companion_bound", None)
    if kept is not None and kept[0] is locale:
        return kept[1]
    found = get_translations()
    babel.companion_bound = (locale, found)
    return found


@pass_context
def template_gettext(context: Context, string: str, **variables: Any) -> str:
    """A template's ``_()`` and ``{% trans %}``, as Jinja's newstyle gettext words them (escaped as the template
    is, always formatted with ``%``), with each text that takes no values worded once per catalog and kept: a
    table's fragment words a few hundred of them at every version (issue 39: 7% of an entry's CPU went to
    Jinja's gettext calls, measured)."""
    translations = bound_translations()
    autoescape = bool(context.eval_ctx.autoescape)
    if variables:
        found = translations.ugettext(string)
        worded_now: str = (Markup(found) if autoescape else found) % variables  # Markup stays Markup: not escaped again
        return worded_now
    kept = translations.__dict__.get(_WORDED)  # kept on the catalog: it lives as long as the catalog does
    if kept is None:
        kept = translations.__dict__[_WORDED] = ({}, {})
    worded: dict[str, str] = kept[autoescape]
    found = worded.get(string)
    if found is None:
        found = (Markup(translations.ugettext(string)) if autoescape else translations.ugettext(string)) % {}
        if len(worded) < WORDED_KEPT:
            worded[string] = found
    return found


_WORDED = "_companion_worded"
WORDED_KEPT = 20_000  # texts kept per catalog: templates word a few thousand; a text made of data is not kept past it


# The app's gettext family, as Flask-Babel's (same arguments, same formatting), reading the request's catalogs kept by
# ``bound_translations``: Flask-Babel's own find the request's context and catalogs again for every string, and a
# table's model words hundreds of them (a fifth of an entry's CPU went there, measured: issue 39).
def gettext(string: str, **variables: Any) -> str:
    found: str = bound_translations().ugettext(string)
    return found if not variables else found % variables


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    variables.setdefault("num", num)
    found: str = bound_translations().ungettext(singular, plural, num)
    return found % variables


def pgettext(context: str, string: str, **variables: Any) -> str:
    found: str = bound_translations().upgettext(context, string)
    return found if not variables else found % variables


def lazy_gettext(string: str, **variables: Any) -> LazyString:
    """A text translated each time it is used (module-level tables of messages), by ``gettext``."""
    return LazyString(gettext, string, **variables)


def pick(names: Mapping[str, str] | Any, base: str) -> str:
    """An object's name in the current language: ``name_ja`` / ``name_en`` attributes or keys."""
    lang = language()
    key = f"{base}_{lang}"
    if isinstance(names, Mapping):
        return str(names.get(key) or names.get(f"{base}_en") or "")
    return str(getattr(names, key, "") or getattr(names, f"{base}_en", ""))
