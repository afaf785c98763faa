"""A log written by a newer armada-vision says "update" (as scenes do), not "not a game log";
a log that can be read but not written, given to record in, says so at once and names
``--no-log`` (a breaker's ``chattr +i`` / ``chmod 444`` log got "not a readable ... game log")."""

import sqlite3

import pytest

import armada_vision.gamelog._log as log_module
from armada_vision.cli import main
from armada_vision.errors import InputError
from armada_vision.gamelog import GameLog


def _log(path, fmt=None):
    with GameLog(path) as log:
        log.append({"type": "note", "text": "setup"})
    if fmt is not None:
        db = sqlite3.connect(path)
        db.execute("UPDATE meta SET value=? WHERE key='format'", (fmt,))
        db.commit()
        db.close()


@pytest.mark.parametrize("create", [False, True])
def test_a_newer_format_says_update(tmp_path, create):
    path = tmp_path / "g.sqlite"
    _log(path, "armada-gamelog/2")
    with pytest.raises(InputError) as err:
        GameLog(path, create=create)
    assert str(err.value) == (f"{path}: written by a newer armada-vision (format "
                              "armada-gamelog/2; this one reads armada-gamelog/1): update "
                              "armada-vision to read it")


@pytest.mark.parametrize("fmt", ["armada-gamelog/0", "armada-gamelog/1x", "other/3"])
def test_other_formats_are_still_not_a_game_log(tmp_path, fmt):
    path = tmp_path / "g.sqlite"
    _log(path, fmt)
    with pytest.raises(InputError, match=rf"not an armada-vision game log \(format {fmt},"):
        GameLog(path, create=False)


@pytest.fixture
def opened_read_only(monkeypatch):
    """SQLite opens the log read-only, as it does by itself when the file cannot be opened for
    writing (chmod 444 as a user, chattr +i even as root; the suite may run as root)."""
    real = sqlite3.connect

    def connect(database, *args, **kw):
        if kw.get("uri"):
            return real(database, *args, **kw)
        uri = log_module.Path(database).resolve().as_uri() + "?mode=ro"
        return real(uri, *args, **{**kw, "uri": True})

    return lambda: monkeypatch.setattr(log_module.sqlite3, "connect", connect)


def test_recording_in_a_read_only_log_is_refused_naming_no_log(tmp_path, opened_read_only):
    path = tmp_path / "g.sqlite"
    with GameLog(path) as log:  # made before the file became read-only
        log.append({"type": "note", "text": "setup"})
    opened_read_only()
    with pytest.raises(InputError) as err:
        GameLog(path)
    assert str(err.value) == (f"{path}: the game log can be read but not written (the file or "
                              "its folder is read-only): record in another file with --log "
                              "FILE, or play without recording with --no-log")
    # still readable: replay and export read it
    with GameLog(path, create=False) as log:
        assert [e.data["text"] for e in log.events()] == ["setup"]


def test_run_with_a_read_only_log_is_one_line(tmp_path, capsys, opened_read_only):
    path = tmp_path / "g.sqlite"
    with GameLog(path) as log:
        log.append({"type": "note", "text": "setup"})
    opened_read_only()
    assert main(["demo", "--log", str(path), "--exit-after", "0"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith(f"armada-vision: error: {path}: the game log can be read but "
                              "not written")
    assert err[-1].endswith("--no-log")
