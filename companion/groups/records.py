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

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats if s.won)

    def seat_named(self, key: str) -> SeatResult | None:
        return next((s for s in self.seats if s.name.casefold() == key), None)
