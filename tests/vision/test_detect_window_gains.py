"""The live path's first pass in a window: the illumination gains measured on a crop around
the window are the whole frame's (the 7 x 7 block median reaches 3 blocks, the interpolation
one more), and with the residual scale of an earlier frame the window's blobs are the whole
frame's blobs there."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from armada_vision.scene import Scene, ShipPose, SquadronPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel
from armada_vision.vision.detect._background import _as_float
from armada_vision.vision.detect._pass import coarse_pass, coarse_window, reduce

CAMERA = TableCamera.looking_down((1920, 1080), tilt_deg=6.0)
OPT = synth.RenderOptions(mat="cloth", light=0.4)


@pytest.fixture(scope="module")
def table(catalog):
    scene = Scene((ShipPose("cr90", "cr90-corvette-a", 1, 400.0, 450.0, 30.0),),
                  (SquadronPose("tie", "tie-fighter-squadron", 2, 1400.0, 300.0),), ())
    img = synth.render(scene, CAMERA, catalog, OPT, seed=41, noise_seed=1).image
    empty = synth.render(Scene(play_area_mm=scene.play_area_mm), CAMERA, catalog, OPT, seed=41,
                         noise_seed=2).image
    return img, BackgroundModel.learn(empty)


@pytest.mark.parametrize("box", [(343, 30, 60, 50), (0, 0, 40, 40), (600, 320, 40, 40),
                                 (100, 100, 1, 1), (5, 200, 630, 30)])
def test_gains_on_a_crop_around_a_box_are_the_whole_frames_there(table, box):
    img, bg = table
    # Patchy light (each 30 px square its own level) so that every block's median differs
    # and a crop too tight to hold what a block's median reaches would show.
    rng = np.random.default_rng(3)
    light = cv2.resize(rng.uniform(0.5, 1.0, (36, 64)).astype(np.float32), (1920, 1080),
                       interpolation=cv2.INTER_NEAREST)
    img = np.clip(img * light[..., None], 0, 255).astype(np.uint8)
    small_bg = bg.downscaled(3)
    fs = _as_float(reduce(img, 3), "frame")
    whole = small_bg.illumination(fs)
    cx, cy, cw, ch = small_bg.illumination_box(box)
    assert cw * ch < fs.shape[0] * fs.shape[1] or box[2] > 600
    crop = small_bg.illumination(fs[cy:cy + ch, cx:cx + cw], at=(cx, cy))
    x, y, w, h = box
    np.testing.assert_array_equal(crop[y - cy:y - cy + h, x - cx:x - cx + w],
                                  whole[y:y + h, x:x + w])


def test_a_frame_off_the_block_grid_has_no_crop(table):
    _, bg = table
    odd = BackgroundModel(bg.mean_bgr[:1075], bg.noise_sigma, bg.texture[:1075])
    assert odd.illumination_box((10, 10, 20, 20)) is None


def test_window_blobs_with_a_kept_scale_are_the_whole_frames(table):
    img, bg = table
    roi = np.full(img.shape[:2], 255, np.uint8)
    small = reduce(img, 3)
    _, blobs, gains, _, scale = coarse_pass(img, bg, roi, 3, 7, 300.0, small=small)
    assert len(blobs) >= 2
    wins = []
    for b in blobs[:2]:
        x, y, w, h = b.bbox
        wins.append((max(x - 16, 0), max(y - 16, 0), w + 32, h + 32))
    res = coarse_window(img, bg, roi, 3, 7, 300.0, small, wins, 10, scale=scale)
    assert res is not None
    _, wblobs, wgains, _, wscale = res
    assert wscale == scale
    assert sorted(b.bbox for b in wblobs) == sorted(b.bbox for b in blobs[:2])
    assert sorted(b.area_px for b in wblobs) == sorted(b.area_px for b in blobs[:2])
    for x, y, w, h in wins:
        np.testing.assert_array_equal(wgains[y:y + h, x:x + w], gains[y:y + h, x:x + w])


def test_a_window_whose_side_cuts_a_blob_grows_over_it(table, catalog):
    # A window that cuts the largest blob 5 px inside its left end: the blob may reach out
    # of it, so the window is grown over the blob's box (by the caller's regrow) and looked
    # at again, instead of the whole frame; the blob is then the whole frame's.
    from armada_vision.vision.detect import Detector

    img, bg = table
    det = Detector(catalog, CAMERA, background=bg)
    small = reduce(img, det.factor())
    whole = det.prepare(img, small)
    b = max(whole.coarse, key=lambda c: c.area_px)
    x, y, w, h = b.bbox
    win = [(x + 5, y - 20, w + 15, h + 40)]
    asked = []

    def regrow(wins, boxes):
        asked.append(list(boxes))
        (wx, wy, ww, wh), (bx, by, bw, bh) = wins[0], boxes[0]
        x0, y0 = min(wx, bx - 20), min(wy, by - 20)
        return [(x0, y0, max(wx + ww, bx + bw + 20) - x0, max(wy + wh, by + bh + 20) - y0)]

    fr = det.prepare(img, small, windows=win, scale=whole.scale, regrow=regrow)
    assert len(asked) == 1 and asked[0][0][0] == x + 5
    assert fr.windows is not None and fr.windows[0][0] == x - 15
    assert any(c.bbox == b.bbox and c.area_px == b.area_px for c in fr.coarse)
    # Without a way to grow it: the whole frame.
    assert det.prepare(img, small, windows=win, scale=whole.scale).windows is None


@pytest.mark.parametrize("factor", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("shape", [(1080, 1920), (45, 60), (47, 61)])
def test_the_reduced_frame_is_inter_area_bit_for_bit(factor, shape):
    """``reduce`` takes the box filter at odd factors dividing the frame: the same bytes as
    ``INTER_AREA`` (the live path's change map and the still pass both read it)."""
    img = np.random.default_rng(factor).integers(0, 256, shape + (3,), dtype=np.uint8)
    h, w = shape
    want = cv2.resize(img, (w // factor, h // factor), interpolation=cv2.INTER_AREA)
    got = reduce(img, factor)
    assert got.shape == want.shape and got.flags.c_contiguous
    assert np.array_equal(got, want)


@pytest.mark.parametrize("factor", [3, 5])
def test_the_reduced_frame_is_the_rounded_block_mean_of_a_view(factor):
    """The fast path (box filter, corners picked by ``INTER_NEAREST``) gives each block's mean
    rounded, against a slow numpy reference, also for a frame that is a strided view (a crop
    of a larger buffer, as a camera driver may hand over)."""
    rng = np.random.default_rng(7 + factor)
    big = rng.integers(0, 256, (1080 + 20, 1920 + 40, 3), dtype=np.uint8)
    img = big[7:7 + 1080, 13:13 + 1920]
    assert not img.flags.c_contiguous
    h, w = img.shape[:2]
    blocks = img.astype(np.int64).reshape(h // factor, factor, w // factor, factor, 3)
    n = factor * factor
    want = ((blocks.sum(axis=(1, 3)) + n // 2) // n).astype(np.uint8)
    got = reduce(img, factor)
    assert got.shape == (h // factor, w // factor, 3) and got.flags.c_contiguous
    assert np.array_equal(got, want)
    # A frame of one grey level everywhere but one block keeps that block's mean alone.
    flat = np.full((90, 120, 3), 40, np.uint8)
    flat[factor:2 * factor, 0:factor] = 200
    small = reduce(flat, factor)
    assert small[1, 0, 0] == 200 and small[0, 0, 0] == 40 and small[1, 1, 0] == 40
