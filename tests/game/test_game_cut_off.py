"""Ending an activation that cuts squadrons short is said, not silent (RRG "Commands" p.3: the
squadrons a ship's squadron command activates act in its Reveal Command Dial step and their
activation ends with it, "Ship Activation" p.16). A squadron may decline to attack, so the
event applies; ``game.cut_off_warning`` says what it cut short, the log fold keeps it and the
export shows it."""

import html

import pytest

from armada_vision import game
from armada_vision.gamelog import GameLog, fold_events, render_html

CUT = ("ending a's activation ends that of s2, activated by its squadron command, before it "
       "attacked (RRG p.3)")


@pytest.fixture
def commanded(setup_events):
    """Ship a's squadron command has activated s1 and s2 (one event, as older logs name them);
    s1 has attacked t1, s2 has not."""
    events = setup_events(("a", None, 1, 2), ("b", None, 2, 2),
                          squadrons=(("s1", 1), ("s2", 1), ("t1", 2)))
    events += [game.PhaseAdvanced(), game.DialsAssigned("a", ("squadron", "repair", "navigate")),
               game.DialsAssigned("b", ("navigate",) * 3), game.PhaseAdvanced(),
               game.ShipActivated("a"), game.CommandResolved("a", "squadron", dial=True),
               game.SquadronsActivated(("s1", "s2")),
               game.AttackDeclared("s1", "t1", distance_band=1), game.AttackEnded()]
    return events


def test_ending_the_ship_activation_names_the_squadrons_it_cuts_short(commanded):
    state = game.replay(commanded)
    why = game.cut_off_warning(state, game.ActivationEnded("a"))
    assert why is not None and why.with_page() == CUT
    assert why.args["squadrons"] == ("s2",)
    # a warning, not a refusal: the squadron may decline to attack
    assert game.violation(state, game.ActivationEnded("a")) is None
    # once s2 has attacked (or is destroyed) nothing is cut short
    done = game.replay([*commanded, game.AttackDeclared("s2", "t1", distance_band=1),
                        game.AttackEnded()])
    assert game.cut_off_warning(done, game.ActivationEnded("a")) is None
    gone = game.replay([*commanded, game.Destroyed("s2")])
    assert game.cut_off_warning(gone, game.ActivationEnded("a")) is None


def test_two_squadrons_cut_short_are_named_in_the_plural(commanded):
    state = game.replay(commanded[:-2])      # neither s1 nor s2 has attacked
    why = game.cut_off_warning(state, game.ActivationEnded("a"))
    assert why.args["squadrons"] == ("s1", "s2")
    assert why.with_page().endswith("squadron command, before they attacked (RRG p.3)")
    attack = game.AttackDeclared("a", "b", "front", "front", range_band="medium")
    assert game.cut_off_warning(state, attack).with_page().endswith(
        "can no longer attack (they have not attacked yet) (RRG p.3)")


def test_the_ships_own_attack_cuts_the_waiting_squadrons_short(commanded):
    state = game.replay(commanded)
    attack = game.AttackDeclared("a", "b", "front", "front", range_band="medium")
    why = game.cut_off_warning(state, attack)
    assert why is not None and why.with_page() == (
        "after this, s2, activated by a's squadron command, can no longer attack (it has "
        "not attacked yet) (RRG p.3)")
    # s2's own attack, or an illegal event, cuts nothing short
    assert game.cut_off_warning(state, game.AttackDeclared("s2", "t1", distance_band=1)) is None
    assert game.cut_off_warning(state, game.ActivationEnded("b")) is None


def test_the_log_fold_and_the_export_say_what_was_cut_short(commanded, tmp_path):
    events = [*commanded, game.ActivationEnded("a")]
    fold = fold_events(e.to_json() for e in events)
    assert list(fold.warnings) == [len(events) - 1] and not fold.refused
    assert fold.warnings[len(events) - 1].with_page() == CUT
    assert fold.state.active_ship is None
    with GameLog(tmp_path / "g.sqlite") as log:
        log.new_game("cut")
        for e in events:
            log.append(e)
        text = render_html(log)
    notes = [part for part in text.split("<span") if part.startswith(' class="warning">')]
    assert len(notes) == 1 and html.escape(f"Note: {CUT}") in notes[0]
