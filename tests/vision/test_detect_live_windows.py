"""Live path, two separate changes in one frame: blobs are looked for in one window around
each (not in one box around both, which would be most of the frame), and what is found
there is what the live path finds searching the whole frame."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from armada_vision.scene import Scene, ShipPose, SquadronPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detector

CAMERA = TableCamera.looking_down((1920, 1080))
OPT = synth.RenderOptions(mat="starfield", light=0.2)


@pytest.fixture(scope="module")
def frames(catalog):
    """The table, then a ship moved 30 mm ahead (left) and a squadron 20 mm (right), a
    metre apart; and the background."""
    ship = ShipPose("cr90", "cr90-corvette-a", 1, 400.0, 450.0, 0.0)
    sq = SquadronPose("tie", "tie-fighter-squadron", 2, 1400.0, 450.0)
    scene = Scene((ship,), (sq,), ())
    moved = Scene((dataclasses.replace(ship, x_mm=430.0),),
                  (dataclasses.replace(sq, x_mm=1420.0),), ())
    imgs = [synth.render(sc, CAMERA, catalog, OPT, seed=31, noise_seed=n).image
            for n, sc in enumerate((scene, moved))]
    empty = synth.render(Scene(play_area_mm=scene.play_area_mm), CAMERA, catalog, OPT, seed=31,
                         noise_seed=9)
    return imgs, BackgroundModel.learn(empty.image)


def _poses(det):
    # To 1 um: the whole-frame pass measures the residual scale afresh where a window keeps
    # the last one, which can move a coarse blob's centroid by a pixel and so the start of a
    # moved piece's refinement (2e-6 mm apart after it).
    return sorted((round(p.x_mm, 3), round(p.y_mm, 3)) for p in (*det.ships, *det.squadrons))


def test_two_changes_far_apart_are_looked_for_in_a_window_each(frames, catalog):
    imgs, bg = frames
    live = Detector(catalog, CAMERA, background=bg).live()
    live.detect(imgs[0])
    windows = []
    find = live._window
    live._window = lambda changed, extra=(): windows.append(find(changed, extra)) or windows[-1]
    det = live.detect(imgs[1])
    assert live.stats.windowed and len(windows[0]) == 2
    # Each window is small: together far less than the frame (a box around both would be
    # over a third of it).
    h, w = live._ref.shape[:2]
    assert sum(bw * bh for _, _, bw, bh in windows[0]) < 0.05 * w * h
    assert len(det.ships) == 1 and len(det.squadrons) == 1
    assert abs(det.ships[0].x_mm - 430.0) < 2.5 and abs(det.squadrons[0].x_mm - 1420.0) < 2.5

    whole = Detector(catalog, CAMERA, background=bg).live()
    whole._window = lambda changed, extra=(): None
    whole.detect(imgs[0])
    assert _poses(whole.detect(imgs[1])) == _poses(det)


@pytest.fixture(scope="module")
def row(catalog):
    """A row of eight squadrons 60 mm apart (centres; ~20 mm between discs), then the first
    moved 20 mm away from the row; and the background."""
    sqs = tuple(SquadronPose(f"sq{i}", "tie-fighter-squadron", 1, 300.0 + 60.0 * i, 450.0)
                for i in range(8))
    scene = Scene((), sqs, ())
    moved = Scene((), (dataclasses.replace(sqs[0], x_mm=280.0), *sqs[1:]), ())
    imgs = [synth.render(sc, CAMERA, catalog, OPT, seed=32, noise_seed=n).image
            for n, sc in enumerate((scene, moved))]
    empty = synth.render(Scene(play_area_mm=scene.play_area_mm), CAMERA, catalog, OPT, seed=32,
                         noise_seed=9)
    return imgs, BackgroundModel.learn(empty.image)


def test_a_window_does_not_grow_from_neighbour_to_neighbour(row, catalog):
    """Each squadron is within a window's margin of the next: a window grown over every
    blob it touches, and again over theirs, took in the whole row. It takes in what the
    moved piece's changed pixels touch; a still neighbour it cuts stands as it was."""
    imgs, bg = row
    live = Detector(catalog, CAMERA, background=bg).live()
    first = live.detect(imgs[0])
    assert len(first.squadrons) == 8
    windows = []
    find = live._window
    live._window = lambda changed, extra=(): windows.append(find(changed, extra)) or windows[-1]
    det = live.detect(imgs[1])
    assert live.stats.windowed
    px_per_mm = live.detector.px_per_mm / live.detector.factor()
    # The moved disc's old and new place and a margin, not the 450 mm row.
    assert max(bw for _, _, bw, _ in windows[-1]) < 200.0 * px_per_mm
    xs = sorted(q.x_mm for q in det.squadrons)
    assert len(xs) == 8 and abs(xs[0] - 280.0) < 2.0
    # The others are the very measurements of the first frame.
    assert xs[1:] == sorted(q.x_mm for q in first.squadrons)[1:]

    # What the whole frame's pass finds (its gains and scale measured there: 1e-4 mm).
    whole = Detector(catalog, CAMERA, background=bg).live()
    whole._window = lambda changed, extra=(): None
    whole.detect(imgs[0])
    flat = [v for p in _poses(det) for v in p]
    assert [v for p in _poses(whole.detect(imgs[1])) for v in p] == pytest.approx(flat, abs=1e-3)


def test_group_boxes_are_each_labels_points_box():
    # The sorted reduction gives each label's own box, by label, whatever the points' order.
    from armada_vision.vision.detect._livewin import _group_boxes

    rng = np.random.default_rng(3)
    xs = rng.integers(0, 640, 5000).astype(np.int32)
    ys = rng.integers(0, 360, 5000).astype(np.int32)
    lab = rng.integers(1, 6, 5000).astype(np.int32)
    lab[:3] = 9  # a label with three points, one label (7, 8) not used at all
    want = [(int(xs[lab == i].min()), int(ys[lab == i].min()), int(xs[lab == i].max()) + 1,
             int(ys[lab == i].max()) + 1) for i in (1, 2, 3, 4, 5, 9)]
    assert _group_boxes(xs, ys, lab) == want
    assert _group_boxes(xs[:0], ys[:0], lab[:0]) == []


def test_windows_round_two_groups_of_changes():
    # Two changed patches 300 px apart: a window each, the patch's box grown by the pad.
    from armada_vision.vision.detect._livewin import WINDOW_PAD_PX, find_windows

    changed = np.zeros((360, 640), bool)
    changed[100:120, 50:90] = True
    changed[200:205, 400:433] = True
    p = WINDOW_PAD_PX
    assert sorted(find_windows(changed, [])) == [(50 - p, 100 - p, 40 + 2 * p, 20 + 2 * p),
                                                 (400 - p, 200 - p, 33 + 2 * p, 5 + 2 * p)]
    assert find_windows(np.zeros((360, 640), bool), []) == []
