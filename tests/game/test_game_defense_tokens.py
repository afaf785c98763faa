"""Defense tokens, one test per sentence of armada-rules.md 1.6 (RRG "Defense Tokens", pp.4-5)."""

import pytest

from armada_vision import game
from armada_vision.game import RuleViolation


def spend(events, token, **kw):
    events = [*events, game.DefenseTokenSpent("a", token, **kw)]
    return events, game.replay(events)


def test_tokens_start_readied(attack_on):
    _, state = attack_on()
    assert [t.state for t in state.ship("a").defense_tokens] == ["readied"] * 3


def test_spending_a_readied_token_exhausts_it(attack_on):
    events, _ = attack_on()
    _, state = spend(events, 0)  # brace
    assert state.ship("a").defense_tokens[0].state == "exhausted"
    assert state.attack.spent == (0,)


def test_spending_an_exhausted_token_discards_it(attack_on):
    events, _ = attack_on()
    events, _ = spend(events, 0)
    events += [game.AttackEnded(), game.AttackDeclared("b", "a", "left", "left", "close")]
    _, state = spend(events, 0)  # the brace is still exhausted (no Status Phase in between)
    assert state.ship("a").defense_tokens[0].state == "discarded"


def test_a_discarded_token_cannot_be_spent(attack_on):
    events, _ = attack_on()
    events, _ = spend(events, 0)
    events += [game.AttackEnded(), game.AttackDeclared("b", "a", "left", "left", "close")]
    events, _ = spend(events, 0)
    events += [
        game.AttackEnded(),
        game.ActivationEnded("b"),
        game.ShipActivated("c"),
        game.AttackDeclared("c", "a", "front", "rear", "close"),
    ]
    with pytest.raises(RuleViolation, match="discarded"):
        spend(events, 0)


def test_the_same_token_twice_in_one_attack_is_refused(attack_on):
    events, _ = attack_on()
    events, state = spend(events, 1)
    with pytest.raises(RuleViolation, match=r"same defense token cannot be spent twice.*RRG p\.5"):
        game.apply(state, game.DefenseTokenSpent("a", 1))


def test_two_tokens_of_one_type_in_one_attack_are_refused(attack_on):
    # The VSD has two redirects (#1, #2): only one may be spent per attack.
    events, state = attack_on()
    state = game.apply(state, game.DefenseTokenSpent("a", 1))
    with pytest.raises(RuleViolation, match=r"at most one defense token of each type.*RRG p\.5"):
        game.apply(state, game.DefenseTokenSpent("a", 2))
    assert state.ship("a").defense_tokens[2].state == "readied"


def test_tokens_of_different_types_may_be_spent_in_one_attack(attack_on):
    _, state = attack_on()
    state = game.apply(state, game.DefenseTokenSpent("a", 0))
    state = game.apply(state, game.DefenseTokenSpent("a", 1, redirect_zone="left"))
    assert state.attack.spent == (0, 1)
    assert state.attack.redirect_zone == "left"


def test_a_ship_at_speed_0_cannot_spend_any_token(attack_on):
    _, state = attack_on(defender_speed=0)
    for i in range(3):
        with pytest.raises(
            RuleViolation, match=r"speed 0 cannot spend defense tokens \(RRG p\.4\)"
        ):
            game.apply(state, game.DefenseTokenSpent("a", i))


def test_status_phase_readies_exhausted_tokens_but_not_discarded(attack_on):
    events, _ = attack_on()
    events, _ = spend(events, 0)
    events += [game.AttackEnded(), game.AttackDeclared("b", "a", "left", "left", "close")]
    events, _ = spend(events, 0)  # brace discarded
    events, _ = spend(events, 1)  # a redirect exhausted
    events += [
        game.AttackEnded(),
        game.ActivationEnded("b"),
        game.ShipActivated("c"),
        game.ActivationEnded("c"),
    ]
    state = game.replay([*events, game.PhaseAdvanced()])  # Squadron Phase
    assert state.ship("a").defense_tokens[1].state == "exhausted"
    state = game.apply(state, game.PhaseAdvanced())  # Status Phase
    assert state.phase == "status"
    assert [t.state for t in state.ship("a").defense_tokens] == ["discarded", "readied", "readied"]


def test_accuracy_locked_token_cannot_be_spent(attack_on):
    _, state = attack_on()
    state = game.apply(state, game.AccuracySpent(0))
    with pytest.raises(RuleViolation, match=r"accuracy icon.*RRG p\.4"):
        game.apply(state, game.DefenseTokenSpent("a", 0))
    # The other tokens stay available.
    assert game.apply(state, game.DefenseTokenSpent("a", 1)).attack.spent == (1,)


