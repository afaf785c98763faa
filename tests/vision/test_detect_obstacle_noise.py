"""Obstacle matches that a frame's sensor noise must not decide (issue 5, noise robustness).

Three mechanisms, each seen to flip between noise draws of one rendered table: an outline that
crosses itself at a bridge one pixel wide (its polygon fell apart and only the largest part was
matched), outlines of like shape ranked by the band overlap alone (flat within its forgiven
band), and a sure match on the plain edges, out on the token's soft shadow, never compared with
the token's own edges.
"""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from shapely.geometry import Polygon

from armada_vision.scene import Scene
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detector, _explain
from armada_vision.vision.detect._explain_match import MIN_OBSTACLE_IOU_NO_BASE
from armada_vision.vision.detect._obstacles import (
    LOOP_MM2,
    _model,
    _place,
    blob_polygon,
    match_obstacle,
)


def _placed(catalog, oid: str, x: float, y: float, heading: float) -> np.ndarray:
    model, mc, _ = _model(oid, catalog.obstacles[oid], False)
    ring = _place(model, mc, (x, y), heading).exterior
    pts = shapely.get_coordinates(shapely.line_interpolate_point(
        ring, np.arange(0.0, ring.length, 0.5)))
    return pts


def _bridged(a: np.ndarray, b: np.ndarray, cross_mm: float) -> np.ndarray:
    """One outline running round ``a``, out along a bridge to ``b``, round it and back: the
    way out and the way back ``cross_mm`` apart, swapping sides half way (a contour traced
    over a one-pixel neck, its points then moved to their sub-pixel edges, crosses itself)."""
    i = int(np.argmin(np.linalg.norm(a - b.mean(axis=0), axis=1)))
    j = int(np.argmin(np.linalg.norm(b - a[i], axis=1)))
    pa, pb = a[i], b[j]
    d = (pb - pa) / np.linalg.norm(pb - pa)
    n = np.array([-d[1], d[0]]) * cross_mm / 2.0
    t = np.linspace(0.0, 1.0, 60)[:, None]
    out = pa + n + t * (pb - pa - 2 * n)
    back = pb + n + t * (pa - pb - 2 * n)
    return np.vstack([a[:i + 1], out, np.roll(b, -j, axis=0), back, a[i + 1:]])


def test_a_blob_joined_by_a_self_crossing_neck_is_matched_whole(catalog):
    station = _placed(catalog, "station", 300.0, 400.0, 40.0)
    debris = _placed(catalog, "debris-field-2", 390.0, 440.0, 100.0)
    contour = _bridged(station, debris, 0.4)
    whole = Polygon(contour).buffer(0)
    assert whole.geom_type == "MultiPolygon"  # the crossing splits it
    parts = sorted((g.area for g in whole.geoms), reverse=True)
    assert parts[1] > LOOP_MM2 and blob_polygon(contour).area == pytest.approx(sum(
        a for a in parts if a >= LOOP_MM2))
    m = match_obstacle(contour, dict(catalog.obstacles))
    # The station alone would match it all but perfectly (band overlap ~1); the whole blob,
    # a station and a debris field, is no obstacle at all.
    assert m is None or m[5] < MIN_OBSTACLE_IOU_NO_BASE
    alone = match_obstacle(station, dict(catalog.obstacles))
    assert alone[0] == "station" and alone[5] > 0.97


def test_the_loops_of_a_crossing_are_not_parts_of_the_blob(catalog):
    station = _placed(catalog, "station", 300.0, 400.0, 40.0)
    # A spike out and back 3 mm, crossing itself: a loop of ~0.5 mm2.
    k = len(station) // 3
    tip = station[k] + [3.0, 0.0]
    spike = np.array([station[k] + [0.0, 0.3], tip, station[k] + [0.0, -0.3]])
    contour = np.vstack([station[:k], spike[[0, 1]], station[k] + [0.0, 0.1],
                         spike[[2]], station[k + 1:]])
    blob = blob_polygon(contour)
    assert blob.geom_type == "Polygon"
    assert blob.area == pytest.approx(Polygon(station).area, rel=0.01)


MATS = ("starfield", "cloth", "wood")


def _bench_table(catalog, seed: int, noise_seed: int):
    """Table ``seed`` (1000 + i, 5000 + i, 7000 + i) of bench/detection.py (its ``_setup``: camera, looks, scene and the
    empty table's background) rendered with sensor noise ``noise_seed``; returns the frame and
    a detector."""
    rng = np.random.default_rng(seed)
    camera = TableCamera.looking_down((1920, 1080), tilt_deg=float(rng.uniform(0, 12)),
                                      yaw_deg=float(rng.uniform(-2, 2)))
    opt = synth.RenderOptions(mat=MATS[seed % 1000 % 3], light=float(rng.uniform(0.1, 0.5)),
                              brightness=float(rng.uniform(0.8, 1.15)))
    scene = synth.random_scene(catalog, rng, n_ships=6, n_squadrons=8, n_obstacles=4)
    empty = synth.render(Scene(play_area_mm=scene.play_area_mm), camera, catalog, opt,
                         seed=seed, noise_seed=1)
    frame = synth.render(scene, camera, catalog, opt, seed=seed, noise_seed=noise_seed)
    return frame, Detector(catalog, camera, background=BackgroundModel.learn(empty.image))


