"""Fame as the score page takes it: typed by the player, a number or a sum as written on paper ("12+3": fame
tokens added up, or 「１２＋３」 from a keyboard in 全角 mode), read by the platform's one score reader
(``inputs.score_sum``); refused with a sentence that says how a sum is written when it was meant as one; and
its parts shown in the score's working ("Fame 15 · 12 + 3")."""

from __future__ import annotations

from dataclasses import replace

from companion.games.base import ParseError
from companion.inputs import Sum, score_sum, written_as_sum

from .breakdown import SeatVP

MAX_FAME = 999
FAME_CHARS = 60  # of fame as typed: a sum of fame tokens ("5+5+3+1") with room for full-width digits and spaces


def fame_of(typed: str) -> Sum | None:
    """A seat's fame as typed: a number, or a sum as written on paper; None when it is neither (or blank)."""
    return score_sum(typed, 0, MAX_FAME)


def fame_error(typed: str, path: str) -> ParseError | None:
    """Why a fame typed cannot be scored (None when it can, or nothing was typed): no number, or a sum that cannot
    be added up ("12++3", "12*3"), which is told how a sum is written."""
    if not typed or fame_of(typed) is not None:
        return None
    code = "pr.sheet.fame_sum" if written_as_sum(typed) else "pr.sheet.fame"
    return ParseError(code, "PR-5", path, value=typed)


def with_fame_parts(view: SeatVP, fame: Sum | None) -> SeatVP:
    """A seat's working with its fame's parts when the fame was typed as a sum ("12 + 3" beside fame 15)."""
    if fame is None or not fame.parts:
        return view
    terms = tuple(replace(t, detail=fame.parts) if t.code == "pr.vp.fame" else t for t in view.terms)
    return replace(view, terms=terms)
