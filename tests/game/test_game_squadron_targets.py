"""More squadron targets of one ship attack (RRG "Attack" p.2, step 6 "Declare Additional
Squadron Target": the attacker repeats steps 2-6 against another enemy squadron, from the same
hull zone; "Each enemy squadron can be targeted only once per attack")."""

import pytest

from armada_vision import game
from armada_vision.game import RuleViolation


@pytest.fixture
def attacking(setup_events, dials):
    """p1's VSD ``a`` activated in the Ship Phase; p2 has the VSD ``b`` and squadrons t1, t2."""
    events = setup_events(("a", None, 1, 1), ("b", None, 2, 1),
                          squadrons=[("t1", 2), ("t2", 2)])
    events.append(game.PhaseAdvanced())
    state = game.replay(events)
    state = game.replay(events + dials(state) + [game.PhaseAdvanced(), game.ShipActivated("a")])
    return state


def _attack(state, defender, zone, defending_zone=None):
    state = game.apply(state, game.AttackDeclared("a", defender, zone, defending_zone, "close"))
    return game.apply(state, game.AttackEnded())


def test_a_squadron_is_targeted_only_once_per_attack(attacking):
    state = _attack(attacking, "t1", "front")
    with pytest.raises(RuleViolation, match="only once per attack"):
        game.apply(state, game.AttackDeclared("a", "t1", "front", None, "close"))
    state = _attack(state, "t2", "front")          # another squadron: the same attack, legal
    assert state.ship("a").attacks == (("front", True),)


def test_an_additional_squadron_target_follows_at_once(attacking):
    # front at t1, then left at the ship b: the front zone's attack is over, so a later front
    # attack on t2 is a third attack from a zone already used, not an additional target
    state = _attack(attacking, "t1", "front")
    state = _attack(state, "b", "left", "front")
    with pytest.raises(RuleViolation, match="different hull zone"):
        game.apply(state, game.AttackDeclared("a", "t2", "front", None, "close"))


def test_the_same_squadron_again_in_a_second_attack_from_another_zone(attacking):
    # "A ship can attack the same target with different attacks" (p.2)
    state = _attack(attacking, "t1", "front")
    state = _attack(state, "t1", "left")
    assert state.ship("a").attacks == (("front", True), ("left", True))
