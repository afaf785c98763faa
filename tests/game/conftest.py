"""Builders for game-state tests: ship classes from the catalog and short event lists."""

import dataclasses

import pytest

from armada_vision import game


@pytest.fixture(scope="session")
def vsd(catalog):
    """Victory II: medium, command 3, engineering 4, tokens brace/redirect/redirect."""
    return catalog.ship("victory-ii-star-destroyer")


@pytest.fixture(scope="session")
def small_evader(vsd):
    """A small ship with an evade (a test variant of the catalog class, not game data)."""
    return dataclasses.replace(
        vsd,
        id="test-small",
        size_class="small",
        command=1,
        engineering=2,
        defense_tokens=("evade", "evade", "brace"),
    )


@pytest.fixture(scope="session")
def large_ship(vsd):
    return dataclasses.replace(vsd, id="test-large", size_class="large")


@pytest.fixture
def setup_events(vsd):
    """``setup_events(("a", cls, player, speed), ...)`` -> GameStarted + ShipAdded list.

    A ship at speed 0 is deployed at distance 1-2 of a gravity rift (the only way to deploy at
    0, RRG p.12)."""

    def build(*ships, first_player=1, squadrons=()):
        events = [game.GameStarted(first_player=first_player)]
        for ship_id, cls, player, speed in ships:
            events.append(game.ShipAdded.from_class(ship_id, cls or vsd, player, speed=speed,
                                                    gravity_rift=speed == 0))
        for sq_id, player in squadrons:
            events.append(game.SquadronAdded(sq_id, "tie-fighter-squadron", player, 3))
        return events

    return build


def dials_for(state, commands=("navigate", "squadron", "repair")):
    """DialsAssigned events filling every ship's stack from ``commands``."""
    return [
        game.DialsAssigned(s.id, tuple(commands[: s.command - len(s.dials)]))
        for s in state.ships
        if not s.destroyed
    ]


@pytest.fixture
def dials():
    return dials_for


@pytest.fixture
def squadron_phase_of(setup_events, dials):
    """``squadron_phase_of(squadrons)`` -> the GameState of round 1's Squadron Phase with p1's
    ship "a", p2's "b" (both activated) and ``squadrons`` ((id, player) TIE fighters, hull 3)."""

    def build(squadrons):
        events = setup_events(("a", None, 1, 2), ("b", None, 2, 2), squadrons=squadrons)
        state = game.replay([*events, game.PhaseAdvanced()])
        for e in [*dials(state), game.PhaseAdvanced(), game.ShipActivated("a"),
                  game.ActivationEnded("a"), game.ShipActivated("b"), game.ActivationEnded("b"),
                  game.PhaseAdvanced()]:
            state = game.apply(state, e)
        assert state.phase == "squadron" and state.turn_player == 1
        return state

    return build


def run(events):
    return game.replay(events)


@pytest.fixture
def attack_on(setup_events, vsd):
    """State in the Ship Phase with an attack by p2's ``b`` (front) on p1's ``a`` (front zone).

    ``attack_on(defender_cls=None, defender_speed=2, attacker_cls=None, range_band="medium")``.
    """

    def build(defender_cls=None, defender_speed=2, attacker_cls=None, range_band="medium"):
        # p2's "c" waits to activate after "b" (player 1 has nothing left by then).
        events = setup_events(
            ("a", defender_cls, 1, defender_speed), ("b", attacker_cls, 2, 2), ("c", None, 2, 2)
        )
        events.append(game.PhaseAdvanced())
        state = run(events)
        events += dials_for(state)
        events += [
            game.PhaseAdvanced(),
            game.ShipActivated("a"),
            game.ActivationEnded("a"),
            game.ShipActivated("b"),
            game.AttackDeclared("b", "a", "front", "front", range_band=range_band),
        ]
        return events, run(events)

    return build
