"""The window's game log: survives a killed process, replays as recorded, exports to HTML."""

import signal
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import keep, make_window, two_ship_scene  # noqa: E402

from armada_vision import game  # noqa: E402
from armada_vision.gamelog import GameLog  # noqa: E402
from armada_vision.ui.replay_model import ReplayModel  # noqa: E402
from armada_vision.ui.replay_window import ReplayWindow  # noqa: E402
from armada_vision.ui.session import Session  # noqa: E402

HERE = Path(__file__).parent


def test_log_keeps_every_event_when_the_window_process_is_killed(tmp_path):
    log_path = tmp_path / "games.sqlite"
    proc = subprocess.Popen([sys.executable, str(HERE / "ui_game_script.py"), str(log_path)],
                            stdout=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith("READY"), line
        logged = int(line.split()[1])
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == -signal.SIGKILL
    with GameLog(log_path, create=False) as log:
        events = log.events()
        types = [e.type for e in events]
        assert len(events) == logged
        assert types.count("ship-added") == 2
        assert "ship-activated" in types
        act = next(e for e in events if e.type == "ship-activated")
        assert act.has_snapshot                           # a JPEG at each activation
        state = log.state()
    assert state.active_ship == "a" and state.phase == "ship"


def _played(qtbot, catalog, log):
    win, cam = make_window(qtbot, catalog, two_ship_scene(), log=log)
    win.start_game()
    win.submit_game_event(game.PhaseAdvanced())
    for ship in ("a", "d"):
        win.submit_game_event(game.DialsAssigned(ship, ("navigate", "repair", "squadron")))
    win.submit_game_event(game.PhaseAdvanced())
    win.submit_game_event(game.ShipActivated("a"))
    win.click_image(*cam.table_to_image([[900.0, 300.0 + 39.35]], 7.0)[0])     # attacker: a front
    win.click_image(*cam.table_to_image([[900.0, 600.0 - 39.35]], 7.0)[0])     # defender: d front
    win.session.flip("d")                                                       # a correction
    win.session.undo()                                                          # ...taken back
    win.session.move_piece("d", 950.0, 610.0)
    win.refresh_overlay()
    return win


def test_replay_shows_the_same_scene_and_game_state_as_recorded(qtbot, catalog, tmp_path):
    log = GameLog(tmp_path / "g.sqlite")
    win = _played(qtbot, catalog, log)
    recorded_scene = win.session.scene
    recorded_state = win.session.game.state
    model = ReplayModel(log)
    rw = ReplayWindow(Session(catalog, uncertainty_mm=0.0), model)
    keep(qtbot, rw)
    rw.show()
    rw.show_step(len(model) - 1)
    assert rw.session.scene.ship("d").x_mm == pytest.approx(950.0)
    assert rw.session.scene == recorded_scene
    assert rw.session.game.state == recorded_state
    assert {s.piece_id for s in rw.view.overlay.shapes if s.layer == "bases"} == {"a", "d"}
    # the attack check looked at is shown again: same selection, its line of sight drawn bold
    assert rw.session.selection == win.session.selection
    assert [s.style for s in rw.view.overlay.shapes if s.layer == "los" and s.emphasis] == ["los-clear"]
    assert "check-viewed" in [e.type for e in model.events]
    # stepping back shows the earlier scene: before the move, "d" was at its detected place
    first_move = next(i for i, e in enumerate(model.events)
                      if e.type == "scene-changed" and e.data["payload"].get("change") == "moved")
    rw.slider.setValue(first_move - 1)
    assert rw.session.scene.ship("d").x_mm == pytest.approx(900.0)
    assert rw.session.game.state.active_ship == "a"


def test_export_writes_html_with_the_events_and_a_snapshot(qtbot, catalog, tmp_path):
    from armada_vision.cli import main

    log_path = tmp_path / "g.sqlite"
    log = GameLog(log_path)
    _played(qtbot, catalog, log).close()  # as the app does: the window, then its log
    log.close()
    out = tmp_path / "report.html"
    assert main(["export", str(log_path), "--html", str(out), "--lang", "en"]) == 0
    text = out.read_text(encoding="utf-8")
    assert "a activates" in text
    assert "data:image/jpeg;base64," in text
