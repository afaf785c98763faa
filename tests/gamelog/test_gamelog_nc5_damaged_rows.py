"""A log whose rows were damaged (edited by hand, a disk error in one value): readers give one
line naming the file, game and event, never a traceback (newcomer 5: a `games.meta` that is not
JSON and an event payload that is a JSON list ended `replay` and `export` in tracebacks)."""

from __future__ import annotations

import sqlite3

import pytest

from armada_vision import game
from armada_vision.catalog import get_catalog
from armada_vision.cli import main
from armada_vision.errors import InputError
from armada_vision.gamelog import GameLog, render_html

SCENE = {"format": "armada-scene/1", "ships": [
    {"id": "a", "ship_class": "cr90-corvette-a", "player": 1, "x_mm": 900.0, "y_mm": 300.0,
     "heading_deg": 90.0}]}


def _log(path, *sql):
    with GameLog(path) as log:
        gid = log.new_game("night 1", {"ruleset": "rrg-1.6"})
        log.append({"type": "note", "text": "setup"}, scene_json=SCENE)
        log.append({"type": "note", "text": "second"}, scene_json=SCENE)
    db = sqlite3.connect(path)
    for s in sql:
        db.execute(s)
    db.commit()
    db.close()
    return gid


def test_a_damaged_game_meta_reads_as_empty_and_the_events_stay_readable(tmp_path):
    path = tmp_path / "g.sqlite"
    _log(path, "UPDATE games SET meta='{not json'")
    with GameLog(path, create=False) as log:
        [info] = log.games()
        assert info.meta == {} and info.event_count == 2
        assert [e.data["text"] for e in log.events()] == ["setup", "second"]


@pytest.mark.parametrize("payload,why", [("[1, 2]", "is not a JSON object (got list)"),
                                         ("\"text\"", "is not a JSON object (got str)"),
                                         ("3", "is not a JSON object (got int)"),
                                         ("not json", "is not JSON")])
def test_a_damaged_event_is_skipped_and_marked_and_the_rest_replays(tmp_path, payload, why):
    # a breaker's payload "not json" in row 19 made replay and export refuse the whole game
    path = tmp_path / "g.sqlite"
    with GameLog(path) as log:
        gid = log.new_game("night 1")
        log.append(game.GameStarted(first_player=1))
        log.append(game.ShipAdded.from_class("a", get_catalog().ships["cr90-corvette-a"], 1,
                                             speed=2))
        log.append(game.PhaseAdvanced())
    db = sqlite3.connect(path)
    db.execute(f"UPDATE events SET payload='{payload}' WHERE seq=2")
    db.commit()
    db.close()
    with GameLog(path, create=False) as log:
        events = log.events()
        assert [e.damaged for e in events] == [
            None, f"game {gid} event 2 is damaged: its payload {why}", None]
        assert events[1].data == {"type": "ship-added"}
        with pytest.raises(InputError, match=f"^game {gid} event 2 is damaged"):
            events[1].event()
        fold = log.fold()
        assert list(fold.refused) == [2]
        assert str(fold.refused[2]) == f"game {gid} event 2 is damaged: its payload {why}"
        assert fold.state.started and fold.state.round == 1 and fold.state.ships == ()
        html = render_html(log)
        assert html.count('class="refused"') == 1 and "event 2 is damaged" in html


def test_a_stored_scene_that_is_not_json_is_refused_naming_its_event(tmp_path):
    path = tmp_path / "g.sqlite"
    gid = _log(path, "UPDATE events SET scene='garbage' WHERE seq=2")
    with GameLog(path, create=False) as log:
        assert log.scene_at(gid, 1) == SCENE
        with pytest.raises(InputError, match=rf"^{path}: game {gid} event 2: the stored scene "
                                             r"is not a JSON object$"):
            log.scene_at(gid, 2)


@pytest.mark.parametrize("argv", [["export", "{log}", "--html", "{out}"],
                                  ["replay", "{log}", "--game", "1", "--event", "2",
                                   "--exit-after", "0"]])
def test_export_and_replay_with_a_damaged_meta_and_event_go_on(tmp_path, capsys, argv):
    log, out = tmp_path / "g.sqlite", tmp_path / "g.html"
    _log(log, "UPDATE games SET meta='nope'", "UPDATE events SET payload='[1]' WHERE seq=2")
    assert main([a.format(log=log, out=out) for a in argv]) == 0
    assert "Traceback" not in capsys.readouterr().err
    if argv[0] == "export":
        assert "game 1 event 2 is damaged: its payload is not a JSON object (got list)" in \
            out.read_text(encoding="utf-8")