def test_a_token_with_a_soft_shadow_is_matched_on_its_own_edges(catalog):
    # Tuning seed 1029's exogorth-2 on wood: its soft shadow's halo makes the plain edges'
    # blob ~10 % larger (1459-1492 mm2), between exogorth-2 (1346 mm2) and exogorth-1 (1675),
    # and under noise 101 the plain match was exogorth-1 at band overlap 0.970, sure, so the
    # token's own edges (exogorth-2 at 0.999) were not looked at; under noise 0 it was 0.966.
    frame, detector = _bench_table(catalog, 1029, 101)
    truth = next(o for o in frame.truth.scene.obstacles if o.obstacle.startswith("exogorth"))
    found = [o for o in detector.detect(frame.image).obstacles
             if np.hypot(o.x_mm - truth.x_mm, o.y_mm - truth.y_mm) < 20.0]
    assert [o.obstacle for o in found] == ["exogorth-2"] == [truth.obstacle]
    assert np.hypot(found[0].x_mm - truth.x_mm, found[0].y_mm - truth.y_mm) < 1.0


def test_outlines_of_like_shape_are_ranked_by_band_and_plain_overlap(catalog):
    # Tuning seed 1017's purrgil-1 (not flipped, 25.3 deg) on wood; under noise 101 its
    # mirror image turned 10 deg matched with band overlap 0.988 against its own 0.989 and
    # was taken (plain IoU 0.916 against 0.928).
    frame, detector = _bench_table(catalog, 1017, 101)
    truth = next(o for o in frame.truth.scene.obstacles if o.obstacle == "purrgil-1")
    found = [o for o in detector.detect(frame.image).obstacles
             if np.hypot(o.x_mm - truth.x_mm, o.y_mm - truth.y_mm) < 20.0]
    assert [(o.obstacle, o.flipped) for o in found] == [("purrgil-1", truth.flipped)]
    assert abs((found[0].heading_deg - truth.heading_deg + 180.0) % 360.0 - 180.0) < 1.0


def test_a_station_joined_to_a_debris_field_by_a_neck_is_not_taken_alone(catalog):
    # Tuning seed 1030: a station, a debris field and a squadron in one blob; under noise
    # 101 its outline crossed itself at a one-pixel neck, the station's part alone matched
    # the station (band overlap 0.946, good) and the debris field was lost.
    frame, detector = _bench_table(catalog, 1030, 101)
    truth = [o for o in frame.truth.scene.obstacles if o.obstacle in ("station",
                                                                     "debris-field-2")]
    found = detector.detect(frame.image).obstacles
    for t in truth:
        near = [o for o in found if np.hypot(o.x_mm - t.x_mm, o.y_mm - t.y_mm) < 5.0]
        assert [o.obstacle for o in near] == [t.obstacle], (t, found)


def test_a_base_seen_surely_is_the_ship_whatever_its_merit(catalog, monkeypatch):
    # Fresh seed 7008's Hardcell on wood, its miniature making a purrgil-like outline: its
    # base shows the black rim inside 0.97-1.0 of its seen long sides, three square corners
    # and no overrun, merit 0.92-0.93. Under noise 101 the purrgil matched with plain IoU
    # 0.851, a good match, which a merit under SHIP_OVER_OBSTACLE_MERIT does not beat (under
    # noise 0, 0.849: fair, and the ship stood). Printed cardboard shows no such base.
    frame, detector = _bench_table(catalog, 7008, 101)
    (truth,) = [s for s in frame.truth.scene.ships if s.id == "ship-6"]
    assert truth.ship_class == "hardcell-class-battle-refit"

    def near(pieces):
        return [p for p in pieces if np.hypot(p.x_mm - truth.x_mm, p.y_mm - truth.y_mm) < 20.0]

    det = detector.detect(frame.image)
    assert near(det.obstacles) == []
    (found,) = near(det.ships)
    assert np.hypot(found.x_mm - truth.x_mm, found.y_mm - truth.y_mm) < 1.5
    # The mechanism: without the rim's evidence the merit alone decided, and lost. (Its seen
    # corners outside the purrgil's outline, ``CORNERS_CUT``, and the rim with a solid inside,
    # ``_solid_rim_base``, now tell the same: all off.)
    monkeypatch.setattr(_explain, "_sure_base", lambda fit: False)
    monkeypatch.setattr(_explain, "_solid_rim_base", lambda fit: False)
    monkeypatch.setattr(_explain, "CORNERS_CUT", 5)
    det = detector.detect(frame.image)
    assert near(det.ships) == [] and [o.obstacle for o in near(det.obstacles)] == ["purrgil-1"]
