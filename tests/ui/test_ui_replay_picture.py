"""The picture a replay shows belongs to its event: the window stores the frame its scene was
detected in (under load the newest frame shown was seconds ahead: a newcomer's replay showed
the ships already moved under overlays at their start), and where the picture is an earlier
event's (snapshots are rate-limited), the replay says which."""

import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import keep, make_window, two_ship_scene  # noqa: E402

from armada_vision.gamelog import GameLog  # noqa: E402
from armada_vision.ui.capture import Frame  # noqa: E402
from armada_vision.ui.replay_model import ReplayModel  # noqa: E402
from armada_vision.ui.replay_window import ReplayWindow  # noqa: E402
from armada_vision.ui.session import Session  # noqa: E402


def test_the_recorder_photographs_the_processed_frame_not_the_newest(qtbot, catalog):
    win, _camera = make_window(qtbot, catalog, two_ship_scene())
    processed = Frame(np.full((90, 160, 3), 40, np.uint8), 7, 0.0, two_ship_scene())
    result = win.pipeline.process(processed)
    win.frame_image = np.full((90, 160, 3), 200, np.uint8)   # shown later, not yet processed
    win.apply_result(processed, result)
    assert win.recorder.frame() is processed.image


def _jpeg(value):
    return cv2.imencode(".jpg", np.full((36, 64, 3), value, np.uint8))[1].tobytes()


def test_the_replay_names_the_event_its_picture_was_taken_at(qtbot, catalog, tmp_path):
    path = tmp_path / "g.sqlite"
    with GameLog(path) as log:
        log.new_game("pictures")
        log.append({"type": "note", "text": "first"}, snapshot_jpeg=_jpeg(60))
        log.append({"type": "note", "text": "second"})
        log.append({"type": "note", "text": "third"}, snapshot_jpeg=_jpeg(180))
    model = ReplayModel(GameLog(path, create=False))
    assert [model.step(i).snapshot_seq for i in range(3)] == [1, 1, 3]
    assert int(model.step(1).snapshot[0, 0, 0]) in range(55, 66)
    rw = ReplayWindow(Session(catalog, uncertainty_mm=0.0), model)
    keep(qtbot, rw)
    rw.show()
    assert len(rw.event_label.text().splitlines()) == 1           # its own picture
    rw.slider.setValue(1)
    assert rw.event_label.text().splitlines()[1] == (
        "Picture: the table at event 1 (the last photo before this event); the overlays show "
        "event 2")
    rw.slider.setValue(2)
    assert len(rw.event_label.text().splitlines()) == 1
