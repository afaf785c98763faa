"""A log written before a rule was checked replays whole: each event the game now refuses is
shown with the rule's reason, the state goes on without it, and the log keeps it (here: a
squadron attacking outside its activation, refused since 2026-12-02, RRG "Squadron Phase" p.20).
"""

import html

from armada_vision import game
from armada_vision.gamelog import GameLog, fold_events, render_html

REASON = ("a squadron attacks during its own activation: s1 is not activating (in the Squadron "
          "Phase, name it in the squadrons activated first) (RRG p.20)")


def old_events():
    """Squadron Phase of round 1 (no ships); s1 attacks t1 before it is activated, the damage
    is dealt, the attack ended; then s1 is activated."""
    return [game.GameStarted(), game.SquadronAdded("s1", "tie-fighter-squadron", 1, 3),
            game.SquadronAdded("t1", "x-wing-squadron", 2, 4), game.PhaseAdvanced(),
            game.PhaseAdvanced(), game.PhaseAdvanced(),
            game.AttackDeclared("s1", "t1", distance_band=1),          # 6: refused now
            game.DamageDealt("t1", hull_points=1),                    # 7: still applies
            game.AttackEnded(),                                       # 8: no attack to end
            game.SquadronsActivated(("s1",))]                         # 9


def test_the_fold_keeps_why_each_refused_event_did_not_apply():
    fold = fold_events((e.to_json() for e in old_events()), strict=False)
    assert sorted(fold.refused) == [6, 8]
    assert str(fold.refused[6]) == REASON and str(fold.refused[6].page) == "20"
    assert str(fold.refused[8]) == "no attack is being resolved (RRG p.2)"
    # what the players recorded around them still counts
    assert fold.state.squadron("t1").damage == 1
    assert fold.state.squadron("s1").activated
    assert fold.state.phase == "squadron"


def test_the_export_lists_every_event_and_says_which_did_not_apply(tmp_path):
    with GameLog(tmp_path / "g.sqlite") as log:
        log.new_game("old")
        for e in old_events():
            log.append(e)
        text = render_html(log)
        assert len(log.events()) == 10
    assert text.count('<li id="e') == 10
    notes = [line for line in text.split("<span") if line.startswith(' class="refused">')]
    assert len(notes) == 2
    assert html.escape(f"Not applied to the game (the log keeps it): {REASON}") in notes[0]
    assert "no attack is being resolved (RRG p.2)" in notes[1]


def test_the_note_and_the_reason_are_in_the_players_language(tmp_path):
    from armada_vision.ui.i18n import translate_function

    with GameLog(tmp_path / "g.sqlite") as log:
        log.new_game("old")
        for e in old_events():
            log.append(e)
        code, tr = translate_function("de")
        text = render_html(log, tr=tr, lang="de")
    assert code == "de"
    assert html.escape("Nicht ins Spiel übernommen (das Protokoll behält es): ") in text
    assert html.escape(tr("Rules", "a squadron attacks during its own activation: {squadron} "
                          "is not activating (in the Squadron Phase, name it in the squadrons "
                          "activated first)").format(squadron="s1")) in text


def test_gamelog_state_folds_an_old_log_as_the_window_and_the_export_do(tmp_path):
    # one fold for reading a log: GameLog.state() raised the RuleViolation of event 6 while the
    # replay window and the export showed the game; now all three agree, and fold() says which
    # events did not apply and why, by their sequence number in the log
    with GameLog(tmp_path / "g.sqlite") as log:
        log.new_game("old")
        for e in old_events():
            log.append(e)
        state = log.state()
        assert state == fold_events((e.data for e in log.events()), strict=False).state
        fold = log.fold()
        assert state == fold.state
        assert state.squadron("t1").damage == 1 and state.squadron("s1").activated
        assert sorted(fold.refused) == [7, 9]                        # seq = position + 1
        assert str(fold.refused[7]) == REASON
        assert log.state(upto_seq=8).squadron("t1").damage == 1
        assert sorted(log.fold(upto_seq=8).refused) == [7]
