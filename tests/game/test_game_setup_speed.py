"""Speed dial at deployment and on a gravity rift.

RRG v1.6 "Setup" p.16: "When a player places a ship, they must set its speed dial to a speed
available on its speed chart"; "Speed" p.19: "The minimum speed for all ships is 0. This is not on
a ship's speed chart"; FAQ (Setup and Fleet-Building): "During the 'Deploy Ships' step of setup,
can a player set their ship's speed to '0'? No." The exception, "Obstacles" p.12 (gravity rift):
"When a ship deploys at distance 1-2 of a gravity rift, its speed dial must be set to speed '0'",
and "When a ship overlaps a gravity rift, its speed dial must be reduced to '0'".
"""

import pytest

from armada_vision import game
from armada_vision.game import RuleViolation


def _start():
    return game.replay([game.GameStarted(first_player=1)])


@pytest.mark.parametrize("speed", [1, 2])   # the Victory II's chart has speeds 1 and 2
def test_deploying_at_a_speed_on_the_chart_is_allowed(vsd, speed):
    state = game.apply(_start(), game.ShipAdded.from_class("a", vsd, 1, speed=speed))
    assert state.ship("a").speed == speed


@pytest.mark.parametrize("speed", [0, 3])
def test_deploying_at_speed_0_or_past_the_chart_is_refused(vsd, speed):
    with pytest.raises(RuleViolation, match="speed chart"):
        game.apply(_start(), game.ShipAdded.from_class("a", vsd, 1, speed=speed))


def test_deploying_at_distance_1_2_of_a_gravity_rift_requires_speed_0(vsd):
    state = game.apply(_start(), game.ShipAdded.from_class("a", vsd, 1, speed=0,
                                                           gravity_rift=True))
    assert state.ship("a").speed == 0
    with pytest.raises(RuleViolation, match="gravity rift"):
        game.apply(_start(), game.ShipAdded.from_class("a", vsd, 1, speed=1, gravity_rift=True))


def test_setting_the_dial_during_setup_follows_the_same_rule(vsd):
    state = game.apply(_start(), game.ShipAdded.from_class("a", vsd, 1, speed=1))
    assert game.apply(state, game.SpeedChanged("a", 2)).ship("a").speed == 2
    with pytest.raises(RuleViolation, match="speed chart"):
        game.apply(state, game.SpeedChanged("a", 0))
    near = game.apply(_start(), game.ShipAdded.from_class("b", vsd, 1, speed=0,
                                                          gravity_rift=True))
    with pytest.raises(RuleViolation, match="gravity rift"):
        game.apply(near, game.SpeedChanged("b", 1))
    # a ship placed beside a rift at setup: the players set its dial to 0 for that reason
    at_rift = game.apply(state, game.SpeedChanged("a", 0, cause="gravity-rift"))
    assert at_rift.ship("a").speed == 0 and at_rift.ship("a").deployed_at_gravity_rift


def test_the_default_deployment_speed_is_legal(vsd):
    assert game.ShipAdded.from_class("a", vsd, 1).speed == 1


def test_ship_added_json_round_trip_keeps_the_gravity_rift(vsd):
    e = game.ShipAdded.from_class("a", vsd, 1, speed=0, gravity_rift=True)
    assert game.event_from_json(e.to_json()) == e
    old = e.to_json()
    del old["gravity_rift"]          # logs written before the field: no rift
    old["speed"] = 2
    assert game.event_from_json(old).gravity_rift is False


def test_ending_a_maneuver_on_a_gravity_rift_sets_the_dial_to_0(setup_events, dials):
    events = setup_events(("a", None, 1, 2), ("b", None, 2, 1))
    state = game.replay([*events, game.PhaseAdvanced()])
    state = game.replay([*events, game.PhaseAdvanced(), *dials(state), game.PhaseAdvanced()])
    state = game.apply(state, game.ShipActivated("a"))
    move = {"ship": "a", "executed_speed": 2, "obstacles_overlapped": ["rift-1", "rock"],
            "speed_dial": 0, "destroyed": False}
    evs = game.maneuver_events(move, {"rift-1": "gravity-rift", "rock": "station"})
    assert [type(e).__name__ for e in evs] == ["ManeuverExecuted", "SpeedChanged"]
    for e in evs:
        state = game.apply(state, e)
    assert state.ship("a").speed == 0
    # Without a rift under it, a speed change outside navigate is still refused.
    with pytest.raises(RuleViolation, match="navigate"):
        game.apply(state, game.SpeedChanged("a", 1))
    with pytest.raises(RuleViolation, match="navigate"):
        game.apply(state, game.SpeedChanged("a", 1, cause="gravity-rift"))
