"""Events serialise and replay exactly; undo drops the last event."""

import json

import pytest

from armada_vision import game
from armada_vision.errors import InputError


@pytest.fixture
def recorded(setup_events, small_evader):
    """A recorded game through an attack, commands, a forced discard and a status phase."""
    events = setup_events(
        ("a", None, 1, 2), ("b", small_evader, 2, 1), squadrons=[("s1", 1), ("t1", 2)]
    )
    events += [
        game.SpeedChanged("b", 2),
        game.PhaseAdvanced(),
        game.DialsAssigned("a", ("navigate", "repair", "squadron")),
        game.DialsAssigned("b", ("concentrate-fire",)),
        game.PhaseAdvanced(),
        game.ShipActivated("a"),
        game.DialConverted("a"),
        game.CommandTokenGained("a", "navigate"),
        game.CommandTokenDiscarded("a", "navigate"),
        game.AttackDeclared("a", "b", "front", "left", "long"),
        game.AccuracySpent(2),
        game.DefenseTokenSpent("b", 0, evade_extra=True),
        game.DamageDealt("b", zone="left", shields=1, facedown=1),
        game.AttackEnded(),
        game.CommandResolved("a", "navigate", token=True),
        game.SpeedChanged("a", 1),
        game.CheckViewed({"attacker": "a", "defender": "b", "range_mm": 250.5, "valid": True}),
        game.ManeuverExecuted("a", {"ship": "a", "executed_speed": 1, "yaw": [1]}),
        game.ActivationEnded("a"),
        game.ShipActivated("b"),
        game.ActivationEnded("b"),
        game.PhaseAdvanced(),
        game.SquadronsActivated(("s1",)),
        game.SquadronsActivated(("t1",)),
        game.SceneChanged({"moved": ["s1"], "scene": {"format": "armada-scene/1"}}),
        game.PhaseAdvanced(),
        game.Note(text="end of round 1 — ß, č, ü"),
    ]
    return events


def test_every_event_type_round_trips_through_json(recorded):
    kinds = {type(e) for e in recorded}
    for e in recorded:
        back = game.event_from_json(json.loads(json.dumps(e.to_json())))
        assert back == e and type(back) is type(e)
    # The recorded game covers most event types; the rest are checked here.
    extra = [
        game.Passed(2),
        game.RepairSpent("a", "move-shield", "left", "front"),
        game.Destroyed("a", "outside the play area"),
        game.CommandResolved("a", "repair", dial=True, token=False),
        game.SquadronMoved("s1", ("t1",), {"squadron": "s1", "x_mm": 1.5}),
    ]
    for e in extra:
        assert game.event_from_json(json.dumps(e.to_json())) == e
    assert len(kinds | {type(e) for e in extra}) == len(game.EVENT_TYPES)


def test_replaying_a_recorded_list_gives_the_identical_state(recorded):
    live = game.INITIAL_STATE
    for e in recorded:
        live = game.apply(live, e)
    assert game.replay(recorded) == live
    assert game.replay([e.to_json() for e in recorded]) == live
    assert game.replay([json.dumps(e.to_json()) for e in recorded]) == live
    assert live.phase == "status" and live.events == len(recorded)
    b = live.ship("b")
    assert b.defense_tokens[0].state == "discarded" and b.damage_facedown == 1
    assert b.shields["left"] == b.max_shields["left"] - 1


def test_undo_drops_the_last_event_and_replays(recorded):
    rest, state = game.undo(recorded)
    assert rest == recorded[:-1]
    assert state == game.replay(recorded[:-1])
    # Undoing the step into the Status Phase returns to the Squadron Phase.
    assert state.phase == "status"
    rest, state = game.undo(rest)
    assert state.phase == "squadron"


def test_events_are_frozen(recorded):
    import dataclasses

    with pytest.raises(dataclasses.FrozenInstanceError):
        recorded[0].first_player = 2
    with pytest.raises(TypeError):
        recorded[-1].payload["x"] = 1  # payloads are read-only too


def test_a_rule_violation_in_replay_names_the_event(recorded):
    bad = [*recorded[:5], game.ShipActivated("a")]  # in the setup phase
    with pytest.raises(game.RuleViolation, match=r"event #5: ships activate in the Ship Phase"):
        game.replay(bad)


@pytest.mark.parametrize(
    "data, message",
    [
        ({"type": "warp-jump"}, "unknown event type 'warp-jump'"),
        ({"type": "ship-activated"}, "ship-activated.ship: missing"),
        ({"type": "passed", "player": "two"}, "passed.player: expected an integer"),
        ({"type": "dials-assigned", "ship": "a", "commands": "navigate"}, "expected a list"),
        ("{not json", "not JSON"),
        ([1, 2], "must be a JSON object"),
    ],
)
def test_malformed_event_json_is_a_one_line_input_error(data, message):
    with pytest.raises(InputError, match=message) as exc:
        game.event_from_json(data, source="log.sqlite")
    assert "\n" not in str(exc.value)


def test_unknown_keys_are_ignored():
    e = game.event_from_json({"type": "ship-activated", "ship": "a", "future_field": 1})
    assert e == game.ShipActivated("a")
