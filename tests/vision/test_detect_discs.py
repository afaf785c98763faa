"""A disc fitted beside a piece already fitted in its blob: a squadron touching a ship shows the
rim the ship does not hide (or black plastic inside the rim it shows); a miniature's round tip
beyond its base shows a rim whose unseen part lies over the rest of the miniature, and a disc
across a base's outline overlaps it (pieces do not overlap, RRG "Overlapping")."""

from __future__ import annotations

import numpy as np
import pytest
import shapely

from armada_vision.scene import Scene, ShipPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detector
from armada_vision.vision.detect._discs import (
    CROWDED,
    MAX_DARK,
    MAX_OVERLAP,
    MIN_OWN_RIM,
    SEEN_WELL,
    dark_inside,
    disc_checks,
    disc_stands,
)
from armada_vision.vision.detect._fit import Fit
from armada_vision.vision.detect._raster import BlobRaster

CAMERA = TableCamera.looking_down((1920, 1080))
BASE = shapely.box(500.0, 400.0, 602.0, 463.0)  # a medium base, 102 x 63 mm


def _base_points():
    return np.asarray(BASE.exterior.coords)[:-1]


def _raster(blob):
    blob = blob.buffer(0)
    return BlobRaster(np.asarray(blob.exterior.coords)[:-1])


def test_a_disc_touching_a_base_shows_the_rim_the_base_does_not_hide():
    # A squadron (r 15 mm) 1 mm from the base's long side: one blob.
    disc = shapely.Point(550.0, 463.0 + 16.0).buffer(15.0, quad_segs=32)
    raster = _raster(shapely.union_all([BASE, disc.buffer(0.6)]).buffer(0.6).buffer(-0.6))
    own, over, _ = disc_checks(raster, 550.0, 479.0, 15.0, [(_base_points(), 1.5)])
    assert own >= MIN_OWN_RIM and over == 0.0


def test_a_round_tip_beyond_its_base_shows_little_of_its_own_rim():
    # A hull 30 mm wide over the base, running on 40 mm past its short side, ending round.
    hull = shapely.LineString([(560.0, 431.5), (627.0, 431.5)]).buffer(15.0, quad_segs=32)
    raster = _raster(shapely.union_all([BASE, hull]))
    own, over, _ = disc_checks(raster, 627.0, 431.5, 15.0, [(_base_points(), 1.5)])
    # The tip's rim facing away from the base is seen (half of it); the half facing the base
    # lies over the hull, 10-25 mm from the base: not hidden by it, and not seen.
    assert 0.4 < own < MIN_OWN_RIM
    assert over == 0.0


def test_a_disc_across_a_bases_outline_overlaps_it():
    hull = shapely.LineString([(560.0, 431.5), (612.0, 431.5)]).buffer(15.0, quad_segs=32)
    raster = _raster(shapely.union_all([BASE, hull]))
    _, over, _ = disc_checks(raster, 612.0, 431.5, 15.0, [(_base_points(), 1.5)])
    assert over > MAX_OVERLAP


@pytest.mark.parametrize("pose", [(300.0, 200.0, 180.0), (1500.0, 700.0, 20.0)])
def test_a_miniature_tip_beyond_its_base_is_no_squadron(catalog, pose):
    # A large base far from the camera's nadir: parallax carries its tall miniature's bow past
    # the base, where a disc fitted to the round tip saw 0.63 of its rim.
    scene = Scene((ShipPose("s", "venator-i-class-star-destroyer", 1, *pose),))
    opt = synth.RenderOptions(mat="cloth")
    frame = synth.render(scene, CAMERA, catalog, opt, seed=9)
    empty = synth.render(Scene(), CAMERA, catalog, opt, seed=9, noise_seed=7)
    det = Detector(catalog, CAMERA, background=BackgroundModel.learn(empty.image)).detect(
        frame.image)
    assert not det.squadrons, det
    assert len(det.ships) == 1
    assert np.hypot(det.ships[0].x_mm - pose[0], det.ships[0].y_mm - pose[1]) < 4.0


def test_a_disc_fitted_first_in_a_crowded_blob_must_be_seen_well():
    # Nothing fitted before it: alone in a blob of its own size it stands however little of
    # its rim shows; in a blob of more than CROWDED times its area (a ship and its miniature
    # not fitted yet) it must show SEEN_WELL of it, or black plastic inside (no image here).
    raster = _raster(shapely.Point(550.0, 500.0).buffer(15.0, quad_segs=32))
    area = np.pi * 15.0 ** 2
    for coverage, blob_mm2, stands in [(0.55, 1.5 * area, True),
                                       (0.55, 1.1 * CROWDED * area, False),
                                       (SEEN_WELL, 3.0 * CROWDED * area, True)]:
        fit = Fit("circle", "30mm", 550.0, 500.0, 0.0, coverage, 1.0, 0.4, (30.0, 30.0), 2.0, 0)
        assert disc_stands(raster, fit, [], blob_mm2=blob_mm2) is stands, (coverage, blob_mm2)


def test_a_miniature_tip_fitted_before_its_base_is_no_squadron(catalog):
    # Tuning seed 1017's Hammerhead on the wood, alone: its miniature's rounded end was fitted
    # first in the blob (0.58 of a disc's rim seen), before any base, and was reported as a
    # squadron.
    # (The renderer draws each miniature from its piece id: the id is part of the case.)
    camera = TableCamera.looking_down((1920, 1080), tilt_deg=11.0202, yaw_deg=1.2853)
    scene = Scene((ShipPose("ship-4", "hammerhead-scout-corvette", 2, 172.5, 805.12, 246.625,
                            speed=3),))
    opt = synth.RenderOptions(mat="wood", light=0.48903, brightness=1.00987)
    frame = synth.render(scene, camera, catalog, opt, seed=1017)
    empty = synth.render(Scene(), camera, catalog, opt, seed=1017, noise_seed=1)
    det = Detector(catalog, camera, background=BackgroundModel.learn(empty.image)).detect(
        frame.image)
    assert not det.squadrons, det


def _disc_image(rim_grey, card_grey):
    """A 3 px/mm picture of a disc of radius 15 mm at (50, 50) mm: 1.4 mm of rim, then card."""
    yy, xx = np.mgrid[0:300, 0:300].astype(np.float32)
    d = np.hypot(xx - 150.0, yy - 150.0) / 3.0
    grey = np.where(d <= 15.0 - 1.4, card_grey, np.where(d <= 15.0, rim_grey, 200.0))
    return np.repeat(grey[..., None], 3, axis=2).astype(np.float32)


def test_black_plastic_inside_the_rim_is_dark_and_a_grey_hull_is_not():
    rim = np.column_stack([50.0 + 15.0 * np.cos(np.linspace(0, np.pi, 48)),
                           50.0 + 15.0 * np.sin(np.linspace(0, np.pi, 48))])
    seen = np.ones(len(rim), bool)

    def to_px(q):
        return np.asarray(q) * 3.0

    centre = np.array([50.0, 50.0])
    base = dark_inside(rim, seen, centre, 15.0, to_px, _disc_image(25.0, 95.0), (0, 0))
    hull = dark_inside(rim, seen, centre, 15.0, to_px, _disc_image(140.0, 140.0), (0, 0))
    assert base == pytest.approx(25.0 / 95.0, abs=0.02) and base <= MAX_DARK
    assert hull == pytest.approx(1.0, abs=0.02) and hull > MAX_DARK
