"""Squadrons in the window's game panel: a game with squadrons goes through the Squadron Phase
(RRG "Squadron Phase" p.20: two a turn, one after the other; "Counter" p.21), and an illegal
squadron action is refused with the rule's reason, translated."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import VSD, make_window  # noqa: E402

from armada_vision import game  # noqa: E402
from armada_vision.ui.i18n import install_translator  # noqa: E402

TIE, AWING, XWING = "tie-fighter-squadron", "a-wing-squadron", "x-wing-squadron"
SQUADRONS = {"s1": (500.0, 450.0), "s2": (560.0, 450.0), "t1": (500.0, 510.0)}


def _scene(t1_class=AWING):
    """The two facing VSDs of the other tests; p1's TIEs s1, s2 at distance 1 of p2's A-wing t1
    (Counter 2; bases 60 and 85 mm apart, centre to centre), far from the ships."""
    from armada_vision.scene import Scene, ShipPose, SquadronPose

    return Scene(ships=(ShipPose("a", VSD, 1, 900.0, 300.0, 90.0, 2),
                        ShipPose("d", VSD, 2, 900.0, 600.0, 270.0, 2)),
                 squadrons=(SquadronPose("s1", TIE, 1, *SQUADRONS["s1"]),
                            SquadronPose("s2", TIE, 1, *SQUADRONS["s2"]),
                            SquadronPose("t1", t1_class, 2, *SQUADRONS["t1"])))


def _click(win, cam, catalog, piece, *, defender=False):
    cls = catalog.squadrons[TIE if piece.startswith("s") else AWING]  # same base as an X-wing
    px = cam.table_to_image([list(SQUADRONS[piece])], cls.base_height_mm)[0]
    win.click_image(*px, defender=defender)
    assert win.focus_id == piece


def _clear(win, cam):
    win.click_image(*cam.table_to_image([[200.0, 800.0]], 0.0)[0])  # empty table
    assert win.focus_id is None


def _in_squadron_phase(qtbot, catalog, t1_class=AWING):
    win, cam = make_window(qtbot, catalog, _scene(t1_class))
    win.start_game()
    panel = win.game_panel
    panel.btn_next.click()                                          # Command Phase
    for ship in ("a", "d"):
        assert win.submit_game_event(game.DialsAssigned(ship, ("navigate", "repair", "squadron")))
    panel.btn_next.click()                                          # Ship Phase
    for ship in ("a", "d"):
        assert win.submit_game_event(game.ShipActivated(ship))
        assert win.submit_game_event(game.ActivationEnded(ship))
    panel.btn_next.click()                                          # Squadron Phase
    assert win.session.game.state.phase == "squadron"
    return win, cam


def _in_ship_phase_with_squadron_dials(qtbot, catalog):
    """A started game in its first Ship Phase, both ships' top dial a squadron command."""
    win, cam = make_window(qtbot, catalog, _scene())
    win.start_game()
    win.game_panel.btn_next.click()                                 # Command Phase
    for ship in ("a", "d"):
        assert win.submit_game_event(game.DialsAssigned(ship, ("squadron", "repair", "navigate")))
    win.game_panel.btn_next.click()                                 # Ship Phase
    assert win.session.game.state.phase == "ship"
    return win, cam


def test_a_game_with_squadrons_goes_through_the_squadron_phase_in_the_window(qtbot, catalog):
    win, cam = _in_squadron_phase(qtbot, catalog)
    panel = win.game_panel
    assert "Player 1 activates a squadron" in panel.ship_label.text()
    _click(win, cam, catalog, "s1")
    assert "s1 (player 1): hull 3/3, not activated yet" in panel.ship_label.text()
    panel.buttons["activate-squadron"].click()
    st = win.session.game.state
    assert st.squadron("s1").activated and (st.turn_player, st.squadron_turn_activated) == (1, 1)
    assert "s1 (player 1): hull 3/3, activating" in panel.ship_label.text()
    # s1 attacks t1 (the attack check on show: distance 1), t1 counters (p.21)
    _click(win, cam, catalog, "t1", defender=True)
    panel.buttons["declare-attack"].click()
    attack = win.session.game.state.attack
    assert (attack.attacker, attack.defender) == ("s1", "t1")
    panel.buttons["end-attack"].click()
    assert win.session.game.state.counter_due == ("t1", "s1")
    _clear(win, cam)
    _click(win, cam, catalog, "t1")
    assert panel.buttons["counter-attack"].text() == "Counter attack on s1"
    # the button declares the counter it names, t1 -> s1, though t1 alone is selected (it
    # took the selection's s1 -> t1 and was refused: "the counter attack is by t1 ...")
    panel.buttons["counter-attack"].click()
    attack = win.session.game.state.attack
    assert (attack.attacker, attack.defender, attack.counter) == ("t1", "s1", True)
    assert (win.session.selection.attacker_id, win.session.selection.defender_id) == ("t1", "s1")
    panel.buttons["end-attack"].click()
    # the second squadron of player 1's turn, then player 2's only one
    _clear(win, cam)
    _click(win, cam, catalog, "s2")
    panel.buttons["activate-squadron"].click()
    assert win.session.game.state.turn_player == 2
    _clear(win, cam)
    _click(win, cam, catalog, "t1")
    panel.buttons["activate-squadron"].click()
    assert win.session.game.state.turn_player is None
    panel.btn_next.click()
    assert win.session.game.state.phase == "status"
    assert getattr(win, "last_violation", "") == ""          # nothing was refused


