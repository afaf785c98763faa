"""Newcomer 5's break-it pass: inputs that were accepted or ended in a traceback now give one
line naming the file and field."""

import pytest

from armada_vision.errors import InputError
from armada_vision.scene import scene_from_dict


@pytest.mark.parametrize("area", [
    [float("inf"), 914.4], [1828.8, float("nan")], [1e12, 1e12], [1828.8, 10_000.1],
])
def test_a_play_area_larger_than_any_table_is_refused(area):
    # piece positions are refused beyond 10 m (scene.MAX_COORD_MM); a play area of 1e12 mm
    # or Infinity was accepted and every ship was "inside" it
    with pytest.raises(InputError, match=r"^s.json: play_area_mm: expected \[width_mm, height_mm\] "
                       r"with each side 0 < side <= 10000 mm, got \["):
        scene_from_dict({"format": "armada-scene/1", "play_area_mm": area}, "s.json")


def test_the_largest_play_area_is_kept():
    scene = scene_from_dict({"format": "armada-scene/1", "play_area_mm": [10_000, 914.4]})
    assert scene.play_area_mm == (10_000.0, 914.4)
