"""The game round: phases from the table, initiative, alternating activations, pass tokens,
two squadrons at a time, six rounds (RRG pp.14-20)."""

import pytest

from armada_vision import game
from armada_vision.game import RuleViolation


def to_ship_phase(events, dials):
    state = game.replay([*events, game.PhaseAdvanced()])
    events = [*events, game.PhaseAdvanced(), *dials(state), game.PhaseAdvanced()]
    return events, game.replay(events)


def test_a_round_is_command_ship_squadron_status(setup_events, dials):
    events, state = to_ship_phase(setup_events(("a", None, 1, 1), ("b", None, 2, 1)), dials)
    seen = [state.phase]
    for e in [
        game.ShipActivated("a"),
        game.ActivationEnded("a"),
        game.ShipActivated("b"),
        game.ActivationEnded("b"),
        game.PhaseAdvanced(),
        game.PhaseAdvanced(),
        game.PhaseAdvanced(),
    ]:
        state = game.apply(state, e)
        if state.phase != seen[-1]:
            seen.append(state.phase)
    assert seen == ["ship", "squadron", "status", "command"]
    assert state.round == 2


def test_the_game_lasts_six_rounds(setup_events, dials):
    events = setup_events(("a", None, 1, 1))
    state = game.replay(events)
    for rnd in range(1, 7):
        state = game.apply(state, game.PhaseAdvanced())  # command
        assert (state.round, state.phase) == (rnd, "command")
        for e in dials(state):
            state = game.apply(state, e)
        state = game.apply(state, game.PhaseAdvanced())
        state = game.apply(state, game.ShipActivated("a"))
        state = game.apply(state, game.ActivationEnded("a"))
        state = game.apply(state, game.PhaseAdvanced())  # squadron
        state = game.apply(state, game.PhaseAdvanced())  # status
    state = game.apply(state, game.PhaseAdvanced())
    assert state.phase == "ended" and state.round == 6
    with pytest.raises(RuleViolation, match="over after round 6"):
        game.apply(state, game.PhaseAdvanced())


def test_the_first_player_activates_first(setup_events, dials):
    _, state = to_ship_phase(
        setup_events(("a", None, 1, 1), ("b", None, 2, 1), first_player=2), dials
    )
    assert state.turn_player == 2
    with pytest.raises(RuleViolation, match=r"player 2's turn.*RRG p\.17"):
        game.apply(state, game.ShipActivated("a"))


def test_initiative_stays_with_the_first_player_every_round(setup_events, dials):
    # RRG p.20: the Status Phase flips the initiative token to mark the round; the first
    # player keeps the initiative for the whole game.
    events, state = to_ship_phase(
        setup_events(("a", None, 1, 1), ("b", None, 2, 1), first_player=2), dials
    )
    for e in [
        game.ShipActivated("b"),
        game.ActivationEnded("b"),
        game.ShipActivated("a"),
        game.ActivationEnded("a"),
        game.PhaseAdvanced(),
        game.PhaseAdvanced(),
    ]:
        state = game.apply(state, e)
    assert state.phase == "status" and state.initiative_side == 1
    state = game.apply(state, game.PhaseAdvanced())
    for e in dials(state):
        state = game.apply(state, e)
    state = game.apply(state, game.PhaseAdvanced())
    assert state.round == 2 and state.first_player == 2 and state.turn_player == 2


def test_players_alternate_and_the_one_with_ships_left_continues(setup_events, dials):
    _, state = to_ship_phase(
        setup_events(
            ("a1", None, 1, 1), ("a2", None, 1, 1), ("a3", None, 1, 1), ("b1", None, 2, 1)
        ),
        dials,
    )
    order = []
    for ship in ["a1", "b1", "a2", "a3"]:
        order.append(state.turn_player)
        state = game.apply(state, game.ShipActivated(ship))
        state = game.apply(state, game.ActivationEnded(ship))
    assert order == [1, 2, 1, 1]
    assert state.turn_player is None


def test_a_ship_activates_once_a_round(setup_events, dials):
    _, state = to_ship_phase(setup_events(("a", None, 1, 1), ("a2", None, 1, 1)), dials)
    state = game.apply(state, game.ShipActivated("a"))
    state = game.apply(state, game.ActivationEnded("a"))
    with pytest.raises(RuleViolation, match="already activated"):
        game.apply(state, game.ShipActivated("a"))


