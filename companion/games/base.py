"""The engine contract every game follows (see ../shared/DESIGN.md, "The engine contract").

Pure: standard library only. An engine never imports Flask, the store or a template. The web layer turns
a `Reason` (a stable ``code``, a ruling id in ``rule`` and message ``params``) into Japanese or English text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol, runtime_checkable


def _frozen(params: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return MappingProxyType(dict(params or {}))


@dataclass(frozen=True)
class Reason:
    """One condition checked by a rule.

    ``ok`` is True for a condition that holds (a legal verdict lists those too, so "why is this allowed?"
    has an answer) and False for one that fails. ``code`` never changes with language; ``rule`` is a ruling
    id from rules/RULINGS.md (or a rule-text section where no ruling applies); ``params`` fill the message.
    ``path`` points into the input that the reason is about (``"house[3]"``), when there is one.
    """

    code: str
    rule: str
    ok: bool = False
    params: Mapping[str, Any] = field(default_factory=dict)
    path: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", _frozen(self.params))

    def __hash__(self) -> int:
        return hash((self.code, self.rule, self.ok, tuple(sorted(map(repr, self.params.items()))), self.path))

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "rule": self.rule, "ok": self.ok, "params": dict(self.params), "path": self.path}

    def __reduce__(self) -> tuple[Any, ...]:  # a read-only mapping does not pickle; its contents do
        return (Reason, (self.code, self.rule, self.ok, dict(self.params), self.path))


@dataclass(frozen=True)
class Verdict:
    """The answer of ``check``: legal or not, with every condition that was checked."""

    legal: bool
    reasons: tuple[Reason, ...] = ()

    @classmethod
    def of(cls, reasons: Sequence[Reason]) -> Verdict:
        """Legal exactly when no reason failed."""
        reasons = tuple(reasons)
        return cls(all(r.ok for r in reasons), reasons)

    @property
    def failures(self) -> tuple[Reason, ...]:
        return tuple(r for r in self.reasons if not r.ok)


class RulesError(Exception):
    """Base of the three kinds of wrong input; carries what the web layer needs to explain it."""

    def __init__(self, code: str, rule: str = "", path: str = "", **params: Any) -> None:
        super().__init__(f"{code} {path} {params}".strip())
        self.code = code
        self.rule = rule
        self.path = path
        self.params = params

    @property
    def reason(self) -> Reason:
        return Reason(self.code, self.rule, False, self.params, self.path)


class ParseError(RulesError):
    """Malformed input: a card or move notation that does not parse, a wrong type, a missing field."""


class ImpossibleState(RulesError):
    """Well-formed input describing a state that cannot exist: a card in two places, too many copies."""


class IllegalMove(RulesError):
    """``apply`` was given a move that ``check`` refuses. Carries the verdict."""

    def __init__(self, verdict: Verdict) -> None:
        first = verdict.failures[0] if verdict.failures else Reason("illegal", "")
        super().__init__(first.code, first.rule, first.path, **dict(first.params))
        self.verdict = verdict


class ErrorList(RulesError):
    """Several problems found at once (the API answers every one of them in a single 422)."""

    def __init__(self, errors: Sequence[RulesError]) -> None:
        first = errors[0]
        super().__init__(first.code, first.rule, first.path, **first.params)
        self.errors = list(errors)


@dataclass(frozen=True)
class OptionSpec:
    """A table option: a ruling marked "option" in RULINGS.md. The first choice is the default."""

    key: str
    choices: tuple[str, ...]
    rule: str

    @property
    def default(self) -> str:
        return self.choices[0]


@dataclass(frozen=True)
class CardField:
    """One field of a card in a deck profile, for the generic profile editor.

    kind: "int", "text", "bool", or "counts" (a mapping name -> count, the names listed by the profile's
    ``meta[choices_key]`` or, when that is empty, by ``choices``).
    """

    key: str
    kind: str
    choices: tuple[str, ...] = ()
    choices_key: str = ""
    required: bool = False


@runtime_checkable
class Game(Protocol):
    """What the platform needs from a game to run a table of it.

    State and moves are the engine's own frozen types; the platform only stores moves as JSON
    (``move_to_json`` / ``parse_move`` round-trip) and replays them: state = fold(apply, moves, new_state()).
    """

    slug: str  # URL and registry key, e.g. "planetary-sisters"
    name_ja: str
    name_en: str
    player_counts: tuple[int, ...]
    options: tuple[OptionSpec, ...]
    card_fields: tuple[CardField, ...]  # profile card editor; the first field identifies the card
    ruling_prefix: str  # "PS", "SS", "LP" ...

    def new_state(self, players: int, options: Mapping[str, str], profile: Mapping[str, Any]) -> Any: ...

    def parse_move(self, data: Mapping[str, Any]) -> Any:
        """JSON object -> move; raises ParseError (or an ErrorList of them)."""

    def move_to_json(self, move: Any) -> dict[str, Any]: ...

    def check(self, state: Any, move: Any) -> Verdict: ...

    def apply(self, state: Any, move: Any) -> Any:
        """Only for moves ``check`` passed; raises IllegalMove otherwise."""

    def validate_profile(self, profile: Mapping[str, Any]) -> tuple[Reason, ...]:
        """Every rule-text fact a complete profile must satisfy, each passing (ok) or failing, with the
        offending cards in params. A partial profile fails the completeness facts only."""

    def validate_card(self, profile: Mapping[str, Any], card: Mapping[str, Any]) -> tuple[Reason, ...]:
        """Per-card facts; a card with a failing reason is refused by the profile editor."""
