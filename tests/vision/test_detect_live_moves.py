"""Live path after a move (issue 5, ``bench/detection.py --video``): a table of the tuning set
as the video bench renders it, still and then with its first ship moved 40 mm ahead."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from armada_vision.scene import Scene
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detector


def _bench_table(catalog, seed: int, mat: str):
    """Camera, looks, Scene and learned background of ``bench/detection.py``'s table ``seed``."""
    rng = np.random.default_rng(seed)
    camera = TableCamera.looking_down((1920, 1080), tilt_deg=float(rng.uniform(0, 12)),
                                      yaw_deg=float(rng.uniform(-2, 2)))
    opt = synth.RenderOptions(mat=mat, light=float(rng.uniform(0.1, 0.5)),
                              brightness=float(rng.uniform(0.8, 1.15)))
    scene = synth.random_scene(catalog, rng, n_ships=6, n_squadrons=8, n_obstacles=4)
    empty = synth.render(Scene(play_area_mm=scene.play_area_mm), camera, catalog, opt,
                         seed=seed, noise_seed=1)
    return camera, opt, scene, BackgroundModel.learn(empty.image)


def _ahead(scene: Scene, distance_mm: float) -> Scene:
    ship = scene.ships[0]
    a = math.radians(ship.heading_deg)
    return scene.with_ship(dataclasses.replace(ship, x_mm=ship.x_mm + distance_mm * math.cos(a),
                                               y_mm=ship.y_mm + distance_mm * math.sin(a)))


@pytest.fixture(scope="module")
def raider_into_a_wing(catalog):
    """Tuning seed 1019 (cloth): the Raider moves 40 mm into the A-wing standing at x 958,
    y 16 mm by the table's edge, and their blobs merge. Frames 0 and 3 of the video bench
    (noise seeds 10 and 13)."""
    seed = 1019
    camera, opt, scene, bg = _bench_table(catalog, seed, "cloth")
    frames = [synth.render(sc, camera, catalog, opt, seed=seed, noise_seed=n).image
              for sc, n in ((scene, 10), (_ahead(scene, 40.0), 13))]
    return Detector(catalog, camera, background=bg), frames


def _near(pieces, x_mm: float, y_mm: float, within_mm: float = 5.0) -> list:
    return [p for p in pieces if math.hypot(p.x_mm - x_mm, p.y_mm - y_mm) <= within_mm]


def test_a_squadron_a_moved_ship_comes_to_touch_is_still_reported(raider_into_a_wing):
    # The A-wing's footprint did not change: it is confirmed where it stood, first in the
    # merged blob. It was dropped there as a disc fitted first in a crowded blob and seen too
    # little (``_discs.disc_stands``: 0.72 of its rim), a test that the frames before had
    # passed, and the live path kept it lost for the rest of the sequence.
    detector, frames = raider_into_a_wing
    live = detector.live()
    first = live.detect(frames[0])
    assert len(_near(first.squadrons, 958.0, 16.0)) == 1
    moved = live.detect(frames[1])
    assert live.stats.confirmed >= 1
    assert len(_near(moved.squadrons, 958.0, 16.0)) == 1
