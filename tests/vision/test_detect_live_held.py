"""Live path, a merged blob where one piece moved and its neighbour did not: the neighbour,
whose own footprint did not change, is confirmed where it stood by one refinement, and only
the moved piece's size is searched in what it leaves."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from armada_vision.scene import Scene, ShipPose, SquadronPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detector
from armada_vision.vision.detect._liveplan import _footprint_still
from armada_vision.vision.detect._specs import DiscSpec

CAMERA = TableCamera.looking_down((1920, 1080))
OPT = synth.RenderOptions(mat="starfield", light=0.2)


class _Blob:
    def __init__(self, bbox, mask):
        self.bbox, self.mask = bbox, mask


def _disc_blob(factor: int):
    """A blob (small px of ``factor``) covering a 60 mm square around (500, 400) mm."""
    px = CAMERA.table_to_image(np.array([[470.0, 370.0], [530.0, 430.0]]), 0.0) / factor
    x0, y0 = np.floor(px.min(axis=0)).astype(int)
    x1, y1 = np.ceil(px.max(axis=0)).astype(int)
    return _Blob((x0, y0, x1 - x0, y1 - y0), np.ones((y1 - y0, x1 - x0), np.uint8))


def test_a_footprint_without_changed_pixels_stands_and_one_with_them_does_not():
    f = 3
    changed = np.zeros((1080 // f, 1920 // f), bool)
    blob = _disc_blob(f)
    disc = ("circle", DiscSpec("35mm", 35.0, 3.0), np.array([500.0, 400.0, 17.5]))
    assert _footprint_still(changed, blob, disc, f, CAMERA)
    # Changes beside the disc (a piece moving next to it) do not count ...
    u, v = (CAMERA.table_to_image(np.array([[500.0, 430.0]]), 3.0)[0] / f).astype(int)
    changed[v - 1:v + 1, u - 1:u + 2] = True
    assert _footprint_still(changed, blob, disc, f, CAMERA)
    # ... changes on its rim do.
    u, v = (CAMERA.table_to_image(np.array([[500.0, 385.0]]), 3.0)[0] / f).astype(int)
    changed[v - 1:v + 1, u - 1:u + 2] = True
    assert not _footprint_still(changed, blob, disc, f, CAMERA)


def test_a_piece_whose_centre_is_off_the_blob_is_not_held_there():
    f = 3
    changed = np.zeros((1080 // f, 1920 // f), bool)
    disc = ("circle", DiscSpec("35mm", 35.0, 3.0), np.array([600.0, 400.0, 17.5]))
    assert not _footprint_still(changed, _disc_blob(f), disc, f, CAMERA)


@pytest.fixture(scope="module")
def merged(catalog):
    """A small ship with a squadron touching its side, then the ship moved 12 mm ahead
    (still touching: one blob); and the background."""
    ship = ShipPose("cr90", "cr90-corvette-a", 1, 600.0, 450.0, 0.0)
    sq = SquadronPose("tie", "tie-fighter-squadron", 1, 600.0, 450.0 + 21.0 + 17.0)
    scene = Scene((ship,), (sq,), ())
    moved = Scene((dataclasses.replace(ship, x_mm=612.0),), (sq,), ())
    imgs = [synth.render(sc, CAMERA, catalog, OPT, seed=41, noise_seed=n).image
            for n, sc in enumerate((scene, moved))]
    empty = synth.render(Scene(play_area_mm=scene.play_area_mm), CAMERA, catalog, OPT, seed=41,
                         noise_seed=9)
    return imgs, BackgroundModel.learn(empty.image)


def test_the_still_neighbour_of_a_moved_ship_is_confirmed_where_it_stood(merged, catalog):
    imgs, bg = merged
    live = Detector(catalog, CAMERA, background=bg).live()
    first = live.detect(imgs[0])
    assert len(first.ships) == 1 and len(first.squadrons) == 1
    det = live.detect(imgs[1])
    assert live.stats.confirmed >= 1
    assert len(det.ships) == 1 and len(det.squadrons) == 1
    assert abs(det.ships[0].x_mm - 612.0) < 2.0 and abs(det.ships[0].y_mm - 450.0) < 2.0
    q0, q1 = first.squadrons[0], det.squadrons[0]
    assert np.hypot(q1.x_mm - q0.x_mm, q1.y_mm - q0.y_mm) < 0.5


def test_a_ship_moved_into_a_still_squadrons_margin_is_not_a_change_on_the_frames_after(catalog):
    # The squadron's blob is reused as it was and keeps its reference in a margin round its
    # box (``REF_PAD_PX``: a neighbour moving in shows as a change); the ship moved 40 mm so
    # that its corner lies in that margin, 10 mm from the disc (two blobs). It was measured on
    # that frame, so its pixels there take that frame as their reference: before, they kept
    # the one from before the move, changed on every later frame and had the ship confirmed
    # again each time (fresh 7003: 12 px, 13-20 ms a frame instead of ~5).
    sq = SquadronPose("tie", "tie-fighter-squadron", 1, 600.0, 450.0)
    ship = ShipPose("cr90", "cr90-corvette-a", 1, 502.5, 406.5, 0.0)
    scene = Scene((ship,), (sq,), ())
    moved = Scene((dataclasses.replace(ship, x_mm=542.5),), (sq,), ())
    imgs = [synth.render(sc, CAMERA, catalog, OPT, seed=43, noise_seed=n).image
            for n, sc in enumerate((scene, moved, moved, moved))]
    empty = synth.render(Scene(play_area_mm=scene.play_area_mm), CAMERA, catalog, OPT, seed=43,
                         noise_seed=9)
    live = Detector(catalog, CAMERA, background=BackgroundModel.learn(empty.image)).live()
    live.detect(imgs[0])
    det = live.detect(imgs[1])
    assert live.stats.changed_px > 100 and live.stats.confirmed == 1
    assert len(live._entries) >= 2  # the ship's blob and the squadron's, apart
    (s,) = det.ships
    assert abs(s.x_mm - 542.5) < 1.5 and abs(s.y_mm - 406.5) < 1.5
    for img in imgs[2:]:
        again = live.detect(img)
        assert live.stats.skipped and live.stats.changed_px == 0
        assert (again.ships[0].x_mm, again.ships[0].y_mm) == (s.x_mm, s.y_mm)
