"""Japanese words on an English page, marked ``lang="ja"``: a screen reader then reads リーチ or 鞠絵 in Japanese
(not letter by letter, or not at all), and the browser draws them with a Japanese font. On Japanese pages the
whole page is ``lang="ja"`` already and text passes through unchanged.

``mark_ja`` is the ``mark_ja`` template filter: ``{{ _("Last card: going out needs “リーチ” said…")|mark_ja }}``.
Only text between tags goes through it, never an attribute (a ``<span>`` in an attribute would be its text)."""

from __future__ import annotations

import re

from markupsafe import Markup, escape

from ..i18n import language

# A run of kana, kanji and the marks that join them (ー, ・, 々), as a word in a sentence is written.
JAPANESE_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\u3005\uff01-\uff5e（）]+")


def mark_ja(text: object) -> Markup:
    """The text escaped, each Japanese run in ``<span lang="ja">`` when the page is not in Japanese."""
    safe = escape(text)
    if language() == "ja" or not JAPANESE_RUN.search(safe):
        return safe
    return Markup(JAPANESE_RUN.sub(lambda m: f'<span lang="ja">{m.group(0)}</span>', str(safe)))
