"""A larger fit drawn round a base, its miniature and what touches them does not win on the
area it explains over a fit of another size seen by its square corners, whose seen sides it
leaves well inside itself (``_inside.drop_round``): a base
or a token is solid, and the blob's outline cannot run through one. Each case is the bench's
table of the seed that showed it (``bench/detection.py``: its camera, light and pieces)."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from vision_helpers import bench_table  # noqa: E402

from armada_vision.scene import Scene
from armada_vision.vision import synth
from armada_vision.vision.detect import BackgroundModel, Detector, _inside
from armada_vision.vision.detect._fit import Fit
from armada_vision.vision.detect._raster import BlobRaster

BENCH = Path(__file__).resolve().parents[2] / "bench" / "detection.py"


def _detector(catalog, camera, opt, scene, seed: int) -> Detector:
    empty = synth.render(Scene(play_area_mm=scene.play_area_mm), camera, catalog, opt,
                         seed=seed, noise_seed=1)
    return Detector(catalog, camera, background=BackgroundModel.learn(empty.image))


def _nearest(ships, truth):
    return min(ships, key=lambda s: math.hypot(s.x_mm - truth.x_mm, s.y_mm - truth.y_mm))


def _off_mm(ship, truth) -> float:
    return math.hypot(ship.x_mm - truth.x_mm, ship.y_mm - truth.y_mm)


@pytest.fixture(scope="module")
def tuning_1025(catalog):
    camera, opt, scene = bench_table(catalog, 1025, "cloth")
    frame = synth.render(scene, camera, catalog, opt, seed=1025, noise_seed=0).image
    return _detector(catalog, camera, opt, scene, 1025), frame, scene.ships[2]


def test_a_token_with_a_squadron_at_its_stern_is_not_a_larger_token_round_both(tuning_1025):
    det, frame, hammerhead = tuning_1025
    assert hammerhead.ship_class == "hammerhead-torpedo-corvette"
    ship = _nearest(det.detect(frame).ships, hammerhead)
    # Before: a medium token 16.3 mm off round the small token (merit 0.70, two corners),
    # its hull and the TIE at its stern (merit 0.41, no corner, fill 0.86).
    assert ship.size_class == "small"
    assert _off_mm(ship, hammerhead) < 2.5


def test_without_the_rule_the_larger_token_wins_there(tuning_1025, monkeypatch):
    det, frame, hammerhead = tuning_1025
    monkeypatch.setattr(_inside, "ROUND_SEEN_MM", math.inf)
    ship = _nearest(det.detect(frame).ships, hammerhead)
    assert ship.size_class == "medium"
    assert _off_mm(ship, hammerhead) > 10.0


def test_a_medium_base_by_a_neighbour_is_not_a_larger_base_round_it(catalog):
    # The bench's own video of tuning 1020 on wood, frame 4 (after its Hardcell moved).
    spec = importlib.util.spec_from_file_location("bench_detection_round", BENCH)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    rng, camera, opt, scene, bg = bench._setup(catalog, 20, 1020)
    sc = bench.video_sequence(scene, rng, catalog)[4][0]
    frame = synth.render(sc, camera, catalog, opt, seed=1020, noise_seed=14).image
    frigate = next(s for s in sc.ships if s.ship_class == "assault-frigate-mark-ii-a")
    ship = _nearest(Detector(catalog, camera, background=bg).detect(frame).ships, frigate)
    # Before: a large base 13.6 mm off (merit 0.57, two corners, fill 0.89) round the medium
    # base with its black rim (merit 0.67, three corners), 24 mm of whose seen sides it held.
    assert ship.size_class == "medium"
    assert _off_mm(ship, frigate) < 2.5


def _rect(x: float, y: float, axis: float, length: float, width: float) -> Fit:
    return Fit("rect", "x", x, y, axis, 0.8, 1.0, 0.3, (length, width), 5.0, 2)


def test_seen_inside_counts_only_seen_sides_well_inside_the_other_fit():
    # A blob outline: the small base's rectangle (71 x 43) at the origin.
    a, b = 35.5, 21.5
    t = np.linspace(0.0, 1.0, 60, endpoint=False)
    ring = np.vstack([np.column_stack([-a + 2 * a * t, np.full_like(t, -b)]),
                      np.column_stack([np.full_like(t, a), -b + 2 * b * t]),
                      np.column_stack([a - 2 * a * t, np.full_like(t, b)]),
                      np.column_stack([np.full_like(t, -a), b - 2 * b * t])])
    raster = BlobRaster(ring)
    small = _rect(0.0, 0.0, 0.0, 71.0, 43.0)
    # A medium rectangle (102 x 63) sharing its +x end and centred across: the small one's
    # long sides lie 10 mm inside it, its -x end 31 mm; its +x end lies on its outline.
    medium = _rect(-15.5, 0.0, 0.0, 102.0, 63.0)
    inside = _inside.seen_inside_mm(raster, small, medium)
    # Long sides, less the 5 mm next to the shared end (not deep enough), and the far end.
    assert 2 * (71.0 - 5.0) + 43.0 - 20.0 <= inside <= 2 * 71.0 + 43.0
    # Drawn exactly round it: nothing lies 5 mm inside.
    assert _inside.seen_inside_mm(raster, small, _rect(0.0, 0.0, 0.0, 71.0, 43.0)) == 0.0
    # Nor for a fit elsewhere, or a disc.
    assert _inside.seen_inside_mm(raster, small, _rect(200.0, 0.0, 0.0, 102.0, 63.0)) == 0.0
    disc = Fit("circle", "x", 0.0, 0.0, 0.0, 0.8, 1.0, 0.3, (42.0, 42.0), 5.0)
    assert _inside.seen_inside_mm(raster, disc, medium) == 0.0
