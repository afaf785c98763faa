"""The processing thread freezes the start-up's objects out of the garbage collector's walks
once its first result is out (``_heap.freeze_heap``): those walks, 55-75 ms each over the
start-up's ~130,000 objects, landed inside live frames."""

import gc

import numpy as np

from armada_vision._heap import freeze_heap
from armada_vision.ui import processing
from armada_vision.ui.capture import Frame
from armada_vision.ui.pipeline import Calibration, Result
from armada_vision.ui.processing import ProcessingThread


class _Camera:
    def __init__(self):
        self.serial = 0

    def latest(self):
        self.serial += 1
        return Frame(np.zeros((4, 4, 3), np.uint8), self.serial, 0.0), self.serial


class _Pipeline:
    """Notes how many objects were frozen when each frame came; stops after ``n`` frames."""

    def __init__(self, n, box):
        self.n, self.box, self.frozen_at = n, box, []

    def process(self, frame):
        self.frozen_at.append(gc.get_freeze_count())
        if len(self.frozen_at) == self.n:
            self.box[0]._stop_evt.set()
        return Result(None, "no detection", Calibration())


def test_the_heap_is_frozen_after_the_first_result_and_not_before(monkeypatch):
    gc.unfreeze()
    try:
        box, calls = [None], []

        def freeze():
            calls.append(box[0]._serial)         # results published when it runs
            return freeze_heap()

        monkeypatch.setattr(processing, "freeze_heap", freeze)
        pipe = _Pipeline(3, box)
        thread = box[0] = ProcessingThread(_Camera(), pipe)
        assert not thread.frozen
        thread.run()
        assert calls == [1]                      # once, the first result already out
        assert pipe.frozen_at[0] == 0            # the first frame runs before the freeze
        assert pipe.frozen_at[1] > 1000          # the test process's modules and more
        assert thread.frozen and thread.latest()[2] == 3
    finally:
        gc.unfreeze()


def test_freeze_heap_collects_first_then_freezes_what_is_alive():
    gc.unfreeze()
    try:
        class Cycle:
            pass

        a, b = Cycle(), Cycle()
        a.other, b.other = b, a
        del a, b                                  # garbage, only a collection frees it
        n = freeze_heap()
        assert n == gc.get_freeze_count() > 0
        assert not any(type(o) is Cycle for o in gc.get_objects())
        kept = [Cycle()]                          # made after the freeze: walked as usual
        assert any(o is kept for o in gc.get_objects())
    finally:
        gc.unfreeze()
