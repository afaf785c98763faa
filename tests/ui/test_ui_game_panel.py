"""Defense tokens and command dials through the window's game panel (RRG pp.3-5)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import VSD, make_window, two_ship_scene  # noqa: E402

from armada_vision import game  # noqa: E402


def _in_ship_phase(qtbot, catalog):
    win, cam = make_window(qtbot, catalog, two_ship_scene())
    win.start_game()
    win.game_panel.btn_next.click()                       # round 1, Command Phase
    for ship in ("a", "d"):
        assert win.submit_game_event(game.DialsAssigned(ship, ("navigate", "repair", "squadron")))
    win.game_panel.btn_next.click()                       # Ship Phase
    assert win.session.game.state.phase == "ship"
    assert win.submit_game_event(game.ShipActivated("a"))
    assert win.submit_game_event(game.AttackDeclared("a", "d", "front", "front", "long", 4))
    return win, cam


def test_the_same_defense_token_twice_is_refused_with_the_rules_reason(qtbot, catalog):
    win, cam = _in_ship_phase(qtbot, catalog)
    win.click_image(*cam.table_to_image([[900.0, 600.0]], 7.0)[0], defender=True)
    assert win.focus_id == "d"
    brace = win.game_panel.buttons["defense-token-0"]      # the VSD's first token is a brace
    brace.click()
    assert win.session.game.state.ship("d").defense_tokens[0].state == "exhausted"
    win.game_panel.buttons["defense-token-0"].click()      # the same token again, same attack
    # RRG p.5: a defense token cannot be spent more than once per attack; the state is unchanged
    assert "cannot be spent twice" in win.last_violation
    assert "RRG p.5" in win.last_violation
    assert win.statusBar().currentMessage() == win.last_violation
    assert win.session.game.state.ship("d").defense_tokens[0].state == "exhausted"


def test_undo_takes_back_the_last_token_spend(qtbot, catalog):
    win, cam = _in_ship_phase(qtbot, catalog)
    assert win.submit_game_event(game.DefenseTokenSpent("d", 0))
    win.undo()
    assert win.session.game.state.ship("d").defense_tokens[0].state == "readied"
    assert win.session.game.state.attack is not None     # the attack itself is still declared


def test_a_duplicate_command_token_must_be_discarded_through_the_panel(qtbot, catalog):
    win, cam = make_window(qtbot, catalog, two_ship_scene())
    win.start_game()
    win.game_panel.btn_next.click()
    # "a" gets two navigate dials on top; "d" any three
    assert win.submit_game_event(game.DialsAssigned("a", ("navigate", "navigate", "repair")))
    assert win.submit_game_event(game.DialsAssigned("d", ("navigate", "repair", "squadron")))
    win.game_panel.btn_next.click()
    assert win.submit_game_event(game.ShipActivated("a"))
    win.click_image(*cam.table_to_image([[900.0, 300.0]], 7.0)[0])
    win.game_panel.buttons["dial-to-token"].click()                 # navigate token
    assert win.session.game.state.ship("a").command_tokens == ("navigate",)
    win.game_panel.buttons["end-activation"].click()
    # a second navigate token would be a duplicate (RRG p.4): the choice blocks everything else
    assert win.submit_game_event(game.CommandTokenGained("a", "navigate"))
    assert win.session.game.state.pending is not None
    assert not win.submit_game_event(game.Passed(2))
    assert "pending choice" in win.last_violation
    win.game_panel.buttons["discard-token-navigate"].click()
    assert win.session.game.state.pending is None
    assert win.session.game.state.ship("a").command_tokens == ("navigate",)


def test_the_game_panel_names_the_winner_when_a_fleet_is_destroyed(qtbot, catalog):
    # RRG "Winning and Losing", p.22: destroying a player's last ship ends the game at once and
    # the other player wins; the panel said only "Game over"
    win, cam = _in_ship_phase(qtbot, catalog)
    assert win.submit_game_event(game.Destroyed("d", "test"))
    st = win.session.game.state
    assert (st.phase, st.winner) == ("ended", 1)
    text = win.game_panel.round_label.text()
    assert "Game over" in text and "player 1 wins" in text and "RRG p.22" in text


def test_the_game_panel_leaves_the_winner_to_the_score_after_the_last_round(qtbot, catalog):
    from armada_vision.ui.game_panel import outcome

    ended = game.GameState(started=True, phase="ended", round=6)
    assert "score" in outcome(ended) and "wins" not in outcome(ended)
    assert outcome(game.GameState(started=True, phase="ship", round=6)) == ""


def _rift_scene(catalog, gap_mm):
    """"a" (speed 2) facing "d" 500 mm away; a gravity rift ``gap_mm`` ahead of "a"'s base (the
    rift's outline reaches 49.7 mm from its centre along y)."""
    from armada_vision.scene import ObstaclePose, Scene, ShipPose

    a = ShipPose("a", VSD, 1, 900.0, 300.0, 90.0, 2)
    front_mm = 300.0 + catalog.ship(VSD).base.length_mm / 2
    return Scene(ships=(a, ShipPose("d", VSD, 2, 900.0, 800.0, 270.0, 2)),
                 obstacles=(ObstaclePose("rift", "gravity-rift", 900.0,
                                         front_mm + gap_mm + 49.7, 0.0),))


