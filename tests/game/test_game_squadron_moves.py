"""Squadron moves in the game state (RRG "Squadron Movement" p.20, "Engagement" p.6, "Squadron
Phase" p.20, "Commands" p.3). The game does not measure: a ``SquadronMoved`` event carries the
engaged enemies that stop the squadron moving, as measured on the table at the time."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_game_squadron_attacks import _attack, squadron_phase  # noqa: E402, F401

from armada_vision import game  # noqa: E402
from armada_vision.game import RuleViolation  # noqa: E402


def test_an_engaged_squadron_cannot_move(squadron_phase):  # noqa: F811
    # p.6: s1 is engaged with t1 (measured where it stood): its move is refused
    state = game.apply(squadron_phase, game.SquadronsActivated(("s1",)))
    with pytest.raises(RuleViolation) as exc:
        game.apply(state, game.SquadronMoved("s1", engaged_with=("t1",)))
    assert str(exc.value) == "s1 is engaged with t1 and cannot move (RRG p.6)"
    # ... unless t1 has been destroyed since (a destroyed squadron engages nothing, p.5)
    gone = game.apply(state, game.Destroyed("t1"))
    assert game.apply(gone, game.SquadronMoved("s1", engaged_with=("t1",))).squadrons_moved \
        == ("s1",)
    # not engaged: it moves
    assert game.apply(state, game.SquadronMoved("s1")).squadrons_moved == ("s1",)


def test_in_the_squadron_phase_a_squadron_moves_or_attacks(squadron_phase):  # noqa: F811
    # p.20: "the squadron can either move or attack", not both, in either order
    state = game.apply(squadron_phase, game.SquadronsActivated(("s1",)))
    moved = game.apply(state, game.SquadronMoved("s1"))
    with pytest.raises(RuleViolation) as exc:
        game.apply(moved, game.AttackDeclared("s1", "t1", distance_band=1))
    assert str(exc.value) == ("a squadron activated in the Squadron Phase moves or attacks, "
                              "not both: s1 has moved (RRG p.20)")
    attacked = _attack(state, "s1", "t1")
    with pytest.raises(RuleViolation, match=r"moves or attacks, not both: s1 has attacked"):
        game.apply(attacked, game.SquadronMoved("s1"))
    # t1 counters s1's attack although it may have moved in its own activation (p.21): the
    # counter is outside any activation; and s2, activated next, moves freely
    assert _attack(attacked, "t1", "s1", counter=True).attack is None
    s2 = game.apply(attacked, game.SquadronsActivated(("s2",)))
    assert game.apply(s2, game.SquadronMoved("s2")).squadrons_moved == ("s2",)


def test_in_the_squadron_phase_a_squadron_moves_only_while_activating(squadron_phase):  # noqa: F811
    # p.20: a move before its activation would let it attack after activating
    with pytest.raises(RuleViolation) as exc:
        game.apply(squadron_phase, game.SquadronMoved("s1"))
    assert str(exc.value) == ("a squadron moves during its own activation: s1 is not activating "
                              "(activate it first) (RRG p.20)")


def test_a_squadron_command_squadron_moves_and_attacks(setup_events):
    # p.3: squadrons activated by a squadron command may move and attack, in either order
    events = setup_events(("a", None, 1, 2), ("b", None, 2, 2),
                          squadrons=(("s1", 1), ("t1", 2)))
    events += [game.PhaseAdvanced(), game.DialsAssigned("a", ("squadron", "repair", "navigate")),
               game.DialsAssigned("b", ("navigate",) * 3), game.PhaseAdvanced(),
               game.ShipActivated("a"), game.CommandResolved("a", "squadron", dial=True),
               game.SquadronsActivated(("s1",)), game.SquadronMoved("s1")]
    state = _attack(game.replay(events), "s1", "t1")
    assert state.squadrons_moved == ("s1",) and state.squadrons_attacked == ("s1",)
    # ... but never while engaged
    with pytest.raises(RuleViolation, match=r"s1 is engaged with t1 and cannot move"):
        game.apply(state, game.SquadronMoved("s1", engaged_with=("t1",)))


def test_the_move_event_comes_from_the_measured_move_and_round_trips():
    move = {"squadron": "s1", "legal": False, "reason": "s1 is engaged with t1 and cannot move",
            "x_mm": 10.0, "y_mm": 20.0, "engaged_before": ["t1", "t2"], "blocked_by": ["t1"]}
    e = game.squadron_move_event(move)
    assert (e.squadron, e.engaged_with, e.payload["x_mm"]) == ("s1", ("t1",), 10.0)
    assert game.event_from_json(e.to_json()) == e
    assert game.squadron_move_event({"squadron": "s2"}).engaged_with == ()


def _squadron_command(setup_events):
    """Ship Phase: a resolves a squadron command and activates s1 (p.3)."""
    events = setup_events(("a", None, 1, 2), ("b", None, 2, 2),
                          squadrons=(("s1", 1), ("s2", 1), ("t1", 2)))
    events += [game.PhaseAdvanced(), game.DialsAssigned("a", ("squadron", "repair", "navigate")),
               game.DialsAssigned("b", ("navigate",) * 3), game.PhaseAdvanced(),
               game.ShipActivated("a"), game.CommandResolved("a", "squadron", dial=True),
               game.SquadronsActivated(("s1",))]
    return events


def test_squadrons_move_only_in_the_ship_and_squadron_phases(setup_events):
    # p.20, p.3: no move in setup or the Command Phase, for either player's squadron
    events = setup_events(("a", None, 1, 2), ("b", None, 2, 2), squadrons=(("s1", 1), ("t1", 2)))
    state = game.replay(events)
    for phase in (state, game.apply(state, game.PhaseAdvanced())):
        for sq in ("s1", "t1"):
            with pytest.raises(RuleViolation, match=rf"{sq} cannot move now: squadrons move only "
                               r"in the Ship Phase .*and the Squadron Phase \(RRG p\.20\)"):
                game.apply(phase, game.SquadronMoved(sq))


def test_a_squadron_command_squadron_moves_before_the_ship_attacks_as_it_attacks(setup_events):
    # p.3: its squadrons act "before the ship attacks or moves": after a's first attack s1's
    # move is refused as its attack is
    state = game.replay(_squadron_command(setup_events))
    state = game.apply(state, game.AttackDeclared("a", "b", attacking_zone="front",
                                                  defending_zone="front", range_band="long"))
    state = game.apply(state, game.AttackEnded())
    with pytest.raises(RuleViolation, match=r"before the ship attacks or moves \(RRG p\.3\)"):
        game.apply(state, game.AttackDeclared("s1", "t1", distance_band=1))
    with pytest.raises(RuleViolation, match=r"before the ship attacks or moves \(RRG p\.3\)"):
        game.apply(state, game.SquadronMoved("s1"))


def test_engaged_with_names_only_enemy_squadrons_of_the_game(setup_events):
    # itself, a friendly squadron or an unknown id engages nothing (p.6): the move applies;
    # a second move in the same activation (a nudge) is accepted too
    state = game.replay(_squadron_command(setup_events))
    moved = game.apply(state, game.SquadronMoved("s1", engaged_with=("s1", "s2", "zz")))
    assert moved.squadrons_moved == ("s1",)
    assert game.apply(moved, game.SquadronMoved("s1")).squadrons_moved == ("s1",)
    with pytest.raises(RuleViolation) as exc:
        game.apply(state, game.SquadronMoved("s1", engaged_with=("s1", "t1", "t1")))
    assert str(exc.value) == "s1 is engaged with t1 and cannot move (RRG p.6)"


@pytest.mark.parametrize("move, message", [
    ({"squadron": "s1", "blocked_by": "t1"},
     "squadron move: blocked_by: expected a list of squadron ids, got 't1'"),
    ({"squadron": "s1", "blocked_by": ["t1", 3]},
     "squadron move: blocked_by: expected a list of squadron ids, got ['t1', 3]"),
    ({"blocked_by": []}, "squadron move: squadron: missing (required)"),
    ({"squadron": 7}, "squadron move: squadron: expected a squadron id, got 7"),
])
def test_a_malformed_move_result_is_one_clear_line(move, message):
    # "t1" was read as ('t', '1') and a missing squadron raised a bare KeyError
    from armada_vision.errors import InputError

    with pytest.raises(InputError) as exc:
        game.squadron_move_event(move)
    assert str(exc.value) == message
