"""A destroyed ship's tokens and dials (RRG "Destroyed Ships and Squadrons" p.5: "When a ship is
destroyed, remove it from the play area ... return its tokens and dials to the supply")."""

import pytest

from armada_vision import game
from armada_vision.game import RuleViolation


@pytest.fixture
def in_ship_phase(setup_events, dials):
    events = setup_events(("a", None, 1, 2), ("b", None, 2, 2), ("c", None, 2, 2))
    events.append(game.PhaseAdvanced())
    state = game.replay(events)
    state = game.replay(events + dials(state) + [game.PhaseAdvanced()])
    return game.apply(state, game.CommandTokenGained("b", "repair"))


@pytest.mark.parametrize("how", ["damage", "destroyed"])
def test_a_destroyed_ship_returns_its_tokens_and_dials(in_ship_phase, how):
    before = in_ship_phase.ship("b")
    assert before.command_tokens == ("repair",) and len(before.dials) == 3
    event = (game.DamageDealt("b", facedown=8) if how == "damage"    # VSD hull 8
             else game.Destroyed("b"))
    ship = game.apply(in_ship_phase, event).ship("b")
    assert ship.destroyed
    assert ship.command_tokens == () and ship.dials == () and ship.revealed_dial is None
    assert all(t.discarded for t in ship.defense_tokens) and len(ship.defense_tokens) == 3


def test_the_active_ship_destroyed_resolves_no_more_commands(setup_events, dials):
    # a fleet of two, so the game goes on after "a" is destroyed (salvo, overlap, obstacle)
    events = setup_events(("a", None, 1, 2), ("a2", None, 1, 2), ("b", None, 2, 2))
    events.append(game.PhaseAdvanced())
    state = game.replay(events)
    state = game.replay(events + dials(state) + [game.PhaseAdvanced(), game.ShipActivated("a")])
    state = game.apply(state, game.CommandTokenGained("a", "navigate"))
    state = game.apply(state, game.Destroyed("a"))
    assert state.phase == "ship"
    with pytest.raises(RuleViolation):
        game.apply(state, game.CommandResolved("a", "navigate", token=True))


def test_damage_after_leaving_the_play_area_does_not_bring_a_piece_back(setup_events, dials):
    # destroyed (its base partly outside the play area, p.14), then dealt a card or a hit
    events = setup_events(("a", None, 1, 2), ("a2", None, 1, 2), ("b", None, 2, 2),
                          squadrons=[("t1", 2)])
    events.append(game.PhaseAdvanced())
    state = game.replay(events)
    state = game.replay(events + dials(state) + [game.PhaseAdvanced()])
    state = game.apply(state, game.Destroyed("a2"))
    state = game.apply(state, game.DamageDealt("a2", facedown=1))
    assert state.ship("a2").destroyed
    state = game.apply(state, game.Destroyed("t1"))
    state = game.apply(state, game.DamageDealt("t1", hull_points=1))
    assert state.squadron("t1").destroyed
