"""Command dials and tokens, one test per sentence of armada-rules.md 1.7 (RRG pp.3-4)."""

import pytest

from armada_vision import game
from armada_vision.game import RuleViolation


@pytest.fixture
def activated(setup_events):
    """``activated(dials=(...))``: p1's VSD ``a`` (command 3) activated in round 1, its top dial
    revealed; p2's ``b`` waiting."""

    def build(dials=("navigate", "repair", "squadron"), tokens=()):
        events = setup_events(("a", None, 1, 2), ("b", None, 2, 2))
        events += [
            game.PhaseAdvanced(),
            game.DialsAssigned("a", tuple(dials)),
            game.DialsAssigned("b", ("navigate", "navigate", "navigate")),
            game.PhaseAdvanced(),
            game.ShipActivated("a"),
        ]
        state = game.replay(events)
        for t in tokens:
            state = game.apply(state, game.CommandTokenGained("a", t))
        return state

    return build


def test_command_phase_tops_the_stack_up_to_the_command_value(setup_events):
    state = game.replay([*setup_events(("a", None, 1, 2)), game.PhaseAdvanced()])
    assert state.phase == "command" and state.ship("a").dials == ()
    with pytest.raises(RuleViolation, match=r"topped up to its command value \(3\).*RRG p\.3"):
        game.apply(state, game.DialsAssigned("a", ("navigate",) * 4))
    with pytest.raises(RuleViolation, match="a has 1 of 3"):
        game.replay(
            [
                *setup_events(("a", None, 1, 2)),
                game.PhaseAdvanced(),
                game.DialsAssigned("a", ("repair",)),
                game.PhaseAdvanced(),
            ]
        )


def test_new_dials_go_under_the_stack(setup_events):
    # Round 1: stack navigate, repair, squadron (top first). Activation reveals navigate; in
    # round 2 one new dial is needed and it goes under repair, squadron.
    events = setup_events(("a", None, 1, 2))
    events += [
        game.PhaseAdvanced(),
        game.DialsAssigned("a", ("navigate", "repair", "squadron")),
        game.PhaseAdvanced(),
        game.ShipActivated("a"),
        game.ActivationEnded("a"),
        game.PhaseAdvanced(),  # squadron
        game.PhaseAdvanced(),  # status
        game.PhaseAdvanced(),  # round 2 command
        game.DialsAssigned("a", ("concentrate-fire",)),
    ]
    state = game.replay(events)
    assert state.round == 2
    assert state.ship("a").dials == ("repair", "squadron", "concentrate-fire")


def test_activation_reveals_the_top_dial(activated):
    ship = activated().ship("a")
    assert ship.revealed_dial == "navigate"
    assert ship.dials == ("repair", "squadron")


def test_a_dial_converted_to_a_token(activated):
    state = game.apply(activated(), game.DialConverted("a"))
    assert state.ship("a").command_tokens == ("navigate",)
    assert state.ship("a").revealed_dial is None


def test_an_unspent_dial_is_discarded_after_the_activation(activated):
    state = game.apply(activated(), game.ActivationEnded("a"))
    assert state.ship("a").revealed_dial is None
    assert state.ship("a").command_tokens == ()


def test_a_fourth_token_on_a_command_3_ship_forces_a_discard(activated):
    state = activated(tokens=("repair", "squadron", "concentrate-fire"))
    state = game.apply(state, game.DialConverted("a"))  # navigate: a fourth token
    assert state.pending is not None
    assert state.pending.ship == "a"
    assert set(state.pending.options) == {"repair", "squadron", "concentrate-fire", "navigate"}
    # Nothing else may happen until the player has chosen.
    with pytest.raises(RuleViolation, match="pending choice"):
        game.apply(state, game.ActivationEnded("a"))
    state = game.apply(state, game.CommandTokenDiscarded("a", "squadron"))
    assert state.pending is None
    assert state.ship("a").command_tokens == ("repair", "concentrate-fire", "navigate")


