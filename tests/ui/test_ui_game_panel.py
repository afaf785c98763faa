"""Defense tokens and command dials through the window's game panel (RRG pp.3-5)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import make_window, two_ship_scene  # noqa: E402

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