def _preview(win, cam, speed):
    win.click_image(*cam.table_to_image([[900.0, 300.0]], 7.0)[0])
    win.maneuver_panel.setChecked(True)
    win.maneuver_panel.speed.setValue(speed)
    win.maneuver_panel.yaw.setText(",".join("0" * speed))
    win.maneuver_panel.apply.click()
    return win.maneuver_panel.result.text()


def test_the_maneuver_preview_names_a_gravity_rift_in_reach_and_ending_on_it(qtbot, catalog):
    # RRG "Obstacles" p.12: the rift 6 mm ahead is at distance 1, so the speed-2 maneuver is
    # made at speed 1, and it ends overlapping the rift (dial to 0). The preview said neither.
    win, cam = make_window(qtbot, catalog, _rift_scene(catalog, 6.0))
    text = _preview(win, cam, 2)
    assert "Gravity rift at distance 1-2 (rift): speed 2 reduced by one" in text
    assert "Ends on a gravity rift: speed dial set to 0" in text
    assert "ravity rift" not in _preview(*make_window(qtbot, catalog, _rift_scene(catalog, 300.0)),
                                         2)


def test_executing_a_maneuver_that_ends_on_a_gravity_rift_sets_the_dial_to_0(qtbot, catalog):
    # 130 mm ahead: beyond distance 2 (124.5 mm) where it starts, under the base where a speed-2
    # maneuver ends. Executing the move left the dial at 2: the window did not hand the
    # obstacles' kinds to game.maneuver_events (which also deals an asteroid's faceup card).
    win, cam = make_window(qtbot, catalog, _rift_scene(catalog, 130.0))
    win.start_game()
    win.game_panel.btn_next.click()
    for ship in ("a", "d"):
        assert win.submit_game_event(game.DialsAssigned(ship, ("navigate", "repair", "squadron")))
    win.game_panel.btn_next.click()
    assert win.submit_game_event(game.ShipActivated("a"))
    assert win.session.game.state.ship("a").speed == 2
    text = _preview(win, cam, 2)
    assert "Ends on a gravity rift" in text and "distance 1-2" not in text
    win.execute_maneuver()
    assert win.session.game.state.ship("a").speed == 0


def test_only_the_game_buttons_that_can_be_used_now_are_enabled(qtbot, catalog):
    # a newcomer pressed Start game mid-game and Pass in the Command Phase, and was told the
    # game had started / the phase could not end
    win, _ = make_window(qtbot, catalog, two_ship_scene())
    panel = win.game_panel
    assert panel.btn_start.isEnabled() and not panel.btn_next.isEnabled()
    assert not panel.btn_pass.isEnabled()
    win.start_game()
    win.refresh_overlay()
    assert not panel.btn_start.isEnabled() and panel.btn_next.isEnabled()
    panel.btn_next.click()                                   # round 1, Command Phase
    assert win.session.game.state.phase == "command"
    assert not panel.btn_pass.isEnabled()
    for ship in ("a", "d"):
        assert win.submit_game_event(game.DialsAssigned(ship, ("navigate", "repair", "squadron")))
    panel.btn_next.click()                                   # Ship Phase: player 1 to act
    assert win.session.game.state.phase == "ship"
    assert win.session.game.state.turn_player == 1 and panel.btn_pass.isEnabled()
