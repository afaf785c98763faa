"""GameHistory, why_not, spendable tokens and maneuver events agree with apply."""

import pytest

from armada_vision import game


def test_why_not_gives_the_reason_or_none(attack_on):
    _, state = attack_on(defender_speed=0)
    assert game.why_not(state, game.DefenseTokenSpent("a", 0)) == (
        "a ship at speed 0 cannot spend defense tokens (RRG p.4)"
    )
    assert game.why_not(state, game.AttackEnded()) is None


def test_spendable_tokens_leave_out_locked_and_same_type(attack_on):
    _, state = attack_on()
    assert game.spendable_defense_tokens(state) == (0, 1, 2)
    state = game.apply(state, game.AccuracySpent(0))
    state = game.apply(state, game.DefenseTokenSpent("a", 1))
    assert game.spendable_defense_tokens(state) == ()  # brace locked, a redirect already spent
    assert game.spendable_defense_tokens(game.apply(state, game.AttackEnded())) == ()


def test_history_apply_refuses_without_changing_and_undoes(attack_on):
    events, _ = attack_on(defender_speed=0)
    history = game.GameHistory(events)
    before = history.state
    with pytest.raises(game.RuleViolation):
        history.apply(game.DefenseTokenSpent("a", 0))
    assert history.state == before and len(history) == len(events)
    history.apply(game.AttackEnded())
    assert history.state.attack is None
    assert history.undo() == game.AttackEnded()
    assert history.state == before
    history.truncate(3)
    assert history.state == game.replay(events[:3])


def test_maneuver_events_give_one_facedown_card_to_each_damaged_ship(setup_events, dials):
    move = {
        "ship": "a",
        "executed_speed": 0,
        "overlapped_ships": ["b", "c"],
        "damage_to": ["a", "b"],
        "destroyed": False,
    }
    events = game.maneuver_events(move)
    assert [e.type for e in events] == ["maneuver-executed", "damage-dealt", "damage-dealt"]
    assert [(e.target, e.facedown, e.faceup) for e in events[1:]] == [("a", 1, 0), ("b", 1, 0)]


def test_maneuver_events_destroy_a_ship_that_left_the_play_area():
    events = game.maneuver_events({"ship": "a", "damage_to": [], "destroyed": True})
    assert events[-1] == game.Destroyed("a", events[-1].reason)
    assert "outside the play area" in events[-1].reason


def test_history_keeps_the_state_after_each_event(attack_on):
    events, state = attack_on()
    history = game.GameHistory(events)
    assert history.state == state
    for n in (0, 1, len(events) // 2, len(events)):
        assert history.state_after(n) == game.replay(events[:n])


def test_an_asteroid_under_the_final_position_deals_one_faceup_card():
    # RRG "Obstacles" p.12 (armada-rules.md 1.4.7): asteroid -> one faceup damage card; debris
    # needs the player's choice of zone and is not dealt automatically.
    move = {
        "ship": "a",
        "damage_to": [],
        "obstacles_overlapped": ["rock-1", "junk-1"],
        "destroyed": False,
    }
    kinds = {"rock-1": "asteroid", "junk-1": "debris"}
    events = game.maneuver_events(move, kinds)
    damage = [e for e in events if e.type == "damage-dealt"]
    assert [(e.target, e.faceup, e.facedown) for e in damage] == [("a", 1, 0)]
    assert game.maneuver_events(move) == events[:1]  # without kinds: only the move
