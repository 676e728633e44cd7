"""How a game plugs into the web layer: its web package ``companion.web.games.<pkg>`` defines
``WEB: GameWeb[State, Move] = GameWeb(...)``, and the platform calls its hooks with typed arguments.

The contract is generic in the game's state and move (the engine's own types), so mypy checks each game's hooks
against its engine: a form turns into the engine's ``Move``, a history line words that ``Move`` on that ``State``.
The platform holds every game together (``Registered``), where the types are the registry's to erase.

A game is listed on the home page when the registry finds its engine and its web package has ``WEB``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from flask import Blueprint, current_app
from flask.typing import ResponseReturnValue

from companion.games.base import Game
from companion.i18n import lazy_gettext as _l
from companion.profiles.refs import ProfileRef
from companion.registry import packages
from companion.tables.eventlog import LogView
from companion.web.profiles.cardforms import ProfileEditor

from .wording import Wording

ProfileLookup = Callable[[str], "dict[str, Any] | None"]

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")
State_co = TypeVar("State_co", covariant=True)


class TableRow(Protocol):
    """The stored table a view was read from (companion.storage.models.Table)."""

    token: str
    watch_token: str
    game: str
    seats: Any
    options: Any
    version: int


class TableViewLike(Protocol[State_co]):
    """What a game's web hooks may read of a table whose state is the game's ``State_co`` (companion.tables.view.TableView
    has it all)."""

    @property
    def table(self) -> TableRow: ...
    @property
    def game(self) -> Game[Any, Any]: ...
    @property
    def state(self) -> State_co: ...
    @property
    def profile(self) -> dict[str, Any]: ...
    @property
    def log(self) -> LogView: ...
    @property
    def version(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def seats(self) -> tuple[str, ...]: ...
    @property
    def profile_ref(self) -> ProfileRef: ...
    @property
    def before(self) -> Mapping[int, State_co]: ...


@dataclass(frozen=True)
class TableRequest:
    """What the phone asked the table page for, read once by the route (never while rendering)."""

    pending: Mapping[str, str] = field(default_factory=dict)  # the form a refused entry came from, shown again
    selected: Mapping[str, str] = field(default_factory=dict)  # what the page's query asks to look at
    can_write: bool = True


@dataclass(frozen=True)
class ApiRoute:
    """One referee API call: POST /api/v1/<slug>/<action>. ``handler(body, lookup_profile)`` returns the
    response dict (Reasons inside it become {"code", "message", "rule"}) or raises a RulesError (422)."""

    action: str
    handler: Callable[[Any, ProfileLookup], dict[str, Any]]
    summary: str
    request_schema: Mapping[str, Any] = field(default_factory=dict)
    response_schema: Mapping[str, Any] = field(default_factory=dict)
    # Named schemas the two refer to as "#/components/schemas/<name>" (e.g. a card used in several places):
    # written once in the description instead of once per use.
    schemas: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SummaryTable:
    """One table of a score summary: e.g. one player's six house categories with their working."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""  # the formula in words and the ruling id


@dataclass(frozen=True)
class Summary:
    """What a score summary (page or PDF) shows of a table, already in the current language."""

    finished: bool
    # (place, seat name, score as shown); place None: not known yet (Planeta Rica with cards whose VP is
    # unknown), shown as unknown, never as a tie for last
    ranking: tuple[tuple[int | None, str, str], ...]
    tables: tuple[SummaryTable, ...] = ()
    winner_note: str = ""  # e.g. the tie-break that decided it, with its ruling id
    # One line of the working once the game is over, for the result card players share: how the winner's score is
    # made up ("Aki: fame 7 + planets 8 + gadgets 10 = 25 VP (PR-5)"). "" where ``winner_note`` says it best (a
    # tie-break, a game won without points); the card then shows that.
    working: str = ""


def seat_one_starts(view: TableViewLike[object]) -> int | None:
    """The default start seat: play began with the first seat (games whose order is fixed at set-up)."""
    return 0


@dataclass(frozen=True)
class Rematch:
    """Who sits where in the next game, by the game's own rule for who starts (a GameWeb hook)."""

    # True: every name moves one seat on, so the player who sat second starts the next game; False: the same
    # order, because the game chooses its first player during play (the app asks again)
    rotate: bool
    why: Any  # lazy text: the rule in the project's words, with its ruling id


@dataclass(frozen=True)
class Box:
    """What a game's rule text says of it beside its rules, for other tools (BG Stats' games): how long a game
    takes in minutes (least, most) and the youngest age it is for, each 0 where the text gives none; and the
    game's BoardGameGeek id, 0 while none is known to the project (never guessed: BG Stats writes 0 for a game it
    has no BoardGameGeek entry for)."""

    minutes: tuple[int, int] = (0, 0)
    age: int = 0
    bgg_id: int = 0


# -- what a game may do on a table besides an entry: hooks the platform calls ----------------------------------------


@dataclass(frozen=True)
class Redraw:
    """A table action's answer that writes nothing: the table page drawn again with ``pending`` kept in its forms
    (e.g. a list of cards being put together), and the problems when something was refused (answered 422)."""

    pending: Mapping[str, str]
    problems: tuple[str, ...] = ()
    notice: str = ""
    refused: bool = False


