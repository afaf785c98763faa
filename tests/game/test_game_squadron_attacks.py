"""Squadron attacks belong to the squadron's activation (RRG "Squadron Phase" p.20: an activated
squadron moves or attacks; "Commands" p.3: a ship's squadron command activates squadrons, which
act when the ship reveals its dial, before it attacks, "Ship Activation" p.16; "Counter" p.21:
a counter attack follows an enemy squadron's attack, outside the activation)."""

import pytest

from armada_vision import game
from armada_vision.game import RuleViolation


@pytest.fixture
def squadron_phase(squadron_phase_of):
    """Round 1's Squadron Phase: p1's TIEs s1, s2 and p2's t1, t2 (one ship each, activated)."""
    return squadron_phase_of((("s1", 1), ("s2", 1), ("t1", 2), ("t2", 2)))


def _attack(state, attacker, defender, **kw):
    state = game.apply(state, game.AttackDeclared(attacker, defender, distance_band=1, **kw))
    return game.apply(state, game.AttackEnded())


def test_a_squadron_attacks_only_during_its_own_activation(squadron_phase):
    # p.20: s1 has not been activated: no attack
    with pytest.raises(RuleViolation, match=r"s1 is not activating.*RRG p\.20"):
        game.apply(squadron_phase, game.AttackDeclared("s1", "t1", distance_band=1))
    state = game.apply(squadron_phase, game.SquadronsActivated(("s1", "s2")))
    state = _attack(state, "s1", "t1")
    state = _attack(state, "s2", "t1")
    assert state.squadrons_attacked == ("s1", "s2")
    # p2's turn: t2 activates; s1's activation is over, t1 has not activated
    state = game.apply(state, game.SquadronsActivated(("t1", "t2")))
    with pytest.raises(RuleViolation, match="s1 is not activating"):
        game.apply(state, game.AttackDeclared("s1", "t2", distance_band=1))
    assert _attack(state, "t2", "s1").squadrons_attacked == ("t2",)


def test_a_squadron_attacks_once_per_activation(squadron_phase):
    state = game.apply(squadron_phase, game.SquadronsActivated(("s1", "s2")))
    state = _attack(state, "s1", "t1")
    with pytest.raises(RuleViolation, match=r"s1 has already attacked during this activation"):
        game.apply(state, game.AttackDeclared("s1", "t2", distance_band=1))


def test_counter_attacks_right_after_the_attack_on_the_countering_squadron(squadron_phase):
    # p.21: t1 (not activated) counters s1's attack on it, against s1 only, once
    state = _attack(game.apply(squadron_phase, game.SquadronsActivated(("s1", "s2"))), "s1", "t1")
    assert state.counter_due == ("t1", "s1")
    with pytest.raises(RuleViolation, match=r"counter attack is by t1 against the squadron s1"):
        game.apply(state, game.AttackDeclared("t1", "s2", distance_band=1, counter=True))
    state = _attack(state, "t1", "s1", counter=True)
    assert state.counter_due is None and state.squadrons_attacked == ("s1",)
    with pytest.raises(RuleViolation, match=r"counter attack comes right after.*RRG p\.21"):
        game.apply(state, game.AttackDeclared("s1", "t1", distance_band=1, counter=True))
    # a destroyed squadron still counters ("even if you are destroyed"): s2 (activating with
    # s1) destroys t1, which counters
    state = game.apply(state, game.AttackDeclared("s2", "t1", distance_band=1))
    state = game.apply(state, game.DamageDealt("t1", hull_points=3))
    state = game.apply(state, game.AttackEnded())
    assert state.squadron("t1").destroyed
    assert _attack(state, "t1", "s2", counter=True).counter_due is None


def test_squadron_command_squadrons_attack_before_the_ship_attacks(setup_events):
    # p.3 / p.16: a ship's squadron command activates squadrons in its Reveal Command Dial
    # step; they attack then, not after the ship's own attack, and only those it activated
    events = setup_events(("a", None, 1, 2), ("b", None, 2, 2),
                          squadrons=(("s1", 1), ("s2", 1), ("t1", 2)))
    events += [game.PhaseAdvanced(), game.DialsAssigned("a", ("squadron", "repair", "navigate")),
               game.DialsAssigned("b", ("navigate",) * 3), game.PhaseAdvanced(),
               game.ShipActivated("a"), game.CommandResolved("a", "squadron", dial=True)]
    state = game.replay(events)
    with pytest.raises(RuleViolation, match=r"squadron command activates it \(s1 is not.*RRG p\.3"):
        game.apply(state, game.AttackDeclared("s1", "t1", distance_band=1))
    state = game.apply(state, game.SquadronsActivated(("s1", "s2")))
    state = _attack(state, "s1", "t1")
    state = _attack(state, "a", "b", attacking_zone="front", defending_zone="front",
                    range_band="medium")
    with pytest.raises(RuleViolation, match=r"before the ship attacks or moves"):
        game.apply(state, game.AttackDeclared("s2", "t1", distance_band=1))
    # the ship's activation ends: so does that of its squadrons
    state = game.apply(state, game.ActivationEnded("a"))
    assert state.active_squadrons == () and state.squadrons_attacked == ()