def test_a_duplicate_token_forces_discarding_that_token(activated):
    state = activated(tokens=("navigate",))
    state = game.apply(state, game.DialConverted("a"))
    assert state.pending.options == ("navigate",)
    with pytest.raises(RuleViolation, match="discard one of navigate"):
        game.apply(state, game.CommandTokenDiscarded("a", "repair"))
    state = game.apply(state, game.CommandTokenDiscarded("a", "navigate"))
    assert state.ship("a").command_tokens == ("navigate",)


def test_log_only_events_pass_while_a_choice_is_pending(activated):
    state = game.apply(activated(tokens=("navigate",)), game.DialConverted("a"))
    after = game.apply(state, game.Note(text="thinking"))
    assert after.pending == state.pending and after.events == state.events + 1


def test_tokens_may_be_spent_the_round_they_are_gained(activated):
    state = game.apply(activated(), game.DialConverted("a"))
    state = game.apply(state, game.CommandResolved("a", "navigate", token=True))
    assert state.ship("a").command_tokens == ()
    assert state.ship("a").navigate_steps == 1


def test_each_command_resolves_once_a_round(activated):
    state = activated(tokens=("navigate",))
    state = game.apply(state, game.CommandResolved("a", "navigate", dial=True))
    with pytest.raises(RuleViolation, match=r"at most once per round.*RRG p\.3"):
        game.apply(state, game.CommandResolved("a", "navigate", token=True))


def test_dial_and_token_together_are_one_resolution(activated):
    state = activated(tokens=("navigate",))
    state = game.apply(state, game.CommandResolved("a", "navigate", dial=True, token=True))
    ship = state.ship("a")
    assert ship.resolved_commands == ("navigate",)
    assert ship.navigate_steps == 2 and ship.navigate_extra_click
    assert ship.revealed_dial is None and ship.command_tokens == ()


def test_resolving_needs_the_matching_dial(activated):
    with pytest.raises(RuleViolation, match="revealed dial is navigate"):
        game.apply(activated(), game.CommandResolved("a", "repair", dial=True))


def test_navigate_changes_speed_by_one_per_dial_or_token(activated):
    state = game.apply(activated(), game.CommandResolved("a", "navigate", dial=True))
    state = game.apply(state, game.SpeedChanged("a", 1))
    assert state.ship("a").speed == 1
    with pytest.raises(RuleViolation, match="navigate"):
        game.apply(state, game.SpeedChanged("a", 0))


def test_speed_never_above_the_speed_chart(activated):
    state = game.apply(activated(), game.CommandResolved("a", "navigate", dial=True))
    with pytest.raises(RuleViolation, match=r"0\.\.2"):
        game.apply(state, game.SpeedChanged("a", 3))


def test_speed_change_without_navigate_is_refused(activated):
    with pytest.raises(RuleViolation, match="navigate command"):
        game.apply(activated(), game.SpeedChanged("a", 1))


def test_repair_dial_gives_engineering_value_points(activated):
    state = activated(dials=("repair", "navigate", "squadron"))
    state = game.apply(state, game.CommandResolved("a", "repair", dial=True))
    assert state.ship("a").engineering_points == 4  # VSD engineering 4


def test_repair_costs_move_1_recover_2_discard_3(activated):
    state = activated(dials=("repair", "navigate", "squadron"))
    state = game.apply(state, game.DamageDealt("a", zone="front", shields=2, facedown=1))
    state = game.apply(state, game.CommandResolved("a", "repair", dial=True))  # 4 points
    state = game.apply(state, game.RepairSpent("a", "move-shield", "left", "front"))
    ship = state.ship("a")
    assert (ship.shields["left"], ship.shields["front"], ship.engineering_points) == (2, 2, 3)
    state = game.apply(state, game.RepairSpent("a", "discard-damage"))
    assert state.ship("a").damage_cards == 0 and state.ship("a").engineering_points == 0
    with pytest.raises(RuleViolation, match="costs 2 engineering"):
        game.apply(state, game.RepairSpent("a", "recover-shield", "front"))


