"""Runs the pipeline on its own thread so a slow stage never blocks the window (no Qt).

The capture thread keeps the newest camera frame; this thread takes the newest frame it has not
processed yet, runs calibration tracking, detection and tracking on it, and keeps only the newest
result. The window shows every captured frame at once and applies results as they come: with a
slow detector the video stays fluid and the overlays follow a little later. Frames that came
while a frame was being processed are never processed (the newest wins); ``rate_fps`` says how
many frames a second were, for the status bar.

A result the window has not taken yet when the next one is ready is replaced, but its scene
tracker events (a piece added, removed or moved) go on in front of the next result's: the
window ran at about 23 fps while a piece moved, below the camera's rate, and every result it
skipped took its events with it (a move's pick-up point, or a piece added, never logged).

Once the first frame is through (start-up done, the detector's first full look taken), the
objects alive are frozen out of the garbage collector's reach (:func:`armada_vision._heap.
freeze_heap`): its walks of the oldest generation, 55-75 ms each with them, landed inside
live frames.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from armada_vision._heap import freeze_heap
from armada_vision.ui.capture import CaptureThread, Frame
from armada_vision.ui.pipeline import Pipeline, Result

RATE_WINDOW_S = 2.0  # the processing rate counts the results of the last 2 s


class ProcessingThread(threading.Thread):
    """``latest()`` -> ``(frame, result, serial)``; ``serial`` grows with each result.

    ``ms`` is the wall time of the last frame through the pipeline; :meth:`rate_fps` the frames
    processed per second over the last ``RATE_WINDOW_S`` (0 while one frame takes longer);
    ``skipped`` counts the camera frames that came while it was busy and were dropped."""

    def __init__(self, capture: CaptureThread, pipeline: Pipeline, *,
                 clock: Callable[[], float] = time.monotonic):
        super().__init__(name="armada-pipeline", daemon=True)
        self.capture, self.pipeline = capture, pipeline
        self._clock = clock
        self._t0 = clock()
        self._done_at: deque[float] = deque()  # when each recent result was ready
        self.skipped = 0
        self._lock = threading.Lock()
        self._stop_evt = threading.Event()
        self._out: tuple[Frame | None, Result | None] = (None, None)
        self._serial = 0
        self._taken = 0  # the serial the window last took with ``latest()``
        self.error: str = ""
        self.ms = 0.0  # wall time of the last frame through the pipeline
        self.frozen = False  # start-up's objects frozen out of the collector's walks

    def latest(self) -> tuple[Frame | None, Result | None, int]:
        """The newest frame processed, its result and the result's serial. The result carries
        the scene tracker events of every result not taken by an earlier call, oldest first."""
        with self._lock:
            self._taken = self._serial
            return self._out[0], self._out[1], self._serial

    def rate_fps(self, now: float | None = None) -> float:
        """Frames processed per second over the last ``RATE_WINDOW_S`` seconds (or since the
        thread started, when that is shorter): counted, not worked out from ``ms``, so time
        spent waiting for a shared CPU and frames that failed count as they are."""
        now = self._clock() if now is None else now
        span = min(RATE_WINDOW_S, now - self._t0)
        with self._lock:
            n = sum(1 for t in self._done_at if t > now - RATE_WINDOW_S)
        return n / span if span > 0 else 0.0

    def _count(self, now: float, serial: int, done: int) -> None:
        with self._lock:
            self._done_at.append(now)
            while self._done_at and self._done_at[0] <= now - RATE_WINDOW_S:
                self._done_at.popleft()
            if done >= 0:
                self.skipped += max(0, serial - done - 1)

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
            last, done = done, serial
            t0 = time.perf_counter()
            try:
                result = self.pipeline.process(frame)
            except Exception as exc:  # noqa: BLE001 - a stage failing on one frame must not end the thread
                self.error = f"{type(exc).__name__}: {exc}"
                continue
            finally:
                self._count(self._clock(), serial, last)
            self.ms = (time.perf_counter() - t0) * 1e3
            with self._lock:
                previous = self._out[1]
                if previous is not None and self._taken < self._serial:
                    result = _carry_over(previous, result)
                self._out = (frame, result)
                self._serial += 1
            if not self.frozen:  # after the first result is out: start-up, detector's caches
                freeze_heap()
                self.frozen = True


def _carry_over(skipped: Result, result: Result) -> Result:
    """``result`` with what the window must not miss from a result it never took: the tracker
    events (in order) and a note said once (the empty table dropped on the first frame, a fit
    from markers that do not span the table)."""
    carry: dict[str, Any] = {}
    if skipped.track_events:
        carry["track_events"] = [*skipped.track_events, *result.track_events]
    if skipped.background_note[0] and not result.background_note[0]:
        carry["background_note"] = skipped.background_note
    if skipped.calibration_note[0] and not result.calibration_note[0]:
        carry["calibration_note"] = skipped.calibration_note
    return dataclasses.replace(result, **carry) if carry else result


def start_processing(capture: CaptureThread, pipeline: Pipeline) -> Any:
    thread = ProcessingThread(capture, pipeline)
    thread.start()
    return thread
