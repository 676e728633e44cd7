"""The contention rules on their own (no server): the table's queue and when a stale move means the same."""

from __future__ import annotations

from companion.tables.rebase import MOST_BETWEEN, same_meaning
from companion.tables.turnqueue import BENCH_TURNS, Queue
from tests.games.standin import GAME, Add, TallyState

T = 8.0


def test_refused_phones_queue_in_order_and_only_the_head_writes() -> None:
    q = Queue().refused("a", 0, T).refused("b", 1, T)
    assert q.head == "a" and q.may_write("a") and not q.may_write("b") and not q.may_write("c")
    q = q.wrote("a", 2, T)
    assert q.head == "b" and q.may_write("b") and q.items[0][1] == 2 + T  # its turn starts when it becomes head
    assert not q.wrote("b", 3, T).items  # drained: everyone may write again


def test_a_phone_told_to_wait_joins_the_back_and_a_queued_one_keeps_its_place() -> None:
    q = Queue().refused("a", 0, T).refused("b", 0, T)
    assert not q.waits_quietly("c", 1)  # not queued: its place must be written
    assert q.waiting("c", 1, T).items == (("a", T), ("b", T), ("c", 1 + T))  # served after those before it
    assert q.waits_quietly("b", T / 2) and not q.waits_quietly("b", T)  # its time needs writing afresh
    assert q.waiting("b", 5, T).items == (("a", T), ("b", 5 + T))  # same place, fresh time
    assert not q.waits_quietly("a", 1)  # the head may write


def test_the_heads_turn_is_not_lengthened_by_trying_again() -> None:
    q = Queue().refused("a", 0, T).waiting("b", 1, T)
    q = q.refused("a", 2, T)  # refused once in its turn (its page had not seen the last write): kept, fresh time
    assert q.head == "a" and q.items[0][1] == 2 + T
    q = q.refused("a", 3, T)  # and again: its turn ends, the next phone's starts now
    assert q.head == "b" and q.items == (("b", 3 + T),) and q.is_benched("a")
    assert q.refused("a", 4, T) == q  # benched: its refusals earn it no place meanwhile
    assert q.waits_quietly("a", 4)  # and telling it to wait writes nothing
    later = Queue.read(q.stored(), 3 + BENCH_TURNS * T + 1, T)
    assert not later.is_benched("a") and later.items == ()


def test_a_head_that_lapses_is_benched_and_the_next_head_gets_a_whole_turn() -> None:
    stored = Queue().refused("a", 0, T).waiting("b", 5, T).stored()
    q = Queue.read(stored, T + 1, T)  # a's turn lapsed without a write
    assert q.head == "b" and q.items[0][1] == T + 1 + T and q.is_benched("a")
    assert Queue.read(stored, 100, T).stored() is None
    assert Queue.read("rubbish", 0, T).items == () and Queue.read([["x"], ["y", "z"], ["w", True]], 0, T).items == ()


def test_a_phone_sending_stale_entries_again_and_again_holds_the_others_up_once_a_bench() -> None:
    """An attack: a phone that keeps sending old versions. Each second it is refused, another
    phone tries to write; over a minute, the other phone is held up at most twice (once per bench)."""
    q = Queue()
    held = 0
    for second in range(60):
        now = float(second)
        q = Queue.read(q.stored(), now, T).refused("bad", now, T)
        q = Queue.read(q.stored(), now + 0.5, T)
        if q.may_write("good"):
            q = q.wrote("good", now + 0.5, T)
        else:
            held += 1
            q = q.waiting("good", now + 0.5, T)
    assert held <= 2 * (60 // (BENCH_TURNS * T) + 1)


def test_a_stale_move_means_the_same_when_it_commutes() -> None:
    seen = TallyState((0, 0), 100)
    other = Add(0, 5)
    fresh = GAME.apply(seen, other)
    assert same_meaning(GAME, seen, fresh, [other], Add(1, 7))  # another seat
    assert same_meaning(GAME, seen, fresh, [other], Add(0, 1))  # the same seat: addition commutes
    assert not same_meaning(GAME, seen, fresh, [other], Add(0, 1, expect=0))  # it named what changed
    assert not same_meaning(GAME, seen, fresh, [other], Add(0, 96))  # legal where seen, over the cap now
    assert not same_meaning(GAME, seen, seen, [], Add(0, 1))  # nothing came in: not a stale move
    assert not same_meaning(GAME, seen, fresh, [other] * (MOST_BETWEEN + 1), Add(1, 1))  # too far behind
