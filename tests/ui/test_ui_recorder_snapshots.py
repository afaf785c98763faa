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
    log.close()

