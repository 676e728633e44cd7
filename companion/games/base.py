"""The engine contract every game follows (see ../shared/DESIGN.md, "The engine contract").

Pure: standard library only. An engine never imports Flask, the store or a template. The web layer turns
a `Reason` (a stable ``code``, a ruling id in ``rule`` and message ``params``) into Japanese or English text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable


def _frozen(params: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return MappingProxyType(dict(params or {}))


@dataclass(frozen=True)
class Reason:
    """One condition checked by a rule.

    ``ok`` is True for a condition that holds (a legal verdict lists those too, so "why is this allowed?"
    has an answer) and False for one that fails. ``code`` never changes with language; ``rule`` is a ruling
    id from rules/RULINGS.md (or a rule-text section where no ruling applies); ``params`` fill the message.
    ``path`` points into the input that the reason is about (``"house[3]"``), when there is one.
    ``impossible`` marks a failing reason about the table itself rather than the rules: the move would make
    a state that cannot exist (a copy the deck no longer has), as opposed to one the rules forbid.
    """

    code: str
    rule: str
    ok: bool = False
    params: Mapping[str, Any] = field(default_factory=dict)
    path: str = ""
    impossible: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", _frozen(self.params))

    def __hash__(self) -> int:
        return hash((self.code, self.rule, self.ok, tuple(sorted(map(repr, self.params.items()))), self.path,
                     self.impossible))

    def to_json(self) -> dict[str, Any]:
        data = {"code": self.code, "rule": self.rule, "ok": self.ok, "params": dict(self.params), "path": self.path}
        if self.impossible:
            data["impossible"] = True
        return data

    def __reduce__(self) -> tuple[Any, ...]:  # a read-only mapping does not pickle; its contents do
        return (Reason, (self.code, self.rule, self.ok, dict(self.params), self.path, self.impossible))


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

    @property
    def impossible(self) -> bool:
        """Refused because the table could not be so (not because the rules forbid it)."""
        return any(r.impossible for r in self.failures)


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


def is_plain_number(text: str, max_digits: int = 9) -> bool:
    """ASCII digits short enough for int(). Text notation is read with this, never str.isdigit() alone: "²" and
    "１" pass isdigit() but are no ASCII digits, and thousands of digits exceed int()'s limit; either must be a
    ParseError (a clear answer), never a crash. The notation is ASCII, as the API takes it; what a player types in
    full width (「３０」) is read as ASCII at the web boundary (``companion.inputs``) before it gets here."""
    return text.isascii() and text.isdigit() and len(text) <= max_digits


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
    """A table option: a ruling marked "option" in RULINGS.md, or a reading a table can switch. The first
    choice is the default for a new table.

    A table's options are stored when it starts, so a table started before an option existed has no value for
    it. ``before`` is the setting such a table plays by: the reading it was started under, so its log still
    replays (e.g. a verdict a ruling change made stricter). ``shown`` is False for an option kept only for those
    tables (the new-table page does not offer the old reading; a new table gets the default)."""

    key: str
    choices: tuple[str, ...]
    rule: str
    before: str | None = None
    shown: bool = True

    @property
    def default(self) -> str:
        return self.choices[0]

    def value(self, options: Mapping[str, str]) -> str:
        """This option's setting in a table's stored ``options``: the stored one, else the setting of a table
        started before the option existed (``before``), else the default."""
        stored = options.get(self.key)
        if stored is None:
            return self.before if self.before is not None else self.default
        return str(stored)


def option_values(specs: Sequence[OptionSpec], options: Mapping[str, str], code: str) -> dict[str, str]:
    """Each option's setting in a table's stored ``options`` (a key it lacks: the reading it started under);
    raises ParseError ``code`` (ErrorList for several) naming a setting that is not one of the option's
    choices."""
    errors: list[RulesError] = []
    values: dict[str, str] = {}
    for spec in specs:
        value = spec.value(options)
        if value not in spec.choices:
            errors.append(ParseError(code, spec.rule, f"options.{spec.key}", value=str(value),
                                     allowed=list(spec.choices)))
        values[spec.key] = value
    if errors:
        raise errors[0] if len(errors) == 1 else ErrorList(errors)
    return values


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


@dataclass(frozen=True)
class Term:
    """One number of a score with what it came from, so a page can show the working.

    ``code`` names the term (``"ps.house.food"``, ``"pr.vp.fame"``); the web layer words it. ``params`` are its
    quantities (production, harvesters, multiplier, icon count …); ``rule`` is the ruling it follows.
    ``value`` is None where the profile lacks what the term needs (the missing cards are in ``params``).
    """

    code: str
    value: int | None
    rule: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", _frozen(self.params))

    def __hash__(self) -> int:
        return hash((self.code, self.value, self.rule, tuple(sorted(map(repr, self.params.items())))))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Term, (self.code, self.value, self.rule, dict(self.params)))


@dataclass(frozen=True)
class SeatScore:
    """One seat's score: the total (None while something it needs is unknown) and the terms it sums."""

    seat: int
    total: int | None
    terms: tuple[Term, ...] = ()


