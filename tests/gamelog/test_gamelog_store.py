"""The SQLite game log: storing, reading back, replaying, refusing foreign files."""

import json
import sqlite3

import pytest

from armada_vision import game
from armada_vision.errors import InputError
from armada_vision.gamelog import GameLog, default_log_path

JPEG = b"\xff\xd8\xff\xe0" + b"tiny-jpeg-body" + b"\xff\xd9"


def short_game(catalog):
    vsd = catalog.ship("victory-ii-star-destroyer")
    return [
        game.GameStarted(first_player=2),
        game.ShipAdded.from_class("a", vsd, 1, speed=2),
        game.ShipAdded.from_class("b", vsd, 2, speed=1),
        game.PhaseAdvanced(),
        game.DialsAssigned("a", ("navigate", "repair", "squadron")),
        game.DialsAssigned("b", ("repair", "navigate", "navigate")),
        game.PhaseAdvanced(),
        game.ShipActivated("b"),
        game.DialConverted("b"),
        game.AttackDeclared("b", "a", "front", "left", "long"),
        game.AccuracySpent(0),
        game.DefenseTokenSpent("a", 1, redirect_zone="front"),
        game.DamageDealt("a", zone="left", shields=2, facedown=1),
        game.AttackEnded(),
        game.ManeuverExecuted("b", {"ship": "b", "executed_speed": 1, "damage_to": []}),
        game.ActivationEnded("b"),
        game.Note(text="Ü & <b>ok</b>"),
    ]


def test_default_path_is_under_local_share(monkeypatch, tmp_path):
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_log_path() == tmp_path / ".local/share/armada-vision/games.sqlite"


def test_events_come_back_in_order_with_sequence_numbers(tmp_path, catalog):
    events = short_game(catalog)
    with GameLog(tmp_path / "g.sqlite") as log:
        gid = log.new_game("test")
        seqs = [log.append(e) for e in events]
        stored = log.events(gid)
    assert seqs == list(range(1, len(events) + 1))
    assert [s.seq for s in stored] == seqs
    assert [s.data for s in stored] == [e.to_json() for e in events]
    assert [s.event() for s in stored] == events


def test_replay_through_the_log_gives_the_identical_state(tmp_path, catalog):
    events = short_game(catalog)
    path = tmp_path / "g.sqlite"
    with GameLog(path) as log:
        log.new_game()
        for e in events:
            log.append(e)
    with GameLog(path, create=False) as log:
        assert log.state() == game.replay(events)
        assert log.state(upto_seq=8) == game.replay(events[:8])


def test_scene_at_is_the_last_scene_stored_at_or_before(tmp_path):
    s1 = {"format": "armada-scene/1", "ships": [{"id": "a", "x_mm": 1.0}]}
    s2 = {"format": "armada-scene/1", "ships": [{"id": "a", "x_mm": 2.0}]}
    with GameLog(tmp_path / "g.sqlite") as log:
        gid = log.new_game()
        log.append(game.Note(text="before"))
        log.append(game.SceneChanged({"moved": ["a"]}), scene_json=s1)
        log.append(game.Note(text="x"), snapshot_jpeg=JPEG)
        log.append(game.SceneChanged(), scene_json=json.dumps(s2))
        assert log.scene_at(gid, 1) is None
        assert log.scene_at(gid, 3) == s1
        assert log.scene_at(4) == s2
        assert log.snapshot(gid, 4) == JPEG
        assert log.snapshot(gid, 4, exact=True) is None
        assert log.snapshot(gid, 3, exact=True) == JPEG


def test_scene_objects_are_stored_as_scene_json(tmp_path):
    from armada_vision.scene import scene_from_dict

    scene = scene_from_dict(
        {
            "format": "armada-scene/1",
            "ships": [
                {
                    "id": "a",
                    "ship_class": "victory-ii-star-destroyer",
                    "player": 1,
                    "x_mm": 100.0,
                    "y_mm": 200.0,
                    "heading_deg": 90.0,
                    "speed": 2,
                }
            ],
        }
    )
    with GameLog(tmp_path / "g.sqlite") as log:
        seq = log.append(game.SceneChanged(), scene_json=scene)
        assert scene_from_dict(log.scene_at(seq)) == scene


def test_games_are_listed_with_counts(tmp_path):
    with GameLog(tmp_path / "g.sqlite") as log:
        g1 = log.new_game("first")
        log.append(game.Note(text="1"))
        g2 = log.new_game("second")
        for _ in range(3):
            log.append(game.Note(text="2"))
        info = log.games()
    assert [(g.id, g.title, g.event_count) for g in info] == [(g1, "first", 1), (g2, "second", 3)]


def test_a_non_sqlite_file_is_a_one_line_input_error(tmp_path):
    bad = tmp_path / "photo.sqlite"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 2000)
    with pytest.raises(InputError) as exc:
        GameLog(bad)
    assert "photo.sqlite" in str(exc.value) and "\n" not in str(exc.value)


def test_a_foreign_sqlite_file_is_refused_and_left_alone(tmp_path):
    other = tmp_path / "other.sqlite"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE recipes (name TEXT)")
    db.commit()
    db.close()
    with pytest.raises(InputError, match="not an armada-vision game log"):
        GameLog(other)
    db = sqlite3.connect(other)
    assert [r[0] for r in db.execute("SELECT name FROM sqlite_master")] == ["recipes"]


def test_a_missing_log_is_refused_when_not_creating(tmp_path):
    with pytest.raises(InputError, match="no such game log"):
        GameLog(tmp_path / "nope.sqlite", create=False)


def test_an_event_must_have_a_type(tmp_path):
    with GameLog(tmp_path / "g.sqlite") as log, pytest.raises(InputError, match="type"):
        log.append({"ship": "a"})


def test_a_damaged_log_is_a_one_line_input_error(tmp_path):
    path = tmp_path / "g.sqlite"
    with GameLog(path) as log:
        log.new_game()
        for _ in range(30):
            log.append(game.Note(text="x" * 600))
    data = bytearray(path.read_bytes())
    for i in range(4096, len(data), 7):  # clobber every page after the first
        data[i] = 0x5A
    path.write_bytes(bytes(data))
    with pytest.raises(InputError) as exc:
        with GameLog(path) as log:
            log.events()
    assert "g.sqlite" in str(exc.value) and "\n" not in str(exc.value)


def test_a_log_under_a_file_is_a_one_line_input_error(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    with pytest.raises(InputError, match="cannot create the game log's folder"):
        GameLog(blocker / "sub" / "games.sqlite")