@dataclass(frozen=True)
class Learn:
    """A table action's answer that teaches the table's own deck profile copy card data (a card's VP, asked for):
    the platform saves ``profile`` through the table's write path, checking the version the phone saw, and says
    ``saved`` when it is kept; when another phone wrote first, nothing is kept and ``pending`` stays in the form."""

    profile: dict[str, Any]
    saved: str
    pending: Mapping[str, str]


@dataclass(frozen=True)
class EnterEach(Generic[StateT]):
    """A table action's answer that makes several entries in one tap (e.g. every planet a photo showed turned up,
    confirmed at once), each an entry of its own with its own Undo. The platform asks ``next`` for the move to
    enter on the table as it stands (None: nothing more), enters it through the table's write path and asks
    again, at most ``most`` times. It stops at the first entry the rules refuse and says why; the entries before
    it stay. Asked of the table as each entry left it, ``next`` never enters again what the table made itself."""

    next: Callable[[StateT], Any]
    most: int


@dataclass(frozen=True)
class TableAction(Generic[StateT]):
    """``POST /t/<token>/act/<name>`` (the players' link only): the platform reads the table and the form, calls
    ``act`` and then draws or writes what it answers. A game never loads, renders or writes a table itself."""

    name: str
    act: Callable[[TableViewLike[StateT], Mapping[str, str]], Redraw | Learn | EnterEach[StateT]]


class SeenCardLike(Protocol):
    """A card a photo showed (companion.markers.reader.SeenCard): its notation, which copy, its marker's corners
    in the photo's pixels, clockwise from the marker's top left."""

    @property
    def card(self) -> str: ...
    @property
    def copy(self) -> int: ...
    @property
    def corners(self) -> tuple[tuple[int, int], ...]: ...


@dataclass(frozen=True)
class PhotoStep(Generic[StateT]):
    """``POST /t/<token>/photo/<name>`` (multipart, the players' link only): the platform reads the photo (its one
    reader, companion/web/photos.py: size, time limit, refusals in the player's language) and calls ``read`` with
    the table, the form the photo was sent from and the cards seen. The answer fills the step's normal entry form
    (``Redraw.pending``) with what the cards mean and says what was read; a photo never writes: the player checks
    the form and sends it as ever (one entry)."""

    name: str
    read: Callable[[TableViewLike[StateT], Mapping[str, str], Sequence[SeenCardLike]], Redraw]


@dataclass(frozen=True)
class TablePage(Generic[StateT]):
    """``GET|POST /t/<token>/page/<name>`` (the players' link only): a page of the game's own about the table (e.g.
    Planetary Sisters' "what if" with a hand typed on this phone only), drawn by ``show`` from the table the
    platform read (the page reads its own query or form); it writes nothing."""

    name: str
    show: Callable[[TableViewLike[StateT]], ResponseReturnValue]


# -- what a quick tool (a page with no table) may ask of the platform about deck profiles ------------------------------

Read = TypeVar("Read")


class ProfileDesk(Protocol):
    """The platform's deck profiles as a quick tool sees them: read one, link its editor, keep card data in it. The
    platform installs its own (companion.web.profiles.desk) in every app; a game asks for it with ``profile_desk()``
    and so imports no platform service."""

    def deck(self, slug: str, profile_ref: str, default_ref: str,
             read: Callable[[Mapping[str, Any]], Read]) -> tuple[str, dict[str, Any], Read, list[str]]:
        """(the ref used, its data, ``read`` of it, problems): a link naming no usable profile of this game falls
        back to ``default_ref``, and the problems say so."""
        ...

    def data(self, slug: str, profile_ref: str) -> dict[str, Any]: ...
    def progress(self, slug: str, data: Mapping[str, Any]) -> Any: ...
    def edit_or_copy(self, slug: str, profile_ref: str, back: str = "") -> Any: ...
    def builtin_refs(self, slug: str) -> set[str]: ...

    def remember(self, slug: str, profile_ref: str, profile: Mapping[str, Any],
                 update: Callable[[Mapping[str, Any]], dict[str, Any]]) -> str:
        """Keep ``update`` of the profile; returns the ref now holding it (a new copy for a built-in one). Raises
        ProfileChanged or ProfileAllowanceUsed."""
        ...

    def exists(self, token: str) -> bool: ...


class ProfileChanged(Exception):
    """The user profile was edited since the page read it: nothing was saved."""


class ProfileAllowanceUsed(Exception):
    """Remembering would make a new deck profile, and this phone has made its whole allowance of them lately:
    nothing was saved. ``message`` is in the phone's language; the page answers 429 with ``retry_after``."""

    def __init__(self, message: str, retry_after: int) -> None:
        self.message = message
        self.retry_after = retry_after
        super().__init__(message)


def profile_desk() -> ProfileDesk:
    """The app's deck profile desk (installed by the platform when it wires the web layer)."""
    desk: ProfileDesk = current_app.extensions["companion_profile_desk"]
    return desk


