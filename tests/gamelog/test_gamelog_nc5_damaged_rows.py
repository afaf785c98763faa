"""A log whose rows were damaged (edited by hand, a disk error in one value): readers give one
line naming the file, game and event, never a traceback (newcomer 5: a `games.meta` that is not
JSON and an event payload that is a JSON list ended `replay` and `export` in tracebacks)."""

from __future__ import annotations

import sqlite3

import pytest

from armada_vision.cli import main
from armada_vision.errors import InputError
from armada_vision.gamelog import GameLog

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


@pytest.mark.parametrize("payload", ["[1, 2]", "\"text\"", "3"])
def test_an_event_that_is_json_but_no_object_is_refused_naming_it(tmp_path, payload):
    path = tmp_path / "g.sqlite"
    gid = _log(path, f"UPDATE events SET payload='{payload}' WHERE seq=2")
    with GameLog(path, create=False) as log, pytest.raises(
            InputError, match=rf"^{path}: game {gid} event 2 is not a JSON object \(got "):
        log.events()


def test_a_stored_scene_that_is_not_json_is_refused_naming_its_event(tmp_path):
    path = tmp_path / "g.sqlite"
    gid = _log(path, "UPDATE events SET scene='garbage' WHERE seq=2")
    with GameLog(path, create=False) as log:
        assert log.scene_at(gid, 1) == SCENE
        with pytest.raises(InputError, match=rf"^{path}: game {gid} event 2: the stored scene "
                                             r"is not a JSON object$"):
            log.scene_at(gid, 2)


@pytest.mark.parametrize("argv", [["export", "{log}", "--html", "{out}"],
                                  ["replay", "{log}", "--game", "1", "--exit-after", "0"]])
def test_export_and_replay_with_a_damaged_meta_and_event_are_one_line(tmp_path, capsys, argv):
    log, out = tmp_path / "g.sqlite", tmp_path / "g.html"
    _log(log, "UPDATE games SET meta='nope'", "UPDATE events SET payload='[1]' WHERE seq=2")
    assert main([a.format(log=log, out=out) for a in argv]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (f"armada-vision: error: {log}: game 1 event 2 is not a JSON object "
                   f"(got list)")
    assert not out.exists()
