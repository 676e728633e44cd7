"""The marker ids: every physical card of every game has its own, from the engines' own card lists; the ids a
sheet already printed never change their meaning; and two ids in use differ in at least 11 cells however turned,
so a misread would take 11 wrong cells at once."""

from __future__ import annotations

import hashlib
from collections import Counter

import numpy as np
import pytest

from companion.games import lumiere as lp
from companion.games import sister_combination as sc
from companion.games.planeta_rica import Gadget, Planet
from companion.games.strato_sphere.cards import parse_card as ss_parse
from companion.markers import codes, ids

COUNTS = {ids.PS: 36, ids.SS: 104, ids.SC: 144, ids.LP: 76, ids.PR: 73}


def test_each_game_has_one_marker_per_physical_card() -> None:
    assert {slug: len(ids.deck(slug)) for slug in ids.games()} == COUNTS
    assert sum(p.copies for p in Planet) + sum(g.copies for g in Gadget) == COUNTS[ids.PR]
    assert sum(c.per_player for c in lp.Card) * 4 == COUNTS[ids.LP]


def test_no_two_cards_share_an_id_and_every_id_is_in_the_family() -> None:
    every = [c.id for slug in ids.games() for c in ids.deck(slug)]
    assert len(every) == len(set(every)) == sum(COUNTS.values())
    assert 0 <= min(every) and max(every) < ids.ID_COUNT == codes.dictionary().bytesList.shape[0]
    for slug in ids.games():
        for card in ids.deck(slug):
            assert ids.card_of(card.id) == card
            assert ids.marker_of(slug, card.card, card.copy) == card.id
    assert ids.card_of(586) is None


def test_the_notation_is_the_games_own() -> None:
    assert [c.card for c in ids.deck(ids.PS)] == [str(r) for r in range(1, 37)]
    assert {str(ss_parse(c.card)) for c in ids.deck(ids.SS)} == {c.card for c in ids.deck(ids.SS)}
    assert Counter(c.card for c in ids.deck(ids.SS)) == Counter({c.card: 2 for c in ids.deck(ids.SS)})
    assert [c.card for c in ids.deck(ids.SC)] == [str(c) for c in sc.DECK]
    assert all(str(sc.parse_card(c.card)) == c.card for c in ids.deck(ids.SC))
    assert {c.card for c in ids.deck(ids.LP)} == {c.value for c in lp.Card}
    assert {c.card for c in ids.deck(ids.PR)} == {k.value for k in (*Planet, *Gadget)}
    assert ids.marker_of(ids.SS, "10H", 2) != ids.marker_of(ids.SS, "10H", 1)
    with pytest.raises(KeyError):
        ids.marker_of(ids.PS, "37")


def test_printed_ids_keep_their_meaning() -> None:
    """A sheet or sticker printed once is read forever: the numbering is fixed (append, never renumber)."""
    assert ids.marker_of(ids.PS, "33") == 32
    assert ids.marker_of(ids.SS, "KS", 1) == 40 + 11 and ids.marker_of(ids.SS, "2S", 2) == 92
    assert ids.marker_of(ids.SC, "karen:mirror") == 150 + [str(c) for c in sc.DECK].index("karen:mirror")
    assert ids.marker_of(ids.LP, "commoner", 20) == 319
    assert ids.marker_of(ids.PR, "new_earth", 7) == 386
    table = ";".join(f"{c.id}={c.game}/{c.card}#{c.copy}" for slug in ids.games() for c in ids.deck(slug))
    assert hashlib.sha256(table.encode()).hexdigest()[:16] == "cf0d53275582f155", "the printed ids were renumbered"


def test_two_markers_in_use_differ_in_at_least_11_cells_in_any_rotation() -> None:
    used = sorted(c.id for slug in ids.games() for c in ids.deck(slug))
    grids = np.array([np.array(codes.cells(m), dtype=np.uint8)[1:-1, 1:-1] for m in used])  # the 6 × 6 data
    turned = np.stack([np.rot90(grids, k, axes=(1, 2)) for k in range(4)], axis=1).reshape(len(used), 4, -1)
    upright = turned[:, 0, :]
    nearest = min(int(np.min((upright[i][None, None, :] != turned[i + 1:]).sum(axis=2))) if i + 1 < len(used)
                  else 99 for i in range(len(used)))
    assert nearest >= 11
    itself = min(int((upright[i] != turned[i, k]).sum()) for i in range(len(used)) for k in (1, 2, 3))
    assert itself >= 11  # a marker turned is never itself another way up (its corners' order is sure)


def test_a_marker_is_drawn_as_vector_cells() -> None:
    svg = str(codes.svg(32))
    assert "<image" not in svg and "data:" not in svg and svg.count("<path") == 1
    black = sum(sum(row) for row in codes.cells(32))
    drawn = sum(int(part.split("h")[1].split("v")[0]) for part in codes.path_data(32).split("M")[1:])
    assert drawn == black


def test_the_app_loads_opencv_only_when_it_reads_or_prints_a_marker() -> None:
    """OpenCV and numpy (some 50 MB a process) load on first use, not with the app."""
    import subprocess
    import sys

    script = ("import sys; from companion.web.api import routes; from companion.web.printing import sheets; "
              "from companion.markers import reader; print(sorted(m for m in ('cv2', 'numpy') if m in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"
