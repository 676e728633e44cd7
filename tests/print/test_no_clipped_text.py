"""No text in a PDF is clipped: the printing hint at the foot of a card sheet, longer in Japanese than
one line of its band, was cut off mid-word ("…トン"). The text layer still holds clipped glyphs (pdftotext gives
the whole hint back), so this reads where each character is drawn: the whole hint, in order, inside the band
between the two middle cut guides, and every character of the page on the paper."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.print.pdfs import cards_on, open_pdf

PT = 72 / 25.4
HINTS = {  # the foot of a front page and of a back page, as each language prints it
    "en": ("Print at 100 % (actual size), never “fit to page”. Cut along the marks.",
           "Print duplex, flip on the long edge."),
    "ja": ("100%（実際のサイズ）で印刷。「用紙に合わせる」は不可。トンボに沿って切る。", "両面印刷・長辺とじ。"),
}


def foot(page: Any) -> tuple[str, list[dict[str, Any]]]:
    """The text under the card grid (whitespace left out) and its characters."""
    bottom = max(c.y + c.h for c in cards_on(page))
    chars = [ch for ch in page.chars if ch["top"] / PT > bottom and ch["text"].strip()]
    chars.sort(key=lambda ch: (round(ch["top"], 1), ch["x0"]))
    return "".join(ch["text"] for ch in chars), chars


def band(page: Any) -> tuple[float, float]:
    """The free band between the two middle cut guides: the middle column of cards (mm)."""
    xs = sorted({round(c.x, 1) for c in cards_on(page)})
    card = cards_on(page)[0]
    middle = xs[len(xs) // 2] if len(xs) > 2 else xs[-1]
    return middle, middle + card.w


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_sheet_hints_are_whole_and_inside_their_band(client: FlaskClient, lang: str, paper: str) -> None:
    response = client.get(f"/print/lp-phases.pdf?lang={lang}&paper={paper}&size=poker")
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    with open_pdf(response.data) as pdf:
        for page, hint in zip(pdf.pages[:2], HINTS[lang], strict=True):
            shown, chars = foot(page)
            assert shown == "".join(hint.split()), f"{paper} {lang}: the foot reads {shown!r}"
            left, right = band(page)
            for ch in chars:
                assert left - 0.1 <= ch["x0"] / PT and ch["x1"] / PT <= right + 0.1, \
                    f"{ch['text']!r} at {ch['x0'] / PT:.1f}–{ch['x1'] / PT:.1f} mm is outside {left:.1f}–{right:.1f}"
            width, height = float(page.width), float(page.height)
            off = [ch["text"] for ch in page.chars
                   if ch["x0"] < -0.1 or ch["x1"] > width + 0.1 or ch["top"] < -0.1 or ch["bottom"] > height + 0.1]
            assert off == [], f"{paper} {lang}: characters off the paper: {''.join(off)!r}"
