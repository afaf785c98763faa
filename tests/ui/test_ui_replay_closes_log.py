"""`replay LOG` closes the log when the window closes: SQLite removes its ``-wal`` and
``-shm`` files only when the last connection closes, and the replay never closed it, so every
replay left a 0-byte ``games.sqlite-wal`` and a 32 KiB ``games.sqlite-shm`` beside the log
(and on a shared folder, files the player did not make). Run as a child process: the leftovers
appear only when the process ends with the connection open."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from armada_vision.gamelog import GameLog

REPO = Path(__file__).resolve().parents[2]


def _log(path: Path) -> None:
    with GameLog(path) as log:
        log.new_game("night 1")
        for i in range(3):
            log.append({"type": "note", "text": f"n{i}"}, scene_json={
                "format": "armada-scene/1", "ships": [
                    {"id": "a", "ship_class": "cr90-corvette-a", "player": 1,
                     "x_mm": 900.0 + 10 * i, "y_mm": 300.0, "heading_deg": 90.0}]})


def test_replay_leaves_no_wal_or_shm_file_beside_the_log(tmp_path):
    path = tmp_path / "games.sqlite"
    _log(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.sqlite"]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path / "cfg"))
    proc = subprocess.run(
        [sys.executable, "-m", "armada_vision", "replay", str(path), "--exit-after", "0"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "cfg") == ["games.sqlite"]
