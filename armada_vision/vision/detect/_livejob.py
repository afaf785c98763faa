"""Doubtful blobs measured again (:mod:`._live`), and that search spread over still frames.

A still blob measured once, on one frame's sensor noise, with a piece fitted under ``DOUBTFUL``
confidence is searched again on later frames until two searches agree (:func:`_recheck`). One
such search of a crowded blob costs 30-300 ms of CPU: done in one frame it was the live path's
worst frames on a still table (held-out 5005 102 and 69 ms, fresh 7010 141 and 123 ms, 2026-12-02
and -03). :class:`SpreadSearch` runs it a slice a frame: in a thread that runs only while the
frame waits for it, paused once its slice of CPU time is spent and resumed on the next still
frame, so that the work is the same search (the same frame's pixels, the same result) and a
frame pays for a slice of it.
"""

from __future__ import annotations

import math
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ._liveplan import covered_by
from ._pass import fine_blobs
from ._types import Detections

# A blob searched in full where a piece was fitted with less confidence than this
# (``_judge.confidence``: 0.5 is 0.64 of a base's outline seen at 0.5 mm RMS) is
# searched again on the next frames, each with its own sensor noise, until two searches agree
# (``AGREE_MM``), at most ``MAX_MEASURES`` times. A search of a still frame is one noise
# draw: on held-out 5005 a false small ship (confidence 0.37) beside a Victory (0.33) came
# from the first frame's noise alone, and the live path, which measures a still blob once,
# kept it for good.
DOUBTFUL = 0.5
MAX_MEASURES = 3
# Two searches agree when they found the same kinds and sizes of pieces, each within this of
# the other's (mm): what a confirmation by one refinement accepts (``_explain.CONFIRM_MM``).
AGREE_MM = 5.0
# A still frame that measures a doubtful blob again lets the search run until the frame has
# cost this much CPU time (ms, the live detector's part; the goal is 25 ms a frame with the
# tracker, ~1 ms), at least ``RECHECK_SLICE_MIN_MS``; the rest waits for the next still frame.
# ``math.inf``: the whole search in the frame it starts on. 20 ms (the default) takes the
# tuning 1000-1015 video frames' p95 from 56 to 24 ms and fresh's max from 99 to 61, with
# the same scores on held-out and tuning (fresh one ship better, 7010); a correction then
# shows after the ~3-8 still frames a 50-100-ms search takes, not one (held-out 5005's
# false small ship of the first frame, which kept it off before, is no longer found there;
# docs/detection.md "Live speed pass, eleventh" and "thirteenth"). Set per detector as
# ``LiveDetector.recheck_frame_ms``.
RECHECK_FRAME_MS = 20.0
RECHECK_SLICE_MIN_MS = 6.0
# The search looks at the clock every this many Python calls (~0.1-0.3 ms of the search apart).
_CHECK_EVERY = 32


class _Cancelled(BaseException):
    """Raised inside a paused search to end it (a ``BaseException``: no ``except Exception``
    of the search's code swallows it)."""


class SpreadSearch:
    """``work()`` run a slice at a time: :meth:`run` lets it go on for about ``budget_ms`` of
    its own CPU time and returns whether it finished (then ``result`` holds what it returned).
    It runs in its own thread, but only while :meth:`run` waits for it: the caller and the
    search never run at once, so the search sees the state the caller left, and the caller's
    CPU clock (``time.process_time``) counts exactly the slices it let run. It is paused at a
    Python call (a sys.settrace hook in its thread, ~10 % slower than run straight), so a
    slice ends within one C call (a shapely operation, a fit) of its budget. An exception in
    ``work`` is raised again by :meth:`run`; :meth:`cancel` ends a paused search."""

    def __init__(self, work: Callable[[], object]):
        self._work = work
        self._go = threading.Event()
        self._paused = threading.Event()
        self._thread: threading.Thread | None = None
        self._slice_s = 0.0
        self._start = 0.0
        self._calls = 0
        self._cancel = False
        self.done = False
        self.result = None
        self._error: BaseException | None = None

    def run(self, budget_ms: float) -> bool:
        """Let the search go on for about ``budget_ms`` ms of its CPU time; whether it is
        done. Raises what ``work`` raised."""
        if not self.done:
            self._slice_s = max(budget_ms, 0.0) / 1e3
            self._paused.clear()
            if self._thread is None:
                self._thread = threading.Thread(target=self._main, name="armada-recheck",
                                                daemon=True)
                self._thread.start()
            else:
                self._go.set()
            self._paused.wait()
        if self._error is not None:
            error, self._error = self._error, None
            raise error
        return self.done

    def cancel(self) -> None:
        """End a search that is paused (nothing if it is done or never ran)."""
        if self._thread is None or self.done:
            return
        self._cancel = True
        self._paused.clear()
        self._go.set()
        self._paused.wait()

    def _main(self) -> None:
        self._start = time.thread_time()
        sys.settrace(self._trace)
        try:
            self.result = self._work()
        except _Cancelled:
            pass
        except BaseException as e:  # handed to the caller by run()
            self._error = e
        finally:
            sys.settrace(None)
            self.done = True
            self._paused.set()

    def _trace(self, frame, event, arg):
        self._calls += 1
        if (self._calls % _CHECK_EVERY == 0
                and time.thread_time() - self._start > self._slice_s):
            self._paused.set()
            self._go.wait()
            self._go.clear()
            if self._cancel:
                raise _Cancelled
            self._start = time.thread_time()
        return None  # no line events: the call is all it looks at