def test_accuracy_after_tokens_are_spent_is_too_late(attack_on):
    _, state = attack_on()
    state = game.apply(state, game.DefenseTokenSpent("a", 1))
    with pytest.raises(RuleViolation, match="before the defender spends"):
        game.apply(state, game.AccuracySpent(0))


def test_a_defender_at_speed_1_may_spend(attack_on):
    _, state = attack_on(defender_speed=1)
    assert game.apply(state, game.DefenseTokenSpent("a", 0)).ship("a").defense_tokens[0].exhausted


def test_redirect_only_to_an_adjacent_zone(attack_on):
    _, state = attack_on()  # defending zone: front
    with pytest.raises(RuleViolation, match=r"adjacent to the defending front zone.*not rear"):
        game.apply(state, game.DefenseTokenSpent("a", 1, redirect_zone="rear"))
    for zone in ("left", "right"):
        assert game.apply(state, game.DefenseTokenSpent("a", 1, redirect_zone=zone))


def test_evade_extra_die_against_larger_attacker_discards_the_token(attack_on, small_evader, vsd):
    # Small defender, medium attacker: one more die, and the evade is discarded even though it
    # was readied (RRG 1.5 p.5).
    _, state = attack_on(defender_cls=small_evader, attacker_cls=vsd, range_band="long")
    after = game.apply(state, game.DefenseTokenSpent("a", 0, evade_extra=True))
    assert after.ship("a").defense_tokens[0].state == "discarded"
    # Without the extra die the readied evade is only exhausted.
    after = game.apply(state, game.DefenseTokenSpent("a", 0))
    assert after.ship("a").defense_tokens[0].state == "exhausted"


def test_evade_extra_die_refused_against_same_or_smaller_attacker(attack_on, small_evader):
    _, state = attack_on(defender_cls=small_evader, attacker_cls=small_evader, range_band="long")
    with pytest.raises(RuleViolation, match="larger size class"):
        game.apply(state, game.DefenseTokenSpent("a", 0, evade_extra=True))


def test_only_the_defender_spends_tokens(attack_on):
    _, state = attack_on()
    with pytest.raises(RuleViolation, match="only the defender"):
        game.apply(state, game.DefenseTokenSpent("b", 0))


def test_refused_spend_leaves_state_unchanged(attack_on):
    _, state = attack_on(defender_speed=0)
    before = state
    with pytest.raises(RuleViolation):
        game.apply(state, game.DefenseTokenSpent("a", 0))
    assert state == before and state.ship("a").defense_tokens[0].readied


def test_a_temporary_overlap_speed_reduction_does_not_stop_spending(attack_on):
    # RRG p.14: the overlap fall-back executes the move at a lower speed but leaves the dial;
    # the speed-0 rule reads the dial (p.4), so a ship whose move fell back to 0 still spends.
    events, _ = attack_on(defender_speed=1)
    state = game.replay(events)
    state = game.apply(state, game.ManeuverExecuted("a", {"executed_speed": 0, "speed": 1}))
    assert state.ship("a").speed == 1
    assert game.apply(state, game.DefenseTokenSpent("a", 0)).ship("a").defense_tokens[0].exhausted


def test_a_ship_attacks_twice_at_most_each_time_from_another_zone(attack_on):
    # RRG p.16 (geometry.md 6): two attacks per activation, from different hull zones.
    events, state = attack_on()  # b attacks from its front zone
    state = game.apply(state, game.AttackEnded())
    with pytest.raises(RuleViolation, match=r"different hull zone.*front.*RRG p\.16"):
        game.apply(state, game.AttackDeclared("b", "a", "front", "left", "medium"))
    state = game.apply(state, game.AttackDeclared("b", "a", "right", "left", "medium"))
    state = game.apply(state, game.AttackEnded())
    with pytest.raises(RuleViolation, match="at most 2 times"):
        game.apply(state, game.AttackDeclared("b", "a", "rear", "rear", "long"))


def test_a_ship_attacks_only_during_its_own_activation_except_salvo(attack_on, catalog):
    _, state = attack_on(defender_cls=catalog.ship("venator-i-class-star-destroyer"),
                         range_band="close")
    salvo = [t.kind for t in state.ship("a").defense_tokens].index("salvo")
    state = game.apply(state, game.DefenseTokenSpent("a", salvo))
    state = game.apply(state, game.AttackEnded())
    with pytest.raises(RuleViolation, match="own activation"):
        game.apply(state, game.AttackDeclared("a", "b", "front", "front", "close"))
    # A salvo counter-attack comes from the defender, outside its activation (RRG p.5).
    state = game.apply(state, game.AttackDeclared("a", "b", "rear", "front", "close", salvo=True))
    assert state.attack.attacker == "a"