def test_the_ship_phase_ends_only_when_every_ship_has_activated(setup_events, dials):
    _, state = to_ship_phase(setup_events(("a", None, 1, 1), ("b", None, 2, 1)), dials)
    with pytest.raises(RuleViolation, match="still to activate: a, b"):
        game.apply(state, game.PhaseAdvanced())


def test_pass_tokens_equal_the_ship_difference_minus_one_for_the_first_player(setup_events):
    three_v_one = setup_events(
        ("a1", None, 1, 1), ("a2", None, 1, 1), ("a3", None, 1, 1), ("b1", None, 2, 1)
    )
    assert dict(game.replay([*three_v_one, game.PhaseAdvanced()]).pass_tokens) == {1: 0, 2: 2}
    first_fewer = setup_events(
        ("a1", None, 1, 1),
        ("b1", None, 2, 1),
        ("b2", None, 2, 1),
        ("b3", None, 2, 1),
        first_player=1,
    )
    assert dict(game.replay([*first_fewer, game.PhaseAdvanced()]).pass_tokens) == {1: 1, 2: 0}


def test_second_player_passes_with_a_token_but_not_on_consecutive_turns(setup_events, dials):
    # 4 ships against 2: two pass tokens for player 2.
    events = setup_events(
        ("a1", None, 1, 1),
        ("a2", None, 1, 1),
        ("a3", None, 1, 1),
        ("a4", None, 1, 1),
        ("b1", None, 2, 1),
        ("b2", None, 2, 1),
    )
    _, state = to_ship_phase(events, dials)
    assert state.pass_tokens[2] == 2
    state = game.apply(state, game.ShipActivated("a1"))
    state = game.apply(state, game.ActivationEnded("a1"))
    state = game.apply(state, game.Passed(2))  # 2 unactivated vs 3: allowed
    assert state.turn_player == 1 and state.pass_tokens[2] == 1
    state = game.apply(state, game.ShipActivated("a2"))
    state = game.apply(state, game.ActivationEnded("a2"))
    with pytest.raises(RuleViolation, match=r"consecutive turns.*RRG p\.18"):
        game.apply(state, game.Passed(2))


def test_second_player_cannot_pass_with_more_unactivated_ships(setup_events, dials):
    # 3 ships against 2: player 2 gets one pass token. A destroyed ship of player 1 leaves
    # player 2 with more unactivated ships (2 against 1), so it may not pass.
    events = setup_events(
        ("a1", None, 1, 1),
        ("a2", None, 1, 1),
        ("a3", None, 1, 1),
        ("b1", None, 2, 1),
        ("b2", None, 2, 1),
    )
    _, state = to_ship_phase(events, dials)
    assert state.pass_tokens[2] == 1
    state = game.apply(state, game.ShipActivated("a1"))
    state = game.apply(state, game.Destroyed("a2", "left the play area"))
    state = game.apply(state, game.ActivationEnded("a1"))
    with pytest.raises(RuleViolation, match=r"no more unactivated ships.*\(2 vs 1\)"):
        game.apply(state, game.Passed(2))


def test_first_player_passes_only_after_activating_a_ship(setup_events, dials):
    events = setup_events(
        ("a1", None, 1, 1),
        ("a2", None, 1, 1),
        ("b1", None, 2, 1),
        ("b2", None, 2, 1),
        ("b3", None, 2, 1),
        ("b4", None, 2, 1),
    )
    _, state = to_ship_phase(events, dials)  # player 1 first with 2 ships vs 4: 1 token
    assert state.pass_tokens[1] == 1
    with pytest.raises(RuleViolation, match="after activating a ship"):
        game.apply(state, game.Passed(1))


def test_squadrons_named_two_at_once_alternate_as_in_old_logs(setup_events, dials):
    # logs before 2026-12-02 name both squadrons of a turn in one event (RRG p.20); one at a
    # time is in test_game_squadron_turns.py
    events = setup_events(
        ("a", None, 1, 1), ("b", None, 2, 1), squadrons=[("s1", 1), ("s2", 1), ("s3", 1), ("t1", 2)]
    )
    events, state = to_ship_phase(events, dials)
    for e in [
        game.ShipActivated("a"),
        game.ActivationEnded("a"),
        game.ShipActivated("b"),
        game.ActivationEnded("b"),
        game.PhaseAdvanced(),
    ]:
        state = game.apply(state, e)
    assert state.phase == "squadron" and state.turn_player == 1
    state = game.apply(state, game.SquadronsActivated(("s1", "s2")))
    assert state.turn_player == 2
    state = game.apply(state, game.SquadronsActivated(("t1",)))  # its last one
    state = game.apply(state, game.SquadronsActivated(("s3",)))  # player 1's last one
    assert state.turn_player is None
    state = game.apply(state, game.PhaseAdvanced())
    assert state.phase == "status"


