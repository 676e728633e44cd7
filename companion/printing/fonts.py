"""The PDFs' fonts: IPAexGothic (Debian fonts-ipaexfont-gothic) for Japanese and Latin text, Noto Sans CJK JP
for the rarer kanji, DejaVu Sans for the few symbols they lack. Text stays text (selectable, extractable).

The result card (a PNG, drawn with Pillow: card_draw.py) has two weights: Noto Sans CJK JP Regular and Bold
(fonts-noto-cjk has both), IPAexGothic where Noto is missing, DejaVu Sans for symbols (``card_font_files``).

Any character no font has is replaced before rendering (``glyph_safe``: a known variant by its standard form,
such as 姊 -> 姉, anything else by "?"), so a PDF never shows a missing-glyph box.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterable
from functools import cache
from pathlib import Path

JAPANESE_FAMILY = "IPAexGothic"
# Noto Sans CJK JP (Debian fonts-noto-cjk, installed by setup) draws the rarer kanji IPAexGothic lacks, such as
# 遊星姊妹's 姊. It is a font collection: face 0 is the Japanese one.
CJK_FAMILY = "Noto Sans CJK JP"
SYMBOL_FAMILY = "DejaVu Sans"
_FONT_FALLBACKS = {
    JAPANESE_FAMILY: ("/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
                      "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf"),
    CJK_FAMILY: ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",),
    SYMBOL_FAMILY: ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",),
}
FONT_STACK = f'"{JAPANESE_FAMILY}", "{CJK_FAMILY}", "{SYMBOL_FAMILY}"'


# The result card's fonts by weight, each (family, file candidates, face index in the file), first choice first.
_CARD_FONTS = {
    False: ((CJK_FAMILY, ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",), 0),
            (JAPANESE_FAMILY, _FONT_FALLBACKS[JAPANESE_FAMILY], 0),
            (SYMBOL_FAMILY, _FONT_FALLBACKS[SYMBOL_FAMILY], 0)),
    True: ((CJK_FAMILY, ("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",), 0),
           (JAPANESE_FAMILY, _FONT_FALLBACKS[JAPANESE_FAMILY], 0),
           (SYMBOL_FAMILY, ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",) + _FONT_FALLBACKS[SYMBOL_FAMILY],
            0)),
}


class FontMissing(RuntimeError):
    pass


def _fc_match(family: str, style: str = "") -> str:
    pattern = f"{family}:style={style}" if style else family
    try:
        found = subprocess.run(["fc-match", "-f", "%{file}|%{family}", pattern], capture_output=True, text=True,
                               timeout=10, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return ""
    path, _, families = found.partition("|")
    return path if family.lower() in families.lower() and Path(path).is_file() else ""


@cache
def font_files() -> tuple[tuple[str, str], ...]:
    """(family, file) of the fonts the PDFs use, the Japanese one first. Raises FontMissing without it."""
    found = []
    for family, fallbacks in _FONT_FALLBACKS.items():
        path = next((p for p in fallbacks if Path(p).is_file()), "") or _fc_match(family)
        if path:
            found.append((family, str(Path(path).resolve())))
        elif family == JAPANESE_FAMILY:
            raise FontMissing("IPAexGothic is not installed (Debian package fonts-ipaexfont-gothic)")
    return tuple(found)


@cache
def card_font_files(bold: bool) -> tuple[tuple[str, int], ...]:
    """(file, face index) of the result card's fonts for one weight, in the order a character looks for its
    glyph. Raises FontMissing without a Japanese font (Noto Sans CJK JP or IPAexGothic)."""
    found: list[tuple[str, int]] = []
    japanese = False
    for family, candidates, index in _CARD_FONTS[bold]:
        path = next((p for p in candidates if Path(p).is_file()), "") or \
            _fc_match(family, "Bold" if bold else "")
        if path and (str(Path(path).resolve()), index) not in found:
            found.append((str(Path(path).resolve()), index))
            japanese = japanese or family != SYMBOL_FAMILY
    if not japanese:
        raise FontMissing("no Japanese font for the result card (Debian fonts-noto-cjk or fonts-ipaexfont-gothic)")
    return tuple(found)


def font_face_css() -> str:
    """@font-face rules naming the exact font files (so no other installed font is ever picked)."""
    return "\n".join(
        f'@font-face {{ font-family: "{family}"; src: url("{Path(path).as_uri()}"); }}'
        for family, path in font_files()
    )


@cache
def _cmaps() -> tuple[tuple[str, frozenset[int]], ...]:
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    out = []
    for family, path in font_files():
        with TTFont(path, lazy=True, fontNumber=0) as font:
            out.append((family, frozenset(font.getBestCmap())))
    return tuple(out)


@cache
def coverage() -> frozenset[int]:
    """Every code point one of the PDF fonts has a glyph for."""
    covered: set[int] = set()
    for _family, cmap in _cmaps():
        covered |= cmap
    return frozenset(covered)


def family_for(char: str) -> str | None:
    """The font that draws ``char`` (the first in the stack that has it), or None."""
    for family, cmap in _cmaps():
        if ord(char) in cmap:
            return family
    return None


_INVISIBLE = frozenset(map(ord, "\n\r\t\u200b\u200c\u200d\ufeff"))
REPLACEMENT = "?"
# Variant characters (異体字) IPAexGothic lacks, printed in their standard form rather than as "?":
# 遊星姊妹's 姊 (U+59CA) is 姉 (U+59C9), the form the rule text's own 姉妹カード uses.
VARIANTS = {"姊": "姉"}


def uncovered(text: str) -> set[str]:
    """Characters of ``text`` no PDF font can draw (they would print as missing-glyph boxes)."""
    covered = coverage()
    return {c for c in set(text) if ord(c) not in covered and ord(c) not in _INVISIBLE}


def glyph_safe(html: str) -> tuple[str, set[str]]:
    """The HTML with every character no PDF font has replaced (by its standard form for a known variant, else
    by "?"), and the characters replaced.

    Markup is ASCII, so only text (names and effects users typed, mostly) can be affected.
    """
    missing = uncovered(html)
    if not missing:
        return html, missing
    table = {ord(c): VARIANTS.get(c, REPLACEMENT) for c in missing}
    return html.translate(table), missing


def check_fonts(texts: Iterable[str]) -> set[str]:
    """Characters among ``texts`` the PDF fonts lack (for tests and for data written into printables)."""
    missing: set[str] = set()
    for text in texts:
        missing |= uncovered(text)
    return missing