@dataclass(frozen=True)
class Breakdown:
    """What ``score(state)`` answers at any moment of a game, finished or not.

    ``placings`` lists the seats best first, tied seats sharing one tuple (a game with no points, such as
    Strato-Sphere, places the winning side first). ``reasons`` say why the placings are so: the tie-break
    applied, the nodes that decided a win, with their ruling ids.
    """

    finished: bool
    seats: tuple[SeatScore, ...]
    placings: tuple[tuple[int, ...], ...]
    reasons: tuple[Reason, ...] = ()

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won; empty while the game goes on (or when it was drawn with nobody first)."""
        return self.placings[0] if self.finished and self.placings else ()

    def seat(self, index: int) -> SeatScore:
        return self.seats[index]


def placings_by_total(totals: Sequence[int | None], higher_is_better: bool = True) -> tuple[tuple[int, ...], ...]:
    """Seats grouped by total, best first; equal totals share a place, unknown totals come last together."""
    known = sorted({t for t in totals if t is not None}, reverse=higher_is_better)
    places = [tuple(i for i, t in enumerate(totals) if t == value) for value in known]
    unknown = tuple(i for i, t in enumerate(totals) if t is None)
    return tuple(places) + ((unknown,) if unknown else ())


StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")


@runtime_checkable
class Game(Protocol[StateT, MoveT]):
    """What the platform needs from a game to run a table of it: the same small contract for every game.

    State and moves are the engine's own frozen types; the platform stores moves as JSON
    (``move_to_json`` / ``parse_move`` round-trip) and replays them: state = fold(apply, moves, new_state()).
    ``tests/games/test_contract.py`` checks every registered game against this contract.
    """

    slug: str  # URL and registry key, e.g. "planetary-sisters"
    name_ja: str
    name_en: str
    player_counts: tuple[int, ...]
    options: tuple[OptionSpec, ...]
    card_fields: tuple[CardField, ...]  # profile card editor; the first field identifies the card
    ruling_prefix: str  # "PS", "SS", "LP" ...

    def new_state(self, players: int, options: Mapping[str, str], profile: Mapping[str, Any]) -> StateT:
        """The state before the first move; raises ImpossibleState when the profile cannot be played."""

    def parse_move(self, data: Mapping[str, Any]) -> MoveT:
        """JSON object -> move; raises ParseError (or an ErrorList of them)."""

    def move_to_json(self, move: MoveT) -> dict[str, Any]: ...

    def state_to_json(self, state: StateT) -> dict[str, Any]:
        """Everything the state holds but the profile, as plain JSON (a snapshot of a table)."""

    def parse_state(self, data: Mapping[str, Any], profile: Mapping[str, Any]) -> StateT:
        """Inverse of ``state_to_json`` (with the profile the state was made with); raises ParseError."""

    def check(self, state: StateT, move: MoveT) -> Verdict:
        """Total: never raises for a parsed move. Illegal moves fail a reason with a ruling id; a move that
        would make an impossible table fails a reason marked ``impossible``. A legal verdict lists the
        conditions it checked."""

    def apply(self, state: StateT, move: MoveT) -> StateT:
        """Only for moves ``check`` passed; raises IllegalMove otherwise."""

    def score(self, state: StateT) -> Breakdown:
        """The scores so far (or final), placings and why, at any step of a game."""

    def actor(self, state: StateT, move: MoveT) -> int | None:
        """The seat that makes ``move`` on ``state``; None for a move of the whole table (set-up)."""

    def legal_moves(self, state: StateT) -> Sequence[MoveT] | None:
        """Every legal move, where the game can list them (None where it cannot: free-form entries)."""

    def forced(self, state: StateT) -> MoveT | None:
        """The entry the table makes by itself on ``state``: the one the rules leave possible (a phase with
        nothing to choose, a reward the slot fixes), or None wherever a player chooses or enters what only the
        table knows (a drawn card, a hidden hand). The platform makes it after the entry that led here, in the
        same log entry, shown as the table's and undone with it (companion.tables.entries)."""

    def validate_profile(self, profile: Mapping[str, Any]) -> tuple[Reason, ...]:
        """Every rule-text fact a complete profile must satisfy, each passing (ok) or failing, with the
        offending cards in params. A partial profile fails the completeness facts only."""

    def validate_card(self, profile: Mapping[str, Any], card: Mapping[str, Any]) -> tuple[Reason, ...]:
        """Per-card facts; a card with a failing reason is refused by the profile editor."""


