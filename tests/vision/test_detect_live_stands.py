"""Live path, what a changed blob need not measure again: the same blob whose pieces' outlines
saw no change (the change lies beside them) keeps its pieces as they were measured
(``BlobPlan.stands``), and a piece that moved off a merged blob into the blob beside it is not
looked for in the blob its still neighbour was left in (``_liveplan.MOVED_HERE``)."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from vision_helpers import LiveBlob, table_box_blob  # noqa: E402

from armada_vision.scene import Scene, ShipPose, SquadronPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detector
from armada_vision.vision.detect._livebox import _Entry
from armada_vision.vision.detect._liveplan import plan_blob
from armada_vision.vision.detect._specs import RectSpec

CAMERA = TableCamera.looking_down((1920, 1080))
F = 3
SMALL = RectSpec("small", 71.0, 43.0, 5.0)


def _box(x0_mm, y0_mm, x1_mm, y1_mm):
    """A full blob (small px) over a table rectangle (mm)."""
    return table_box_blob(CAMERA, F, x0_mm, y0_mm, x1_mm, y1_mm)


def _changed_in(*boxes_mm):
    """Changed pixels over table rectangles (x0, y0, x1, y1 mm) on a base's top plane."""
    changed = np.zeros((1080 // F, 1920 // F), bool)
    for x0, y0, x1, y1 in boxes_mm:
        px = CAMERA.table_to_image(np.array([[x0, y0], [x1, y1]]), 5.0) / F
        (u0, v0) = np.floor(px.min(axis=0)).astype(int)
        (u1, v1) = np.ceil(px.max(axis=0)).astype(int)
        changed[v0:v1, u0:u1] = True
    return changed


def _ship_entry(blob, *xs_mm):
    """An entry of small bases along y = 450 mm at ``xs_mm``, axis along x."""
    return _Entry(blob.bbox, blob.mask, blob.area_px,
                  [("rect", SMALL, np.array([x, 450.0, 0.0])) for x in xs_mm])


def test_the_same_blob_whose_pieces_saw_no_change_keeps_them_as_they_were(catalog):
    blob = _box(455.0, 420.0, 560.0, 480.0)  # a small base at (500, 450) and room beside it
    was = _ship_entry(blob, 500.0)
    # Something changed in the blob's box beside the base (a neighbour's shadow or edge).
    beside = _changed_in((545.0, 430.0, 555.0, 440.0))
    plan = plan_blob(blob, [was], {}, beside, F, CAMERA, catalog)
    assert plan.stands and plan.complete and [s[0] for s in plan.seeds] == ["rect"]
    # A strip of the base's own outline changed: confirmed by one refinement, not reused.
    on_it = _changed_in((530.0, 428.5, 535.5, 471.5))
    plan = plan_blob(blob, [was], {}, on_it, F, CAMERA, catalog)
    assert not plan.stands and plan.complete and len(plan.seeds) == 1
    # The blob grew (something came into it): measured.
    grown = LiveBlob(blob.bbox, blob.mask)
    grown.area_px *= 1.1
    assert not plan_blob(grown, [was], {}, beside, F, CAMERA, catalog).stands


def test_a_ship_that_left_a_merged_blob_is_looked_for_only_where_it_went(catalog):
    # Two small bases at x 500 and 580 mm were one blob; the second moved off to the right
    # and its blob split: the first's blob holds it alone.
    both = _box(455.0, 420.0, 625.0, 480.0)
    was = _ship_entry(both, 500.0, 580.0)
    first, gone = _box(455.0, 420.0, 540.0, 520.0), _box(560.0, 420.0, 665.0, 480.0)
    gone.area_px = was.area_px - first.area_px  # the same pieces, in two blobs
    touching = {id(was): [first, gone]}
    # The strip the second base left, and where it went, changed; nothing on the first's blob.
    changed = _changed_in((544.5, 428.5, 584.5, 471.5), (615.5, 428.5, 655.5, 471.5))
    plan = plan_blob(first, [was], touching, changed, F, CAMERA, catalog)
    assert [s[2][0] for s in plan.seeds] == [500.0] and plan.complete and not plan.hints
    # Had it moved into the first's blob (its new strip changed there), it is looked for.
    changed |= _changed_in((470.0, 485.0, 530.0, 515.0))
    plan = plan_blob(first, [was], touching, changed, F, CAMERA, catalog)
    assert [s[2][0] for s in plan.seeds] == [500.0] and plan.hints == (("rect", SMALL),)
    assert not plan.complete


@pytest.fixture(scope="module")
def corner(catalog):
    """A small ship turned 45 deg with a squadron in the empty corner of its box (not
    touching it), then the squadron moved 6 mm further into that corner; and the
    background."""
    opt = synth.RenderOptions(mat="starfield", light=0.2)
    ship = ShipPose("cr90", "cr90-corvette-a", 1, 700.0, 450.0, 45.0)
    sq = SquadronPose("tie", "tie-fighter-squadron", 1, 700.0 + 36.0, 450.0 - 36.0)
    moved = dataclasses.replace(sq, x_mm=sq.x_mm + 4.0, y_mm=sq.y_mm - 4.0)
    imgs = [synth.render(Scene((ship,), (q,), ()), CAMERA, catalog, opt, seed=47,
                         noise_seed=n).image for n, q in enumerate((sq, moved))]
    empty = synth.render(Scene(), CAMERA, catalog, opt, seed=47, noise_seed=9).image
    return imgs, BackgroundModel.learn(empty), moved


def test_a_ship_whose_neighbour_moved_within_its_box_stands_unmeasured(corner, catalog):
    imgs, bg, moved = corner
    det = Detector(catalog, CAMERA, background=bg)
    live = det.live()
    first = live.detect(imgs[0])
    assert len(first.ships) == 1 and len(first.squadrons) == 1
    refits = det.confirmed
    now = live.detect(imgs[1])
    assert not live.stats.skipped and live.stats.reused >= 1
    assert now.ships == first.ships  # the very same measurement, not refined again
    (q,) = now.squadrons
    assert np.hypot(q.x_mm - moved.x_mm, q.y_mm - moved.y_mm) < 2.0
    assert det.confirmed - refits <= 1  # the squadron's own, at most


def test_by_a_hand_the_same_blob_stands_whatever_changed_on_its_pieces(catalog):
    blob = _box(455.0, 420.0, 560.0, 480.0)
    was = _ship_entry(blob, 500.0)
    shade = _changed_in((480.0, 428.5, 535.5, 471.5))  # a hand's shadow over the base
    assert not plan_blob(blob, [was], {}, shade, F, CAMERA, catalog).stands
    plan = plan_blob(blob, [was], {}, shade, F, CAMERA, catalog, by_hand=True)
    assert plan.stands and [s[2][0] for s in plan.seeds] == [500.0]
    # Not the same blob (moved more than SAME_BLOB_SHIFT_MM): measured, hand or not.
    moved = _box(465.0, 420.0, 570.0, 480.0)
    assert not plan_blob(moved, [was], {}, shade, F, CAMERA, catalog, by_hand=True).stands


@pytest.fixture(scope="module")
def shaded(catalog):
    """A small ship and a squadron on the cloth, then a hand 120 mm beside the ship (its
    shadow on the ship); and the background."""
    opt = synth.RenderOptions(mat="cloth", light=0.4)
    ship = ShipPose("cr90", "cr90-corvette-a", 1, 700.0, 450.0, 0.0)
    sq = SquadronPose("tie", "tie-fighter-squadron", 1, 700.0, 530.0)
    scene = Scene((ship,), (sq,), ())
    imgs = [synth.render(scene, CAMERA, catalog, dataclasses.replace(opt, hands=h), seed=51,
                         noise_seed=n).image
            for n, h in enumerate(((), ((580.0, 450.0),)))]
    empty = synth.render(Scene(), CAMERA, catalog, opt, seed=51, noise_seed=9).image
    return imgs, BackgroundModel.learn(empty)


def test_a_ship_in_a_hands_shadow_is_reported_as_measured_before_it_came(shaded, catalog):
    imgs, bg = shaded
    det = Detector(catalog, CAMERA, background=bg)
    live = det.live()
    first = live.detect(imgs[0])
    assert len(first.ships) == 1 and len(first.squadrons) == 1
    refits = det.confirmed
    now = live.detect(imgs[1])
    assert len(now.hands) == 1 and not live.stats.frozen
    assert now.ships == first.ships and det.confirmed == refits  # not refined in the shadow