def test_squadrons_activated_by_a_squadron_command_skip_the_squadron_phase(setup_events, dials):
    events = setup_events(("a", None, 1, 1), squadrons=[("s1", 1), ("s2", 1)])
    state = game.replay([*events, game.PhaseAdvanced()])
    state = game.replay(
        [
            *events,
            game.PhaseAdvanced(),
            game.DialsAssigned("a", ("squadron", "repair", "repair")),
            game.PhaseAdvanced(),
            game.ShipActivated("a"),
            game.CommandResolved("a", "squadron", dial=True),
            game.SquadronsActivated(("s1",)),
            game.ActivationEnded("a"),
            game.PhaseAdvanced(),
        ]
    )
    assert state.phase == "squadron"
    with pytest.raises(RuleViolation, match="already activated"):
        game.apply(state, game.SquadronsActivated(("s1",)))
    state = game.apply(state, game.SquadronsActivated(("s2",)))
    assert game.apply(state, game.PhaseAdvanced()).phase == "status"


def test_ships_join_only_during_setup(setup_events, vsd):
    state = game.replay([*setup_events(("a", None, 1, 1)), game.PhaseAdvanced()])
    with pytest.raises(RuleViolation, match="during setup"):
        game.apply(state, game.ShipAdded.from_class("late", vsd, 2))


def test_nothing_happens_before_the_game_starts(vsd):
    with pytest.raises(RuleViolation, match="not started"):
        game.apply(game.INITIAL_STATE, game.ShipAdded.from_class("a", vsd, 1))


def test_overlap_damage_one_facedown_card_each(setup_events, dials):
    # RRG p.14: the moving ship and the closest overlapped ship each get one facedown card.
    events, state = to_ship_phase(setup_events(("a", None, 1, 2), ("b", None, 2, 1)), dials)
    state = game.apply(state, game.ShipActivated("a"))
    for e in [
        game.ManeuverExecuted("a", {"executed_speed": 1, "damage_to": ["a", "b"]}),
        game.DamageDealt("a", facedown=1, payload={"cause": "overlap"}),
        game.DamageDealt("b", facedown=1, payload={"cause": "overlap"}),
    ]:
        state = game.apply(state, e)
    assert (state.ship("a").damage_facedown, state.ship("b").damage_facedown) == (1, 1)
    assert state.ship("a").speed == 2  # the speed dial itself is unchanged


def test_a_ship_with_damage_equal_to_hull_is_destroyed(setup_events, dials):
    events, state = to_ship_phase(setup_events(("a", None, 1, 2), ("b", None, 2, 1)), dials)
    state = game.apply(state, game.DamageDealt("b", facedown=5, faceup=3))  # VSD hull 8
    assert state.ship("b").destroyed
    assert state.ships_of(2) == ()


def test_more_squadron_targets_of_one_attack_reuse_its_zone(setup_events, dials):
    # RRG p.2 step 6: a ship attacking squadrons may declare more squadron targets in the same
    # arc; those belong to the same attack, so the zone is not "used twice".
    events = setup_events(("a", None, 1, 1), ("b", None, 2, 1), squadrons=[("t1", 2), ("t2", 2)])
    _, state = to_ship_phase(events, dials)
    state = game.apply(state, game.ShipActivated("a"))
    state = game.apply(state, game.AttackDeclared("a", "t1", "front", None, "close"))
    state = game.apply(state, game.AttackEnded())
    state = game.apply(state, game.AttackDeclared("a", "t2", "front", None, "close"))
    state = game.apply(state, game.AttackEnded())
    with pytest.raises(RuleViolation, match="different hull zone"):
        game.apply(state, game.AttackDeclared("a", "b", "front", "rear", "close"))
    assert state.ship("a").attacks == (("front", True),)