def test_move_shield_to_any_other_zone_not_above_maximum(activated):
    """RRG 1.6 "Commands" p.4 (same in 1.5): move shields = reduce one hull zone's shield dial
    by one, then increase *another* of its hull zones' by one, without exceeding its maximum.
    No adjacency (that is redirect's rule, p.4): left -> right is legal once right has room."""
    state = activated(dials=("repair", "navigate", "squadron"))
    state = game.apply(state, game.DamageDealt("a", zone="right", shields=1))
    state = game.apply(state, game.CommandResolved("a", "repair", dial=True))
    moved = game.apply(state, game.RepairSpent("a", "move-shield", "left", "right"))
    ship = moved.ship("a")
    assert (ship.shields["left"], ship.shields["right"], ship.engineering_points) == (2, 3, 3)
    with pytest.raises(RuleViolation, match="maximum"):
        game.apply(state, game.RepairSpent("a", "move-shield", "left", "front"))
    with pytest.raises(RuleViolation, match="another"):
        game.apply(state, game.RepairSpent("a", "move-shield", "right", "right"))


def test_repair_token_gives_half_rounded_up(activated):
    state = activated(tokens=("repair",))
    state = game.apply(state, game.CommandResolved("a", "repair", token=True))
    assert state.ship("a").engineering_points == 2  # ceil(4 / 2)


def test_squadron_command_activates_up_to_squadron_value(setup_events):
    events = setup_events(
        ("a", None, 1, 2),
        ("b", None, 2, 2),
        squadrons=[("t1", 1), ("t2", 1), ("t3", 1), ("t4", 1), ("x", 2)],
    )
    events += [
        game.PhaseAdvanced(),
        game.DialsAssigned("a", ("squadron", "repair", "repair")),
        game.DialsAssigned("b", ("navigate",) * 3),
        game.PhaseAdvanced(),
        game.ShipActivated("a"),
        game.CommandResolved("a", "squadron", dial=True),  # VSD squadron value 3
    ]
    state = game.replay(events)
    with pytest.raises(RuleViolation, match="friendly"):
        game.apply(state, game.SquadronsActivated(("t1", "x")))
    with pytest.raises(RuleViolation, match="3 activation"):
        game.apply(state, game.SquadronsActivated(("t1", "t2", "t3", "t4")))
    state = game.apply(state, game.SquadronsActivated(("t1", "t2", "t3")))
    assert [s.activated for s in state.squadrons] == [True, True, True, False, False]


def test_huge_ship_gains_the_matching_token_when_it_reveals(setup_events, vsd):
    import dataclasses

    huge = dataclasses.replace(vsd, id="test-huge", size_class="huge")
    events = setup_events(("h", huge, 1, 1))
    events += [
        game.PhaseAdvanced(),
        game.DialsAssigned("h", ("repair",) * 3),
        game.PhaseAdvanced(),
        game.ShipActivated("h"),
    ]
    ship = game.replay(events).ship("h")
    assert ship.revealed_dial == "repair" and ship.command_tokens == ("repair",)


def test_spending_a_dial_for_no_effect_still_spends_and_resolves_it(activated):
    # RRG p.3 / armada-rules.md 1.7.6: a repair with nothing to repair still counts.
    state = activated(dials=("repair", "navigate", "squadron"))
    assert state.ship("a").damage_cards == 0
    state = game.apply(state, game.CommandResolved("a", "repair", dial=True))
    ship = state.ship("a")
    assert ship.revealed_dial is None and ship.resolved_commands == ("repair",)
    state = game.apply(state, game.CommandTokenGained("a", "repair"))
    with pytest.raises(RuleViolation, match="at most once per round"):
        game.apply(state, game.CommandResolved("a", "repair", token=True))


def test_gaining_a_token_within_limits_needs_no_choice(activated):
    state = game.apply(activated(tokens=("repair",)), game.DialConverted("a"))
    assert state.pending is None
    assert state.ship("a").command_tokens == ("repair", "navigate")


def test_losing_more_shields_than_a_zone_has_left_reads_right_with_one_left(activated):
    # it said "a's front zone has 1 shields, cannot lose 2"
    state = activated()
    front = state.ship("a").shields["front"]
    state = game.apply(state, game.DamageDealt("a", zone="front", shields=front - 1))
    with pytest.raises(RuleViolation) as info:
        game.apply(state, game.DamageDealt("a", zone="front", shields=2))
    assert str(info.value) == "a's front zone cannot lose 2 of its shields (it has 1) (RRG p.14)"