def test_a_squadron_without_counter_is_offered_no_counter_attack(qtbot, catalog):
    # RRG p.21: only a squadron with Counter counter attacks; an X-wing has none
    assert "counter" not in catalog.squadrons[XWING].keywords
    win, cam = _in_squadron_phase(qtbot, catalog, XWING)
    panel = win.game_panel
    assert win.submit_game_event(game.SquadronsActivated(("s1",)))
    assert win.submit_game_event(game.AttackDeclared("s1", "t1", distance_band=1))
    assert win.submit_game_event(game.AttackEnded())
    assert win.session.game.state.counter_due is None
    _click(win, cam, catalog, "t1")
    assert "counter-attack" not in panel.buttons
    assert not win.submit_game_event(game.AttackDeclared("t1", "s1", distance_band=1,
                                                         counter=True))
    assert "t1 has no Counter" in win.last_violation and "RRG p.21" in win.last_violation


def test_an_illegal_squadron_attack_shows_the_rules_reason(qtbot, catalog):
    win, cam = _in_squadron_phase(qtbot, catalog)
    panel = win.game_panel
    # s1 has not been activated: it cannot attack (p.20); nothing happens
    _click(win, cam, catalog, "s1")
    _click(win, cam, catalog, "t1", defender=True)
    panel.buttons["declare-attack"].click()
    assert "s1 is not activating" in win.last_violation and "RRG p.20" in win.last_violation
    assert win.statusBar().currentMessage() == win.last_violation
    assert win.session.game.state.attack is None
    # t1's button says why before the click: it is player 1's turn (struck through, tooltip)
    activate = panel.buttons["activate-squadron"]
    assert activate.font().strikeOut()
    assert "player 1's turn to activate squadrons" in activate.toolTip()
    activate.click()
    assert not win.session.game.state.squadron("t1").activated


def test_the_squadron_controls_and_reasons_are_shown_in_german(qtbot, catalog, qapp):
    win, cam = _in_squadron_phase(qtbot, catalog)
    try:
        install_translator(qapp, "de")
        _click(win, cam, catalog, "s1")
        panel = win.game_panel
        assert "Staffel" in panel.ship_label.text() and "Spieler 1" in panel.ship_label.text()
        panel.buttons["activate-squadron"].click()
        _click(win, cam, catalog, "t1", defender=True)
        panel.buttons["declare-attack"].click()
        panel.buttons["end-attack"].click()
        panel.buttons["declare-attack"].click()           # a second attack by s1 (p.20)
        assert win.last_violation == ("s1 hat in dieser Aktivierung schon angegriffen: eine "
                                      "Staffel greift einmal pro Aktivierung an (RRG S. 20)")
    finally:
        install_translator(qapp, "en")


def test_a_squadron_command_activates_a_squadron_through_the_panel(qtbot, catalog):
    # RRG "Commands" p.3: in the Ship Phase, squadrons activate only through the active ship's
    # squadron command (one per dial point of squadron value; the VSD's is 3)
    win, cam = _in_ship_phase_with_squadron_dials(qtbot, catalog)
    panel = win.game_panel
    _click(win, cam, catalog, "s1")
    panel.buttons["activate-squadron"].click()                    # no ship is activating
    assert "squadron command" in win.last_violation and "RRG p.3" in win.last_violation
    assert win.submit_game_event(game.ShipActivated("a"))
    assert win.submit_game_event(game.CommandResolved("a", "squadron", dial=True))
    _clear(win, cam)
    _click(win, cam, catalog, "s1")
    assert not panel.buttons["activate-squadron"].font().strikeOut()
    panel.buttons["activate-squadron"].click()
    st = win.session.game.state
    assert st.squadron("s1").activated and st.active_squadrons == ("s1",)
    assert st.ship("a").squadron_activations == 2


def test_the_panel_counts_the_squadrons_a_player_has_left(qtbot, catalog):
    # RRG p.20: two squadrons a turn, or the player's last one; player 2 has only t1, so no
    # "second one follows" for them
    win, cam = _in_squadron_phase(qtbot, catalog)
    panel = win.game_panel
    assert panel.ship_label.text() == ("Player 1 activates a squadron: click it, then Activate; "
                                       "the second one follows once it is done.")
    assert win.submit_game_event(game.SquadronsActivated(("s1",)))
    panel.refresh(win.session.game, None)
    assert "Player 1 has activated one squadron this turn; the second one" in panel.ship_label.text()
    assert win.submit_game_event(game.SquadronsActivated(("s2",)))
    panel.refresh(win.session.game, None)
    assert panel.ship_label.text() == ("Player 2 activates their last squadron: click it, then "
                                       "Activate; then the turn passes.")


