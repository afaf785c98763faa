"""``replay`` and ``export`` read a log; given an empty file (a wrong path, a log whose copy
failed) they say so in one line and leave the file as it was. They used to write a fresh
log's tables into it and then report "the game log holds no game"."""

from __future__ import annotations

import pytest

from armada_vision.cli import main
from armada_vision.errors import InputError
from armada_vision.gamelog import GameLog


def test_a_reader_refuses_an_empty_file_and_writes_nothing(tmp_path):
    path = tmp_path / "games.sqlite"
    path.write_bytes(b"")
    with pytest.raises(InputError, match=r"games.sqlite: an empty file, not an armada-vision "
                                         r"game log"):
        GameLog(path, create=False)
    assert path.read_bytes() == b""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.sqlite"]


@pytest.mark.parametrize("argv", [["export", "{log}", "--html", "{out}"],
                                  ["replay", "{log}", "--exit-after", "0"]])
def test_export_and_replay_of_an_empty_file_are_one_line(tmp_path, capsys, argv):
    log, out = tmp_path / "games.sqlite", tmp_path / "game.html"
    log.write_bytes(b"")
    assert main([a.format(log=log, out=out) for a in argv]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"armada-vision: error: {log}: an empty file, not an armada-vision game log"
    assert log.read_bytes() == b"" and not out.exists()


def test_the_window_still_starts_a_new_log_in_an_empty_file(tmp_path):
    path = tmp_path / "games.sqlite"
    path.write_bytes(b"")
    with GameLog(path) as log:  # create=True: the recorder may use a file it was given
        gid = log.new_game("night 1")
        log.append({"type": "note", "text": "setup"})
    with GameLog(path, create=False) as log:
        assert [e.data["text"] for e in log.events(gid)] == ["setup"]
