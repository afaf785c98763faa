"""Closing the window while the detector is still working on a frame: the process waits for
that frame instead of exiting in the middle of OpenCV calls (which aborted it with
"terminate called without an active exception", status 134)."""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace

from PyQt6.QtWidgets import QWidget

from armada_vision.ui.app import application, run_window


class _Window(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.finished_at: float | None = None
        self.processor = threading.Thread(target=self._slow_frame, daemon=True)
        self.processor.start()

    def _slow_frame(self) -> None:
        time.sleep(1.0)  # a detection still running when the window closes
        self.finished_at = time.monotonic()


def test_run_window_returns_only_after_the_frame_in_the_pipeline_is_done():
    app = application("en")
    window = _Window()
    args = SimpleNamespace(exit_after=0.05, screenshot=None)
    assert run_window(app, window, args) == 0
    assert not window.processor.is_alive() and window.finished_at is not None
