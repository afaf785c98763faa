"""Squadron Phase turns (RRG "Squadron Phase" p.20): on their turn a player activates two
squadrons one at a time -- the second is chosen only after the first has finished -- or their
last one; a player with no unactivated squadron passes the turn."""

import pytest

from armada_vision import game
from armada_vision.game import RuleViolation


@pytest.fixture
def four(squadron_phase_of):
    return squadron_phase_of((("s1", 1), ("s2", 1), ("t1", 2), ("t2", 2)))


def test_a_player_activates_the_second_squadron_after_the_first_has_attacked(four):
    state = game.apply(four, game.SquadronsActivated(("s1",)))
    # still player 1's turn: one activated, one to go
    assert (state.turn_player, state.squadron_turn_activated) == (1, 1)
    assert state.active_squadrons == ("s1",)
    state = game.apply(state, game.AttackDeclared("s1", "t1", distance_band=1))
    with pytest.raises(RuleViolation, match=r"finish the attack by s1 before activating.*RRG p\.2"):
        game.apply(state, game.SquadronsActivated(("s2",)))
    state = game.apply(state, game.AttackEnded())
    with pytest.raises(RuleViolation, match=r"player 1's turn to activate squadrons.*RRG p\.20"):
        game.apply(state, game.SquadronsActivated(("t1",)))
    state = game.apply(state, game.SquadronsActivated(("s2",)))
    # s1's activation is over once s2's begins; the turn passes to player 2
    assert state.active_squadrons == ("s2",) and state.turn_player == 2
    assert state.squadron_turn_activated == 0
    with pytest.raises(RuleViolation, match="s1 is not activating"):
        game.apply(state, game.AttackDeclared("s1", "t2", distance_band=1))


def test_naming_two_after_the_first_of_a_turn_is_refused(squadron_phase_of):
    state = squadron_phase_of((("s1", 1), ("s2", 1), ("s3", 1), ("t1", 2)))
    state = game.apply(state, game.SquadronsActivated(("s1",)))
    with pytest.raises(RuleViolation, match=r"two squadrons a turn, one after the other: player "
                                            r"1 has activated one .*not 2 \(RRG p\.20\)"):
        game.apply(state, game.SquadronsActivated(("s2", "s3")))


def test_both_named_at_once_as_old_logs_do_replays_as_before(four):
    # before 2026-12-02 both squadrons of a turn were named in one event: still legal, same turn
    state = game.apply(four, game.SquadronsActivated(("s1", "s2")))
    assert state.turn_player == 2 and state.squadron_turn_activated == 0
    assert state.active_squadrons == ("s1", "s2")
    one_by_one = game.apply(game.apply(four, game.SquadronsActivated(("s1",))),
                            game.SquadronsActivated(("s2",)))
    assert one_by_one.squadrons == state.squadrons and one_by_one.turn_player == 2


def test_the_last_squadron_alone_ends_the_turn(squadron_phase_of):
    state = squadron_phase_of((("s1", 1), ("t1", 2), ("t2", 2), ("t3", 2)))
    state = game.apply(state, game.SquadronsActivated(("s1",)))
    assert state.turn_player == 2
    state = game.apply(state, game.SquadronsActivated(("t1",)))
    assert state.turn_player == 2                      # player 1 has none left: p2 goes on
    state = game.apply(state, game.SquadronsActivated(("t2",)))
    assert state.turn_player == 2                      # ... a new turn, for t3
    state = game.apply(state, game.SquadronsActivated(("t3",)))
    assert state.turn_player is None
    assert game.apply(state, game.PhaseAdvanced()).phase == "status"


def test_the_turn_passes_when_the_other_players_last_squadron_is_destroyed(squadron_phase_of):
    # p1 activates s1 and s2, the turn goes to p2 (t1 unactivated); s2 destroys t1. Player 2
    # has nothing left to activate and passes (p.20): s3 must still be able to activate. The
    # turn stayed with player 2 before, and the phase could not end.
    state = squadron_phase_of((("s1", 1), ("s2", 1), ("s3", 1), ("t1", 2)))
    state = game.apply(state, game.SquadronsActivated(("s1",)))
    state = game.apply(state, game.SquadronsActivated(("s2",)))
    assert state.turn_player == 2
    state = game.apply(state, game.AttackDeclared("s2", "t1", distance_band=1))
    state = game.apply(state, game.DamageDealt("t1", hull_points=3))
    assert state.squadron("t1").destroyed and state.turn_player == 1
    state = game.apply(state, game.AttackEnded())
    state = game.apply(state, game.SquadronsActivated(("s3",)))
    assert state.turn_player is None
    assert game.apply(state, game.PhaseAdvanced()).phase == "status"


def test_the_turn_passes_when_the_turn_players_last_squadron_is_destroyed_mid_turn(four):
    state = game.apply(four, game.SquadronsActivated(("s1",)))
    assert state.squadron_turn_activated == 1
    state = game.apply(state, game.Destroyed("s2", "test"))
    # player 1 has nothing left: the turn passes, the count with it
    assert (state.turn_player, state.squadron_turn_activated) == (2, 0)


def test_a_counter_not_made_before_the_next_squadron_activates_is_lost(four):
    # p.21: the counter comes right after the attack on the countering squadron; once player 1
    # activates the second squadron of the turn, t1's counter against s1 has passed
    state = game.apply(four, game.SquadronsActivated(("s1",)))
    state = game.apply(state, game.AttackDeclared("s1", "t1", distance_band=1))
    state = game.apply(state, game.AttackEnded())
    assert state.counter_due == ("t1", "s1")
    state = game.apply(state, game.SquadronsActivated(("s2",)))
    assert state.counter_due is None
    with pytest.raises(RuleViolation, match=r"counter attack comes right after.*RRG p\.21"):
        game.apply(state, game.AttackDeclared("t1", "s1", distance_band=1, counter=True))
