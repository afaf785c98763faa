"""After the window closes, the game log holds its events in the file itself: a copy of
``games.sqlite`` alone (to share or back up a game) has the whole game. The window left the log
open, so SQLite kept every event in the ``-wal`` file beside it until the next program opened
the log, and the copy had none.

Run in a child process: ``run_window`` runs and quits the application's event loop, which
would disturb the other window tests sharing this process's QApplication."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from armada_vision.gamelog import GameLog

REPO = Path(__file__).resolve().parents[2]

CHILD = """
import shutil, sys
from types import SimpleNamespace
from PyQt6.QtWidgets import QWidget
from armada_vision.gamelog import GameLog
from armada_vision.ui.app import application, run_window

log = GameLog(sys.argv[1])
log.new_game("closing test")
for i in range(5):
    log.append({"type": "note", "text": f"event {i}"})

class Window(QWidget):
    def __init__(self):
        super().__init__()
        self.recorder = SimpleNamespace(log=log)

app = application("en")
code = run_window(app, Window(), SimpleNamespace(exit_after=0.05, screenshot=None))
# copied before this process ends (a process that exits without closing the connection leaves
# the events in the -wal file: the window is held by Qt and reference cycles at exit)
shutil.copy(sys.argv[1], sys.argv[2])
print("code", code)
"""


def test_a_copy_of_the_log_file_alone_has_every_event_after_the_window_closed(tmp_path):
    path = tmp_path / "games.sqlite"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path))
    shared = tmp_path / "shared"
    shared.mkdir()
    copied = shared / "games.sqlite"  # the file alone, as a player mails it
    proc = subprocess.run([sys.executable, "-c", CHILD, str(path), str(copied)], cwd=REPO,
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["code", "0"]
    with GameLog(copied, create=False) as copy:
        (game,) = copy.games()
        assert [e.data["text"] for e in copy.events(game.id)] == [f"event {i}" for i in range(5)]
