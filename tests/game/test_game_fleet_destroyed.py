"""RRG v1.6 "Winning and Losing" p.22: "If all ships in a fleet are destroyed, ignoring
squadrons, the game immediately ends. The player with one or more ships remaining in the play
area is the winner." A fleet with a ship left (or only squadrons destroyed) plays on."""

import pytest

from armada_vision import game
from armada_vision.game import RuleViolation


def _ship_phase(setup_events, dials, *ships, squadrons=()):
    events = setup_events(*ships, squadrons=squadrons)
    state = game.replay([*events, game.PhaseAdvanced()])
    return game.replay([*events, game.PhaseAdvanced(), *dials(state), game.PhaseAdvanced()])


def test_destroying_the_last_ship_of_a_fleet_ends_the_game(setup_events, dials, vsd):
    state = _ship_phase(setup_events, dials, ("a", None, 1, 2), ("b", None, 2, 2),
                        squadrons=[("t", 2)])
    state = game.apply(state, game.DamageDealt("b", facedown=vsd.hull - 1))
    assert state.phase == "ship" and state.winner is None        # one card short: plays on
    state = game.apply(state, game.DamageDealt("b", facedown=1))
    assert state.phase == "ended" and state.winner == 1          # player 2's squadron is ignored
    with pytest.raises(RuleViolation, match="no ships left"):
        game.apply(state, game.ShipActivated("a"))


def test_a_fleet_with_a_ship_left_plays_on(setup_events, dials):
    state = _ship_phase(setup_events, dials, ("a", None, 1, 2), ("b", None, 2, 2),
                        ("c", None, 2, 2))
    state = game.apply(state, game.Destroyed("b", "left the play area"))
    assert state.phase == "ship" and state.winner is None
    state = game.apply(state, game.Destroyed("c", "left the play area"))
    assert state.phase == "ended" and state.winner == 1


def test_losing_the_last_ship_loses_for_either_player(setup_events, dials):
    state = _ship_phase(setup_events, dials, ("a", None, 1, 2), ("b", None, 2, 2))
    ended = game.apply(state, game.Destroyed("a", "x"))
    assert ended.phase == "ended" and ended.winner == 2
