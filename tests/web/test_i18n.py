"""The interface follows the phone's language (ja or en), can be switched, and remembers the choice."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.web.apps import Phone
from tests.web.helpers import text_of

ROOT = Path(__file__).resolve().parents[2]


def test_the_phone_language_is_followed(client) -> None:  # type: ignore[no-untyped-def]
    ja = text_of(client.get("/", headers={"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"}).get_data(as_text=True))
    assert "どのゲームを遊びますか？" in ja
    en = text_of(client.get("/", headers={"Accept-Language": "en-GB,en;q=0.9"}).get_data(as_text=True))
    assert "Which game is on the table?" in en
    other = text_of(client.get("/", headers={"Accept-Language": "fr"}).get_data(as_text=True))
    assert "Which game is on the table?" in other


def test_the_switch_is_remembered(client) -> None:  # type: ignore[no-untyped-def]
    phone = Phone(client, lang="en")
    phone.get("/")
    response = phone.post("/lang", {"lang": "ja", "next": "/import"})
    assert response.status_code == 303 and response.headers["Location"] == "/import"
    assert "lang=ja" in response.headers["Set-Cookie"] and "Max-Age=31536000" in response.headers["Set-Cookie"]
    assert "エクスポートしたテーブルを続ける" in text_of(phone.get("/import").get_data(as_text=True))
    assert "どのゲームを遊びますか？" in text_of(phone.get("/").get_data(as_text=True))


def test_the_switch_never_redirects_off_site(client) -> None:  # type: ignore[no-untyped-def]
    phone = Phone(client)
    phone.get("/")
    response = phone.post("/lang", {"lang": "ja", "next": "//evil.example/"})
    assert response.headers["Location"] == "/"


def test_reasons_and_errors_in_japanese(client) -> None:  # type: ignore[no-untyped-def]
    phone = Phone(client, lang="ja")
    response = phone.post("/new/tally", {"seat0": "Solo"})
    assert "2 / 3 / 4 人のプレイヤー名を時計回りに入力してください。" in text_of(response.get_data(as_text=True))
    assert "このアドレスには何もありません。" in text_of(phone.get("/t/nope").get_data(as_text=True))


def test_every_string_is_in_both_catalogs_and_translated_in_japanese() -> None:
    result = subprocess.run([sys.executable, "scripts/i18n.py", "check"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


# A plural written as "card(s)" (or "カード(s)"): ngettext gives "1 card", "2 cards" and one Japanese form instead.
PLURAL_HACK = re.compile(r"\w\s?\(s\)")
JINJA_COMMENT = re.compile(r"\{#.*?#\}", re.S)
JINJA_TAG = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)
STRING = re.compile(r"\"[^\"]*\"|'[^']*'")


def _shown_text(template: str) -> str:
    """A template's words as a page may show them: the text between tags and the strings inside tags (the
    ones passed to gettext), without comments or code such as ``mini(s)``."""
    template = JINJA_COMMENT.sub(" ", template)
    strings = [s for tag in JINJA_TAG.findall(template) for s in STRING.findall(tag)]
    return " ".join([JINJA_TAG.sub(" ", template), *strings])


def test_no_plural_is_written_with_s_in_brackets() -> None:
    from babel.messages.pofile import read_po

    found = []
    for po in sorted(ROOT.glob("companion/**/translations/*/LC_MESSAGES/messages.po")):
        with po.open("rb") as f:
            for message in read_po(f):
                texts = [*(message.id if isinstance(message.id, tuple) else (message.id,)),
                         *(message.string if isinstance(message.string, tuple) else (message.string,))]
                found += [f"{po.relative_to(ROOT)}: {t!r}" for t in texts if t and PLURAL_HACK.search(t)]
    for template in sorted([*ROOT.glob("templates/**/*.html"), *ROOT.glob("printables/**/*.html")]):
        if PLURAL_HACK.search(_shown_text(template.read_text(encoding="utf-8"))):
            found.append(str(template.relative_to(ROOT)))
    assert found == []


def test_a_templates_kept_words_follow_the_language_and_escape_as_jinjas_own(app) -> None:  # type: ignore[no-untyped-def]
    """companion.i18n.template_gettext keeps each text that takes no values, worded once per catalog: the kept one
    must be what Jinja's newstyle gettext made (escaped as the template is, "%%" read as "%"), per language, and a
    text with values still escapes them."""
    from flask import render_template_string

    source = ('{{ _("Undo last entry") }}|{{ _("100%% sure") }}|{{ _("Hello %(name)s", name=who) }}'
              '{% autoescape false %}|{{ _("Hello %(name)s", name=who) }}|{{ _("100%% sure") }}{% endautoescape %}')
    for lang, undo in (("en", "Undo last entry"), ("ja", "最後の入力を取り消す"), ("en", "Undo last entry")):
        for _twice in range(2):
            with app.test_request_context("/", headers={"Accept-Language": lang}):
                drawn = render_template_string(source, who="<b>Ben</b>")
            assert drawn == f"{undo}|100% sure|Hello &lt;b&gt;Ben&lt;/b&gt;|Hello <b>Ben</b>|100% sure"


def test_the_language_read_where_flask_babel_keeps_it_follows_a_forced_one(app) -> None:  # type: ignore[no-untyped-def]
    """companion.i18n.language reads the chosen locale without Flask-Babel's look-up and keeps its code: it must
    say what ``str(get_locale())`` says before the locale is chosen, while a locale is forced and after."""
    from flask_babel import force_locale, get_locale

    from companion.i18n import gettext, language

    assert language() == "en"  # no request: the default, as ``get_locale() or "en"``
    with app.test_request_context("/", headers={"Accept-Language": "ja"}):
        assert language() == "ja"  # asked first: chosen now
        assert language() == str(get_locale()) == "ja"
        with force_locale("en"):
            assert language() == "en"
            assert gettext("Undo last entry") == "Undo last entry"
        assert language() == "ja"
        assert gettext("Undo last entry") == "最後の入力を取り消す"
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert language() == "en"
