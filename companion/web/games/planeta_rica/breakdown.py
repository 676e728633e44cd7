"""A score's working as a page shows it: per player fame + planets + gadgets + bonuses (PR-5, PR-7), each term
with the cards it comes from, the ranking and the winner with PR-5's tie-break. Shared by the score page,
the tracker and the score summary; the numbers are the engine's ``Breakdown``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.base import Breakdown, Term
from companion.i18n import gettext as _
from companion.web.messages import message_for
from companion.web.reasons import reason_text, with_ruling
from companion.web.wording import Wording

from .labels import card_name


@dataclass(frozen=True)
class TermView:
    code: str
    label: str
    value: int | None
    detail: str
    rule: str


@dataclass(frozen=True)
class SeatVP:
    seat: int
    name: str
    total: int | None
    place: int | None
    terms: tuple[TermView, ...]
    unknown: tuple[str, ...] = ()  # the cards whose VP the profile lacks, by name (why the total is not known)

    @property
    def sum_text(self) -> str:
        """``7 + 4 + 6 + 3 = 20`` (a "?" for a value not known yet)."""
        parts = " + ".join("?" if t.value is None else str(t.value) for t in self.terms)
        return f"{parts} = {'?' if self.total is None else self.total}"


TERM_LABELS = {"pr.vp.fame": "fame", "pr.vp.planets": "planets", "pr.vp.gadgets": "gadgets", "pr.vp.bonus": "bonus"}


def term_label(code: str) -> str:
    return {"pr.vp.fame": _("Fame"), "pr.vp.planets": _("Planets"), "pr.vp.gadgets": _("Gadgets"),
            "pr.vp.bonus": _("Bonus")}.get(code, code)


def _detail(term: Term, wording: Wording) -> str:
    params = dict(term.params)
    if term.code in ("pr.vp.planets", "pr.vp.gadgets"):
        cards = [str(c) for c in params.get("cards", [])]
        vps = list(params.get("vps", []))
        if not cards:
            return _("none")
        return ", ".join(f"{card_name(c)} {'?' if v is None else v}" for c, v in zip(cards, vps, strict=False))
    if term.code == "pr.vp.bonus":
        if params.get("resource_icons") is None:
            unknown = ", ".join(card_name(str(c)) for c in params.get("unknown", []))
            return _("%(card)s: the slots of %(planets)s are not known yet, so the resource icons cannot be "
                     "counted.", card=card_name(str(params.get("card"))), planets=unknown)
        return message_for(term.code, params, wording)
    return ""


def _unknown_cards(terms: Sequence[Term]) -> tuple[str, ...]:
    """The cards of a seat's planet and gadget terms whose VP is None (PR-6), each once, by name."""
    ids = [str(c) for t in terms if t.code in ("pr.vp.planets", "pr.vp.gadgets") for c in t.params.get("unknown", [])]
    return tuple(card_name(c) for c in dict.fromkeys(ids))


def seat_views(breakdown: Breakdown, wording: Wording) -> list[SeatVP]:
    """Every seat's VP and its working, the seat named as ``wording`` says (the table's name, "Player 2")."""
    places: dict[int, int] = {}
    for place, seats in enumerate(breakdown.placings, start=1):
        for seat in seats:
            places[seat] = place
    views = []
    for scored in breakdown.seats:
        terms = tuple(TermView(t.code, term_label(t.code), t.value, _detail(t, wording), t.rule) for t in scored.terms)
        views.append(SeatVP(scored.seat, wording.seat(scored.seat), scored.total,
                            places.get(scored.seat) if scored.total is not None else None, terms,
                            _unknown_cards(scored.terms)))
    return views


def winner_seat(breakdown: Breakdown) -> int | None:
    if not breakdown.placings or not breakdown.seats:
        return None
    first = breakdown.placings[0]
    if len(first) != 1 or breakdown.seats[first[0]].total is None:
        return None
    return first[0]


def winner_text(breakdown: Breakdown, wording: Wording) -> str:
    """Who wins and why: the highest VP, or PR-5's tie-break in words with its ruling id."""
    seat = winner_seat(breakdown)
    if seat is None:
        return ""
    total = breakdown.seats[seat].total
    ties = [r for r in breakdown.reasons if r.code == "pr.rank.tie_break" and seat in r.params.get("seats", [])]
    head = _("%(name)s wins with %(vp)s VP.", name=wording.seat(seat), vp=total)
    if ties:
        return f"{head} {reason_text(ties[0], wording)}"
    why = _("The highest VP wins.")  # outside the f-string, where the catalog's extractor finds it
    return f"{head} {with_ruling(why, 'PR-5')}"


def tie_notes(breakdown: Breakdown, wording: Wording) -> list[str]:
    """Every tie (not only the winner's) in words, with the ruling id."""
    return [reason_text(r, wording) for r in breakdown.reasons if r.code == "pr.rank.tie_break"]
