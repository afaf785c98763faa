"""A window's undo, logged as a note, takes the game event back for every reader of the log:
``GameLog.state()``, the HTML export and the replay (one fold, ``gamelog.GameFold``)."""

from armada_vision import game
from armada_vision.gamelog import GameFold, GameLog, fold_events, render_html


def _ship(ship_id="a", player=1):
    return game.ShipAdded(ship_id, "test-ship", player, "small", command=2, squadron=1,
                          engineering=2, hull=5, max_speed=3, defense_tokens=("brace",),
                          shields={"front": 2, "rear": 1}, adjacency={}, speed=2)


def _undo(kind=None):
    payload = {"undo": "game-event"}
    if kind:
        payload["event"] = kind
    return game.Note(text="undo", payload=payload)


def _log(tmp_path, events):
    log = GameLog(tmp_path / "g.sqlite")
    log.new_game("undo")
    for e in events:
        log.append(e)
    return log


def test_state_drops_a_game_event_taken_back_by_an_undo_note(tmp_path):
    # The players advanced to the Command Phase and took it back: still in setup, round 0.
    log = _log(tmp_path, [game.GameStarted(), _ship(), game.PhaseAdvanced(), _undo()])
    state = log.state()
    assert (state.round, state.phase) == (0, "setup")


def test_an_undo_note_naming_a_log_only_event_leaves_the_damage_before_it(tmp_path):
    # An overlap: one facedown damage card, then the maneuver logged; undoing the maneuver
    # entry (log-only) must not take the damage card back, undoing the damage must.
    damage = game.DamageDealt("a", facedown=1)
    move = game.ManeuverExecuted("a", {"ship": "a", "speed": 1})
    events = [game.GameStarted(), _ship(), damage, move, _undo("maneuver-executed")]
    assert _log(tmp_path, events).state().ship("a").damage_cards == 1
    fold = fold_events(e.to_json() for e in [*events, _undo("damage-dealt")])
    assert fold.state.ship("a").damage_cards == 0
    assert [e.type for e in fold.game_events] == ["game-started", "ship-added"]


def test_an_undone_correction_does_not_touch_the_game(tmp_path):
    note = game.Note(text="undo", payload={"undo": "correction"})
    log = _log(tmp_path, [game.GameStarted(), _ship(), game.PhaseAdvanced(), note])
    assert log.state().phase == "command"


def test_state_upto_an_event_before_the_undo_still_has_it(tmp_path):
    log = _log(tmp_path, [game.GameStarted(), _ship(), game.PhaseAdvanced(), _undo()])
    assert log.state(upto_seq=3).phase == "command"


def test_the_export_shows_the_final_state_after_undo(tmp_path):
    events = [game.GameStarted(), _ship(), game.DamageDealt("a", facedown=1), _undo()]
    text = render_html(_log(tmp_path, events))
    assert "5/5" in text            # hull 5, no damage card left
    assert "4/5" not in text


def test_undo_with_nothing_to_take_back_changes_nothing():
    fold = GameFold()
    assert fold.add(_undo().to_json()) is False
    assert fold.state == game.INITIAL_STATE


def _counter_too_late():
    """An old log: a counter attack after the next squadron activated (refused since the counter
    is lost, RRG p.21), then the window's undo of it, then play going on."""
    sq = [game.SquadronAdded(s, "tie-fighter-squadron", p, 3)
          for s, p in (("s1", 1), ("s2", 1), ("t1", 2))]
    return [game.GameStarted(first_player=1), _ship("a", 1), _ship("b", 2), *sq,
            game.PhaseAdvanced(), game.DialsAssigned("a", ("navigate",) * 2),
            game.DialsAssigned("b", ("navigate",) * 2), game.PhaseAdvanced(),
            game.ShipActivated("a"), game.ActivationEnded("a"),
            game.ShipActivated("b"), game.ActivationEnded("b"), game.PhaseAdvanced(),
            game.SquadronsActivated(("s1",)), game.AttackDeclared("s1", "t1", distance_band=1),
            game.AttackEnded(), game.SquadronsActivated(("s2",)),
            game.AttackDeclared("t1", "s1", distance_band=1, counter=True),
            _undo("attack-declared"),
            game.AttackDeclared("s2", "t1", distance_band=1), game.AttackEnded()]


def test_an_undo_right_after_a_refused_event_takes_back_that_event_only(tmp_path):
    # The undo took back the refused counter, not s1's legal attack before it (which would
    # leave s1's attack-ended without an attack and raise on the rebuild).
    events = _counter_too_late()
    fold = _log(tmp_path, events).fold()
    assert list(fold.refused) == [20]          # the counter (seq 20), with its reason
    assert "p.21" in str(fold.refused[20])
    attacks = [(e.attacker, e.defender) for e in fold.game_events if e.type == "attack-declared"]
    assert attacks == [("s1", "t1"), ("s2", "t1")]
    text = render_html(_log(tmp_path / "again", events))
    assert "p.21" in text and "attack is being resolved" not in text


def test_a_rebuild_after_undo_reports_a_later_event_it_now_refuses():
    # Undoing s1's attack (the last attack-declared applied) leaves its attack-ended with no
    # attack: a lenient fold reports it, never raises.
    base = [e.to_json() for e in _counter_too_late()[:19]]  # up to s2 activated
    fold = fold_events([*base, _undo("attack-declared").to_json()], strict=False)
    assert [e.type for e in fold.game_events].count("attack-declared") == 0
    assert list(fold.refused) == [17]          # s1's attack-ended: no attack being resolved
    assert "no attack is being resolved" in str(fold.refused[17])