def test_the_panel_counts_what_a_squadron_command_may_still_activate(qtbot, catalog):
    # RRG p.3: the VSD's squadron command activates up to 3 (its squadron value) friendly
    # squadrons; player 1 has two TIEs, so 2, then 1, then none left
    win, cam = _in_ship_phase_with_squadron_dials(qtbot, catalog)
    panel = win.game_panel
    assert win.submit_game_event(game.ShipActivated("a"))
    assert win.submit_game_event(game.CommandResolved("a", "squadron", dial=True))
    assert win.session.game.state.ship("a").squadron_activations == 3
    _click(win, cam, catalog, "s1")
    assert panel.ship_label.text().endswith(
        "\na's squadron command may still activate 2 squadron(s): click one, then Activate.")
    panel.buttons["activate-squadron"].click()
    assert panel.ship_label.text().endswith("may still activate 1 squadron(s): click one, then "
                                            "Activate.")
    _clear(win, cam)
    _click(win, cam, catalog, "s2")
    panel.buttons["activate-squadron"].click()
    _clear(win, cam)
    assert panel.ship_label.text() == ("a's squadron command has no unactivated squadron left "
                                       "to activate.")


def test_ending_an_activation_that_cuts_a_squadron_short_says_so(qtbot, catalog):
    # RRG p.3: the squadrons a's squadron command activated act in its Reveal Command Dial step;
    # s1 activated but has not attacked: ending a's activation ends s1's (legal: it may decline)
    win, cam = _in_ship_phase_with_squadron_dials(qtbot, catalog)
    panel = win.game_panel
    for e in (game.ShipActivated("a"), game.CommandResolved("a", "squadron", dial=True),
              game.SquadronsActivated(("s1",))):
        assert win.submit_game_event(e)
    assert win.last_warning == ""
    cut = ("ending a's activation ends that of s1, activated by its squadron command, before "
           "it attacked (RRG p.3)")
    panel.refresh(win.session.game, "a")
    end = panel.buttons["end-activation"]
    assert not end.font().strikeOut() and end.toolTip() == f"Note: {cut}"
    assert panel.ship_label.text().endswith(f"\nEnding the activation now: {cut}")
    end.click()
    assert win.session.game.state.active_ship is None
    assert win.last_warning == cut
    assert win.statusBar().currentMessage() == f"Done; note: {cut}"


def test_the_move_button_refuses_an_engaged_squadron_and_a_move_after_an_attack(qtbot, catalog):
    # RRG p.6: s1 is at distance 1 of t1 (engaged): it cannot move; p.20: in the Squadron
    # Phase s2 (moved away from t1 first, a correction) moves, then may not attack
    win, cam = _in_squadron_phase(qtbot, catalog)
    panel = win.game_panel
    _click(win, cam, catalog, "s1")
    panel.buttons["activate-squadron"].click()
    move = panel.buttons["move-squadron"]
    assert move.font().strikeOut()
    assert move.toolTip() == "s1 is engaged with t1 and cannot move (RRG p.6)"
    move.click()
    assert win.last_violation == "s1 is engaged with t1 and cannot move (RRG p.6)"
    assert win.session.game.state.squadrons_moved == ()
    win.session.move_piece("s2", 200.0, 450.0)            # far from t1: not engaged
    win.refresh_overlay()
    assert win.session.squadron_move_event("s2").engaged_with == ()
    assert win.submit_game_event(game.SquadronsActivated(("s2",)))
    assert win.submit_game_event(win.session.squadron_move_event("s2"))
    assert win.session.game.state.squadrons_moved == ("s2",)
    assert not win.submit_game_event(game.AttackDeclared("s2", "t1", distance_band=1))
    assert win.last_violation.endswith("not both: s2 has moved (RRG p.20)")


def test_an_engagement_too_close_to_call_is_left_to_the_players(catalog):
    # s1's engagement with t1 is decided by a few mm at most: with an uncertainty above its
    # margin the window does not refuse the move for it (DESIGN: "too close to call")
    from armada_vision.ui.checks import engagement_margins
    from armada_vision.ui.session import Session

    sure = Session(catalog, uncertainty_mm=0.0)
    sure.set_detected(_scene())
    assert sure.squadron_move_event("s1").engaged_with == ("t1",)
    margin = engagement_margins(_scene(), catalog, sure.ruleset)[("s1", "t1")]
    assert 0.0 < margin < 50.0
    shy = Session(catalog, uncertainty_mm=margin + 1.0)
    shy.set_detected(_scene())
    event = shy.squadron_move_event("s1")
    assert event.engaged_with == () and event.payload["too_close_to_call"] == ("t1",)
    assert event.payload["blocked_by"] == ()
