"""The contention rules on their own (no server): the table's queue and when a stale move means the same."""

from __future__ import annotations

from companion.rebase import MOST_BETWEEN, same_meaning
from companion.turnqueue import Queue
from tests.games.standin import GAME, Add, TallyState

T = 8.0


def test_refused_phones_queue_in_order_and_only_the_head_writes() -> None:
    q = Queue().wait("a", 0, T).wait("b", 1, T)
    assert q.head == "a" and q.may_write("a") and not q.may_write("b") and not q.may_write("c")
    q = q.wrote("a", 2, T)
    assert q.head == "b" and q.may_write("b") and q.items[0][1] == 2 + T  # its turn starts when it becomes head
    assert not q.wrote("b", 3, T).items  # drained: everyone may write again


def test_a_phone_told_to_wait_does_not_join_and_a_queued_one_keeps_its_place() -> None:
    q = Queue().wait("a", 0, T).wait("b", 0, T)
    assert q.waits_quietly("c", 1)  # not queued: nothing to write
    assert q.waits_quietly("b", T / 2) and not q.waits_quietly("b", T)  # its time needs writing afresh
    assert q.wait("b", 5, T).items == (("a", T), ("b", 5 + T))  # same place, fresh time
    assert not q.waits_quietly("a", 1)  # the head may write


def test_lapsed_places_are_dropped_and_the_next_head_gets_a_whole_turn() -> None:
    stored = Queue().wait("a", 0, T).wait("b", 5, T).stored()
    q = Queue.read(stored, T + 1, T)  # a's place lapsed
    assert q.head == "b" and q.items[0][1] == T + 1 + T
    assert Queue.read(stored, 100, T).stored() is None
    assert Queue.read("rubbish", 0, T).items == () and Queue.read([["x"], ["y", "z"]], 0, T).items == ()


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
