"""A small chart of one player's scores over time, drawn on the server as SVG: it shows with JavaScript off,
in the page and in the PDF alike. One line per game (scores of different games are not comparable), x = the
player's finished plays in order, y = the score. The chart names itself (title, desc) for screen readers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from .stats import ScorePoint

WIDTH, HEIGHT = 320, 140
LEFT, RIGHT, TOP, BOTTOM = 34, 8, 10, 22
PAD = 8  # the dots keep clear of the axes
# Colours told apart by people with the common colour-vision deficiencies (Okabe-Ito), plus a marker shape each.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00")


@dataclass(frozen=True)
class ChartWords:
    """The chart's words, already in the reader's language."""

    title: str
    description: str
    axis_x: str


def chart_svg(points: Sequence[ScorePoint], words: ChartWords) -> str:
    """The chart as an <svg> element (empty string without any scores)."""
    if not points:
        return ""
    low = min(0, min(p.score for p in points))
    high = max(max(p.score for p in points), low + 1)
    last = max(p.index for p in points)
    span_x = WIDTH - LEFT - RIGHT
    span_y = HEIGHT - TOP - BOTTOM

    def x(index: int) -> float:
        return LEFT + PAD + ((span_x - 2 * PAD) * index / last if last else (span_x - 2 * PAD) / 2)

    def y(score: int) -> float:
        return TOP + (span_y - PAD) * (high - score) / (high - low)

    parts = [
        f'<svg class="score-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{escape(words.title, quote=True)}">',
        f"<title>{escape(words.title)}</title><desc>{escape(words.description)}</desc>",
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{HEIGHT - BOTTOM}" stroke="#77757f"/>',
        f'<line x1="{LEFT}" y1="{HEIGHT - BOTTOM}" x2="{WIDTH - RIGHT}" y2="{HEIGHT - BOTTOM}" stroke="#77757f"/>',
        f'<text x="{LEFT - 4}" y="{TOP + 4}" text-anchor="end" font-size="10">{high}</text>',
        f'<text x="{LEFT - 4}" y="{HEIGHT - BOTTOM}" text-anchor="end" font-size="10">{low}</text>',
        f'<text x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - 6}" text-anchor="middle" font-size="10">'
        f"{escape(words.axis_x)}</text>",
    ]
    games: list[str] = []
    for p in points:
        if p.game not in games:
            games.append(p.game)
    for n, game in enumerate(games):
        colour = COLOURS[n % len(COLOURS)]
        mine = [p for p in points if p.game == game]
        line = " ".join(f"{x(p.index):.1f},{y(p.score):.1f}" for p in mine)
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{line}" '
                     f'data-game="{escape(game)}"/>')
        for p in mine:
            parts.append(f'<circle cx="{x(p.index):.1f}" cy="{y(p.score):.1f}" r="3" fill="{colour}">'
                         f"<title>{escape(p.game_name)}: {p.score}</title></circle>")
    parts.append("</svg>")
    return "".join(parts)


def legend(points: Sequence[ScorePoint]) -> list[tuple[str, str]]:
    """(game name, colour) of each line, in the chart's order."""
    seen: list[tuple[str, str]] = []
    games: list[str] = []
    for p in points:
        if p.game not in games:
            games.append(p.game)
            seen.append((p.game_name, COLOURS[(len(games) - 1) % len(COLOURS)]))
    return seen
