"""`armada-vision run` on an image folder with a fixed table calibration and a scene file."""

import json
import os
import subprocess
import sys
from pathlib import Path

import cv2

from armada_vision.gamelog import GameLog
from armada_vision.ui.demo_source import draw_table
from armada_vision.vision.camera import TableCamera

ROOT = Path(__file__).resolve().parents[2]


def test_run_on_a_folder_records_the_scene_and_calibration(tmp_path):
    cam = TableCamera.looking_down((640, 360))
    frames = tmp_path / "frames"
    frames.mkdir()
    for i in range(3):
        cv2.imwrite(str(frames / f"f{i}.png"), draw_table(cam, (1828.8, 914.4)))
    table = tmp_path / "table.json"
    table.write_text(json.dumps({
        "camera_matrix": cam.camera_matrix.tolist(), "dist_coeffs": cam.dist_coeffs.tolist(),
        "rvec": cam.rvec.tolist(), "tvec": cam.tvec.tolist(), "image_size": [640, 360],
        "reprojection_mm": 0.4}))
    log = tmp_path / "games.sqlite"
    shot = tmp_path / "run.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path))
    proc = subprocess.run(
        [sys.executable, "-m", "armada_vision", "run", "--source", str(frames), "--table", str(table),
         "--scene", str(ROOT / "bench" / "scenes" / "skirmish.json"), "--log", str(log),
         "--exit-after", "2", "--screenshot", str(shot), "--lang", "en"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert shot.stat().st_size > 10_000
    with GameLog(log, create=False) as g:
        events = g.events()
        kinds = [e.type for e in events]
        assert "scene-changed" in kinds
        note = next(e for e in events if e.type == "note" and e.data.get("text") == "calibration")
        assert note.data["payload"]["camera"]["image_size"] == [640, 360]
        # how well it fitted, for the replay's status bar (newcomer 7)
        assert note.data["payload"]["kind"] == "markers"
        assert note.data["payload"]["reprojection_mm"] == 0.4
        scene = g.scene_at(events[-1].seq)
    skirmish = json.loads((ROOT / "bench" / "scenes" / "skirmish.json").read_text())
    assert {s["id"] for s in scene["ships"]} == {s["id"] for s in skirmish["ships"]}


def test_run_rejects_a_layout_without_a_camera(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "armada_vision", "run", "--source", "0", "--layout", "6x3"],
        cwd=ROOT, env=dict(os.environ, QT_QPA_PLATFORM="offscreen"), capture_output=True,
        text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        "armada-vision: error: --layout: --layout needs --camera (a --table file holds its own "
        "camera and layout: give it alone)"]


def test_run_with_a_camera_and_no_layout_takes_the_6x3_as_analyze_does(tmp_path):
    # it was refused ("give --camera and --layout together") while analyze took 6x3
    from armada_vision.vision.calibration import (
        DEFAULT_LAYOUTS,
        CameraIntrinsics,
        load_layout,
        save_camera,
    )
    from armada_vision.vision.calibration._render_markers import render_table_markers

    cam = TableCamera.looking_down((640, 360), margin_mm=200)
    frames = tmp_path / "frames"
    frames.mkdir()
    cv2.imwrite(str(frames / "f0.png"), render_table_markers(cam, load_layout(DEFAULT_LAYOUTS["6x3"])))
    save_camera(CameraIntrinsics(cam.camera_matrix, cam.dist_coeffs, cam.image_size, 0.2),
                tmp_path / "camera.json")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path))
    env.pop("PYTHONUNBUFFERED", None)
    proc = subprocess.run(
        [sys.executable, "-m", "armada_vision", "run", "--source", str(frames), "--camera",
         str(tmp_path / "camera.json"), "--no-log", "--exit-after", "1", "--lang", "en"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert (f"armada-vision: note: no --layout: using the bundled 6x3 layout "
            f"({DEFAULT_LAYOUTS['6x3']})") in proc.stderr.splitlines()
