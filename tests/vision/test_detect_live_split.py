"""A moved piece whose blob parted from a thin neighbour it was merged with (a mat edge, a
marker line) is still the same piece: the live path looks only for its own size there."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from armada_vision.vision.detect._livebox import _Entry, _split_ratio
from armada_vision.vision.detect._liveplan import HINT_AREA_RATIO


def _entry(area_px: float) -> _Entry:
    return _Entry((0, 0, 10, 10), np.ones((10, 10), np.uint8), area_px)


def test_the_blobs_a_merged_entry_parted_into_add_up_to_its_area():
    # A medium ship merged with a line along the mat's edge: 1084 px; after the move the ship
    # is 934 px (alone: 0.86, outside the 1/1.15 band) and the line 170 px on its own.
    was = _entry(1084.0)
    ship, line = SimpleNamespace(area_px=934.0), SimpleNamespace(area_px=170.0)
    ratio = _split_ratio([was], {id(was): [ship, line]})
    assert ratio == (934.0 + 170.0) / 1084.0
    assert 1.0 / HINT_AREA_RATIO <= ratio <= HINT_AREA_RATIO
    assert not 1.0 / HINT_AREA_RATIO <= 934.0 / 1084.0 <= HINT_AREA_RATIO


def test_a_blob_counted_twice_through_two_entries_counts_once():
    a, b = _entry(500.0), _entry(600.0)
    both = SimpleNamespace(area_px=1000.0)
    assert _split_ratio([a, b], {id(a): [both], id(b): [both]}) == 1000.0 / 1100.0


def test_a_new_piece_beside_the_moved_one_leaves_the_ratio_outside_the_band():
    # A second ship set down touching the moved one's old place: the area nearly doubles.
    was = _entry(1000.0)
    blobs = [SimpleNamespace(area_px=950.0), SimpleNamespace(area_px=900.0)]
    assert _split_ratio([was], {id(was): blobs}) > HINT_AREA_RATIO
