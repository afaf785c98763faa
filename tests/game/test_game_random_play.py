"""Random legal play: whatever legal events happen, the invariants of RRG pp.3-5 hold and the
state is exactly the replay of the events (also through JSON)."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from armada_vision import game


def candidates(state, rng):
    """Events that might be legal now (apply decides), in a random order that favours moving
    the game on; damage and extra tokens are rarer so games reach later rounds."""
    out = []  # (weight, event)
    out += [
        (4, game.PhaseAdvanced()),
        (3, game.AttackEnded()),
        (1, game.Passed(1)),
        (1, game.Passed(2)),
    ]
    ships = [s for s in state.ships if not s.destroyed]
    for s in ships:
        cmd = rng.choice(game.COMMANDS)
        out += [
            (4, game.DialsAssigned(s.id, (cmd,))),
            (4, game.ShipActivated(s.id)),
            (2, game.ActivationEnded(s.id)),
            (1, game.DialConverted(s.id)),
            (0.2, game.CommandTokenGained(s.id, cmd)),
            (2, game.CommandResolved(s.id, cmd, dial=rng.random() < 0.7, token=rng.random() < 0.5)),
            (1, game.SpeedChanged(s.id, rng.randint(0, s.max_speed))),
            (
                1,
                game.RepairSpent(
                    s.id,
                    rng.choice(list(game.REPAIR_COSTS)),
                    rng.choice(s.hull_zones),
                    rng.choice(s.hull_zones),
                ),
            ),
            (
                0.1,
                game.DamageDealt(
                    s.id,
                    zone=rng.choice(s.hull_zones),
                    shields=rng.randint(0, 1),
                    facedown=rng.randint(0, 1),
                ),
            ),
        ]
        out += [(0.2, game.CommandTokenDiscarded(s.id, t)) for t in s.command_tokens]
        for i, _ in enumerate(s.defense_tokens):
            out += [
                (1, game.AccuracySpent(i)),
                (
                    3,
                    game.DefenseTokenSpent(
                        s.id,
                        i,
                        redirect_zone=rng.choice([None, *s.hull_zones]),
                        evade_extra=rng.random() < 0.2,
                    ),
                ),
            ]
    for a in ships:
        for d in ships:
            out.append(
                (
                    1,
                    game.AttackDeclared(
                        a.id,
                        d.id,
                        rng.choice(a.hull_zones),
                        rng.choice(d.hull_zones),
                        rng.choice(["close", "medium", "long", "extreme"]),
                    ),
                )
            )
    for player in (1, 2):
        squads = [q.id for q in state.squadrons_of(player, unactivated=True)]
        if squads:
            pick = tuple(rng.sample(squads, min(rng.choice([1, 2]), len(squads))))
            out.append((4, game.SquadronsActivated(pick)))
    if state.pending:
        out += [
            (4, game.CommandTokenDiscarded(state.pending.ship, o)) for o in state.pending.options
        ]
    # Weighted random order (Efraimidis-Spirakis keys).
    out.sort(key=lambda we: -(rng.random() ** (1.0 / we[0])))
    return [e for _, e in out]


def check_invariants(state):
    for s in state.ships:
        if state.pending is None or state.pending.ship != s.id:
            assert len(s.command_tokens) <= s.command  # RRG p.4
            assert len(set(s.command_tokens)) == len(s.command_tokens)
        assert len(s.dials) <= s.command
        assert 0 <= s.speed <= s.max_speed
        for zone, value in s.shields.items():
            assert 0 <= value <= s.max_shields[zone]
        assert len(set(z for z, _ in s.attacks)) <= (3 if s.size_class == "huge" else 2)
    if state.attack is not None and state.has_ship(state.attack.defender):
        d = state.ship(state.attack.defender)
        kinds = [d.defense_tokens[i].kind for i in state.attack.spent]
        assert len(kinds) == len(set(kinds))  # one of each type per attack (RRG p.5)
        assert not set(state.attack.spent) & set(state.attack.locked)  # accuracy (RRG p.4)


@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_legal_play_keeps_the_invariants_and_replays_exactly(seed, vsd, small_evader):
    rng = random.Random(seed)
    events = [
        game.GameStarted(first_player=rng.choice([1, 2])),
        game.ShipAdded.from_class("a", vsd, 1, speed=rng.randint(1, 2)),
        game.ShipAdded.from_class("b", small_evader, 2, speed=rng.randint(1, 2)),
        game.ShipAdded.from_class("c", vsd, 2, speed=rng.randint(1, 2)),
        game.SquadronAdded("q1", "tie", 1, 3),
        game.SquadronAdded("q2", "x-wing", 2, 4),
        game.SquadronAdded("q3", "x-wing", 2, 4),
    ]
    state = game.replay(events)
    history = [state]
    for _ in range(250):
        for event in candidates(state, rng):
            if game.why_not(state, event) is None:
                state = game.apply(state, event)
                events.append(event)
                history.append(state)
                break
        check_invariants(state)
        if state.phase == "ended":
            break
    assert state.phase == "ended" or len(events) > 200  # the walk really plays the game
    assert game.replay(events) == state
    assert game.replay([json.loads(json.dumps(e.to_json())) for e in events]) == state
    setup = len(events) - len(history) + 1
    cut = rng.randrange(len(history))
    assert game.replay(events[: setup + cut]) == history[cut]  # undo to any point
