"""The replay window shows an event the game now refuses (a log written before the rule was
checked) with the rule's reason instead of skipping it silently (RRG "Squadron Phase" p.20)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1] / "gamelog"))
from test_gamelog_refused_events import REASON, old_events  # noqa: E402
from ui_helpers import keep  # noqa: E402

from armada_vision.gamelog import GameLog  # noqa: E402
from armada_vision.ui.replay_model import ReplayModel  # noqa: E402
from armada_vision.ui.replay_window import ReplayWindow  # noqa: E402
from armada_vision.ui.session import Session  # noqa: E402


def test_a_refused_event_is_shown_with_its_reason_and_stepping_goes_on(qtbot, catalog, tmp_path):
    path = tmp_path / "g.sqlite"
    with GameLog(path) as log:
        log.new_game("old")
        for e in old_events():
            log.append(e)
    log = GameLog(path, create=False)
    model = ReplayModel(log)
    assert model.step(6).refused is not None and str(model.step(6).refused) == REASON
    assert model.step(7).refused is None
    assert model.step(7).game_state.squadron("t1").damage == 1     # the damage still counts
    rw = ReplayWindow(Session(catalog, uncertainty_mm=0.0), model)
    keep(qtbot, rw)
    rw.show()
    rw.slider.setValue(6)
    lines = rw.event_label.text().splitlines()
    assert lines[0].startswith("Event 7 of 10: ")
    assert lines[1] == f"Not applied to the game (the log keeps it): {REASON}"
    rw.slider.setValue(7)
    assert len(rw.event_label.text().splitlines()) == 1
