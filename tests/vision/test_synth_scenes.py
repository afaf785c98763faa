"""Random scenes, interpolated moves and videos from the synthetic renderer."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from shapely.geometry import box

from armada_vision.scene import Scene, ShipPose
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.synth import (
    RenderOptions,
    footprints,
    frames_between,
    interpolate,
    random_scene,
    render,
    render_video,
)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_scene_has_no_overlaps_and_stays_in_the_play_area(catalog, seed):
    sc = random_scene(catalog, np.random.default_rng(seed), n_ships=6, n_squadrons=8, n_obstacles=6)
    assert (len(sc.ships), len(sc.squadrons), len(sc.obstacles)) == (6, 8, 6)
    area = box(0.0, 0.0, *sc.play_area_mm)
    polys = footprints(sc, catalog)
    ids = list(polys)
    for i, a in enumerate(ids):
        assert area.contains(polys[a]), a
        for b in ids[i + 1:]:
            assert polys[a].distance(polys[b]) >= 2.0 - 1e-6, (a, b)
    again = random_scene(catalog, np.random.default_rng(seed), n_ships=6, n_squadrons=8, n_obstacles=6)
    assert again == sc


def test_random_scene_refuses_an_impossible_table(catalog):
    with pytest.raises(ValueError, match="fewer pieces"):
        random_scene(catalog, np.random.default_rng(0), n_ships=0, n_squadrons=0, n_obstacles=3,
                     play_area_mm=(60.0, 60.0))


def test_interpolation_turns_the_short_way_and_swaps_at_half(catalog):
    cls = next(iter(catalog.ships))
    a = Scene(ships=(ShipPose("s", cls, 1, 100.0, 100.0, 350.0, speed=1),))
    b = Scene(ships=(ShipPose("s", cls, 1, 200.0, 300.0, 10.0, speed=2),))
    mid = interpolate(a, b, 0.5).ship("s")
    assert (mid.x_mm, mid.y_mm) == pytest.approx((150.0, 200.0))
    assert min(mid.heading_deg, 360.0 - mid.heading_deg) == pytest.approx(0.0, abs=1e-9)
    assert interpolate(a, b, 0.25).ship("s").heading_deg == pytest.approx(355.0)
    frames = frames_between([a, b, a], 4)
    assert len(frames) == 9 and frames[0] == a and frames[4] == b and frames[-1] == a


def test_video_is_written_and_readable(tmp_path, catalog):
    cam = TableCamera.looking_down((320, 180))
    sc = random_scene(catalog, np.random.default_rng(5), n_ships=2, n_squadrons=2, n_obstacles=1)
    s = sc.ships[0]
    moved = sc.with_ship(ShipPose(s.id, s.ship_class, s.player, s.x_mm + 30.0, s.y_mm, s.heading_deg))
    path = tmp_path / "move.avi"
    truth = render_video([sc, moved], cam, path, 12, catalog=catalog, frames_per_move=3)
    assert len(truth) == 4 and truth[-1] == moved
    cap = cv2.VideoCapture(str(path))
    n = 0
    while True:
        ok, frame = cap.read()
        if not ok:
            break
        assert frame.shape == (180, 320, 3)
        n += 1
    cap.release()
    assert n == 4


def test_rendered_random_scene_pieces_are_unoccluded_without_minis(catalog):
    cam = TableCamera.looking_down((640, 360))
    sc = random_scene(catalog, np.random.default_rng(9), n_ships=4, n_squadrons=4, n_obstacles=3)
    r = render(sc, cam, catalog, RenderOptions(minis=False), seed=1)
    assert set(r.truth.pieces) == {p.id for p in sc.ships + sc.squadrons + sc.obstacles}
    for t in r.truth.pieces.values():
        assert t.visibility > 0.97, t.id


def test_command_line_renders_a_scene_file_with_its_camera_and_truth(tmp_path, catalog):
    import json

    from armada_vision.scene import save_scene
    from armada_vision.vision.synth.__main__ import main

    sc = random_scene(catalog, np.random.default_rng(4), n_ships=2, n_squadrons=1, n_obstacles=1)
    save_scene(sc, tmp_path / "s.json")
    out, cam, truth = tmp_path / "f.png", tmp_path / "cam.json", tmp_path / "t.json"
    assert main([str(tmp_path / "s.json"), str(out), "--size", "480x270", "--camera-out", str(cam),
                 "--truth-out", str(truth)]) == 0
    assert cv2.imread(str(out)).shape == (270, 480, 3)
    assert json.loads(cam.read_text())["image_size"] == [480, 270]
    assert set(json.loads(truth.read_text())["pieces"]) == {p.id for p in sc.ships + sc.squadrons + sc.obstacles}
    assert main([str(tmp_path / "missing.json"), str(out)]) == 2
