"""A reason as a player reads it, the same in every game: the sentence, and the ruling it follows.

An engine's reason is a code, params and a ruling id (``LP-5``, ``§ターン進行``, ``§4.2``). A page shows it either as
a line of a checklist (``ReasonView``, drawn by the ``reason`` macro in templates/_reasons.html: a tick or a cross,
the sentence, the ruling's badge) or inside a text, worded "sentence (ruling)" (``with_ruling``). Both name the
ruling as ``rule_name`` does, so an English page never shows a Japanese section name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from companion.games.base import Reason, RulesError

from .messages import explain, rule_name
from .wording import PAGE, Wording

Explain = Callable[[Any, Wording], str]


@dataclass(frozen=True)
class ReasonView:
    """One checked condition, one ruling, or one refusal, as a page draws it."""

    text: str  # the sentence, its seats named as the page's Wording says
    rule: str  # the ruling id as the engine gives it; "" when it follows none
    ok: bool = False  # the condition holds (a tick) or not (a cross)
    code: str = ""  # the reason's stable code, for a page that picks some out
    detail: str = ""  # a second sentence a game adds under the first (Strato-Sphere: whose node it is)

    @property
    def rule_shown(self) -> str:
        """The ruling as the page names it: an id as it is, a rule-text section in the page's language."""
        return rule_name(self.rule) if self.rule else ""

    def __str__(self) -> str:
        return ReasonText(with_ruling(self.text, self.rule), self.code, self.rule)


def reason_view(reason: Reason | RulesError, wording: Wording = PAGE, say: Explain = explain) -> ReasonView:
    """A reason as a page lists it; ``say`` words it (a game with wordings of its own passes its ``explain``)."""
    return ReasonView(say(reason, wording), reason.rule, bool(getattr(reason, "ok", False)), str(reason.code))


def reason_views(reasons: Iterable[Reason | RulesError], wording: Wording = PAGE,
                 say: Explain = explain) -> tuple[ReasonView, ...]:
    return tuple(reason_view(r, wording, say) for r in reasons)


class ReasonText(str):
    """A reason as a text ("sentence (ruling)") that remembers its code and rule, so the page that draws it links
    the ruling to the clause that explains this reason, not merely the first clause citing the same ruling."""

    code: str
    rule: str

    def __new__(cls, text: str, code: str, rule: str) -> ReasonText:
        made = super().__new__(cls, text)
        made.code, made.rule = code, rule
        return made


def with_ruling(text: str, rule: str) -> str:
    """A sentence followed by the ruling it follows in brackets, the one way every page words it in a text."""
    return f"{text} ({rule_name(rule)})" if rule else text


def reason_text(reason: Reason | RulesError, wording: Wording = PAGE, say: Explain = explain) -> str:
    """A reason as a player reads it in a text: the sentence, then its ruling in brackets."""
    return ReasonText(with_ruling(say(reason, wording), reason.rule), str(reason.code), reason.rule)
