"""The ``.sqlite`` alone holds the game during play and after ``kill -9`` (a breaker copied only
``games.sqlite`` while a game was recorded and got "an empty file": WAL mode kept every event
in the ``-wal`` file beside it). An append checkpoints after each game event and otherwise
every CHECKPOINT_INTERVAL_S; a copy read without its events names the ``-wal`` file."""

import shutil

import pytest

from armada_vision import game
from armada_vision.errors import InputError
from armada_vision.gamelog import GameLog
from armada_vision.gamelog import _log as logmod


def _copy_alone(path, tmp_path):
    """The log file copied without its -wal and -shm (while the writer still has it open)."""
    out = tmp_path / "copy"
    out.mkdir(exist_ok=True)
    shutil.copy(path, out / path.name)
    return out / path.name


def test_a_copy_of_the_sqlite_alone_has_every_game_event_so_far(tmp_path, monkeypatch):
    monkeypatch.setattr(logmod, "CHECKPOINT_INTERVAL_S", 1e9)  # only game events checkpoint
    path = tmp_path / "games.sqlite"
    log = GameLog(path)
    log.new_game("live")
    log.append(game.GameStarted(first_player=1))
    log.append(game.PhaseAdvanced())
    assert log.wait_checkpoint()  # (on its thread: done before the note is appended)
    log.append(game.Note(text="after the last game event"))  # inside the interval: in the WAL
    assert (tmp_path / "games.sqlite-wal").exists()
    with GameLog(_copy_alone(path, tmp_path), create=False) as copy:
        assert [e.type for e in copy.events()] == ["game-started", "phase-advanced"]
    log.close()


def test_notes_alone_are_checkpointed_once_the_interval_has_passed(tmp_path, monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(logmod.time, "monotonic", lambda: now[0])
    path = tmp_path / "games.sqlite"
    log = GameLog(path)
    log.append(game.Note(text="1"))       # the first append checkpoints (the game row)
    assert log.wait_checkpoint()          # (on its thread: it might have taken "2" too)
    log.append(game.Note(text="2"))
    assert log.wait_checkpoint()
    with GameLog(_copy_alone(path, tmp_path), create=False) as copy:
        assert [e.data["text"] for e in copy.events()] == ["1"]
    now[0] += logmod.CHECKPOINT_INTERVAL_S
    log.append(game.Note(text="3"))
    assert log.wait_checkpoint()
    with GameLog(_copy_alone(path, tmp_path), create=False) as copy:
        assert [e.data["text"] for e in copy.events()] == ["1", "2", "3"]
    log.close()


def test_a_copy_without_its_wal_says_where_the_events_may_be(tmp_path, monkeypatch):
    # a log made before this pass: the schema too is still in the -wal file
    monkeypatch.setattr(GameLog, "_checkpoint_after", lambda self, kind: None)
    path = tmp_path / "games.sqlite"
    log = GameLog(path)
    log._db.execute("PRAGMA wal_autocheckpoint=0")
    log.append(game.GameStarted(first_player=1))
    copy = _copy_alone(path, tmp_path)
    with pytest.raises(InputError) as err:
        GameLog(copy, create=False)
    assert str(err.value) == (
        f"{copy}: an empty file, not an armada-vision game log (if it was copied from where a "
        "game was being recorded or crashed, its events may be in the 'games.sqlite-wal' file "
        "beside the original: copy both)")
    log.close()
    # beside its -wal (the original, after the writer closed it) nothing is said to be missing
    with GameLog(path, create=False) as again:
        assert [e.type for e in again.events()] == ["game-started"]


def test_a_malformed_copy_without_its_wal_says_where_the_events_may_be(tmp_path):
    # a copy of the .sqlite alone taken after a checkpoint cut short (a full disk) is malformed
    # without its -wal: a breaker's copy said only "database disk image is malformed"
    path = tmp_path / "g.sqlite"
    with GameLog(path) as log:
        log.append(game.Note(text="1"))
    data = bytearray(path.read_bytes())
    data[100:108] = b"\xff" * 8  # page 1's b-tree header: the schema cannot be read
    path.write_bytes(bytes(data))
    with pytest.raises(InputError) as err:
        GameLog(path, create=False)
    assert str(err.value) == (
        f"{path}: not a readable armada-vision game log (database disk image is malformed) (if "
        "it was copied from where a game was being recorded or crashed, its events may be in "
        "the 'g.sqlite-wal' file beside the original: copy both)")