@dataclass
class _Job:
    """A doubtful blob's search spread over still frames: the blob (``cb``, of the frame it
    started on), the entries it measures again (``old``), the earlier measurements and the
    count of pieces it is checked against (``history``), and whether a hand was by it."""

    search: SpreadSearch
    cb: object
    old: list
    history: tuple
    tentative: bool


def _search(d, fr, cb, plan, changed, near: list, f: int, rng) -> tuple:
    """A changed blob ``cb`` searched as its plan (:func:`._liveplan.plan_blob`) says:
    ``(part, placed, confirmed)``, the pieces found (:class:`Detections`), their ``(kind, spec,
    pose)`` and how many were confirmed by one refinement. ``fr``: the frame's
    ``FramePass``; ``near``: the entries it held."""
    part = Detections(play_area_mm=fr.det.play_area_mm, image_size=fr.det.image_size)
    before = d.confirmed
    darks: list = []
    fbs = fine_blobs(fr.image, fr.bg, fr.roi, cb, fr.gains, f, d._open_px(), fr.min_area_px,
                     dark=darks, others=fr.coarse)
    placed = d._explain_region(fbs, darks, part, rng, seeds=plan.seeds,
                               seeds_complete=plan.complete, hints=plan.hints,
                               hints_complete=plan.hints_complete)
    # The squadrons placed round a token by their ring (``_explain_on_token``) are not among
    # the pieces returned, but what they cover is theirs.
    ringed = [("circle", min(d.discs, key=lambda s, q=q: abs(s.diameter_mm - q.diameter_mm)),
               np.array([q.x_mm, q.y_mm, 0.0])) for q in part.squadrons] if d.discs else []
    if plan.covered and not all(covered_by(changed, p, placed + ringed, f, d.camera, d.catalog,
                                           near) for p in plan.covered):
        # A token's change is not under the pieces found beside it: it may have moved.
        part = Detections(play_area_mm=fr.det.play_area_mm, image_size=fr.det.image_size)
        placed = d._explain_region(fbs, darks, part, rng)
    return part, placed, d.confirmed - before


def _searcher(d, fr, cb, plan, changed, near: list, f: int):
    """:func:`_search` of one blob as a function of nothing, with its own random generator
    (a doubtful blob's, run by :class:`._livejob.SpreadSearch`; it holds no reference to the
    live detector, so a paused search ends with it)."""
    rng = np.random.default_rng(d._rng_seed)
    return lambda: _search(d, fr, cb, plan, changed, near, f, rng)


def _slice_ms(t0: float, frame_ms: float) -> float:
    """This frame's slice of a doubtful blob's search (CPU ms): what is left of ``frame_ms``
    (``RECHECK_FRAME_MS``) since ``t0`` (``time.process_time()`` at the frame's start), at
    least ``RECHECK_SLICE_MIN_MS``."""
    spent = (time.process_time() - t0) * 1e3
    return max(frame_ms - spent, RECHECK_SLICE_MIN_MS)


def _cancel_all(jobs: list) -> None:
    """End the paused searches in ``jobs`` and empty it."""
    while jobs:
        jobs.pop().search.cancel()


def _measurement(part: Detections) -> list[tuple]:
    """What a search found, to compare with another: ``(kind, size, x_mm, y_mm)`` per piece."""
    return ([("ship", s.size_class, s.x_mm, s.y_mm) for s in part.ships]
            + [("squadron", q.diameter_mm, q.x_mm, q.y_mm) for q in part.squadrons]
            + [("obstacle", o.obstacle, o.x_mm, o.y_mm) for o in part.obstacles])


def _agree(a: list[tuple], b: list[tuple]) -> bool:
    """Whether two measurements found the same pieces (``AGREE_MM``)."""
    if len(a) != len(b):
        return False
    left = list(b)
    for k, size, x, y in a:
        j = next((i for i, (k2, s2, x2, y2) in enumerate(left) if k2 == k and s2 == size
                  and math.hypot(x2 - x, y2 - y) <= AGREE_MM), None)
        if j is None:
            return False
        left.pop(j)
    return True


def _recheck(part: Detections, earlier: list | None, expect: int = 0,
             searched: bool = True) -> list | None:
    """The measurements a blob is still to be checked against on the next frame (``None``:
    settled), after this frame's search found ``part``. ``earlier``: those it was checked
    against on this one (``None``: it was searched as changed); ``expect``: how many pieces it
    is known to hold (``_liveplan.BlobPlan``'s seeds and moved sizes); ``searched``: some of
    the pieces were found by the search, not all confirmed where they stood.

    A blob searched as changed is doubtful when it holds fewer than ``expect`` pieces, or,
    searched knowing nothing of it (``expect`` 0: the first frame, a new blob, one measured
    by a hand), when a piece the search found has under ``DOUBTFUL`` confidence. (A search
    led by what the blob held is not second-guessed by a blind one: tuning 1020's Hardcell
    moved against a debris field was found so at 0.4, and the blind search of every later
    frame took the two for one large base.) Searched again, it is
    settled when this search agrees with one of the earlier ones (and finds ``expect``
    pieces), or after ``MAX_MEASURES`` searches."""
    now = _measurement(part)
    short = len(now) < expect
    if earlier is None:
        sure = not searched or expect > 0 or all(p.confidence >= DOUBTFUL
                                                 for p in (*part.ships, *part.squadrons))
        return None if sure and not short else [now]
    if (not short and any(_agree(now, m) for m in earlier)) or len(earlier) + 1 >= MAX_MEASURES:
        return None
    return [*earlier, now]