@dataclass(frozen=True)
class EngineFunctions(Generic[StateT, MoveT]):
    """The functions of an engine's own modules (state, moves, rules, score) that ``FixedDeckGame`` runs."""

    new_state: Callable[[int, Mapping[str, str]], StateT]
    parse_state: Callable[[Mapping[str, Any]], StateT]
    state_to_json: Callable[[StateT], dict[str, Any]]
    parse_move: Callable[[Mapping[str, Any]], MoveT]
    move_to_json: Callable[[MoveT], dict[str, Any]]
    check: Callable[[StateT, MoveT], Verdict]
    apply: Callable[[StateT, MoveT], StateT]
    score: Callable[[StateT], Breakdown]
    actor: Callable[[StateT, MoveT], int | None]
    legal_moves: Callable[[StateT], Sequence[MoveT] | None]
    forced: Callable[[StateT], MoveT | None] = lambda state: None  # none unless the engine names one


class FixedDeckGame(Generic[StateT, MoveT]):
    """A ``Game`` whose every card is known (a fixed deck, standard packs): there is no deck profile to fill in,
    so no card fields, every profile is valid and the profile the platform passes is not read. Each method runs
    the engine's own function (``EngineFunctions``); a subclass gives the names, counts and options."""

    slug: str
    name_ja: str
    name_en: str
    player_counts: tuple[int, ...]
    options: tuple[OptionSpec, ...]
    card_fields: tuple[CardField, ...] = ()
    ruling_prefix: str

    def __init__(self, engine: EngineFunctions[StateT, MoveT]) -> None:
        self.engine = engine

    def new_state(self, players: int, options: Mapping[str, str], profile: Mapping[str, Any]) -> StateT:
        return self.engine.new_state(players, options)

    def parse_move(self, data: Mapping[str, Any]) -> MoveT:
        return self.engine.parse_move(data)

    def move_to_json(self, move: MoveT) -> dict[str, Any]:
        return self.engine.move_to_json(move)

    def state_to_json(self, state: StateT) -> dict[str, Any]:
        return self.engine.state_to_json(state)

    def parse_state(self, data: Mapping[str, Any], profile: Mapping[str, Any]) -> StateT:
        return self.engine.parse_state(data)

    def check(self, state: StateT, move: MoveT) -> Verdict:
        return self.engine.check(state, move)

    def apply(self, state: StateT, move: MoveT) -> StateT:
        return self.engine.apply(state, move)

    def score(self, state: StateT) -> Breakdown:
        return self.engine.score(state)

    def actor(self, state: StateT, move: MoveT) -> int | None:
        return self.engine.actor(state, move)

    def legal_moves(self, state: StateT) -> Sequence[MoveT] | None:
        return self.engine.legal_moves(state)

    def forced(self, state: StateT) -> MoveT | None:
        return self.engine.forced(state)

    def validate_profile(self, profile: Mapping[str, Any]) -> tuple[Reason, ...]:
        return ()

    def validate_card(self, profile: Mapping[str, Any], card: Mapping[str, Any]) -> tuple[Reason, ...]:
        return ()
