"""The replay's status bar says how the recorded game was calibrated (newcomer 7: a game
recorded from a camera, fitted to its table markers at 0.56 mm, replayed as "Calibration:
exact (synthetic camera)", the sample game's words, whatever the log said)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import keep  # noqa: E402

from armada_vision.gamelog import GameLog  # noqa: E402
from armada_vision.ui.replay_model import ReplayModel, camera_to_json  # noqa: E402
from armada_vision.ui.replay_window import ReplayWindow  # noqa: E402
from armada_vision.ui.session import Session  # noqa: E402
from armada_vision.vision.camera import TableCamera  # noqa: E402

SCENE = {"format": "armada-scene/1", "ships": [
    {"id": "a", "ship_class": "cr90-corvette-a", "player": 1, "x_mm": 900.0, "y_mm": 300.0,
     "heading_deg": 90.0}]}


@pytest.mark.parametrize("payload, shown", [
    ({"kind": "markers", "reprojection_mm": 0.56}, "Calibration: reprojection 0.56 mm"),
    ({"kind": "markers"}, "Calibration: table markers"),       # logs written before this
    ({"kind": "manual"}, "Calibration: manual corners: lower accuracy"),
    ({"kind": "exact"}, "Calibration: exact (synthetic camera)"),  # the sample game
    ({"kind": "markers", "reprojection_mm": "x"}, "Calibration: table markers"),
    ({}, "Calibration: table markers"),
])
def test_replay_says_the_recorded_calibration(qtbot, catalog, tmp_path, payload, shown):
    cam = camera_to_json(TableCamera.looking_down((640, 360)))
    with GameLog(tmp_path / "g.sqlite") as log:
        log.new_game("live: 0")
        log.append({"type": "note", "text": "calibration", "payload": {"camera": cam, **payload}},
                   scene_json=SCENE)
        rw = keep(qtbot, ReplayWindow(Session(catalog, uncertainty_mm=0.0), ReplayModel(log)))
        rw.show()
        rw.show_step(0)
        assert rw.lbl_calib.text() == shown
        assert rw.session.scene.ship("a").x_mm == pytest.approx(900.0)  # still drawn


@pytest.mark.parametrize("code, shown", [("de", "Kalibrierung: Tischmarker"),
                                         ("cs", "značky stolu")])
def test_the_recorded_calibration_is_translated(qtbot, qapp, catalog, tmp_path, code, shown):
    from armada_vision.ui.i18n import install_translator

    cam = camera_to_json(TableCamera.looking_down((640, 360)))
    install_translator(qapp, code)
    try:
        with GameLog(tmp_path / "g.sqlite") as log:
            log.new_game("live: 0")
            log.append({"type": "note", "text": "calibration",
                        "payload": {"camera": cam, "kind": "markers"}}, scene_json=SCENE)
            rw = keep(qtbot, ReplayWindow(Session(catalog, uncertainty_mm=0.0), ReplayModel(log)))
            rw.show_step(0)
            assert rw.lbl_calib.text().endswith(shown)
    finally:
        install_translator(qapp, "en")
