"""Closing the window while the detector is still working on a frame: the process waits for
that frame instead of exiting in the middle of OpenCV calls (which aborted it with
"terminate called without an active exception", status 134).

Run in a child process: ``run_window`` runs and quits the application's event loop, which
would disturb the other window tests sharing this process's QApplication."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

CHILD = """
import threading, time
from types import SimpleNamespace
from PyQt6.QtWidgets import QWidget
from armada_vision.ui.app import application, run_window

class Window(QWidget):
    def __init__(self):
        super().__init__()
        self.done = False
        self.processor = threading.Thread(target=self.slow_frame, daemon=True)
        self.processor.start()

    def slow_frame(self):
        time.sleep(1.0)  # a detection still running when the window closes
        self.done = True

app = application("en")
w = Window()
code = run_window(app, w, SimpleNamespace(exit_after=0.05, screenshot=None))
print("code", code, "alive", w.processor.is_alive(), "done", w.done)
"""


def test_run_window_returns_only_after_the_frame_in_the_pipeline_is_done(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path))
    proc = subprocess.run([sys.executable, "-c", CHILD], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["code", "0", "alive", "False", "done", "True"]
