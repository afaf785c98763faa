"""A game with no events (a window closed at once, an old log's empty game row): replay says so
on the terminal and on the picture (it said "Waiting for the camera..."), and ``--event`` is
refused beyond it as on any game (``--event 1`` was accepted silently, ``--event 82`` on an
81-event game refused)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import keep  # noqa: E402

from armada_vision.cli import main  # noqa: E402
from armada_vision.gamelog import GameLog  # noqa: E402
from armada_vision.ui.replay_model import ReplayModel  # noqa: E402
from armada_vision.ui.replay_window import ReplayWindow  # noqa: E402
from armada_vision.ui.session import Session  # noqa: E402


def _empty_game(path):
    with GameLog(path) as log:
        return log.new_game("closed at once")


@pytest.mark.parametrize("event", ["1", "2"])
def test_event_on_a_game_without_events_is_refused(tmp_path, capsys, event):
    path = tmp_path / "g.sqlite"
    _empty_game(path)
    assert main(["replay", str(path), "--event", event, "--exit-after", "0"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"armada-vision: error: --event: no event {event}: the game has no events"


def test_replay_of_a_game_without_events_says_so(tmp_path, capsys, qtbot, catalog):
    path = tmp_path / "g.sqlite"
    gid = _empty_game(path)
    assert main(["replay", str(path), "--exit-after", "0"]) == 0
    assert (f"armada-vision: note: {path}: game {gid} has no events: nothing to replay"
            in capsys.readouterr().err)
    with GameLog(path, create=False) as log:
        rw = ReplayWindow(Session(catalog, uncertainty_mm=0.0), ReplayModel(log))
        keep(qtbot, rw)
        rw.show()
        assert rw.view.message == "This game has no events."
        rw.close()
