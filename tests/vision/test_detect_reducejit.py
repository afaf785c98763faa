"""The compiled frame reduction (_reducejit) gives what cv2.resize's INTER_AREA gives, bit for
bit: on rendered and random frames, at every block sum, and where it hands over to OpenCV."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from armada_vision.scene import Scene, ShipPose, SquadronPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect._pass import reduce
from armada_vision.vision.detect._reducejit import _reduce, area_table, reduce_area


def _cv(img, f):
    h, w = img.shape[:2]
    return cv2.resize(img, (w // f, h // f), interpolation=cv2.INTER_AREA)


def test_a_rendered_1080p_frame_reduced_by_three_is_opencvs(catalog):
    camera = TableCamera.looking_down((1920, 1080), tilt_deg=5.0)
    scene = Scene((ShipPose("cr90", "cr90-corvette-a", 1, 600.0, 450.0, 30.0),),
                  (SquadronPose("tie", "tie-fighter-squadron", 2, 1200.0, 300.0),), ())
    img = synth.render(scene, camera, catalog, synth.RenderOptions(mat="cloth"), seed=3).image
    got = reduce(img, 3)
    assert got.shape == (360, 640, 3) and got.dtype == np.uint8
    np.testing.assert_array_equal(got, _cv(img, 3))
    assert got.std() > 5.0  # a real picture, not a flat one


@pytest.mark.parametrize("factor", [3, 4, 5, 7])
def test_random_frames_at_other_factors_are_opencvs(factor):
    rng = np.random.default_rng(factor)
    for shape in ((factor * 20, factor * 33, 3), (factor * 7, factor * 5, 1)):
        img = rng.integers(0, 256, shape, dtype=np.uint8)
        np.testing.assert_array_equal(reduce_area(img, factor).reshape(-1),
                                      _cv(img, factor).reshape(-1))


@pytest.mark.parametrize("factor", [3, 4])
def test_every_block_sum_maps_as_opencv_maps_it(factor):
    # One block of each sum, laid out differently from area_table's own probe.
    k = factor * factor
    sums = np.arange(k * 255 + 1)
    rng = np.random.default_rng(0)
    blocks = np.zeros((len(sums), k), np.int64)
    for i, s in enumerate(sums):
        left = s
        for j in rng.permutation(k):  # spread unevenly over the block's pixels
            v = min(left, 255, int(rng.integers(0, 256)))
            blocks[i, j] = v
            left -= v
        while left:  # put the rest where there is room
            j = int(np.argmin(blocks[i]))
            v = min(left, 255 - blocks[i, j])
            blocks[i, j] += v
            left -= v
    assert (blocks.sum(axis=1) == sums).all()
    img = blocks.reshape(-1, factor, factor).transpose(1, 0, 2).reshape(factor, -1)
    img = np.repeat(img.astype(np.uint8)[..., None], 3, axis=2)
    got = _reduce(np.ascontiguousarray(img), factor, area_table(factor))
    np.testing.assert_array_equal(got, _cv(img, factor))
    assert len(np.unique(got)) == 256


def test_sides_that_are_not_multiples_and_small_factors_go_to_opencv():
    rng = np.random.default_rng(5)
    for shape, f in (((1081, 1920, 3), 3), ((40, 62, 3), 2), ((9, 9, 3), 1)):
        img = rng.integers(0, 256, shape, dtype=np.uint8)
        np.testing.assert_array_equal(reduce_area(img, f), _cv(img, f))
