"""What the pages draw of a field and of a get phase: plain data for the templates, already in words.

The rules are the engine's (``resolve_get`` finds and judges every sandwich); this module only turns its
answer into areas with marks (taken, excluded, sandwiching end), sentences with their ruling ids, and small
4 × 4 diagrams that show each sandwich's cards. Seats are named by the Wording its caller passes (the table's
names on a table page, "Player 2" on the capture checker).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from companion.games.lumiere import ALL_CELLS, Card, Cell, Field, FieldCard, GetOutcome, Sandwich
from companion.i18n import gettext as _
from companion.i18n import pgettext
from companion.web.reasons import ReasonView, reason_view
from companion.web.wording import Wording

from .labels import ARROWS, card_name, card_short, cell_label, line_name

SIZE = 4


@dataclass(frozen=True)
class CardView:
    card: Card
    name: str
    short: str  # the name as printed on a small card (may break, with a hyphen, where it must)
    owner: int
    owner_name: str
    active: bool


@dataclass(frozen=True)
class AreaView:
    """One area as drawn: its top card (the only one that counts, LP-1), how many lie beneath, and marks."""

    cell: Cell
    key: str  # "r1c2": the engine's notation, what a form sends
    label: str  # "B3": what a player reads
    stack: tuple[CardView, ...]  # top first
    marks: frozenset[str] = frozenset()  # "taken", "excluded", "end"
    taken_by: str = ""  # who captures it, or "" (an excluded card says so by its mark)
    pending: bool = False  # the area a refused entry named

    @property
    def top(self) -> CardView | None:
        return self.stack[0] if self.stack else None

    @property
    def depth(self) -> int:
        return len(self.stack)

    @property
    def describe(self) -> str:
        """The whole area in words, for screen readers and tooltips."""
        top = self.top
        if top is None:
            return _("%(area)s: empty", area=self.label)
        words = [_("%(area)s: %(card)s, %(owner)s's", area=self.label, card=top.name, owner=top.owner_name)]
        if top.active:
            words.append(pgettext("lumiere", "active"))
        if self.depth > 1:
            words.append(_("%(n)s cards stacked", n=self.depth))
        if "taken" in self.marks:
            words.append(_("captured by %(seat)s", seat=self.taken_by))
        if "excluded" in self.marks:
            words.append(_("to the exclusion area"))
        if "end" in self.marks:
            words.append(_("sandwiches a card"))
        return ", ".join(words)


def card_view(card: FieldCard, wording: Wording) -> CardView:
    return CardView(card.card, card_name(card.card), card_short(card.card), card.owner, wording.seat(card.owner),
                    card.active)


def areas(board: Field, wording: Wording, outcome: GetOutcome | None = None, pending: str = "") -> list[list[AreaView]]:
    """The 4 × 4 areas, rows from the top, each with its marks from ``outcome`` (when one is shown)."""
    taken: dict[Cell, str] = {}
    excluded: set[Cell] = set()
    ends: set[Cell] = set()
    if outcome is not None:
        taken = {c.cell: wording.seat(c.by) for c in outcome.captures}
        excluded = {e.cell for e in outcome.exclusions}
        ends = {end for s in outcome.counted for end in s.ends}
    rows: list[list[AreaView]] = []
    for row in range(SIZE):
        line: list[AreaView] = []
        for col in range(SIZE):
            cell = Cell(row, col)
            marks = {name for name, cells in (("taken", taken), ("excluded", excluded), ("end", ends))
                     if cell in cells}
            line.append(AreaView(cell, str(cell), cell_label(cell), tuple(card_view(c, wording) for c in board.stack(cell)),
                                 frozenset(marks), taken.get(cell, ""), pending == str(cell)))
        rows.append(line)
    return rows


# -- one sandwich, explained ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class SandwichView:
    """A sandwich considered: its line, the cells involved, whether it counts and every condition checked."""

    line: str  # "row", "diagonal ＼", ...
    title: str  # "B1 – B3" : the two sandwiching areas
    counts: bool
    reasons: tuple[ReasonView, ...]
    diagram: tuple[tuple[str, ...], ...]  # 4 × 4 classes: "mid", "end", "occ" (another card), ""
    diagram_label: str

    @property
    def failure(self) -> ReasonView | None:
        return next((r for r in self.reasons if not r.ok), None)


def diagram(board: Field, sandwich: Sandwich) -> tuple[tuple[str, ...], ...]:
    middle, ends = set(sandwich.sandwiched), set(sandwich.ends)
    rows = []
    for row in range(SIZE):
        line = []
        for col in range(SIZE):
            cell = Cell(row, col)
            line.append("mid" if cell in middle else "end" if cell in ends else
                        "occ" if board.top(cell) is not None else "")
        rows.append(tuple(line))
    return tuple(rows)


def sandwich_view(board: Field, sandwich: Sandwich, wording: Wording) -> SandwichView:
    first, last = (cell_label(c) for c in sandwich.ends)
    middle = ", ".join(cell_label(c) for c in sandwich.sandwiched)
    label = _("%(middle)s between %(first)s and %(last)s", middle=middle, first=first, last=last)
    return SandwichView(line_name(sandwich.line), f"{first} – {last}", sandwich.counts,
                        tuple(reason_view(r, wording) for r in sandwich.reasons), diagram(board, sandwich), label)


# -- a whole get phase ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TakenView:
    """A captured or excluded top card, the sentence that rules on it, and the sandwiches behind it."""

    cell: str
    card: str
    headline: ReasonView
    sandwiches: tuple[SandwichView, ...]
    excluded: bool
    to: str  # "Aki's point area" or "the exclusion area"


@dataclass(frozen=True)
class Gain:
    seat: int
    name: str
    arrow: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class OutcomeView:
    taken: tuple[TakenView, ...]
    refused: tuple[SandwichView, ...]
    gains: tuple[Gain, ...]
    excluded: tuple[str, ...]  # card names going to the exclusion area
    summary: str
    refused_cells: frozenset[str] = field(default_factory=frozenset)

    @property
    def empty(self) -> bool:
        return not self.taken


def outcome_view(board: Field, outcome: GetOutcome, seats: Iterable[int], wording: Wording) -> OutcomeView:
    """What the get phase on ``board`` takes, where each card goes and why; and every sandwich that does not
    count, with the reason (LP-2 … LP-5)."""
    by_cell: dict[Cell, list[Sandwich]] = {}
    for sandwich in outcome.counted:
        by_cell.setdefault(sandwich.cell, []).append(sandwich)
    taken: list[TakenView] = []
    for capture in outcome.captures:
        taken.append(TakenView(
            cell_label(capture.cell), card_name(capture.card.card), reason_view(capture.reason, wording),
            tuple(sandwich_view(board, s, wording) for s in by_cell.get(capture.cell, [])), False,
            _("%(seat)s's point area", seat=wording.seat(capture.by))))
    for exclusion in outcome.exclusions:
        taken.append(TakenView(
            cell_label(exclusion.cell), card_name(exclusion.card.card), reason_view(exclusion.reason, wording),
            tuple(sandwich_view(board, s, wording) for s in by_cell.get(exclusion.cell, [])), True,
            _("the exclusion area")))
    order = {cell_label(c): i for i, c in enumerate(ALL_CELLS)}
    taken.sort(key=lambda t: order[t.cell])
    gains = tuple(Gain(seat, wording.seat(seat), ARROWS[seat],
                       tuple(card_name(c.card.card) for c in outcome.captures if c.by == seat)) for seat in seats)
    excluded = tuple(card_name(e.card.card) for e in outcome.exclusions)
    if outcome.captures or outcome.exclusions:
        summary = _("%(captured)s captured, %(excluded)s to the exclusion area.", captured=len(outcome.captures),
                    excluded=len(outcome.exclusions))
    else:
        summary = _("Nothing is captured.")
    refused = tuple(sandwich_view(board, s, wording) for s in outcome.refused)
    return OutcomeView(tuple(taken), refused, gains, excluded, summary,
                       frozenset(cell_label(c) for s in outcome.refused for c in s.sandwiched))
