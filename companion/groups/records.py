"""What a group's statistics are made of: one record per table, taken from the engine's score of the table's
log replayed (never from numbers typed a second time)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class Category:
    """One of a game's own figures for a seat (a Planetary Sisters house category, a Planeta Rica VP term…).
    ``key`` is the same for every play of the game; ``label`` is already in the reader's language."""

    key: str
    label: str
    value: int | None
    # True: a count per play (1 when it happened: "placed 1st"), shown as how often out of the plays; False: a
    # figure shown as its average per play
    counted: bool = False


@dataclass(frozen=True)
class SeatResult:
    seat: int  # 0-based, clockwise from the first seat
    name: str
    place: int  # 1 = first; tied seats share a place
    score: int | None  # points in a game that has them, else None
    shown: str  # the score as the score summary shows it ("167", "out 1st", "won")
    won: bool
    categories: tuple[Category, ...] = ()


@dataclass(frozen=True)
class GameFacts:
    """What other tools ask of a game beside its plays (BG Stats' games): how many may play, how long a game takes
    in minutes and the youngest age, as the game's rule text gives them (0 where it gives none), and its
    BoardGameGeek id (0 while none is known)."""

    min_players: int = 0
    max_players: int = 0
    min_minutes: int = 0
    max_minutes: int = 0
    min_age: int = 0
    bgg_id: int = 0


@dataclass(frozen=True)
class PlayRecord:
    table_id: int
    token: str
    watch_token: str
    game: str  # slug
    game_name: str
    at: datetime  # the table's last entry
    started: datetime  # the table's first entry (or its creation)
    version: int  # the log's newest version: the replay steps are ?at=1 … version
    finished: bool
    points: bool  # the game is won on points (higher is better)
    drawn: bool  # finished with nobody ahead (every seat shares the first place)
    seats: tuple[SeatResult, ...]
    note: str = ""  # how the winner was decided, in words, with the ruling id (the tie-break when one applied)
    start: int | None = None  # the seat that started (the game's start_seat hook); None when the log never said
    # each seat's side (0-based) where players play in partnerships (Strato-Sphere with 4: seats 0+2 against
    # 1+3); () when everyone plays for themselves
    sides: tuple[int, ...] = ()
    # the table's options as played, each (option, setting) in the reader's language
    options: tuple[tuple[str, str], ...] = ()
    facts: GameFacts = GameFacts()

    @property
    def partnered(self) -> bool:
        """Some side has more than one seat: the play is played in teams."""
        return len(set(self.sides)) < len(self.sides)

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats if s.won)

    def seat_named(self, key: str) -> SeatResult | None:
        return next((s for s in self.seats if s.name.casefold() == key), None)