def test_counter_flag_round_trips_and_old_events_read_without_it():
    e = game.AttackDeclared("t1", "s1", distance_band=1, counter=True)
    assert game.event_from_json(e.to_json()) == e
    old = {"type": "attack-declared", "attacker": "s1", "defender": "t1", "distance_band": 1}
    assert game.event_from_json(old).counter is False


def test_a_destroyed_squadron_leaves_the_activation(squadron_phase):
    # p.5 "Destroyed Ships and Squadrons": it is removed from the play area, so its activation
    # is over: t1's counter destroys s1, which stops activating; s2 (activated with it) goes on
    state = _attack(game.apply(squadron_phase, game.SquadronsActivated(("s1", "s2"))), "s1", "t1")
    state = game.apply(state, game.AttackDeclared("t1", "s1", distance_band=1, counter=True))
    state = game.apply(state, game.DamageDealt("s1", hull_points=3))
    assert state.squadron("s1").destroyed
    assert state.active_squadrons == ("s2",)
    state = game.apply(state, game.AttackEnded())
    # ... and the same through a Destroyed event (e.g. ended partly outside the play area)
    state = game.apply(state, game.Destroyed("s2"))
    assert state.active_squadrons == ()


def test_squadron_command_activations_lose_a_destroyed_squadron(setup_events):
    events = setup_events(("a", None, 1, 2), ("b", None, 2, 2),
                          squadrons=(("s1", 1), ("s2", 1), ("t1", 2)))
    events += [game.PhaseAdvanced(), game.DialsAssigned("a", ("squadron", "repair", "navigate")),
               game.DialsAssigned("b", ("navigate",) * 3), game.PhaseAdvanced(),
               game.ShipActivated("a"), game.CommandResolved("a", "squadron", dial=True),
               game.SquadronsActivated(("s1", "s2")), game.Destroyed("s1")]
    assert game.replay(events).active_squadrons == ("s2",)


def test_a_counter_not_made_is_not_carried_into_the_next_ship_activation(setup_events):
    # p.21 "Counter": the counter attack comes right after the attack on the squadron; a's
    # squadron command activates s1, which attacks t1 (t1 may counter now), then a's
    # activation ends: the counter is lost, not made during b's activation
    events = setup_events(("a", None, 1, 2), ("b", None, 2, 2),
                          squadrons=(("s1", 1), ("t1", 2)))
    events += [game.PhaseAdvanced(), game.DialsAssigned("a", ("squadron", "repair", "navigate")),
               game.DialsAssigned("b", ("navigate",) * 3), game.PhaseAdvanced(),
               game.ShipActivated("a"), game.CommandResolved("a", "squadron", dial=True),
               game.SquadronsActivated(("s1",))]
    state = _attack(game.replay(events), "s1", "t1")
    assert state.counter_due == ("t1", "s1")
    state = game.apply(state, game.ActivationEnded("a"))
    assert state.counter_due is None
    state = game.apply(state, game.ShipActivated("b"))
    assert state.counter_due is None
    with pytest.raises(RuleViolation, match=r"counter attack comes right after.*RRG p\.21"):
        game.apply(state, game.AttackDeclared("t1", "s1", distance_band=1, counter=True))


def test_only_a_squadron_with_counter_counter_attacks(squadron_phase):
    # p.21: Counter is a keyword; a squadron added with counter=0 (the window's, from the
    # catalog: a TIE fighter has none) is owed no counter and declaring one is refused
    from armada_vision.catalog import get_catalog

    cat = get_catalog()
    assert game.SquadronAdded.from_class("x", cat.squadrons["tie-fighter-squadron"], 1).counter == 0
    assert game.SquadronAdded.from_class("x", cat.squadrons["a-wing-squadron"], 1).counter == 2
    t1 = squadron_phase.squadron("t1")
    state = squadron_phase.replace(squadrons=tuple(
        q.replace(counter=0) if q.id == "t1" else q for q in squadron_phase.squadrons))
    state = _attack(game.apply(state, game.SquadronsActivated(("s1", "s2"))), "s1", "t1")
    assert state.counter_due is None
    with pytest.raises(RuleViolation, match=r"t1 has no Counter.*RRG p\.21"):
        game.apply(state, game.AttackDeclared("t1", "s1", distance_band=1, counter=True))
    assert t1.counter is None       # a log without the value: any squadron may counter, as before


def test_an_activation_naming_no_squadron_says_so(squadron_phase):
    with pytest.raises(RuleViolation) as exc:
        game.apply(squadron_phase, game.SquadronsActivated(()))
    assert str(exc.value) == "no squadron was named: name the squadrons activated (RRG p.20)"
    with pytest.raises(RuleViolation, match=r"^name each activated squadron once$"):
        game.apply(squadron_phase, game.SquadronsActivated(("s1", "s1")))
