"""A tracker event in the game log carries the table as it is with that event: a piece "added"
is on it, a piece "removed" is gone. The window logged the tracker's events before it took the
frame's scene, so each carried the scene of the frame before: the replay of "ship added" showed
an empty table, and of "ship removed" the ship still there."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import make_window  # noqa: E402

from armada_vision.scene import Scene, ShipPose  # noqa: E402
from armada_vision.ui.capture import Frame  # noqa: E402
from armada_vision.ui.pipeline import SCENE_DETECTED, Calibration, Result  # noqa: E402
from armada_vision.vision.track import TrackEvent  # noqa: E402

ISD = "imperial-ii-star-destroyer"


class _Log:
    def __init__(self):
        self.events = []

    def append(self, event, snapshot_jpeg=None, scene_json=None):
        self.events.append((event, json.loads(scene_json) if scene_json else None))


def _apply(win, cam, scene, events, index):
    frame = Frame(win.frame_image, index, index / 12.0)
    win.apply_result(frame, Result(scene, SCENE_DETECTED, Calibration(cam, "exact"),
                                   track_events=events))


def _logged(log, kind):
    return [(e["payload"]["id"], [s["id"] for s in scene["ships"]])
            for e, scene in log.events if e.get("payload", {}).get("kind") == kind]


def test_an_added_piece_is_on_the_table_its_event_carries_and_a_removed_one_is_not(qtbot, catalog):
    log = _Log()
    win, cam = make_window(qtbot, catalog, Scene(), log=log)
    isd = ShipPose("ship-1", ISD, 1, 900.0, 300.0, 90.0)
    _apply(win, cam, Scene((isd,)), [TrackEvent("added", "ship-1", 1.0, "ship", 900.0, 300.0)], 1)
    _apply(win, cam, Scene(), [TrackEvent("removed", "ship-1", 2.0, "ship")], 2)
    assert _logged(log, "added") == [("ship-1", ["ship-1"])]
    assert _logged(log, "removed") == [("ship-1", [])]
