"""The window runs OpenCV on one thread (its own pool fought the capture, processing and GUI
threads for 2 cores: same CPU, 1.4-2x the wall time a frame), unless the user set
OPENCV_FOR_THREADS_NUM."""

import cv2
import pytest

from armada_vision.ui import app


@pytest.fixture
def restore_threads():
    before = cv2.getNumThreads()
    yield
    cv2.setNumThreads(before)


def test_a_window_uses_one_opencv_thread(restore_threads):
    cv2.setNumThreads(2)
    assert app.limit_opencv_threads({}) == 1 == cv2.getNumThreads()


def test_opencv_for_threads_num_in_the_environment_wins(restore_threads):
    cv2.setNumThreads(2)
    assert app.limit_opencv_threads({"OPENCV_FOR_THREADS_NUM": "2"}) == 2 == cv2.getNumThreads()


def test_the_application_sets_it(qapp, restore_threads, monkeypatch):
    monkeypatch.delenv("OPENCV_FOR_THREADS_NUM", raising=False)
    cv2.setNumThreads(2)
    app.application()
    assert cv2.getNumThreads() == 1
