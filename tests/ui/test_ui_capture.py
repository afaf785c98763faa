"""The capture thread keeps only the newest frame and survives a camera that drops out."""

import time

import cv2
import numpy as np
import pytest

from armada_vision.errors import InputError
from armada_vision.ui.capture import CaptureThread, FolderSource, Frame, FrameSource, parse_source


def _wait(pred, timeout_s=5.0):
    t0 = time.monotonic()
    while not pred():
        if time.monotonic() - t0 > timeout_s:
            return False
        time.sleep(0.01)
    return True


def test_folder_source_plays_images_in_order_and_keeps_the_newest(tmp_path):
    for i in range(3):
        cv2.imwrite(str(tmp_path / f"f{i:02d}.png"), np.full((8, 10, 3), 40 * i, np.uint8))
    src = parse_source(str(tmp_path), loop=False)
    assert isinstance(src, FolderSource)
    src.fps = 200.0
    cap = CaptureThread(src)
    cap.start()
    assert _wait(lambda: cap.status == "ended")
    frame, serial = cap.latest()
    cap.stop()
    assert serial == 3
    assert frame.index == 2                       # only the newest frame is kept
    assert int(frame.image[0, 0, 0]) == 80


class FlakyCamera(FrameSource):
    """A live camera that delivers two frames, then drops out and cannot be reopened."""

    live = True

    def __init__(self):
        self.opens = 0
        self.reads = 0

    def open(self):
        self.opens += 1
        return self.opens == 1

    def read(self):
        self.reads += 1
        if self.reads > 2:
            return None
        return Frame(np.zeros((4, 4, 3), np.uint8), self.reads - 1, 0.0)


def test_dropped_camera_is_reopened_with_back_off_and_stop_is_prompt():
    cam = FlakyCamera()
    cap = CaptureThread(cam)
    cap.start()
    assert _wait(lambda: cap.status == "reconnecting")
    assert cap.retry_in_s >= 0.5
    frame, serial = cap.latest()
    assert serial == 2 and frame.index == 1      # the last good frame stays available
    assert _wait(lambda: cam.opens >= 2)           # it tried again
    t0 = time.monotonic()
    cap.stop()
    assert not cap.is_alive()
    assert time.monotonic() - t0 < 2.0


class MissingCamera(FlakyCamera):
    name = "7"

    def open(self):
        self.opens += 1
        return False


class DroppingStream(FlakyCamera):
    """A stream that comes back at every retry and drops again after one frame."""

    name = "http://phone.local:8080/video"

    def open(self):
        self.opens += 1
        self.reads = 1
        return True


class UnreachableStream(MissingCamera):
    name = "http://127.0.0.1:9/x.mjpg"


def test_a_missing_or_dropped_camera_is_said_once_on_the_terminal(capsys):
    for cam, why in [(MissingCamera(), "camera 7 is not available (no camera at that index"),
                     (FlakyCamera(), "stopped sending frames: retrying"),
                     (DroppingStream(), "http://phone.local:8080/video stopped sending frames"),
                     (UnreachableStream(), "http://127.0.0.1:9/x.mjpg cannot be reached")]:
        cap = CaptureThread(cam)
        cap.start()
        assert _wait(lambda: cam.opens >= 3)  # noqa: B023 (waited for before the next loop)
        cap.stop()
        err = capsys.readouterr().err
        assert err.count("armada-vision: note:") == 1, err
        assert why in err


def test_parse_source_kinds(tmp_path):
    assert parse_source("0").live
    assert parse_source("rtsp://phone.local:8554/live").live
    assert parse_source("http://phone.local:8080/video").live
    with pytest.raises(InputError, match="--source"):
        parse_source(str(tmp_path / "missing.mp4"))
    with pytest.raises(InputError):
        parse_source(str(tmp_path))  # an empty folder has no images


def test_http_mjpeg_stream_that_drops_out_is_reconnected():
    """A phone-style MJPEG stream on the loopback interface that closes after 15 frames."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    jpeg = cv2.imencode(".jpg", np.full((60, 80, 3), 120, np.uint8))[1].tobytes()
    connections = []

    class Stream(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):  # noqa: N802 - http.server API
            connections.append(self.path)
            self.send_response(200)
            self.send_header("Content-Type", "multipart/x-mixed-replace; boundary=frame")
            self.end_headers()
            try:
                for _ in range(15):
                    self.wfile.write(b"--frame\r\nContent-Type: image/jpeg\r\nContent-Length: %d\r\n\r\n"
                                     % len(jpeg) + jpeg + b"\r\n")
                    time.sleep(0.01)
            except (BrokenPipeError, ConnectionResetError):
                pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Stream)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    cap = CaptureThread(parse_source(f"http://127.0.0.1:{server.server_address[1]}/video"))
    try:
        cap.start()
        assert _wait(lambda: cap.latest()[1] >= 5)
        assert _wait(lambda: cap.status == "reconnecting")      # the stream ended: it says so
        before = cap.latest()[1]
        assert _wait(lambda: cap.latest()[1] > before)           # ... and frames come back
        assert len(connections) >= 2
        assert cap.latest()[0].image.shape == (60, 80, 3)
    finally:
        cap.stop()
        server.shutdown()
        server.server_close()


def test_video_file_plays_at_its_own_rate_and_loops(tmp_path):
    path = tmp_path / "clip.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 50.0, (32, 24))
    for i in range(4):
        writer.write(np.full((24, 32, 3), 60 * i, np.uint8))
    writer.release()
    src = parse_source(str(path))
    assert not src.live
    cap = CaptureThread(src)
    cap.start()
    try:
        assert _wait(lambda: cap.latest()[1] >= 6)          # more frames than the file: it looped
        assert src.fps == 50.0
        values = set()
        assert _wait(lambda: values.add(int(cap.latest()[0].image[0, 0, 0]) // 30) or len(values) >= 3)
    finally:
        cap.stop()
