"""The frame is resized for the window's picture on the capture thread, at the size the window
asks for; the view draws that picture as it is, and the background only around it."""

import time

import numpy as np

from armada_vision.ui import video_view
from armada_vision.ui.app import application
from armada_vision.ui.capture import CaptureThread, Frame, FrameSource, display_picture


def _frame_image(h=90, w=160):
    """Left half blue (B=200), right half red (R=200), a green row at the top."""
    img = np.zeros((h, w, 3), np.uint8)
    img[:, : w // 2, 0] = 200
    img[:, w // 2:, 2] = 200
    img[0, :, 1] = 255
    return img


def test_display_picture_is_the_frame_resized_with_a_fourth_byte():
    pic = display_picture(_frame_image(), (80, 45))
    assert pic.shape == (45, 80, 4) and pic.dtype == np.uint8
    # bilinear halving: the halves keep their colours away from the seam
    assert tuple(pic[20, 10, :3]) == (200, 0, 0)
    assert tuple(pic[20, 70, :3]) == (0, 0, 200)
    same = display_picture(_frame_image(), (160, 90))   # the same size: only the 4th byte
    assert np.array_equal(same[..., :3], _frame_image())
    grey = display_picture(np.full((10, 20), 77, np.uint8), (20, 10))
    assert np.all(grey[..., :3] == 77)


class _Source(FrameSource):
    live = False
    fps = 500.0
    loop = False

    def __init__(self, n):
        self.n, self.i = n, 0

    def open(self):
        return True

    def read(self):
        if self.i >= self.n:
            return None
        self.i += 1
        return Frame(_frame_image(), self.i - 1, 0.0)


def test_the_capture_thread_resizes_each_frame_to_the_size_the_window_asks_for():
    cap = CaptureThread(_Source(3))
    cap.display_size = (80, 45)
    cap.start()
    t0 = time.monotonic()
    while cap.status != "ended" and time.monotonic() - t0 < 5.0:
        time.sleep(0.01)
    frame, serial = cap.latest()
    cap.stop()
    assert serial == 3
    assert frame.image.shape == (90, 160, 3)          # the full frame for detection
    assert frame.display.shape == (45, 80, 4)
    assert np.array_equal(frame.display, display_picture(frame.image, (80, 45)))


def test_the_view_draws_the_given_picture_without_resizing_and_fills_only_around_it(monkeypatch):
    from PyQt6.QtGui import QImage

    app = application("en")
    view = video_view.VideoView()
    view.resize(400, 300)                             # 16:9 picture, bands above and below
    img = _frame_image()
    size = view.picture_size(img.shape)
    assert size == (400, 225)
    pic = display_picture(img, size)
    pic[100:110, 200:210, :3] = (0, 255, 255)         # a mark only the given picture has
    monkeypatch.setattr(video_view, "display_picture",
                        lambda *a, **k: (_ for _ in ()).throw(AssertionError("resized again")))
    view.set_frame(img, pic)
    out = QImage(400, 300, QImage.Format.Format_RGB32)
    view.render(out)
    ptr = out.constBits()
    ptr.setsize(out.sizeInBytes())
    px = np.frombuffer(ptr, np.uint8).reshape(300, out.bytesPerLine())[:, :1600].reshape(300, 400, 4)
    top = (300 - 225) // 2
    assert tuple(px[top + 105, 205, :3]) == (0, 255, 255)
    assert tuple(px[top + 50, 20, :3]) == (200, 0, 0)
    bg = video_view.BACKGROUND
    assert tuple(px[5, 200, :3]) == (bg.blue(), bg.green(), bg.red())       # the bands
    assert tuple(px[295, 200, :3]) == (bg.blue(), bg.green(), bg.red())
    # a picture of another size (the window was resized since) is not used: resized here
    monkeypatch.undo()
    view.resize(640, 480)
    view.set_frame(img, pic)
    small = QImage(640, 480, QImage.Format.Format_RGB32)
    view.render(small)
    assert view._bgrx is not None and view._bgrx.shape == (360, 640, 4)
    assert app is not None
