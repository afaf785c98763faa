"""Salvo (RRG v1.6 "Defense Tokens", p.5): "If the attacker was a ship, the defender performs a
salvo attack against the attacking hull zone using the defender's printed rear battery
armament. If the attacker was a squadron ... its printed anti-squadron armament." "The effect of
the salvo defense token cannot be resolved during a counter, salvo, or ignition attack." "During
a salvo attack, the attack range and line-of-sight are treated as the same as those of the
original attack" -- so only the dice appropriate for that range are gathered ("Attack" p.2,
step 2). "If the ship that spent the salvo token is destroyed before performing a salvo attack,
it performs the salvo attack before it is removed."
"""

import pytest

from armada_vision import game
from armada_vision.catalog import Dice
from armada_vision.game import RuleViolation


@pytest.fixture
def venator(catalog):
    """Venator I: tokens brace, redirect, contain, salvo (index 3)."""
    return catalog.ship("venator-i-class-star-destroyer")


def _salvo_state(attack_on, venator, range_band="medium"):
    _, state = attack_on(defender_cls=venator, range_band=range_band)   # b (front) attacks a
    salvo = [i for i, t in enumerate(state.ship("a").defense_tokens) if t.kind == "salvo"][0]
    return state, salvo


@pytest.mark.parametrize(("band", "dice"), [
    ("close", Dice(red=2, blue=1, black=1)), ("medium", Dice(red=2, blue=1)),
    ("long", Dice(red=2)), ("extreme", Dice()),
])
def test_salvo_dice_are_the_rear_battery_at_the_original_range(band, dice):
    class Cls:                       # a rear battery with all three colours
        armament = {"rear": Dice(red=2, blue=1, black=1)}
        anti_squadron = Dice(blue=2, black=1)
    assert game.salvo(Cls, attacker_is_squadron=False, range_band=band) == ("rear", dice)
    # against a squadron (distance 1: close range) the whole anti-squadron armament
    assert game.salvo(Cls, attacker_is_squadron=True) == (None, Dice(blue=2, black=1))


def test_a_salvo_follows_a_spent_salvo_token(attack_on, venator):
    state, k = _salvo_state(attack_on, venator)
    state = game.apply(state, game.DefenseTokenSpent("a", k))
    state = game.apply(state, game.AttackEnded())
    # the salvo targets the attacking hull zone (b's front), at the original range
    state = game.apply(state, game.AttackDeclared("a", "b", "rear", "front", "medium", salvo=True))
    assert (state.attack.attacker, state.attack.defending_zone) == ("a", "front")
    assert state.attack.range_band == "medium"


def test_no_salvo_without_a_salvo_token(attack_on, venator):
    state, k = _salvo_state(attack_on, venator)
    state = game.apply(state, game.AttackEnded())
    with pytest.raises(RuleViolation, match="salvo"):
        game.apply(state, game.AttackDeclared("a", "b", "rear", "front", "medium", salvo=True))


@pytest.mark.parametrize(("zone", "band"), [("left", "medium"), ("front", "long")])
def test_a_salvo_is_against_the_attacking_zone_at_the_original_range(attack_on, venator, zone,
                                                                     band):
    state, k = _salvo_state(attack_on, venator)
    state = game.apply(state, game.DefenseTokenSpent("a", k))
    state = game.apply(state, game.AttackEnded())
    with pytest.raises(RuleViolation, match="salvo"):
        game.apply(state, game.AttackDeclared("a", "b", "rear", zone, band, salvo=True))


def test_a_salvo_token_spent_during_a_salvo_attack_gives_no_second_salvo(attack_on, venator,
                                                                         catalog):
    state, k = _salvo_state(attack_on, venator)
    state = game.apply(state, game.DefenseTokenSpent("a", k))
    state = game.apply(state, game.AttackEnded())
    state = game.apply(state, game.AttackDeclared("a", "b", "rear", "front", "medium", salvo=True))
    state = game.apply(state, game.AttackEnded())
    with pytest.raises(RuleViolation, match="salvo"):
        game.apply(state, game.AttackDeclared("b", "a", "front", "rear", "medium", salvo=True))


def test_a_defender_destroyed_by_the_attack_still_performs_its_salvo(attack_on, venator):
    state, k = _salvo_state(attack_on, venator)
    state = game.apply(state, game.DefenseTokenSpent("a", k))
    state = game.apply(state, game.DamageDealt("a", facedown=venator.hull))
    assert state.ship("a").destroyed
    state = game.apply(state, game.AttackEnded())
    state = game.apply(state, game.AttackDeclared("a", "b", "rear", "front", "medium", salvo=True))
    assert state.attack.attacker == "a" and state.phase == "ship"
    # a was player 1's only ship: once its salvo is resolved the game ends (RRG p.22); its
    # salvo destroying player 2's last ship too leaves both fleets without ships: the scores
    # decide, no winner
    over = game.apply(state, game.AttackEnded())
    assert over.phase == "ended" and over.winner == 2
    both = game.apply(state, game.Destroyed("c", "left the play area"))   # player 2's other ship
    both = game.apply(both, game.DamageDealt("b", facedown=state.ship("b").hull))
    both = game.apply(both, game.AttackEnded())
    assert both.phase == "ended" and both.winner is None


def test_declaring_another_attack_forfeits_the_salvo(attack_on, venator):
    state, k = _salvo_state(attack_on, venator)
    state = game.apply(state, game.DefenseTokenSpent("a", k))
    state = game.apply(state, game.AttackEnded())
    state = game.apply(state, game.AttackDeclared("b", "a", "right", "left", "medium"))
    state = game.apply(state, game.AttackEnded())
    with pytest.raises(RuleViolation, match="salvo"):
        game.apply(state, game.AttackDeclared("a", "b", "rear", "front", "medium", salvo=True))
