"""Languages: the phone's language (ja or en) unless the player chose one; a chosen one is remembered."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask, request
from flask_babel import Babel, get_locale

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

    @app.context_processor
    def _language() -> dict[str, Any]:
        return {"lang": str(get_locale() or "en"), "languages": LANGUAGES}


def pick(names: Mapping[str, str] | Any, base: str) -> str:
    """An object's name in the current language: ``name_ja`` / ``name_en`` attributes or keys."""
    lang = str(get_locale() or "en")
    key = f"{base}_{lang}"
    if isinstance(names, Mapping):
        return str(names.get(key) or names.get(f"{base}_en") or "")
    return str(getattr(names, key, "") or getattr(names, f"{base}_en", ""))
