"""Ctrl-C in the terminal while the window is open closes it like its close button and exits
with status 130; the interrupt used to be printed as a traceback from a paint slot and ignored."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np

REPO = Path(__file__).resolve().parents[2]


def test_ctrl_c_closes_the_window_keeps_the_log_and_exits_130(tmp_path):
    image = tmp_path / "table.png"
    cv2.imwrite(str(image), np.full((180, 320, 3), 40, np.uint8))
    log = tmp_path / "games.sqlite"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path / "cfg"))
    proc = subprocess.Popen(
        [sys.executable, "-m", "armada_vision", "run", "--source", str(image), "--scene",
         str(REPO / "bench" / "scenes" / "skirmish.json"), "--log", str(log), "--exit-after", "60"],
        cwd=REPO, env=env, stderr=subprocess.PIPE, text=True,
        # a shell's background job inherits SIGINT ignored; a terminal's Ctrl-C is not
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert proc.stderr is not None
        first = proc.stderr.readline()  # printed once the log is open, just before the window
        assert "recording the game" in first, first
        time.sleep(1.5)
        proc.send_signal(signal.SIGINT)
        rest = proc.communicate(timeout=30)[1]
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, rest
    assert "Traceback" not in rest and rest.strip().splitlines()[-1] == "armada-vision: interrupted"
    with sqlite3.connect(log) as db:  # the game row and its first events are in the log
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1
        assert db.execute("SELECT COUNT(*) FROM events").fetchone()[0] >= 1
