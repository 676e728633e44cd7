"""Bytes every worker of one server can read: a region of memory the gunicorn master maps before it forks its
workers (``create``, called from gunicorn.conf.py), so each worker inherits the same pages.

Why: a table's phones are spread over the workers, and each worker drew every new version of the table for its
own phones, so most entries were drawn twice, with the table read and replayed twice (issue 39: an entry cost
about twice as much with two workers as with one). The worker that draws a version first leaves it here
(``put``); the other reads it (``get``) instead of drawing it again.

The region is a fixed number of slots; a key's slot is chosen by its digest, and a newer value takes the slot of
whatever was there. Nothing locks: two workers may write one slot at once, so each slot holds the digest of its
key and of its value, and a value whose bytes do not match their digest (torn by a concurrent write) is read as
absent. A reader never waits, never makes a system call, and at worst draws the version itself, as before.
Outside gunicorn (tests, ``flask run``) there is one process and no region: ``get`` finds nothing, ``put`` keeps
nothing. No file is made, so nothing outlives the server, and a restart begins empty (no page drawn by older
code is ever read).
"""

from __future__ import annotations

import hashlib
import mmap
import struct

SLOTS = 512
SLOT_BYTES = 128 * 1024  # 64 MB in all, mapped lazily: only the pages written take memory
_HEADER = struct.Struct("<16s16sI")  # the key's digest, the value's digest, the value's length

_region: mmap.mmap | None = None
_slots = 0
_slot_bytes = 0


def create(slots: int = SLOTS, slot_bytes: int = SLOT_BYTES) -> None:
    """Map the region (in the gunicorn master, before the workers are forked; again: a fresh, empty one)."""
    global _region, _slots, _slot_bytes
    _region = mmap.mmap(-1, slots * slot_bytes, flags=mmap.MAP_SHARED | mmap.MAP_ANONYMOUS)
    _slots, _slot_bytes = slots, slot_bytes


def close() -> None:
    global _region
    if _region is not None:
        _region.close()
    _region = None


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


def _place(key_digest: bytes) -> int:
    return int.from_bytes(key_digest[:8], "little") % _slots * _slot_bytes


def put(key: bytes, value: bytes) -> bool:
    """Leave ``value`` under ``key`` for every worker; False when there is no region or it does not fit a slot."""
    region = _region
    if region is None or _HEADER.size + len(value) > _slot_bytes:
        return False
    key_digest = _digest(key)
    at = _place(key_digest)
    region[at:at + _HEADER.size] = _HEADER.pack(b"\0" * 16, b"\0" * 16, 0)  # readers skip the slot while it fills
    region[at + _HEADER.size:at + _HEADER.size + len(value)] = value
    region[at:at + _HEADER.size] = _HEADER.pack(key_digest, _digest(value), len(value))
    return True


def get(key: bytes) -> bytes | None:
    """What a worker left under ``key``, whole, or None."""
    region = _region
    if region is None:
        return None
    key_digest = _digest(key)
    at = _place(key_digest)
    found_key, value_digest, length = _HEADER.unpack(region[at:at + _HEADER.size])
    if found_key != key_digest or length > _slot_bytes - _HEADER.size:
        return None
    value = region[at + _HEADER.size:at + _HEADER.size + length]
    return value if _digest(value) == value_digest else None


__all__ = ["SLOTS", "SLOT_BYTES", "close", "create", "get", "put"]
