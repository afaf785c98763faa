"""Token and command effects as pure functions (armada-rules.md 1.6.3, 1.7.4-1.7.5)."""

import pytest

from armada_vision import game
from armada_vision.catalog import Dice
from armada_vision.game import RuleViolation

ADJ = {
    "front": ("left", "right"),
    "left": ("front", "rear"),
    "right": ("front", "rear"),
    "rear": ("left", "right"),
}


@pytest.mark.parametrize("damage, braced", [(5, 3), (4, 2), (1, 1), (0, 0), (7, 4)])
def test_brace_halves_rounding_up(damage, braced):
    assert game.brace(damage) == braced


def test_redirect_goes_to_adjacent_zone_up_to_its_shields():
    shields = {"front": 0, "left": 2, "right": 3, "rear": 1}
    assert game.redirect(5, "front", "left", ADJ, shields) == (2, 3)
    assert game.redirect(5, "front", "right", ADJ, shields, amount=1) == (1, 4)


def test_redirect_refuses_front_to_rear_and_left_to_right():
    shields = {"front": 3, "left": 3, "right": 3, "rear": 1}
    with pytest.raises(RuleViolation, match="adjacent"):
        game.redirect(3, "front", "rear", ADJ, shields)
    with pytest.raises(RuleViolation, match="adjacent"):
        game.redirect(3, "left", "right", ADJ, shields)


def test_redirect_cannot_move_more_than_remaining_shields():
    with pytest.raises(RuleViolation, match="at most"):
        game.redirect(5, "front", "left", ADJ, {"left": 1}, amount=2)


def test_adjacency_comes_from_shared_arc_lines(vsd):
    event = game.ShipAdded.from_class("v", vsd, 1)
    assert set(event.adjacency["front"]) == {"left", "right"}
    assert set(event.adjacency["rear"]) == {"left", "right"}
    assert set(event.adjacency["left"]) == {"front", "rear"}


def test_huge_ship_aux_zones_adjacent_to_side_and_rear(vsd):
    import dataclasses

    huge = dataclasses.replace(
        vsd,
        size_class="huge",
        zone_lines={
            "front": ("front_left", "front_right"),
            "left": ("front_left", "left_aux"),
            "right": ("front_right", "right_aux"),
            "left-aux": ("left_aux", "rear_left"),
            "right-aux": ("right_aux", "rear_right"),
            "rear": ("rear_left", "rear_right"),
        },
    )
    adj = game.ShipAdded.from_class("h", huge, 1).adjacency
    assert set(adj["left-aux"]) == {"left", "rear"}
    assert set(adj["rear"]) == {"left-aux", "right-aux"}


@pytest.mark.parametrize(
    "band, distance, mode, dice",
    [
        ("long", None, "cancel", 1),
        ("medium", None, "reroll", 1),
        ("close", None, "reroll", 1),
        ("extreme", None, "cancel", 2),
        (None, 1, "reroll", 1),
        (None, 2, "reroll", 1),
    ],
)
def test_evade_by_range(band, distance, mode, dice):
    effect = game.evade(band, distance)
    assert (effect.mode, effect.dice, effect.extra_die_allowed) == (mode, dice, False)


def test_evade_extra_die_only_against_a_larger_ship():
    assert game.evade("long", attacker_size="large", defender_size="small").extra_die_allowed
    assert not game.evade("long", attacker_size="small", defender_size="large").extra_die_allowed
    assert not game.evade("long", attacker_size="medium", defender_size="medium").extra_die_allowed
    assert not game.evade("long", attacker_size=None, defender_size="small").extra_die_allowed


def test_scatter_cancels_all_dice():
    assert game.scatter(Dice(red=3, blue=2, black=1)).total == 0


def test_contain_prevents_the_standard_critical():
    assert game.standard_critical_allowed(contain_spent=False)
    assert not game.standard_critical_allowed(contain_spent=True)


def test_salvo_uses_rear_battery_against_ships_and_anti_squadron_against_squadrons(vsd):
    assert game.salvo(vsd, attacker_is_squadron=False) == ("rear", Dice(red=2))
    assert game.salvo(vsd, attacker_is_squadron=True) == (None, Dice(blue=1))


def test_navigate_dial_and_token():
    assert game.navigate(dial=True, token=False) == game.NavigateEffect(1, True)
    assert game.navigate(dial=False, token=True) == game.NavigateEffect(1, False)
    assert game.navigate(dial=True, token=True) == game.NavigateEffect(2, True)


def test_repair_points_dial_engineering_token_half_rounded_up():
    assert game.engineering_points(4, dial=True, token=False) == 4
    assert game.engineering_points(5, dial=False, token=True) == 3
    assert game.engineering_points(4, dial=True, token=True) == 6


def test_repair_costs():
    assert [game.repair_cost(a) for a in ("move-shield", "recover-shield", "discard-damage")] == [
        1,
        2,
        3,
    ]


def test_squadron_command_dial_squadron_value_token_one():
    assert game.squadron_activations(3, dial=True, token=False) == 3
    assert game.squadron_activations(3, dial=False, token=True) == 1


def test_concentrate_fire_dial_adds_token_rerolls():
    assert game.concentrate_fire(True, False) == game.ConcentrateFireEffect(True, 0)
    assert game.concentrate_fire(False, True) == game.ConcentrateFireEffect(False, 1)
