"""Statistics per player over a group's finished plays: per game and overall, and head-to-head.

Only finished plays count; an unfinished table is listed apart by the pages and never reaches these sums.
A player is known by their name, whatever its case ("aki" and "Aki" are one player), as the roster is.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from .records import PlayRecord, SeatResult


@dataclass(frozen=True)
class CategoryStats:
    key: str
    label: str
    plays: int  # plays in which the figure was known
    total: int
    average: float
    counted: bool = False  # shown as how often (total out of the game's plays), not as an average

    def share(self, plays: int) -> float:
        """How often, as a part of ``plays`` (0.0 without any)."""
        return self.total / plays if plays else 0.0


@dataclass(frozen=True)
class Tally:
    """Plays, wins and draws of one player (in one game, or over all games)."""

    plays: int
    wins: int
    draws: int

    @property
    def losses(self) -> int:
        return self.plays - self.wins - self.draws

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


@dataclass(frozen=True)
class GameStats:
    game: str
    game_name: str
    tally: Tally
    points: bool
    average: float | None  # of the scores (games won on points), None without any
    best: int | None
    categories: tuple[CategoryStats, ...]


@dataclass(frozen=True)
class Opponent:
    name: str
    beat: int  # plays in which this player placed ahead of the opponent
    lost: int  # plays in which the opponent placed ahead
    tied: int  # plays in which they shared a place


@dataclass(frozen=True)
class ScorePoint:
    """One point of the chart: a finished play of a game won on points."""

    game: str
    game_name: str
    score: int
    index: int  # the play's position among the player's finished plays, oldest first (0-based)


@dataclass(frozen=True)
class PlayerStats:
    key: str
    name: str
    status: str  # "member", "former" (taken off the roster; their games stay) or "guest" (never on it)
    overall: Tally
    games: tuple[GameStats, ...]
    opponents: tuple[Opponent, ...]
    rivals: tuple[str, ...]  # beaten most (several when tied)
    rival_count: int
    nemeses: tuple[str, ...]  # lost to most
    nemesis_count: int
    scores: tuple[ScorePoint, ...]


def finished(records: Iterable[PlayRecord]) -> list[PlayRecord]:
    """The finished plays, oldest first (the order the statistics read them in)."""
    return sorted((r for r in records if r.finished), key=lambda r: (r.at, r.table_id))


def player_stats(records: Iterable[PlayRecord], roster: Mapping[str, tuple[str, bool]]) -> list[PlayerStats]:
    """Every player of the finished plays and every roster member: roster order first (``roster`` maps a
    name's key to (name as written, former?), in roster order), then guests by name."""
    plays = finished(records)
    names: dict[str, str] = {key: name for key, (name, _former) in roster.items()}
    for play in plays:
        for seat in play.seats:
            names.setdefault(seat.name.casefold(), seat.name)
    result = []
    for key, name in names.items():
        status = "guest" if key not in roster else ("former" if roster[key][1] else "member")
        result.append(_one_player(key, name, status, plays))
    return result


def _one_player(key: str, name: str, status: str, plays: Sequence[PlayRecord]) -> PlayerStats:
    mine = [(play, seat) for play in plays if (seat := play.seat_named(key)) is not None]
    by_game: dict[str, list[tuple[PlayRecord, SeatResult]]] = defaultdict(list)
    for play, seat in mine:
        by_game[play.game].append((play, seat))
    games = tuple(_game_stats(entries) for entries in by_game.values())
    opponents: dict[str, list[int]] = {}
    shown: dict[str, str] = {}
    for play, seat in mine:
        for other in play.seats:
            other_key = other.name.casefold()
            if other_key == key:
                continue
            shown.setdefault(other_key, other.name)
            counts = opponents.setdefault(other_key, [0, 0, 0])
            counts[0 if seat.place < other.place else 1 if other.place < seat.place else 2] += 1
    table = tuple(Opponent(shown[k], *c) for k, c in opponents.items())
    rivals, rival_count = _most(table, lambda o: o.beat)
    nemeses, nemesis_count = _most(table, lambda o: o.lost)
    scores = tuple(ScorePoint(play.game, play.game_name, seat.score, index)
                   for index, (play, seat) in enumerate(mine) if play.points and seat.score is not None)
    return PlayerStats(key, name, status, _tally(mine), games, table, rivals, rival_count, nemeses, nemesis_count,
                       scores)


def _most(opponents: Sequence[Opponent], count: Callable[[Opponent], int]) -> tuple[tuple[str, ...], int]:
    counted = [(o.name, count(o)) for o in opponents]
    best = max((n for _name, n in counted), default=0)
    if best == 0:
        return (), 0
    return tuple(sorted((name for name, n in counted if n == best), key=str.casefold)), best


def _tally(entries: Sequence[tuple[PlayRecord, SeatResult]]) -> Tally:
    return Tally(len(entries), sum(1 for _p, s in entries if s.won), sum(1 for p, _s in entries if p.drawn))


def _game_stats(entries: Sequence[tuple[PlayRecord, SeatResult]]) -> GameStats:
    first = entries[0][0]
    scores = [s.score for _p, s in entries if s.score is not None]
    sums: dict[str, list[int]] = {}
    labels: dict[str, str] = {}
    counted: dict[str, bool] = {}
    for _play, seat in entries:
        for category in seat.categories:
            labels.setdefault(category.key, category.label)
            counted.setdefault(category.key, category.counted)
            if category.value is not None:
                sums.setdefault(category.key, []).append(category.value)
            else:
                sums.setdefault(category.key, [])
    # a family of keys stays together in the order first seen ("place", "place.1" … and a "place.4" that only a
    # later, larger table has comes before "out")
    families: dict[str, int] = {}
    for key in sums:
        families.setdefault(key.split(".")[0], len(families))
    order = sorted(sums, key=lambda k: families[k.split(".")[0]])
    categories = tuple(CategoryStats(key, labels[key], len(sums[key]), sum(sums[key]),
                                     sum(sums[key]) / len(sums[key]) if sums[key] else 0.0, counted[key])
                       for key in order)
    return GameStats(first.game, first.game_name, _tally(entries), first.points,
                     sum(scores) / len(scores) if first.points and scores else None,
                     max(scores) if first.points and scores else None, categories)
