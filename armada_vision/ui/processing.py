"""Runs the pipeline on its own thread so a slow stage never blocks the window (no Qt).

The capture thread keeps the newest camera frame; this thread takes the newest frame it has not
processed yet, runs calibration tracking, detection and tracking on it, and keeps only the newest
result. The window shows every captured frame at once and applies results as they come: with a
slow detector the video stays fluid and the overlays follow a little later.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from armada_vision.ui.capture import CaptureThread, Frame
from armada_vision.ui.pipeline import Pipeline, Result


class ProcessingThread(threading.Thread):
    """``latest()`` -> ``(frame, result, serial)``; ``serial`` grows with each result."""

    def __init__(self, capture: CaptureThread, pipeline: Pipeline):
        super().__init__(name="armada-pipeline", daemon=True)
        self.capture, self.pipeline = capture, pipeline
        self._lock = threading.Lock()
        self._stop_evt = threading.Event()
        self._out: tuple[Frame | None, Result | None] = (None, None)
        self._serial = 0
        self.error: str = ""
        self.ms = 0.0  # wall time of the last frame through the pipeline

    def latest(self) -> tuple[Frame | None, Result | None, int]:
        with self._lock:
            return self._out[0], self._out[1], self._serial

    def stop(self, timeout_s: float = 5.0) -> None:
        self._stop_evt.set()
        if self.is_alive():
            self.join(timeout_s)

    def run(self) -> None:
        done = -1
        while not self._stop_evt.is_set():
            frame, serial = self.capture.latest()
            if frame is None or serial == done:
                self._stop_evt.wait(0.005)
                continue
            done = serial
            t0 = time.perf_counter()
            try:
                result = self.pipeline.process(frame)
            except Exception as exc:  # noqa: BLE001 - a stage failing on one frame must not end the thread
                self.error = f"{type(exc).__name__}: {exc}"
                continue
            self.ms = (time.perf_counter() - t0) * 1e3
            with self._lock:
                self._out = (frame, result)
                self._serial += 1


def start_processing(capture: CaptureThread, pipeline: Pipeline) -> Any:
    thread = ProcessingThread(capture, pipeline)
    thread.start()
    return thread
