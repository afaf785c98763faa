"""Replay steps over a damaged part of a log: the event is shown without its pieces (or on a
plain table) and the status bar names the file and event; the window keeps stepping
(newcomer 5: a stored scene that was not JSON, or had a bad field, raised in the slider's slot,
printed a traceback and left the window on the previous event)."""

import re
import sqlite3
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import keep  # noqa: E402

from armada_vision.gamelog import GameLog  # noqa: E402
from armada_vision.ui.replay_model import ReplayModel  # noqa: E402
from armada_vision.ui.replay_window import ReplayWindow  # noqa: E402
from armada_vision.ui.session import Session  # noqa: E402


def _scene(x_mm):
    return {"format": "armada-scene/1", "ships": [
        {"id": "a", "ship_class": "cr90-corvette-a", "player": 1, "x_mm": x_mm, "y_mm": 300.0,
         "heading_deg": 90.0}]}


@pytest.mark.parametrize("bad_scene, problem", [
    ("garbage", r"game 1 event 2: the stored scene is not a JSON object"),
    ('{"format": "armada-scene/1", "ships": [{"id": 1}]}',
     r"game 1 event 2: ships\[0\].id: expected a string, got 1"),
])
def test_a_damaged_scene_is_named_in_the_status_bar_and_stepping_goes_on(
        qtbot, catalog, tmp_path, bad_scene, problem):
    path = tmp_path / "g.sqlite"
    with GameLog(path) as log:
        log.new_game("night 1")
        for i, x in enumerate((900.0, 950.0, 1000.0)):
            log.append({"type": "note", "text": f"n{i}"}, scene_json=_scene(x))
    db = sqlite3.connect(path)
    db.execute("UPDATE events SET scene=? WHERE seq=2", (bad_scene,))
    db.commit()
    db.close()
    log = GameLog(path, create=False)
    model = ReplayModel(log)
    step = model.step(1)
    assert step.scene is not None and not step.scene.ships   # no pieces, not event 1's
    assert step.problem is not None
    assert step.problem.startswith(f"{path}: ")
    rw = ReplayWindow(Session(catalog, uncertainty_mm=0.0), model)
    keep(qtbot, rw)
    rw.show()
    rw.slider.setValue(1)
    assert rw.position == 1
    assert rw.statusBar().currentMessage().startswith(f"{path}: ")
    assert re.search(problem, rw.statusBar().currentMessage())
    assert rw.session.scene is not None and not rw.session.scene.ships
    rw.slider.setValue(2)                              # the next event shows its pieces again
    assert rw.position == 2
    assert rw.session.scene.ship("a").x_mm == pytest.approx(1000.0)
    log.close()


def test_a_damaged_calibration_note_draws_on_a_plain_table(catalog, tmp_path):
    path = tmp_path / "g.sqlite"
    with GameLog(path) as log:
        log.new_game("night 1")
        log.append({"type": "note", "text": "calibration", "payload": {"camera": {"rvec": "x"}}},
                   scene_json=_scene(900.0))
    with GameLog(path, create=False) as log:
        step = ReplayModel(log).step(0)
    assert step.camera is None
    assert step.scene.ship("a").x_mm == pytest.approx(900.0)
    assert step.problem == (f"{path}: game 1 event 1: the calibration of event 1 is damaged; "
                            "pieces are drawn on a plain table")


@pytest.mark.parametrize("bad_scene", ["garbage", '{"ships": [{"id": 1}]}'])
def test_replay_opens_a_log_whose_last_scene_is_damaged(catalog, tmp_path, bad_scene):
    # the unknown-class note that `replay` prints before the window opens reads the first and
    # last scenes: a damaged one is the window's to name at its event, not a reason to refuse
    # the whole game (before: InputError for a bad field, a JSONDecodeError traceback for text)
    from armada_vision.cli.replay import unknown_classes_note

    path = tmp_path / "g.sqlite"
    with GameLog(path) as log:
        log.new_game("night 1")
        for i, x in enumerate((900.0, 950.0)):
            log.append({"type": "note", "text": f"n{i}"}, scene_json=_scene(x))
    db = sqlite3.connect(path)
    db.execute("UPDATE events SET scene=? WHERE seq=2", (bad_scene,))
    db.commit()
    db.close()
    with GameLog(path, create=False) as log:
        assert unknown_classes_note(ReplayModel(log), catalog, str(path)) == ""
