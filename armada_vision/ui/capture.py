"""Frame sources and the capture thread (OpenCV, no Qt).

A source is read on its own thread that keeps only the newest frame (cv-notes 3.5: OpenCV's
V4L2 backend queues 4 buffers, so a slow consumer would see frames ~130 ms old). The window pulls
the newest frame on a timer and never blocks on the camera. A live source that drops out is
reopened with back-off (0.5 s doubling to 8 s) and the thread's ``status`` says so.

Sources (``parse_source``): a webcam index (``"0"``), a video file, a folder of images, an
``http(s)://`` MJPEG or ``rtsp://`` stream (OpenCV's FFMPEG backend), or a list of frame paths
with per-frame ground-truth scenes (the bundled demo).
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

# The window says when a camera is missing or a stream drops; OpenCV's and FFmpeg's own lines for
# every reconnection attempt would only flood the terminal (an explicit setting still wins).
os.environ.setdefault("OPENCV_FFMPEG_LOGLEVEL", "-8")  # AV_LOG_QUIET

from armada_vision.errors import InputError

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp")
STREAM_SCHEMES = ("http", "https", "rtsp", "rtsps", "rtmp", "udp", "tcp")
BACKOFF_S = (0.5, 1.0, 2.0, 4.0, 8.0)


@dataclass(frozen=True)
class Frame:
    """One captured picture. ``image`` is BGR uint8 (H, W, 3); ``index`` counts frames read
    from the source (for a file or folder: the frame's position in it); ``truth`` is the
    ground-truth Scene when the source knows it (the demo), else ``None``; ``display`` the
    picture at the window's display size (:func:`display_picture`) when the capture thread
    was asked for one, else ``None``."""

    image: np.ndarray
    index: int
    t_s: float
    truth: Any = None
    display: np.ndarray | None = None


def display_picture(bgr: np.ndarray, size: tuple[int, int], out: np.ndarray | None = None,
                    work: dict[str, np.ndarray] | None = None) -> np.ndarray:
    """``bgr`` (H, W, 3) or grey (H, W) uint8 resized to ``size`` = (w, h) px as (h, w, 4)
    bytes B, G, R, X: what the video widget draws without converting (QImage RGB32; a 24-bit
    image was converted at every paint). Bilinear: ~2 ms CPU from 1080p to 720p, where
    INTER_AREA at a 1.5x ratio costs ~10 ms and Qt's smooth scaling ~6 ms. ``out``: an
    (h, w, 4) uint8 array to write into (else a new one); ``work``: a dict the caller keeps,
    holding the resize's (h, w, 3) buffer from one call to the next (a new 2.7 MB buffer at
    each frame cost up to ~0.7 ms in page faults)."""
    w, h = size
    if out is None or out.shape != (h, w, 4) or out.dtype != np.uint8:
        out = np.empty((h, w, 4), np.uint8)
    src = np.ascontiguousarray(bgr)
    if src.ndim == 2:
        src = cv2.cvtColor(src, cv2.COLOR_GRAY2BGR)
    if src.shape[:2] != (h, w):
        tmp = work.get("bgr") if work is not None else None
        if tmp is None or tmp.shape != (h, w, 3):
            tmp = np.empty((h, w, 3), np.uint8)
            if work is not None:
                work["bgr"] = tmp
        src = cv2.resize(src, (w, h), dst=tmp, interpolation=cv2.INTER_LINEAR)
    cv2.cvtColor(src, cv2.COLOR_BGR2BGRA, dst=out)
    return out


class FrameSource:
    """Interface: ``open()`` -> bool, ``read()`` -> Frame | None, ``close()``.

    ``live`` sources (cameras, streams) are reopened when they fail; recorded ones (files,
    folders) are paced at ``fps`` and loop when ``loop`` is set."""

    live = False
    fps: float = 0.0
    loop = True
    name = ""

    def open(self) -> bool:
        raise NotImplementedError

    def read(self) -> Frame | None:
        raise NotImplementedError

    def close(self) -> None:
        pass


class VideoCaptureSource(FrameSource):
    """A webcam index, video file or network stream through ``cv2.VideoCapture``."""

    def __init__(self, spec: int | str, *, live: bool, loop: bool = True):
        self.spec, self.live, self.loop = spec, live, loop
        self.name = str(spec)
        self._cap: cv2.VideoCapture | None = None
        self._index = 0

    def open(self) -> bool:
        self.close()
        if isinstance(self.spec, int):
            cap = cv2.VideoCapture(self.spec)
        else:
            cap = cv2.VideoCapture(self.spec, cv2.CAP_FFMPEG)
        if not cap.isOpened():
            cap.release()
            return False
        if isinstance(self.spec, int):
            cap.set(cv2.CAP_PROP_BUFFERSIZE, 1)  # honoured by some backends only (cv-notes 3.5)
        fps = cap.get(cv2.CAP_PROP_FPS)
        self.fps = float(fps) if fps and 1.0 <= fps <= 240.0 else (0.0 if self.live else 25.0)
        self._cap, self._index = cap, 0
        return True

    def read(self) -> Frame | None:
        if self._cap is None:
            return None
        ok, image = self._cap.read()
        if not ok or image is None:
            return None
        if image.ndim == 2:
            image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
        frame = Frame(image, self._index, time.monotonic())
        self._index += 1
        return frame

    def close(self) -> None:
        if self._cap is not None:
            self._cap.release()
            self._cap = None


class FolderSource(FrameSource):
    """Still images played as a video at ``fps``; ``truths[i]`` (optional) goes with frame i."""

    def __init__(self, paths: Sequence[str | Path], *, fps: float = 12.0, loop: bool = True,
                 truths: Sequence[Any] | None = None, name: str = ""):
        if not paths:
            raise InputError("no images found", source=name or "frame folder")
        self.paths = [Path(p) for p in paths]
        self.truths = list(truths) if truths is not None else None
        self.fps, self.loop, self.name = fps, loop, name or str(self.paths[0].parent)
        self._i = 0
        self._unreadable: set[int] = set()

    @classmethod
    def from_folder(cls, folder: str | Path, **kw: Any) -> FolderSource:
        folder = Path(folder)
        paths = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        return cls(paths, name=str(folder), **kw)

    def open(self) -> bool:
        self._i = 0
        return True

    def read(self) -> Frame | None:
        """The next image; an unreadable one is skipped (``None`` only at the end without
        ``loop``, or when no image in the folder can be read)."""
        for _ in range(len(self.paths)):
            if self._i >= len(self.paths):
                if not self.loop:
                    return None
                self._i = 0
            i = self._i
            self._i += 1
            if i in self._unreadable:  # read once only: OpenCV's decoders print their errors
                continue
            image = cv2.imread(str(self.paths[i]), cv2.IMREAD_COLOR)
            if image is None:
                self._unreadable.add(i)
            else:
                truth = self.truths[i] if self.truths is not None and i < len(self.truths) else None
                return Frame(image, i, time.monotonic(), truth)
        return None

    def seek(self, index: int) -> None:
        self._i = max(0, min(int(index), len(self.paths) - 1))


def parse_source(text: str | int, *, loop: bool = True) -> FrameSource:
    """The frame source named by ``--source``: webcam index, URL, image folder or video file.

    Raises :class:`InputError` (field ``--source``) for a path that does not exist or a folder
    without images.
    """
    if not str(text).strip():  # Path("") is the current folder: "no images found" there
        raise InputError("empty; expected a webcam index (0, 1, ...), a video or image file, a "
                         "folder of images or an http:// or rtsp:// URL", field="--source")
    if isinstance(text, int) or re.fullmatch(r"\d+", str(text).strip()):
        return VideoCaptureSource(int(text), live=True)
    text = str(text).strip()
    scheme = text.split("://", 1)[0].lower() if "://" in text else ""
    if scheme in STREAM_SCHEMES:
        if not text.split("://", 1)[1].strip("/"):  # "rtsp://": the window waited on it
            raise InputError("a stream address needs a host, e.g. rtsp://192.168.1.20:8554/cam",
                             source=text, field="--source")
        return VideoCaptureSource(text, live=True)
    path = Path(text).expanduser()
    if path.is_dir():
        return FolderSource.from_folder(path, loop=loop)
    if path.is_file():
        if path.suffix.lower() in IMAGE_SUFFIXES:
            return FolderSource([path], fps=5.0, loop=True, name=str(path))
        return VideoCaptureSource(str(path), live=False, loop=loop)
    raise InputError("no such file or folder; expected a webcam index (0, 1, ...), a video or "
                     "image file, a folder of images or an http:// or rtsp:// URL", source=text,
                     field="--source")


def check_recorded_source(source: FrameSource) -> None:
    """Raise :class:`InputError` naming a video file or image folder that yields no frame
    (a damaged or unknown format), so that the window does not open on "reconnecting" for a
    file that will never play. Live sources (cameras, streams) are not probed: they may come
    up later."""
    if source.live:
        return
    with contextlib.suppress(AttributeError):  # builds without the logging module
        cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_ERROR)
    try:
        ok = source.open() and source.read() is not None
    finally:
        source.close()
    if not ok:
        what = "no readable image in the folder" if isinstance(source, FolderSource) and \
            len(source.paths) > 1 else "not a readable video or image (unknown format or damaged)"
        raise InputError(what, source=source.name)


class CaptureThread(threading.Thread):
    """Reads ``source`` on a daemon thread, keeping only the newest frame.

    ``latest()`` returns ``(frame, serial)``; ``serial`` grows by one per frame read, so a
    consumer can tell a new frame from one it has already shown. ``status`` is one of
    ``"connecting"``, ``"live"``, ``"reconnecting"`` (with ``retry_in_s``), ``"ended"``.
    ``fps`` is the measured capture rate (exponential average). ``display_size`` (w, h) px,
    set by the window: each frame also comes resized to it (``Frame.display``), on this
    thread, so that the window's thread only draws it.
    """

    def __init__(self, source: FrameSource, *, clock: Callable[[], float] = time.monotonic):
        super().__init__(name="armada-capture", daemon=True)
        self.source = source
        self._clock = clock
        self._lock = threading.Lock()
        self._stop_evt = threading.Event()
        self._frame: Frame | None = None
        self._serial = 0
        self.status = "connecting"
        self.retry_in_s = 0.0
        self.fps = 0.0
        self.failures = 0
        self._said_unavailable = False
        self.display_size: tuple[int, int] | None = None
        self._work: dict[str, np.ndarray] = {}  # display_picture's buffer (this thread's)

    def latest(self) -> tuple[Frame | None, int]:
        with self._lock:
            return self._frame, self._serial

    def stop(self, timeout_s: float = 2.0) -> None:
        self._stop_evt.set()
        if self.is_alive():
            self.join(timeout_s)
        self.source.close()

    def seek(self, index: int) -> None:
        """Jump a recorded source to frame ``index`` (no-op for live sources)."""
        seek = getattr(self.source, "seek", None)
        if seek is not None:
            seek(index)

    def _publish(self, frame: Frame) -> None:
        now = self._clock()
        with self._lock:
            last = self._frame.t_s if self._frame is not None else None
            self._frame = frame
            self._serial += 1
        if last is not None and now > last:
            inst = 1.0 / max(now - last, 1e-6)
            self.fps = inst if self.fps == 0.0 else 0.9 * self.fps + 0.1 * inst

    def _wait_backoff(self) -> None:
        delay = BACKOFF_S[min(self.failures, len(BACKOFF_S) - 1)]
        self.failures += 1
        self.status, self.retry_in_s = "reconnecting", delay
        if not self._said_unavailable:  # once a run: the status bar counts down every retry
            self._said_unavailable = True  # (a flaky stream dropped 9 times in 25 s: 9 lines)
            self._say_unavailable()
        self._stop_evt.wait(delay)

    def _say_unavailable(self) -> None:
        """One line on stderr that the source gives no frames (never raises: a closed or
        missing stderr must not end the capture thread)."""
        name = str(getattr(self.source, "name", "the camera"))
        if "://" in name:
            what, why = name, "cannot be reached (check the address, and that the phone or " \
                "camera is streaming there)"
        else:
            what = f"camera {name}" if name.isdigit() else name
            why = "is not available (no camera at that index, or another program uses it)"
        if self._serial:
            why = "stopped sending frames"
        try:
            print(f"armada-vision: note: {what} {why}: retrying; the window's status bar says "
                  "when it is back", file=sys.stderr)
        except (OSError, ValueError, AttributeError):
            pass

    def run(self) -> None:
        try:
            cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_ERROR)
        except AttributeError:  # builds without the logging module
            pass
        src = self.source
        opened = False
        while not self._stop_evt.is_set():
            if not opened:
                opened = src.open()
                if not opened:
                    self._wait_backoff()
                    continue
                self.status = "live"
            t0 = self._clock()
            frame = src.read()
            if frame is None:
                if src.live:
                    src.close()
                    opened = False
                    self._wait_backoff()
                    continue
                if src.loop and src.open():
                    continue
                self.status = "ended"
                break
            self.failures = 0
            self.status = "live"
            size = self.display_size
            # a new picture each frame (the window may still draw the last one), one buffer
            display = display_picture(frame.image, size, work=self._work) if size else None
            self._publish(Frame(frame.image, frame.index, self._clock(), frame.truth, display))
            if not src.live and src.fps > 0:  # pace recorded sources at their own rate
                rest = 1.0 / src.fps - (self._clock() - t0)
                if rest > 0:
                    self._stop_evt.wait(rest)
        src.close()
