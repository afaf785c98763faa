"""The video bench's ship move (``bench/detection.py``'s ``_ship_step``) is one a game can
show: shortened until its base overlaps no ship and lies inside the play area (a base ending
partly outside it is destroyed, RRG p.14)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from shapely.geometry import box

sys.path.insert(0, str(Path(__file__).parent))
from vision_helpers import bench_table  # noqa: E402

from armada_vision.geometry import ship_base_polygon
from armada_vision.scene import Scene, ShipPose

BENCH = Path(__file__).resolve().parents[2] / "bench" / "detection.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_detection_moves", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _outside_mm2(scene: Scene, ship, catalog) -> float:
    w, h = scene.play_area_mm
    base = ship_base_polygon(catalog.ship(ship.ship_class), ship.x_mm, ship.y_mm,
                             ship.heading_deg)
    return base.difference(box(0.0, 0.0, w, h)).area


def test_a_ship_heading_off_the_table_moves_less(bench, catalog):
    # A Victory (63.5 mm wide medium base, 102 mm long) 20 mm from the top edge with its bow,
    # heading +y: 40 mm would put ~20 mm of its base past the edge; 20 mm is the most it can go.
    w, h = 1829.0, 914.0
    ship = ShipPose("s", "victory-ii-star-destroyer", 1, 900.0, h - 51.0 - 20.0, 90.0)
    scene = Scene(play_area_mm=(w, h), ships=(ship,))
    moved = bench._ship_step(scene, ship, catalog)
    assert _outside_mm2(scene, moved, catalog) == pytest.approx(0.0, abs=1e-6)
    assert moved.y_mm - ship.y_mm == pytest.approx(20.0, abs=0.5)
    assert moved.x_mm == pytest.approx(900.0, abs=1e-6)


def test_a_ship_in_the_open_still_moves_40_mm(bench, catalog):
    ship = ShipPose("s", "victory-ii-star-destroyer", 1, 900.0, 400.0, 90.0)
    scene = Scene(play_area_mm=(1829.0, 914.0), ships=(ship,))
    moved = bench._ship_step(scene, ship, catalog)
    assert moved.y_mm - ship.y_mm == pytest.approx(40.0, abs=1e-6)


def test_tuning_1096_moves_a_ship_that_stays_on_the_table(bench, catalog):
    # The bench put its first ship, a Victory, 30 mm over the mat's edge (1943 of 6426 mm2
    # outside): the live path found it 17.6 mm off as a small base and the tracker gave it a
    # new id. It cannot move 5 mm without leaving the table: another ship moves instead.
    _, _, scene = bench_table(catalog, 1096, "starfield")
    first = scene.ships[0]
    assert bench._ship_step(scene, first, catalog) == first
    frames = bench.video_sequence(scene, None, catalog, 4)
    moved = frames[3][0]
    changed = [(a, b) for a, b in zip(scene.ships, moved.ships) if a != b]
    assert len(changed) == 1
    was, now = changed[0]
    assert was.id != first.id
    assert _outside_mm2(moved, now, catalog) == pytest.approx(0.0, abs=1e-6)
    assert 0.0 < ((now.x_mm - was.x_mm) ** 2 + (now.y_mm - was.y_mm) ** 2) ** 0.5 <= 40.0 + 1e-6
