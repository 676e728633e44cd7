"""The result card's layout (companion/printing/card_layout.py) with the card's real fonts: Japanese lines break
where Japanese may break, English at spaces; what does not fit ends in "…" inside the card; thirteen players
(Sister Combination's most) still fit above the working; a drawn game has no crown; a character no font has is
drawn as its standard form or "?", never as a missing-glyph box. And a tie-break is the working's line."""

from __future__ import annotations

import io
from dataclasses import replace

from flask import Flask
from PIL import Image

from companion.games.lumiere import GAME as LUMIERE
from companion.games.lumiere import Card, Phase
from companion.games.lumiere.conditions import end_check
from companion.printing.card import CARD_SIZE, CardRow, ResultCard, card_of
from companion.printing.card_draw import card_png, measure, missing_glyphs
from companion.printing.card_layout import ELLIPSIS, MARGIN, NO_END, NO_START, WIDTH, layout, lines_of, wrap
from companion.web.games.lumiere.summary import _summary as lumiere_summary
from companion.web.wording import Wording
from tests.games.lumiere.support import complete_profile, table


def card(**changes: object) -> ResultCard:
    base = ResultCard(
        lang="en", game="Planeta Rica", game_other="プラネトリコ", when="4 Jan 2026, 19:03 (UTC)",
        headline_label="Winner", headline="Aki", headline_score="29", ranking_label="Final ranking",
        rows=(CardRow("1", "Aki", "29", True), CardRow("2", "Dan", "18"), CardRow("3", "Chie", "12")),
        working_label="How it was decided", working="Aki: Fame 7 + Planets 8 + Gadgets 10 + Bonus 4 = 29 VP (PR-5)",
        seats="Seats (clockwise): 1. Chie, 2. Dan, 3. Aki", footer="Table companion")
    return replace(base, **changes)  # type: ignore[arg-type]


def test_japanese_breaks_between_characters_but_never_before_closing_punctuation() -> None:
    text = "最初の人が上がったら終了。他の人は残り枚数で順位を決めます。同じ枚数の人は同じ順位になります（SC-7）。"
    lines = wrap(text, 500, 32, False, measure, 10)
    assert len(lines) > 2 and "".join(lines) == text
    for line in lines:
        assert measure(line, 32, False) <= 500
        assert line[0] not in NO_START and line[-1] not in NO_END


def test_english_breaks_at_spaces_and_what_is_too_long_ends_in_an_ellipsis() -> None:
    text = "Highest final score 150: Aki, Ben (§4.5; the rule text gives no tie-break, so tied players win together)."
    lines = wrap(text, 600, 32, False, measure, 10)
    assert " ".join(lines) == text
    two = wrap(text, 600, 32, False, measure, 2)
    assert len(two) == 2 and two[0] == lines[0] and two[1].endswith(ELLIPSIS)
    assert all(measure(line, 32, False) <= 600 for line in two)


def test_a_long_name_is_cut_short_inside_the_card() -> None:
    long = "Benjamin Alexander Montgomery-Smythe the Third of Pemberley"
    made = layout(card(rows=(CardRow("1", "Aki", "29", True), CardRow("2", long, "18"))), measure)
    (shown,) = [t for t in made.texts if t.role == "row" and t.text.startswith("Benjamin")]
    assert shown.text.endswith(ELLIPSIS) and long.startswith(shown.text[:-1].rstrip())
    for text in made.texts:
        left = text.x - measure(text.text, text.size, text.bold) if text.right else text.x
        right = text.x if text.right else text.x + measure(text.text, text.size, text.bold)
        assert MARGIN - 1 <= left and right <= WIDTH - MARGIN + 1, text


def test_thirteen_players_fit_above_the_working_and_the_seats() -> None:
    rows = tuple(CardRow(str(i), f"Player {i}", f"{i * 2} cards left", i == 1) for i in range(1, 14))
    made = layout(card(rows=rows, seats="Seats (clockwise): " + ", ".join(f"{i}. Player {i}" for i in range(1, 14))),
                  measure)
    assert [text for role, text in lines_of(made) if role == "row"] == [f"Player {i}" for i in range(1, 14)]
    last_row = max(t.baseline for t in made.texts if t.role == "row")
    working_box = next(b for b in made.boxes if b.radius)
    first_seat_line = min(t.baseline for t in made.texts if t.role == "seats")
    assert last_row < working_box.y0 and working_box.y1 < first_seat_line - 26
    assert all(0 < t.baseline < CARD_SIZE[1] for t in made.texts)


def test_a_drawn_game_has_no_crown_and_no_score() -> None:
    drawn = card(headline_label="Result", headline="Drawn game", headline_score="",
                 rows=(CardRow("1", "Aki", "drawn game", True), CardRow("1", "Ben", "drawn game", True)))
    made = layout(drawn, measure)
    assert not any(b.shape == "crown" for b in made.boxes)
    assert ("headline", "Drawn game") in lines_of(made) and "headline_score" not in dict(lines_of(made))
    assert sum(b.shape == "circle" for b in made.boxes) == 2  # both first


def test_no_missing_glyph_box_is_ever_drawn() -> None:
    assert missing_glyphs("遊星姊妹 ルミエル†プリエール §4.5 × − …") == set()
    odd = "\U000f0000Aki"  # a private-use character no font has
    assert missing_glyphs(odd) == {"\U000f0000"}
    image = Image.open(io.BytesIO(card_png(card(headline=odd, lang="ja"))))
    assert image.size == CARD_SIZE


def test_the_card_travels_as_json() -> None:
    made = card()
    assert card_of(made.to_json()) == made


def test_a_tie_break_is_the_line_of_working(app: Flask) -> None:
    """Lumière's winner by LP-7's tie-break: the summary gives no score working, so the card shows the ruling."""
    state = table(profile=complete_profile(), first=2)
    areas = [(Card.PRIEST,), (Card.COMMONER,), (), (Card.EXORCIST,)]  # seats 0 and 3 tie on 3
    seats = tuple(replace(s, points=a, hand=5) for s, a in zip(state.seats, areas, strict=True))
    state = replace(state, seats=seats, phase=Phase.OVER, end_reasons=end_check(seats))
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        summary = lumiere_summary(state, LUMIERE.score(state), Wording.of_table(("Aki", "Ben", "Chie", "Dai")))
    assert summary.finished and summary.working == ""
    assert "Aki, Dai are tied at 3; Dai sits nearest the first player (Chie) and wins. (LP-7)" in summary.winner_note