@dataclass(frozen=True)
class GameWeb(Generic[StateT, MoveT]):
    slug: str
    # The fragment the table page includes; it draws ``model`` (what ``table_model`` built) and nothing else.
    table_template: str
    # The table fragment's model: frozen, built once per render by the platform's table renderer (the platform
    # only hands it to the game's own template).
    table_model: Callable[[TableViewLike[StateT], TableRequest], object]
    # Form fields of an entry, read against the table the phone saw -> the game's typed Move (the engine's own
    # move class); raises a RulesError (ParseError, ErrorList) naming what could not be read.
    form_to_move: Callable[[Mapping[str, str], TableViewLike[StateT]], MoveT]
    # (the typed move, the state it was entered on, how seats are named) -> one line of the table's history in
    # the current language; the platform adds who moved (Game.actor).
    describe_move: Callable[[MoveT, StateT, Wording], str]
    # Reason code -> lazy message; "{name}" placeholders are filled from the reason's params.
    messages: Mapping[str, Any] = field(default_factory=dict)
    blueprint: Blueprint | None = None
    api: tuple[ApiRoute, ...] = ()
    # Links the game adds to the home page (endpoint, lazy label), e.g. a dispute checker.
    tools: tuple[tuple[str, Any], ...] = ()
    # The table's scores so far (or final), for the score summary; None while the game has none to give.
    summary: Callable[[TableViewLike[StateT]], Summary | None] | None = None
    # What a move taught the table, as a pure function: (move, state before, state after, the table's deck
    # profile) -> that profile with the card data the move carried (a card typed by its rank and icons, a
    # planet's cost), or None. The platform saves it into the table's own profile copy in the same
    # transaction as the move (companion.tables.play.enter_move); a game never writes.
    learnt: Callable[[MoveT, StateT, StateT, Mapping[str, Any]], dict[str, Any] | None] | None = None
    # The game's part of the one profile editor (its cards, their form, how a sent form reads): see cardforms.
    # None for a game whose cards need no profile.
    profile_editor: ProfileEditor | None = None
    # The game's documents on the print page (companion.web.printing's Printable), from its printables module.
    printables: Sequence[Any] = ()
    # Who started a table (0-based seat), as its log says (e.g. the seat a janken chose), for BG Stats'
    # startPlayer and the CSV's start_player; None while the log has not said it yet.
    start_seat: Callable[[TableViewLike[StateT]], int | None] = seat_one_starts
    # How a rematch seats the players (rotated or the same order) and why, in words.
    rematch: Rematch = Rematch(True, _l("Seats rotated: the player who sat second starts the new game."))
    # Who plays with whom: each seat's side (0-based, in seat order), for BG Stats' teams; None (or every side of
    # one seat) when each player plays for themselves. Partners share a side's result: its win is theirs.
    sides: Callable[[TableViewLike[StateT]], tuple[int, ...] | None] | None = None
    # Play time, age and BoardGameGeek id, as BG Stats' games carry them.
    box: Box = Box()
    # What Undo says when the entry it takes back is this move ("" for nothing): Lumière's get phase stands at the
    # table, so Undo there corrects a mistyped entry and is no game move (LP-5).
    undo_note: Callable[[MoveT], str] | None = None
    # What the game does on a table besides entries (the platform's one route for each kind calls them).
    table_actions: tuple[TableAction[StateT], ...] = ()
    table_pages: tuple[TablePage[StateT], ...] = ()
    photo_steps: tuple[PhotoStep[StateT], ...] = ()  # entries a photo of cards fills (issue #36)

    def photo_step(self, name: str) -> PhotoStep[StateT] | None:
        return next((p for p in self.photo_steps if p.name == name), None)

    def table_action(self, name: str) -> TableAction[StateT] | None:
        return next((a for a in self.table_actions if a.name == name), None)

    def table_page(self, name: str) -> TablePage[StateT] | None:
        return next((p for p in self.table_pages if p.name == name), None)


@dataclass(frozen=True)
class Registered:
    """One game as the platform holds it beside the others: its engine and its web package (the registry erases
    their state and move types; each game's own modules are checked against them)."""

    game: Game[Any, Any]
    web: GameWeb[Any, Any]


def discover() -> dict[str, GameWeb[Any, Any]]:
    """slug -> WEB of every registered game whose web package defines one."""
    found: dict[str, GameWeb[Any, Any]] = {}
    for slug, entry in packages().items():
        if entry.has_web():
            web = getattr(importlib.import_module(entry.web_module), "WEB", None)
            if isinstance(web, GameWeb):
                found[slug] = web
    return found


def playable(extra: Sequence[tuple[Game[Any, Any], GameWeb[Any, Any]]] = ()) -> dict[str, Registered]:
    """Every game with both packages (plus the pairs a test adds), in the registry's order."""
    engines = {slug: entry.game for slug, entry in packages().items()}
    webs = discover()
    for game, web in extra:
        engines[game.slug] = game
        webs[web.slug] = web
    return {slug: Registered(engines[slug], webs[slug]) for slug in engines if slug in webs}
