"""A game log on read-only media (a CD, a read-only share, a copied-off card) can still be
replayed and exported; a log there whose last events sit in an unmerged -wal file is refused
in one line rather than read without them."""

from __future__ import annotations

import os
import shutil

import pytest

import armada_vision.gamelog._log as log_module
from armada_vision.cli import main
from armada_vision.errors import InputError
from armada_vision.gamelog import GameLog


def _log_with_two_events(path):
    with GameLog(path) as log:
        log.new_game("night 1")
        log.append({"type": "note", "text": "setup"})
        log.append({"type": "note", "text": "round 1"})


@pytest.fixture
def read_only(monkeypatch):
    """Pretend the file system refuses writes (the suite may run as root, who ignores modes)."""
    real = os.access
    monkeypatch.setattr(log_module.os, "access",
                        lambda p, mode, **kw: False if mode & os.W_OK else real(p, mode, **kw))


def test_a_log_on_read_only_media_is_read_in_full(tmp_path, read_only):
    path = tmp_path / "games.sqlite"
    _log_with_two_events(path)
    log = GameLog(path, create=False)
    assert log.read_only
    assert [e.data["text"] for e in log.events()] == ["setup", "round 1"]
    log.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.sqlite"]  # nothing written beside it


def test_export_of_a_log_on_read_only_media(tmp_path, read_only):
    path = tmp_path / "games.sqlite"
    _log_with_two_events(path)
    out = tmp_path / "out" / "night.html"
    out.parent.mkdir()
    assert main(["export", str(path), "--html", str(out)]) == 0
    assert "round 1" in out.read_text(encoding="utf-8")


def test_an_unmerged_wal_on_read_only_media_is_refused_not_skipped(tmp_path, read_only):
    path = tmp_path / "games.sqlite"
    _log_with_two_events(path)
    shutil.copy(path, f"{path}-wal")  # stands in for a -wal file left by a crash
    with pytest.raises(InputError, match=r"games\.sqlite: the game was not closed cleanly"):
        GameLog(path, create=False)


def test_a_writable_log_is_not_opened_read_only(tmp_path):
    path = tmp_path / "games.sqlite"
    _log_with_two_events(path)
    with GameLog(path, create=False) as log:
        assert not log.read_only
