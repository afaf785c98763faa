"""The window shows what the rules core measures: the maneuver preview's margin (DESIGN.md
honesty) and, during Setup, the setup rules each piece breaks or is too close to call (RRG p.16)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import VSD, make_window  # noqa: E402

from armada_vision import game  # noqa: E402
from armada_vision.scene import Scene, ShipPose, SquadronPose  # noqa: E402
from armada_vision.ui.window_actions import maneuver_margin_text  # noqa: E402


def _preview(win, cam):
    win.click_image(*cam.table_to_image([[900.0, 300.0]], 7.0)[0])
    win.maneuver_panel.setChecked(True)
    win.maneuver_panel.speed.setValue(2)
    win.maneuver_panel.yaw.setText("0,0")
    win.maneuver_panel.apply.click()
    return win.session.maneuver_result()


def test_maneuver_preview_shows_its_margin_and_too_close_to_call(qtbot, catalog):
    # a at (900, 300) moves 2 straight towards d (at 900, 480): it ends overlapping d, and the
    # margin is how far the overlap test is from flipping (rules/movement/_margin.py)
    scene = Scene(ships=(ShipPose("a", VSD, 1, 900.0, 300.0, 90.0, 2),
                         ShipPose("d", VSD, 2, 900.0, 480.0, 270.0, 2)),
                  squadrons=(SquadronPose("t", "tie-fighter-squadron", 2, 900.0, 400.0),))
    win, cam = make_window(qtbot, catalog, scene, uncertainty_mm=0.5)
    res = _preview(win, cam)
    margin = res.margin_mm
    assert 0.5 < margin < 50.0
    lines = win.maneuver_panel.result.text().splitlines()
    assert lines[-1] == f"Margin: {margin:.1f} mm"
    # a threshold above the margin: the camera cannot tell, the panel says so
    win.session.uncertainty_mm = margin + 1.0
    win.refresh_overlay()
    assert win.maneuver_panel.result.text().splitlines()[-1] == (
        f"Margin: {margin:.1f} mm - too close to call (below {margin + 1.0:.1f} mm): check by hand")


def test_margin_text_without_a_deciding_outline_and_without_a_threshold():
    assert maneuver_margin_text(None, 2.0) == "Margin: no piece near enough to change this result"
    assert maneuver_margin_text(0.3, 0.0) == "Margin: 0.3 mm"        # threshold 0: never


def test_status_bar_names_pieces_that_break_setup_until_the_rounds_begin(qtbot, catalog):
    # RRG p.16: ships deploy within distance 1-3 of their player's edge (y 0 for player 1).
    # "a" at y 150 heading 90 reaches y 150 + 51 (half its 102 mm base) = 201 > 185: 16 mm out;
    # "d" reaches 914.4 - 750 + 51 = 215.4 from its edge: 30.4 mm out. "ok" at y 100 is inside.
    scene = Scene(ships=(ShipPose("a", VSD, 1, 900.0, 150.0, 90.0, 2),
                         ShipPose("ok", VSD, 1, 1200.0, 100.0, 90.0, 2),
                         ShipPose("d", VSD, 2, 900.0, 750.0, 270.0, 2)))
    win, _cam = make_window(qtbot, catalog, scene)
    label = win.lbl_setup
    # before a game is started the table may be mid-game (the demo's sample): nothing is said
    assert label.text() == "" and not label.isVisible()
    win.submit_game_event(game.GameStarted(first_player=1))
    win.refresh_overlay()
    assert label.isVisible()
    assert label.text() == "Setup (RRG p.16): 2 broken, 0 too close to call: a, d"
    tip = label.toolTip()
    assert "a breaks: ship inside its deployment zone (16.0 mm off)" in tip
    assert "d breaks: ship inside its deployment zone (30.4 mm off)" in tip
    assert not [line for line in tip.splitlines() if line.startswith("ok ")]
    # once the game leaves its Setup the rules no longer apply: nothing is shown
    win.submit_game_event(game.PhaseAdvanced())
    win.refresh_overlay()
    assert win.session.game.state.phase == "command"
    assert label.text() == "" and not label.isVisible()


def test_status_bar_says_when_every_piece_is_placed_legally(qtbot, catalog):
    scene = Scene(ships=(ShipPose("ok", VSD, 1, 1200.0, 100.0, 90.0, 2),))
    win, _cam = make_window(qtbot, catalog, scene)
    win.submit_game_event(game.GameStarted(first_player=1))
    win.refresh_overlay()
    assert win.lbl_setup.text() == "Setup: every piece placed legally"


def test_status_bar_says_a_squadron_has_no_friendly_ship(qtbot, catalog):
    scene = Scene(ships=(ShipPose("d", VSD, 2, 900.0, 850.0, 270.0, 2),),
                  squadrons=(SquadronPose("q", "tie-fighter-squadron", 1, 900.0, 150.0),))
    win, _cam = make_window(qtbot, catalog, scene)
    win.submit_game_event(game.GameStarted(first_player=1))
    win.refresh_overlay()
    assert win.lbl_setup.text().startswith("Setup (RRG p.16): 1 broken")
    assert ("q breaks: squadron within distance 2 of a friendly ship (its player has no ship)"
            in win.lbl_setup.toolTip())
