"""Properties of the capture finder over random fields (hypothesis)."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.lumiere import (
    ALL_CELLS,
    Card,
    Cell,
    Field,
    FieldCard,
    GetOutcome,
    Line,
    field_after_get,
    find_sandwiches,
    resolve_get,
)


@st.composite
def fields(draw: st.DrawFn, players: int | None = None) -> Field:
    """Random fields, dense enough for many sandwiches: stacks of 0–2 cards, some tops active."""
    seats = draw(st.sampled_from([3, 4])) if players is None else players
    card = st.builds(FieldCard, st.sampled_from(list(Card)), st.integers(0, seats - 1), st.booleans())
    stacks = draw(st.lists(st.lists(card, max_size=2), min_size=16, max_size=16))
    return Field(tuple(tuple(tuple(stacks[r * 4 + c]) for c in range(4)) for r in range(4)))


def summary(outcome: GetOutcome, cell_map: Callable[[Cell], Cell] = lambda c: c,
            line_map: Callable[[Line], Line] = lambda line: line) -> dict[str, object]:
    """Everything the answer says, with cells and line kinds transformed."""
    return {
        "captures": {(cell_map(c.cell), c.card, c.by, frozenset(map(line_map, c.lines))) for c in outcome.captures},
        "excluded": {(cell_map(e.cell), e.card, e.by, frozenset(map(line_map, e.lines))) for e in outcome.exclusions},
        "sandwiches": sorted(
            (tuple(sorted(map(cell_map, s.sandwiched))), tuple(sorted(map(cell_map, s.ends))), line_map(s.line).value,
             s.by, s.counts, tuple(r.code for r in s.reasons))
            for s in outcome.sandwiches),
    }


@settings(max_examples=120)
@given(fields())
def test_rotating_the_field_rotates_the_answer_and_nothing_else(f: Field) -> None:
    assert summary(resolve_get(f.rotated())) == summary(resolve_get(f), Cell.rotated, Line.rotated)


@settings(max_examples=120)
@given(fields())
def test_mirroring_the_field_mirrors_the_answer_and_nothing_else(f: Field) -> None:
    assert summary(resolve_get(f.mirrored())) == summary(resolve_get(f), Cell.mirrored, Line.mirrored)


@settings(max_examples=80)
@given(fields())
def test_a_field_with_no_active_card_captures_nothing(f: Field) -> None:
    outcome = resolve_get(f.settled())
    assert outcome.captures == () and outcome.exclusions == ()
    assert all(not s.counts for s in outcome.sandwiches)


@settings(max_examples=120)
@given(fields())
def test_an_owner_never_captures_its_own_card(f: Field) -> None:
    outcome = resolve_get(f)
    assert all(c.by != c.owner for c in outcome.captures)
    assert all(e.owner not in e.by and len(e.by) >= 2 for e in outcome.exclusions)


@settings(max_examples=120)
@given(fields())
def test_each_area_resolves_once_in_row_major_order_and_only_its_top_card_moves(f: Field) -> None:
    outcome = resolve_get(f)
    resolved = [c.cell for c in outcome.captures] + [e.cell for e in outcome.exclusions]
    assert len(set(resolved)) == len(resolved)
    assert [c.cell for c in outcome.captures] == sorted(c.cell for c in outcome.captures)
    assert [e.cell for e in outcome.exclusions] == sorted(e.cell for e in outcome.exclusions)
    after = field_after_get(f, outcome)
    for cell in ALL_CELLS:
        expected = f.stack(cell)[1:] if cell in resolved else f.stack(cell)
        assert after.stack(cell) == expected


@settings(max_examples=80)
@given(fields())
def test_every_counted_sandwich_has_an_active_end_of_the_capturing_owner(f: Field) -> None:
    for sandwich in find_sandwiches(f):
        tops = [f.top(cell) for cell in sandwich.ends]
        assert all(top is not None and top.owner == sandwich.by for top in tops)
        if sandwich.counts:
            assert any(top is not None and top.active for top in tops)
            (cell,) = sandwich.sandwiched
            middle = f.top(cell)
            assert middle is not None and middle.owner != sandwich.by
