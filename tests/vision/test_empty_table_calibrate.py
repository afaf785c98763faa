"""`calibrate table` keeps its frames as the empty table for `run --table OUT` when they show
an empty table, and only says why when they do not (the table file is written either way)."""

import json

import cv2
import numpy as np

from armada_vision.cli import main
from armada_vision.scene import Scene, ShipPose
from armada_vision.vision import synth
from armada_vision.vision.calibration import CameraIntrinsics, save_camera
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.empty_table import entry_paths, load_background

CAMERA = TableCamera.looking_down((1280, 720))


def _calibrate(tmp_path, catalog, scene, capsys, *more):
    shot = tmp_path / "table.png"
    image = synth.render(scene, CAMERA, catalog, synth.RenderOptions(mat="cloth"), seed=2).image
    cv2.imwrite(str(shot), image)
    save_camera(CameraIntrinsics(CAMERA.camera_matrix, CAMERA.dist_coeffs, CAMERA.image_size,
                                 0.2), tmp_path / "camera.json")
    out = tmp_path / "out.json"
    assert main(["calibrate", "table", "--source", str(shot), "--camera",
                 str(tmp_path / "camera.json"), "--out", str(out), *more]) == 0
    assert out.exists()
    return out, image, capsys.readouterr()


def test_an_empty_table_is_saved_for_the_next_run(tmp_path, catalog, capsys):
    out, image, printed = _calibrate(tmp_path, catalog, Scene(), capsys)
    png = entry_paths(out)[0]
    assert f"saved the empty table for 'run --table {out}': {png}" in printed.out
    loaded = load_background(out, (1280, 720))
    assert loaded.model is not None and loaded.path == png
    assert np.array_equal(cv2.imread(str(png)), image)  # one frame: itself, lossless


def test_a_table_with_a_piece_on_it_is_calibrated_but_not_saved(tmp_path, catalog, capsys):
    scene = Scene((ShipPose("vsd", "victory-ii-star-destroyer", 1, 700.0, 400.0, 30.0),))
    out, _, printed = _calibrate(tmp_path, catalog, scene, capsys)
    assert "wrote" in printed.out and "saved the empty table" not in printed.out
    # (its miniature, estimated against the mat, may pass for a squadron too)
    assert ("armada-vision: note: Not learned: the table is not empty (seen: ship bases 1, "
            in printed.err)
    # "learn it anyway if it is empty": the note says how, from this command (newcomer)
    assert ("or learn it anyway if it is empty. Calibrate again with --empty-anyway (or in the "
            "window: Table > Learn the empty table now, then 'Learn it anyway')." in printed.err)
    assert load_background(out, (1280, 720)).model is None
    assert not entry_paths(out)[0].exists()


def test_empty_anyway_keeps_a_table_the_detector_thinks_is_not_empty(tmp_path, catalog, capsys):
    scene = Scene((ShipPose("vsd", "victory-ii-star-destroyer", 1, 700.0, 400.0, 30.0),))
    out, image, printed = _calibrate(tmp_path, catalog, scene, capsys, "--empty-anyway")
    png = entry_paths(out)[0]
    assert f"saved the empty table for 'run --table {out}': {png}" in printed.out
    assert "Not learned" not in printed.err
    assert load_background(out, (1280, 720)).model is not None
    # kept, but what the detector saw is said (a breaker kept a full table without a word)
    assert ("armada-vision: warning: kept as empty (--empty-anyway) although the detector saw "
            "ship bases 1," in printed.err)


def test_empty_anyway_on_an_empty_table_says_nothing_more(tmp_path, catalog, capsys):
    _, _, printed = _calibrate(tmp_path, catalog, Scene(), capsys, "--empty-anyway")
    assert "saved the empty table" in printed.out and "although" not in printed.err


def test_analyze_with_the_table_file_uses_the_saved_empty_table(tmp_path, catalog, capsys):
    out, _, _ = _calibrate(tmp_path, catalog, Scene(), capsys)
    scene = Scene((ShipPose("vsd", "victory-ii-star-destroyer", 1, 700.0, 400.0, 30.0),))
    photo = tmp_path / "game.png"
    cv2.imwrite(str(photo), synth.render(scene, CAMERA, catalog, synth.RenderOptions(mat="cloth"),
                                         seed=2, noise_seed=3).image)
    assert main(["analyze", str(photo), "--table", str(out), "--json"]) == 0
    printed = capsys.readouterr()
    assert "using the empty table saved" in printed.err and str(entry_paths(out)[0]) in printed.err
    assert "no --background" not in printed.err
    found = json.loads(printed.out)
    assert len(found["ships"]) == 1 and not found["squadrons"]
    assert abs(found["ships"][0]["x_mm"] - 700.0) < 3.0 and abs(found["ships"][0]["y_mm"] - 400.0) < 3.0


def test_analyze_without_table_does_not_speak_of_one(tmp_path, catalog, capsys):
    # "... and none saved for --table" to a user who gave --camera, not --table (newcomer)
    from armada_vision.vision.calibration import DEFAULT_LAYOUTS, load_layout
    from armada_vision.vision.calibration._render_markers import render_table_markers

    photo = tmp_path / "photo.png"
    cv2.imwrite(str(photo), render_table_markers(CAMERA, load_layout(DEFAULT_LAYOUTS["6x3"])))
    save_camera(CameraIntrinsics(CAMERA.camera_matrix, CAMERA.dist_coeffs, CAMERA.image_size,
                                 0.2), tmp_path / "camera.json")
    assert main(["analyze", str(photo), "--camera", str(tmp_path / "camera.json")]) == 0
    err = capsys.readouterr().err
    assert "warning: no --background (a photo of the empty table from this camera): the mat" in err
    assert "--table" not in err


def test_analyze_warns_when_the_background_given_shows_pieces(tmp_path, catalog, capsys):
    # a breaker gave a game frame as --background: every piece in it came back as a ghost on
    # the empty table, without a word
    out, _, _ = _calibrate(tmp_path, catalog, Scene(), capsys)
    empty = tmp_path / "table.png"
    full = tmp_path / "game.png"
    scene = Scene((ShipPose("vsd", "victory-ii-star-destroyer", 1, 700.0, 400.0, 30.0),))
    cv2.imwrite(str(full), synth.render(scene, CAMERA, catalog, synth.RenderOptions(mat="cloth"),
                                        seed=2, noise_seed=3).image)
    assert main(["analyze", str(empty), "--table", str(out), "--background", str(full)]) == 0
    err = capsys.readouterr().err
    assert (f"armada-vision: warning: {full}: the detector sees ship bases 1, squadrons "
            in err) and "on this 'empty' table" in err
    # the clear table as --background says nothing of the kind
    assert main(["analyze", str(full), "--table", str(out), "--background", str(empty)]) == 0
    assert "on this 'empty' table" not in capsys.readouterr().err
