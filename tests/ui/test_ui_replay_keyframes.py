"""The replay's keyframes (the folded game every N events, in memory) change no step: every
step of a game with undo notes, a refused event, a damaged event, checks looked at and a
damaged and a good calibration is the same with keyframes every 1, 2 and 3 events as without,
visited in any order (a step used to replay the whole game from event 1: 1.0-1.3 s near the
end of a 20,331-event log)."""

import random
import sqlite3

import numpy as np
import pytest

from armada_vision import game
from armada_vision.gamelog import GameLog
from armada_vision.ui.replay_model import ReplayModel
from armada_vision.vision.camera import TableCamera

CAMERA = TableCamera.looking_down((640, 360))


def _calibration(camera_json):
    return {"type": "note", "text": "calibration",
            "payload": {"camera": camera_json, "kind": "markers", "reprojection_mm": 0.7}}


def _log(path, catalog):
    from armada_vision.ui.replay_model import camera_to_json

    vsd = catalog.ship("victory-ii-star-destroyer")
    events = [
        _calibration({"camera_matrix": "damaged"}),
        game.GameStarted(), game.ShipAdded.from_class("a", vsd, 1, speed=2),
        game.ShipAdded.from_class("b", vsd, 2, speed=2), game.PhaseAdvanced(),
        game.DialsAssigned("a", ("navigate", "repair", "navigate")),
        {"type": "check-viewed", "payload": {"attacker": "a", "attacking_zone": "front",
                                             "defender": "b", "defending_zone": "rear"}},
        game.DialsAssigned("b", ("navigate",) * 3),
        {"type": "note", "text": "undo", "payload": {"undo": "game-event",
                                                     "event": "dials-assigned"}},
        game.DialsAssigned("b", ("repair",) * 3),
        _calibration(camera_to_json(CAMERA)),
        game.PhaseAdvanced(), game.ShipActivated("a"),
        game.ShipActivated("b"),                                  # refused: a is active
        game.ActivationEnded("a"),
        {"type": "note", "text": "undo", "payload": {"undo": "game-event"}},
        game.ActivationEnded("a"), game.ShipActivated("b"), game.ActivationEnded("b"),
        game.PhaseAdvanced(),
    ]
    with GameLog(path) as log:
        log.new_game("keyframes")
        for e in events:
            log.append(e, snapshot_jpeg=None)
    db = sqlite3.connect(path)
    db.execute("UPDATE events SET payload='not json' WHERE seq=7")   # the check looked at
    db.commit()
    db.close()
    return len(events)


def _same(a, b):
    assert (a.seq, a.data, a.scene, a.selection, a.game_events, a.game_state, a.problem,
            a.calibration_kind, a.reprojection_mm, a.snapshot_seq) == (
        b.seq, b.data, b.scene, b.selection, b.game_events, b.game_state, b.problem,
        b.calibration_kind, b.reprojection_mm, b.snapshot_seq)
    assert repr(a.refused) == repr(b.refused) and repr(a.warning) == repr(b.warning)
    assert (a.camera is None) == (b.camera is None)
    if a.camera is not None:
        assert np.array_equal(a.camera.camera_matrix, b.camera.camera_matrix)


@pytest.mark.parametrize("every", [1, 2, 3])
def test_steps_are_the_same_with_and_without_keyframes(tmp_path, catalog, every):
    path = tmp_path / "g.sqlite"
    n = _log(path, catalog)
    with GameLog(path, create=False) as log:
        plain = ReplayModel(log, keyframe_every=10**9)
        expected = [plain.step(i) for i in range(n)]
        assert expected[13].refused is not None                    # the refused activation
        assert expected[6].refused is not None                     # the damaged row
        assert "calibration of event 1 is damaged" in expected[-1].problem
        assert expected[-1].game_state.phase == "squadron"
        order = list(range(n - 1, -1, -1)) + random.Random(5).sample(range(n), n)
        keyed = ReplayModel(log, keyframe_every=every)
        for i in order:
            _same(keyed.step(i), expected[i])
        assert len(keyed._keyframes) == n // every + 1
