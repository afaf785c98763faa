"""Table > Learn the empty table now: the window takes the next frames while the video goes on,
hands the model to the processing thread, saves it for the next game and says so; a table
with a piece on it, or no calibration, is refused with the reason (the player may overrule
the detector's "not empty")."""

import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import keep, make_window  # noqa: E402

from armada_vision.scene import Scene, ShipPose  # noqa: E402
from armada_vision.ui.capture import CaptureThread, FolderSource  # noqa: E402
from armada_vision.ui.pipeline import Calibration, Pipeline  # noqa: E402
from armada_vision.ui.session import Session  # noqa: E402
from armada_vision.ui.window import MainWindow  # noqa: E402
from armada_vision.vision import synth  # noqa: E402
from armada_vision.vision.camera import TableCamera  # noqa: E402
from armada_vision.vision.empty_table import entry_paths, load_background  # noqa: E402

CAMERA = TableCamera.looking_down((960, 540))


def _source(tmp_path, catalog, scene):
    paths = []
    for k in range(3):
        img = synth.render(scene, CAMERA, catalog, synth.RenderOptions(mat="cloth"), seed=5,
                           noise_seed=k).image
        paths.append(tmp_path / f"frame-{k}.png")
        cv2.imwrite(str(paths[-1]), img)
    return FolderSource(paths, fps=30.0)


def _window(qtbot, tmp_path, catalog, scene, calibration):
    pipe = Pipeline.with_available_detector(catalog, calibration)
    win = MainWindow(Session(catalog), CaptureThread(_source(tmp_path, catalog, scene)), pipe)
    keep(qtbot, win)
    key = tmp_path / "table.json"
    key.write_text("{}")
    win.empty_table.store_key, win.empty_table.store_folder = str(key), tmp_path / "store"
    win.empty_table.want = 4
    win.show()
    win.start()
    qtbot.waitUntil(lambda: win.result is not None, timeout=30000)
    return win, key


def test_learning_the_empty_table_reaches_the_detector_and_is_saved(qtbot, catalog, tmp_path):
    win, key = _window(qtbot, tmp_path, catalog, Scene(), Calibration(CAMERA, "exact"))
    assert win.act_learn.shortcut().toString() == "Ctrl+E"
    assert win.act_learn in win.menuBar().actions()[0].menu().actions()
    win.act_learn.trigger()
    assert win.empty_table.state == "collecting"
    qtbot.waitUntil(lambda: win.empty_table.state == "idle", timeout=60000)
    learned = win.empty_table.learned
    assert learned is not None and learned.args["frames"] == 4
    assert win.empty_table.last_message.startswith("Learned the empty table from 4 frames.")
    qtbot.waitUntil(lambda: win.pipeline.detector.background is learned.model, timeout=30000)
    assert "learned" in win.empty_table.label.text()
    png = entry_paths(key, tmp_path / "store")[0]
    assert str(png) in win.empty_table.last_message
    again = load_background(key, (960, 540), tmp_path / "store")  # what the next `run` gets
    assert np.array_equal(again.model.mean_bgr, learned.model.mean_bgr)
    assert win.processor.is_alive() and win.capture.is_alive()  # the video never stopped
    win.close()


def test_a_piece_on_the_table_is_refused_and_nothing_changes(qtbot, catalog, tmp_path):
    ship = Scene((ShipPose("vsd", "victory-ii-star-destroyer", 1, 700.0, 400.0, 30.0),))
    win, key = _window(qtbot, tmp_path, catalog, ship, Calibration(CAMERA, "exact"))
    win.act_learn.trigger()
    qtbot.waitUntil(lambda: win.empty_table.state == "idle", timeout=60000)
    assert win.empty_table.learned is None
    assert win.empty_table.last_message.startswith(
        "Not learned: the table is not empty (seen: ship bases 1, ")  # was "(1 ship bases"
    assert "Clear the table and try again, or learn it anyway" in win.empty_table.last_message
    box = win.findChild(type(win.empty_table._box), "empty-table-refused")
    assert box is not None and box.isVisible() and "not empty" in box.text()
    assert win.pipeline.detector.background is None
    assert not entry_paths(key, tmp_path / "store")[1].exists()
    # The player overrules the detector: the same frames are learned.
    win.empty_table.anyway_button.click()
    qtbot.waitUntil(lambda: win.empty_table.learned is not None, timeout=60000)
    assert win.empty_table.last_message.startswith("Learned the empty table from 4 frames.")
    qtbot.waitUntil(lambda: win.pipeline.detector.background is win.empty_table.learned.model,
                    timeout=30000)
    assert entry_paths(key, tmp_path / "store")[1].exists()
    win.close()


@pytest.mark.parametrize("lang", ["de", "cs"])
def test_without_a_calibration_it_is_refused_at_once_in_the_players_language(
        qtbot, catalog, tmp_path, lang):
    from PyQt6.QtWidgets import QApplication

    from armada_vision.ui.i18n import install_translator

    install_translator(QApplication.instance(), lang)
    try:
        win, _ = _window(qtbot, tmp_path, catalog, Scene(), Calibration())
        win.act_learn.trigger()
        assert win.empty_table.state == "idle"
        msg = win.empty_table.last_message
        assert msg and not msg.startswith("Not learned")  # translated
        assert win.act_learn.text() != "Learn the empty table now"
        win.close()
    finally:
        install_translator(QApplication.instance(), "en")


def test_without_detection_it_says_detection_is_off(qtbot, catalog):
    win, _ = make_window(qtbot, catalog, Scene())  # the sample's exact scene, no detector
    win.act_learn.trigger()
    assert win.empty_table.state == "idle"
    assert win.empty_table.last_message == "Not learned: piece detection is off in this window."
    win.pipeline.fixed_scene = Scene()  # `run --scene`: a detector would not be used either
    win.pipeline.detector = object()
    win.act_learn.trigger()
    assert win.empty_table.last_message == "Not learned: piece detection is off in this window."
