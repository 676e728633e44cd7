"""The log's meaning (undo, redo, moves that no longer apply), and the log read as it grows agreeing with the
log read at once, wherever it is cut and however few states it keeps."""

from __future__ import annotations

import pickle
from collections.abc import Mapping
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.tables.eventlog import MOVE, REDO, UNDO, LogEntry, LogReplay, Rebuild, read_log, replay


def add(state: tuple[int, ...], payload: Mapping[str, Any]) -> tuple[int, ...]:
    if payload["v"] < 0:
        raise ValueError("a negative value does not apply")
    return (*state, payload["v"])


def log_of(steps: list[tuple[str, int]]) -> list[LogEntry]:
    return [LogEntry(i + 1, kind, {"v": v}) for i, (kind, v) in enumerate(steps)]


LOGS = st.lists(st.tuples(st.sampled_from([MOVE, MOVE, MOVE, UNDO, REDO]), st.sampled_from([1, 2, 3, -1])),
                max_size=60).map(log_of)


def test_undo_takes_back_and_redo_restores_until_something_new() -> None:
    log = log_of([(MOVE, 1), (MOVE, 2), (UNDO, 0), (REDO, 0), (UNDO, 0), (MOVE, 3), (REDO, 0)])
    result = replay(log, (), add, (ValueError,))
    assert result.state == (1, 3)
    assert [e.seq for e in result.log.standing] == [1, 6]
    assert result.log.undone_seqs == {2} and not result.log.can_redo
    assert result.before == {1: (), 2: (1,), 6: (1,)}


def test_a_move_that_no_longer_applies_stops_the_state_before_it_until_undone() -> None:
    log = log_of([(MOVE, 1), (MOVE, -1), (MOVE, 2)])
    result = replay(log, (), add, (ValueError,))
    assert result.state == (1,) and result.error_seq == 2 and isinstance(result.error, ValueError)
    undone = replay([*log, LogEntry(4, UNDO, {}), LogEntry(5, UNDO, {})], (), add, (ValueError,))
    assert undone.state == (1,) and undone.error is None


@settings(max_examples=400, deadline=None)
@given(LOGS, st.integers(0, 60), st.sampled_from([1, 2, 5, 64]))
def test_the_log_read_as_it_grows_agrees_with_the_log_read_at_once(log: list[LogEntry], cut: int, keep: int) -> None:
    whole = replay(log, (), add, (ValueError,))
    growing = LogReplay((), add, (ValueError,), keep=keep)
    try:
        growing.feed(log[:cut])
        growing.feed(log[cut:])
    except Rebuild:
        return  # an undo reached past the kept states: the caller reads the log again
    result = growing.result()
    assert result.state == whole.state
    assert result.log == whole.log == read_log(log)
    assert result.error_seq == whole.error_seq
    assert all(whole.before[seq] == state for seq, state in result.before.items())
    assert len(result.before) <= keep


@settings(max_examples=300, deadline=None)
@given(LOGS, st.integers(0, 60))
def test_a_replay_restored_from_its_snapshot_reads_on_as_the_log_read_at_once(log: list[LogEntry], cut: int) -> None:
    """A stored snapshot (a long table after a restart) carries what was taken back: undone moves stay undone,
    a redo after the restore brings its move back."""
    first = LogReplay((), add, (ValueError,), keep=len(log) + 1)
    first.feed(log[:cut])
    restored = LogReplay.restore(pickle.loads(pickle.dumps(first.snapshot())), add, (ValueError,))
    restored.feed(log[cut:])
    result, whole = restored.result(), replay(log, (), add, (ValueError,))
    assert result.state == whole.state and result.log == whole.log == read_log(log)
