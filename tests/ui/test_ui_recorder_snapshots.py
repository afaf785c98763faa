"""A run where no game was started still replays and exports with pictures: the recorder
stores a snapshot at the start of the recording and at detected table changes, at most one
per SNAPSHOT_INTERVAL_S (the newcomer's replay of such a run showed a plain blue table)."""

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import make_window, two_ship_scene  # noqa: E402

from armada_vision.gamelog import GameLog, render_html  # noqa: E402
from armada_vision.ui.capture import Frame  # noqa: E402
from armada_vision.ui.recorder import SETTLE_UPDATES, SNAPSHOT_INTERVAL_S, Recorder  # noqa: E402


class _Log:
    def __init__(self):
        self.snaps = []

    def append(self, event, snapshot_jpeg=None, scene_json=None):
        self.snaps.append((event["type"], snapshot_jpeg is not None))


def _changed(n):
    return {"type": "scene-changed", "payload": {"change": "detected", "pieces": n}}


def test_first_event_and_table_changes_get_snapshots_at_most_one_per_interval():
    log, now = _Log(), [100.0]
    frame = np.full((48, 64, 3), 90, np.uint8)
    rec = Recorder(log, lambda: frame, lambda: None, clock=lambda: now[0])
    rec({"type": "note", "text": "calibrated"})      # the first calibrated frame
    rec(_changed(2))                                  # 0 s after the last snapshot
    now[0] += SNAPSHOT_INTERVAL_S - 0.1
    rec(_changed(3))                                  # still inside the interval
    rec({"type": "note", "text": "a note"})           # notes never take one after the first
    now[0] += 0.2
    rec(_changed(4))                                  # interval passed
    rec({"type": "ship-activated", "ship": "a"})      # activations always do
    assert log.snaps == [("note", True), ("scene-changed", False), ("scene-changed", False),
                         ("note", False), ("scene-changed", True), ("ship-activated", True)]


def test_no_frame_yet_the_next_event_with_one_takes_the_first_snapshot():
    log, frame = _Log(), [None]
    rec = Recorder(log, lambda: frame[0], lambda: None, clock=lambda: 0.0)
    rec(_changed(1))
    frame[0] = np.zeros((8, 8, 3), np.uint8)
    rec(_changed(1))
    rec(_changed(1))
    assert log.snaps == [("scene-changed", False), ("scene-changed", True),
                         ("scene-changed", False)]


def test_a_run_without_a_game_exports_with_a_picture(qtbot, catalog, tmp_path):
    log = GameLog(tmp_path / "g.sqlite")
    win, _ = make_window(qtbot, catalog, two_ship_scene(), log=log)
    win.recorder.clock = lambda: 0.0  # the change comes within the interval, however slow the run
    frame = Frame(win.frame_image, 0, 0.0, two_ship_scene())
    for _ in range(SETTLE_UPDATES):
        win.show_frame(frame)
    events = log.events()
    assert [e.type for e in events] == ["note", "scene-changed"]  # no game was started
    assert events[0].has_snapshot                                 # the first calibrated frame
    assert log.snapshot(events[-1].seq) is not None               # replay: a picture at the end
    assert render_html(log).count('<img alt="') == 1
    win.close()        # settling photographs the change made inside the limit
    assert [e.has_snapshot for e in log.events()] == [True, True]
    log.close()



def _table(y_mm):
    from armada_vision.scene import Scene, ShipPose

    return Scene((ShipPose("isd", "imperial-ii-star-destroyer", 1, 900.0, y_mm, 90.0),))


def _recording(tmp_path):
    log, now, current = GameLog(tmp_path / "g.sqlite"), [100.0], {}
    frame = [np.full((48, 64, 3), 90, np.uint8)]
    rec = Recorder(log, lambda: frame[0], lambda: current.get("scene"), clock=lambda: now[0])

    def show(scene, n=SETTLE_UPDATES, grey=None):
        current["scene"] = scene
        if grey is not None:
            frame[0] = np.full((48, 64, 3), grey, np.uint8)
        for _ in range(n):
            rec.scene_update(scene)

    return log, rec, now, show


def _grey(jpeg):
    import cv2

    return int(cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_GRAYSCALE).mean())


def test_a_change_inside_the_limit_is_photographed_when_the_limit_ends(tmp_path):
    # The last change came 1 s after the first photo: replay ended on the photo of the table
    # before it (no later snapshot was ever taken). Now the first settled update after the
    # limit stores the photo with that change.
    log, rec, now, show = _recording(tmp_path)
    show(_table(130.0), grey=40)                  # first seen: photographed at once
    now[0] += 1.0
    show(_table(200.0), grey=200)                 # moved inside the limit: no photo yet
    events = log.events()
    assert [e.has_snapshot for e in events] == [True, False]
    now[0] += SNAPSHOT_INTERVAL_S - 1.0 - 0.1
    show(_table(200.0), n=1)                      # limit not over yet
    assert not log.events()[-1].has_snapshot
    now[0] += 0.2
    show(_table(200.0), n=1)                      # limit over, table as logged
    events = log.events()
    assert [e.has_snapshot for e in events] == [True, True]
    assert abs(_grey(log.snapshot(events[-1].seq)) - 200) < 5   # the table after the change
    assert abs(_grey(log.snapshot(events[0].seq)) - 40) < 5
    show(_table(200.0), n=3)
    assert len(log.events()) == 2                 # once only, no new event
    log.close()


def test_no_late_photo_while_the_table_moves_and_at_once_on_settle(tmp_path):
    log, rec, now, show = _recording(tmp_path)
    show(_table(130.0), grey=40)
    now[0] += 1.0
    show(_table(200.0), grey=200)
    now[0] += SNAPSHOT_INTERVAL_S
    show(_table(260.0), n=1, grey=120)            # a hand carries the ship on: not settled
    assert [e.has_snapshot for e in log.events()] == [True, False]
    rec.settle()                                  # the source ended: the table is final
    events = log.events()
    assert [e.has_snapshot for e in events] == [True, False, True]   # logged at 260, photo
    assert abs(_grey(log.snapshot(events[-1].seq)) - 120) < 5
    log.close()


def test_settling_inside_the_limit_photographs_the_last_change_at_once(tmp_path):
    log, rec, now, show = _recording(tmp_path)
    show(_table(130.0), grey=40)
    now[0] += 1.0
    show(_table(200.0), grey=200)
    rec.settle()                                  # window closed 1 s after the change
    events = log.events()
    assert [e.has_snapshot for e in events] == [True, True]
    assert abs(_grey(log.snapshot(events[-1].seq)) - 200) < 5
    log.close()


def test_attach_snapshot_fills_only_an_event_without_one(tmp_path):
    with GameLog(tmp_path / "g.sqlite") as log:
        a = log.append({"type": "note"}, snapshot_jpeg=b"first")
        b = log.append({"type": "note"})
        assert log.attach_snapshot(b, snapshot_jpeg=b"late") is True
        assert log.attach_snapshot(a, snapshot_jpeg=b"other") is False   # keeps its own
        assert log.attach_snapshot(99, snapshot_jpeg=b"x") is False
        assert (log.snapshot(a), log.snapshot(b)) == (b"first", b"late")
