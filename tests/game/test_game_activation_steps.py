"""The steps of a ship's activation and when each command resolves (RRG "Ship Activation" p.16:
1. Reveal Command Dial, 2. Attack, 3. Execute Maneuver; "Commands" p.3: squadron and repair
"resolve after revealing the ship's command dial", navigate "during the Determine Course step
of movement", concentrate fire "during the Resolve Attack Effects step of an attack";
"Command Dials" p.3: the revealed dial is spent "immediately" for its token or kept)."""

import pytest

from armada_vision import game
from armada_vision.game import RuleViolation


@pytest.fixture
def activated(setup_events):
    """``activated(top)``: p1's VSD ``a`` activated in round 1 with ``top`` revealed; p2's ``b``
    (a VSD) waits."""

    def build(top="repair", tokens=()):
        rest = [c for c in ("navigate", "repair", "squadron") if c != top][:2]
        events = setup_events(("a", None, 1, 2), ("b", None, 2, 2),
                              squadrons=(("t1", 1), ("t2", 1)))
        events += [
            game.PhaseAdvanced(),
            game.DialsAssigned("a", (top, *rest)),
            game.DialsAssigned("b", ("navigate", "navigate", "navigate")),
            game.PhaseAdvanced(),
            game.ShipActivated("a"),
        ]
        state = game.replay(events)
        for t in tokens:
            state = game.apply(state, game.CommandTokenGained("a", t))
        return state

    return build


def attack(state, zone="front"):
    state = game.apply(state, game.AttackDeclared("a", "b", zone, "front", range_band="medium"))
    return game.apply(state, game.AttackEnded())


def test_repair_command_resolves_before_the_ship_attacks(activated):
    state = attack(activated("repair"))
    with pytest.raises(RuleViolation, match="after revealing its command dial, before it attacks"):
        game.apply(state, game.CommandResolved("a", "repair", dial=True))
    # ... and before the attack it is fine
    state = game.apply(activated("repair"), game.CommandResolved("a", "repair", dial=True))
    assert state.ship("a").engineering_points == 4


def test_engineering_points_left_are_lost_when_the_ship_attacks(activated):
    state = game.apply(activated("repair"), game.DamageDealt("a", zone="front", shields=1))
    state = game.apply(state, game.CommandResolved("a", "repair", dial=True))
    state = game.apply(state, game.RepairSpent("a", "recover-shield", "front"))
    assert state.ship("a").engineering_points == 2
    state = attack(state)
    assert state.ship("a").engineering_points == 0
    with pytest.raises(RuleViolation, match="after revealing its command dial, before it attacks"):
        game.apply(state, game.RepairSpent("a", "move-shield", "front", "left"))


def test_squadron_command_resolves_before_the_ship_attacks(activated):
    state = attack(activated("squadron", tokens=("squadron",)))
    with pytest.raises(RuleViolation, match="after revealing its command dial, before it attacks"):
        game.apply(state, game.CommandResolved("a", "squadron", token=True))
    # squadrons activated by the command are activated before the ship attacks
    state = game.apply(activated("squadron"), game.CommandResolved("a", "squadron", dial=True))
    state = game.apply(state, game.SquadronsActivated(("t1",)))
    state = attack(state)
    assert state.ship("a").squadron_activations == 0
    with pytest.raises(RuleViolation, match="after revealing its command dial, before it attacks"):
        game.apply(state, game.SquadronsActivated(("t2",)))


def test_a_ship_does_not_attack_after_resolving_navigate(activated):
    # navigate resolves in Determine Course, the Execute Maneuver step, which follows the attacks
    state = game.apply(activated("navigate"), game.CommandResolved("a", "navigate", dial=True))
    with pytest.raises(RuleViolation, match="Execute Maneuver"):
        game.apply(state, game.AttackDeclared("a", "b", "front", "front", range_band="medium"))
    # attack first, then navigate: legal, and the speed changes
    state = attack(activated("navigate"))
    state = game.apply(state, game.CommandResolved("a", "navigate", dial=True))
    state = game.apply(state, game.SpeedChanged("a", 1))
    assert state.ship("a").speed == 1


def test_concentrate_fire_resolves_during_the_ships_own_attack(activated):
    state = activated("concentrate-fire")
    with pytest.raises(RuleViolation, match="Resolve Attack Effects"):
        game.apply(state, game.CommandResolved("a", "concentrate-fire", dial=True))
    state = game.apply(state, game.AttackDeclared("a", "b", "front", "front", range_band="medium"))
    after = game.apply(state, game.CommandResolved("a", "concentrate-fire", dial=True))
    assert after.ship("a").resolved_commands == ("concentrate-fire",)
    # once the defender has spent a defense token, Resolve Attack Effects is over
    late = game.apply(state, game.DefenseTokenSpent("b", 0))
    with pytest.raises(RuleViolation, match="Resolve Attack Effects"):
        game.apply(late, game.CommandResolved("a", "concentrate-fire", dial=True))


def test_the_revealed_dial_becomes_a_token_only_in_the_reveal_step(activated):
    state = game.apply(activated("repair"), game.DialConverted("a"))
    assert state.ship("a").command_tokens == ("repair",)
    state = attack(activated("repair"))
    with pytest.raises(RuleViolation, match="when it is revealed"):
        game.apply(state, game.DialConverted("a"))


def test_the_step_is_the_active_ships(activated):
    state = activated("repair")
    assert state.ship("a").activation_step == "reveal"
    state = attack(state)
    assert state.ship("a").activation_step == "attack"
    assert state.ship("b").activation_step == ""
