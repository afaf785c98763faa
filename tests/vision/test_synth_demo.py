"""The bundled sample game: script sanity, generation into the cache, and reuse."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest
from shapely.geometry import box

from armada_vision.vision.synth import footprints
from armada_vision.vision.synth._script import demo_steps
from armada_vision.vision.synth.demo import DEMO_VERSION, default_cache_dir, ensure_demo


def test_every_step_is_a_legal_table(catalog):
    # No two pieces overlap and everything is inside the 6' x 3' play area in every step
    # (the overlap step shows the resolved position, RRG "Overlapping").
    steps = demo_steps()
    assert [s.key for s in steps][0] == "setup" and len(steps) >= 8
    for s in steps:
        assert s.scene.play_area_mm == pytest.approx((1828.8, 914.4))
        polys = footprints(s.scene, catalog)
        area = box(0.0, 0.0, *s.scene.play_area_mm)
        ids = list(polys)
        for i, a in enumerate(ids):
            assert area.contains(polys[a]), (s.key, a)
            for b in ids[i + 1:]:
                assert not polys[a].intersects(polys[b]), (s.key, a, b)
    players = {p: [x for x in steps[0].scene.ships if x.player == p] for p in (1, 2)}
    assert all(len(v) >= 4 for v in players.values())
    assert len(steps[0].scene.obstacles) == 6 and len(steps[0].scene.squadrons) >= 12


def test_events_parse_as_game_events():
    from armada_vision.game import event_from_json

    for s in demo_steps():
        for ev in s.events:
            assert event_from_json(json.loads(json.dumps(ev))).to_json()["type"] == ev["type"]


def test_cache_dir_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert default_cache_dir() == tmp_path / "armada-vision" / "demo" / DEMO_VERSION


@pytest.mark.slow
def test_demo_generates_then_reuses_its_cache(tmp_path):
    calls = []
    d = ensure_demo(tmp_path, progress=lambda done, total: calls.append((done, total)),
                    size=(320, 180), frame_budget=12)
    n = len(d.frame_paths)
    assert n == len(d.truth) == len(d.frame_steps) and n >= len(d.steps)
    assert calls[-1] == (n, n)
    assert set(d.frame_steps) == set(range(len(d.steps)))
    img = cv2.imread(str(d.frame_paths[0]))
    assert img is not None and img.shape == (180, 320, 3)
    cap = cv2.VideoCapture(str(d.video_path))
    ok, frame = cap.read()
    cap.release()
    assert ok and frame.shape == (180, 320, 3)
    assert json.loads((tmp_path / "camera.json").read_text())["format"] == "armada-camera/1"
    # The last frame's truth is the last step's table.
    assert d.truth[-1] == d.steps[-1].scene
    stamp = d.frame_paths[0].stat().st_mtime_ns
    again = ensure_demo(tmp_path, progress=lambda done, total: calls.append("again"),
                        size=(320, 180), frame_budget=12)
    assert "again" not in calls and again.frame_paths == d.frame_paths
    assert again.frame_paths[0].stat().st_mtime_ns == stamp
    assert again.truth == d.truth
    assert again.camera.table_to_image([[100.0, 100.0]]) == pytest.approx(d.camera.table_to_image([[100.0, 100.0]]))
    # A different configuration (another size, script) is not mistaken for the cached one.
    other = ensure_demo(tmp_path, progress=lambda done, total: calls.append("other"),
                        size=(256, 144), frame_budget=2, steps=demo_steps()[:2])
    assert "other" in calls and cv2.imread(str(other.frame_paths[0])).shape == (144, 256, 3)


def test_demo_camera_sees_every_table_marker():
    # The window may calibrate on the sample's frames: all six markers must be whole in view.
    from armada_vision.vision.synth import default_layout, marker_corners_mm
    from armada_vision.vision.synth.demo import DEMO_SIZE, demo_camera

    cam = demo_camera()
    for m in default_layout()["markers"]:
        px = cam.table_to_image(marker_corners_mm(m), 0.0)
        assert (px > 20).all() and (px[:, 0] < DEMO_SIZE[0] - 20).all() and (px[:, 1] < DEMO_SIZE[1] - 20).all()


@pytest.mark.slow
def test_demo_keeps_its_empty_table_for_detection(tmp_path):
    """The sample carries the empty table under the game's camera, mat and light (what a
    player learns before deploying): no piece on it, the same picture outside the play
    area's pieces, and an old cache without it gains it on the next load."""
    d = ensure_demo(tmp_path, size=(320, 180), frame_budget=2, steps=demo_steps()[:2])
    assert d.empty_path == tmp_path / "empty.png"
    empty = cv2.imread(str(d.empty_path)).astype(np.int16)
    first = cv2.imread(str(d.frame_paths[0])).astype(np.int16)
    assert empty.shape == first.shape == (180, 320, 3)
    # Where the first frame shows pieces the empty table differs; elsewhere only by noise
    # and JPEG (the frames are JPEG 90, the empty table lossless).
    diff = np.abs(first - empty).max(axis=2)
    pieces = d.truth[0].ships + d.truth[0].squadrons + d.truth[0].obstacles
    assert pieces and np.percentile(diff, 50) <= 12 and np.percentile(diff, 99.5) > 40
    d.empty_path.unlink()
    again = ensure_demo(tmp_path, size=(320, 180), frame_budget=2, steps=demo_steps()[:2])
    assert again.empty_path is not None and again.empty_path.is_file()
