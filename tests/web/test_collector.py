"""A server process collects its garbage as a server should (companion/server/serving.py ``tune_collector``): the
young generation after 10,000 new objects, not Python's 700, so full collections, which stop a worker's event loop
while they walk everything it holds, become rare. Timing is the bench's (bench_capacity.py); this checks the setting
and that gunicorn's worker applies it."""

from __future__ import annotations

import gc
import inspect
from collections.abc import Iterator

import pytest

from companion.server import serving


@pytest.fixture
def thresholds() -> Iterator[None]:
    kept = gc.get_threshold()
    yield
    gc.set_threshold(*kept)


def test_a_server_process_collects_its_young_objects_after_ten_thousand_not_seven_hundred(thresholds: None) -> None:
    gc.set_threshold(700, 10, 10)  # Python's default
    serving.tune_collector()
    assert gc.get_threshold() == (10_000, 10, 10) == serving.COLLECTOR_THRESHOLDS


def test_the_worker_tunes_the_collector_before_it_serves() -> None:
    run = inspect.getsource(serving.Worker.run)
    assert run.index("tune_collector()") < run.index("super().run()")
