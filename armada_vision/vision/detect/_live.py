"""Live video: re-detect only what changed since the pieces were last measured.

Most of a game's frames show the same table: pieces stand still for minutes, one moves at a
time, a hand passes. :class:`LiveDetector` keeps, per blob, the pieces found in it and the
reduced frame (the coarse pass's 1/``factor`` image) they were found on. Each frame:

1. the reduced frame is compared with that reference, pixel by pixel, after a global
   per-channel gain (lighting drift of the webcam) and against the frame-to-frame noise
   measured over the whole table; if nothing changed the previous detections stand as they
   are (no jitter, ~3 ms);
2. otherwise the coarse pass finds the blobs and hands; a blob none of whose pixels changed and
   whose box is the one it had keeps its pieces untouched. Blobs are looked for only in
   windows around the changes (and round the last frame's hands and what was measured by
   them), grown over the blobs the changes touch; a still neighbour a window cuts is left
   out; the whole frame instead when a changed blob comes near a window's side twice or the
   windows would cover half of it. The pieces outside stand as they were;
3. a changed or new blob is segmented at full resolution; the pieces it held are first
   confirmed by one refinement from their previous pose, and only what they leave unexplained
   goes through the full hypothesis search (:meth:`Detector._explain`);
4. pieces by a hand are not reported (the tracker freezes them), but for those only its
   shadow changed; their blobs keep the reference from before the hand came, so a piece the
   hand did not touch is reused as it was.
   The whole state from before the hand came (reference, blobs, detections) is kept too: once
   the frame differs from that reference by less than the largest base (the hand is gone),
   it is taken back and the frame compared with it, so what the hand did not touch stands as
   it was then (also what was re-measured under its shadow) and only what it moved is searched.

A piece nudged by less than the change threshold keeps its last measured pose until the
difference against its reference (not against the previous frame) grows past the threshold, so
slow creep is caught too.
"""

from __future__ import annotations

import math
import time
import weakref

import cv2
import numpy as np

from ._changemap import ChangeMap
from ._detector import HAND_ROOM_BASES
from ._livebox import LiveStats, _copy, _corners, _Entry, _meets, _pad, _shared_px, identify_in_box
from ._livejob import (
    RECHECK_FRAME_MS,
    SpreadSearch,
    _cancel_all,
    _Job,
    _recheck,
    _search,
    _searcher,
    _slice_ms,
)
from ._liveplan import (
    MIN_CHANGED_PX,
    _mask_still,
    plan_blob,
    pre_hand_entry,
    still_pieces,
)
from ._livewin import REF_PAD_PX, find_windows, next_reference
from ._pass import reduce
from ._types import Detections

# Pieces found this close to a hand (mm, box to box) are measured again once it is gone: its
# shadow (a hand 60-100 mm up, light 50-70 deg high) and fingers reach about this far.
HAND_SHADOW_MM = 200.0


class LiveDetector:
    """Detections for the consecutive frames of one camera (see the module docstring).

    ``detector``: the :class:`~armada_vision.vision.detect.Detector` doing the work. Setting
    ``camera`` (a re-fitted table) or ``roster`` forgets everything seen. ``detect(frame)``
    takes and returns what :meth:`Detector.detect` does; ``stats`` tells what it reused.
    ``recheck_frame_ms`` (CPU ms, default ``_livejob.RECHECK_FRAME_MS``, 20): the second
    look at a doubtful blob is spread over still frames, each costing about that much
    (:class:`._livejob.SpreadSearch`); ``math.inf``: done whole in one frame.
    """

    def __init__(self, detector):
        self.detector = detector
        self.stats = LiveStats()
        # CPU ms a still frame may cost with a slice of a doubtful blob's search; ``math.inf``:
        # the whole search in one frame (``_livejob.RECHECK_FRAME_MS``)
        self.recheck_frame_ms = RECHECK_FRAME_MS
        # the paused search, if any (in a box, so that it ends with this detector)
        self._jobs: list[_Job] = []
        weakref.finalize(self, _cancel_all, self._jobs)
        self.reset()

    @property
    def _job(self) -> _Job | None:
        return self._jobs[0] if self._jobs else None

    def _drop_job(self) -> None:
        _cancel_all(self._jobs)

    def reset(self) -> None:
        """Forget the previous frames: the next one is detected from scratch."""
        self._drop_job()
        self._ref: np.ndarray | None = None
        self._change_map = ChangeMap(self.detector.factor())
        self._entries: list[_Entry] = []
        self._last: Detections | None = None
        # (reference, entries, detections) from the last frame before a hand came: once it
        # is gone, what did not change since then is reused as it was.
        self._pre: tuple | None = None
        self._pre_changed: np.ndarray | None = None  # this frame against that reference
        self._bg = None
        self._roi_small = None
        self._hands_seen = False
        self._hands: list = []  # the hands' blobs in the last frame (.bbox, .mask reduced px)
        self._scale = None  # the first pass's residual scale, measured on the whole frame

    @property
    def camera(self):
        return self.detector.camera

    @camera.setter
    def camera(self, camera) -> None:
        self.detector.camera = camera
        self.reset()

    @property
    def roster(self):
        return self.detector.roster

    @roster.setter
    def roster(self, roster) -> None:
        self.detector.roster = roster
        self.reset()

    @property
    def background(self):
        return self.detector.background

    @background.setter
    def background(self, model) -> None:
        self.detector.background = model
        self.reset()

    # ------------------------------------------------------------------ per frame

    def detect(self, image_bgr: np.ndarray) -> Detections:
        """Pieces and hands in this frame, re-detecting only what changed (table mm).

        Raises ``InputError`` as :meth:`Detector.detect` does.
        """
        d = self.detector
        img = np.asarray(image_bgr)
        if img.ndim != 3 or img.shape[2] != 3 or img.dtype != np.uint8:
            return d.detect(img)  # raises the InputError
        t0 = time.process_time()
        f = d.factor()
        small = reduce(img, f)
        stats = self.stats = LiveStats()
        changed = None
        if self._ref is not None and self._ref.shape == small.shape:
            roi = self._roi(img.shape[:2], f)
            self._pre_changed = None
            if self._pre is not None:
                self._since_hand(small, roi)
            changed = self._changes(small, roi, self._ref)
            stats.changed_px = int(np.count_nonzero(changed))
            job = self._job
            if job is not None and self._last is not None:
                if stats.changed_px < MIN_CHANGED_PX:
                    return self._resume(job, img, f, t0)
                if not self._unchanged(changed, job.cb.bbox):
                    self._drop_job()  # its blob changed: measured again below
            if (stats.changed_px < MIN_CHANGED_PX and self._last is not None
                    and not any(e.recheck is not None for e in self._entries)):
                stats.skipped = True
                return _copy(self._last)
        else:
            self.reset()
        if d.background is None and self._bg is None:
            self._bg = d._background_for(img)  # estimated once, not every frame
        # Windows round the changes, and round what a hand may have left unsettled: the hand's
        # box in the last frame (where it still is need not have changed) and the blobs
        # measured while it was about (searched afresh once it is gone).
        extra: list = [e.bbox for e in self._entries if e.tentative]
        # One doubtful blob measured again a frame, on a frame where nothing else changed
        # (a search costs 30-300 ms: it does not add to a move's or a hand's frame; the cold
        # frame's doubtful blobs are spread over the frames after it): the first waiting.
        idle = changed is not None and stats.changed_px < MIN_CHANGED_PX
        recheck = next((e for e in self._entries if e.recheck is not None), None) if idle \
            else None
        if recheck is not None:
            extra.append(recheck.bbox)
        extra += [cb.bbox for cb in self._hands]
        windows = self._window(changed, extra) if changed is not None else None

        def regrow(wins, boxes):
            extra.extend(boxes)
            return self._window(changed, extra)

        fr = d.prepare(img, small, bg=self._bg, windows=windows, scale=self._scale,
                       regrow=regrow, cut=lambda box: self._unchanged(changed, box),
                       known=lambda cb: self._judged(changed, cb))
        self._scale = fr.scale
        if fr.hands and self._pre is None and self._ref is not None:
            self._pre = (self._ref, list(self._entries), self._last)
        elif not fr.hands:
            self._pre = None  # gone, but the table changed too much to go back
        self._hands_seen = bool(fr.hands)
        self._hands = list(fr.hands)
        stats.windowed = fr.windows is not None
        det = fr.det
        rng = np.random.default_rng(d._rng_seed)
        kept: list[_Entry] = []   # reused or frozen: their reference stays
        fresh: list[_Entry] = []  # searched this frame
        standing: list[_Entry] = []  # their pieces stand (``plan.stands``): their outlines' reference stays
        consumed: set[int] = set()
        reused: set[int] = set()
        # Which blobs changed, and the entries they touch: an entry that a changed blob
        # touches is measured again there, so no unchanged blob may reuse it as well.
        blobs = []
        history: dict[int, tuple] = {}  # blob -> earlier measurements it is checked against
        again: dict[int, list] = {}  # blob -> the entries it is measured again for
        stale: set[int] = set()
        touching: dict[int, list] = {}  # entry -> the blobs sharing its pixels this frame
        entry_boxes = _corners(self._entries, 0, None)
        for cb in fr.piece_blobs():
            near = self._near(cb, entry_boxes)
            consumed.update(id(e) for e in near)
            if not fr.hands and any(e.tentative for e in near):
                near = []  # measured while a hand was about: start afresh now it is gone
            # Still: nothing changed in its box, nor, away from a hand, on the earlier blobs it
            # shares pixels with (a piece that left one of them, outside this box, is not
            # still: the demo's TIE put against an asteroid and carried on past it stayed there
            # for good; by a hand that is its shadow, and held-out 5001's hand frame 7 searched
            # a blob 27 ms for it).
            still = changed is not None and bool(near) and self._unchanged(changed, cb.bbox) and (
                all(_mask_still(changed, e) for e in near)
                or (bool(fr.hands) and self._by_hand(cb.bbox, fr)))
            if still and recheck is not None and any(e is recheck for e in near):
                # Measured once and doubtful (``DOUBTFUL``): searched afresh on this frame's
                # sensor noise, and settled when two measurements agree.
                history[id(cb)] = ([m for e in near for m in (e.recheck or ())],
                                   max(e.expect for e in near))
                stale.update(id(e) for e in near)
                again[id(cb)] = near
                near, still = [], False
            if not still:
                stale.update(id(e) for e in near)
            blobs.append((cb, near, still))
            for e in near:
                touching.setdefault(id(e), []).append(cb)
        for cb, near, still in blobs:
            if still and not any(id(e) in stale for e in near):
                # Its pixels did not change: the same pieces, whatever the threshold's noise
                # did to the blob's outline (split, merged, a thin edge flickering).
                for e in near:
                    if id(e) not in reused:
                        reused.add(id(e))
                        det.ships += e.ships
                        det.squadrons += e.squadrons
                        det.obstacles += e.obstacles
                        kept.append(e)
                stats.reused += 1
                continue
            # What it held decides what is looked for (:func:`._liveplan.plan_blob`): the same
            # blob's pieces confirmed, a moved piece where the blob's move puts it or at its own
            # size, the still neighbours of a merged or split blob where they stood, or the
            # full search (a mistake made while a hand was there does not outlive the hand).
            pre = pre_hand_entry(self._pre_changed, cb, self._pre[1], f, d.camera) if (
                fr.hands and self._pre is not None) else None
            if pre is not None:
                # None of its pixels changed since before the hand came (which passed by or
                # over it): the pieces measured then, not a search under its shadow.
                det.ships += pre.ships
                det.squadrons += pre.squadrons
                det.obstacles += pre.obstacles
                fresh.append(_Entry(cb.bbox, cb.mask, cb.area_px, pre.placed, pre.ships,
                                    pre.squadrons, pre.obstacles))
                stats.reused += 1
                continue
            by_hand = bool(fr.hands) and self._by_hand(cb.bbox, fr)
            plan = plan_blob(cb, near, touching, changed, f, d.camera, d.catalog, by_hand)
            if plan.stands:
                # The same blob, none of whose pieces' outlines changed, or by a hand (its
                # shadow): they stand as they were measured. By a hand the whole blob keeps its
                # reference (what the hand leaves is compared with the frame before it came);
                # else only inside those outlines (a piece creeping below the change threshold
                # is caught once its creep adds up), and the change beside them is this frame's.
                e = near[0]
                det.ships += e.ships
                det.squadrons += e.squadrons
                det.obstacles += e.obstacles
                if by_hand:
                    kept.append(e)
                else:
                    fresh.append(_Entry(cb.bbox, cb.mask, cb.area_px, e.placed, e.ships,
                                        e.squadrons, e.obstacles, recheck=e.recheck,
                                        expect=e.expect))
                    standing.append(e)
                stats.reused += 1
                continue
            if id(cb) in history and math.isfinite(self.recheck_frame_ms):
                # A doubtful blob's search (30-300 ms) runs until the frame has cost
                # ``RECHECK_FRAME_MS``; the rest on the next still frames, its pieces standing
                # as they were meanwhile (its own generator: the pauses change nothing).
                search = SpreadSearch(_searcher(d, fr, cb, plan, changed, near, f))
                if not search.run(_slice_ms(t0, self.recheck_frame_ms)):
                    self._jobs.append(_Job(search, cb, again[id(cb)], history[id(cb)],
                                           self._by_hand(cb.bbox, fr)))
                    for e in again[id(cb)]:
                        det.ships += e.ships
                        det.squadrons += e.squadrons
                        det.obstacles += e.obstacles
                        kept.append(e)
                    stats.reused += 1
                    stats.pending = True
                    continue
                part, placed, confirmed = search.result
            else:
                part, placed, confirmed = _search(d, fr, cb, plan, changed, near, f, rng)
            stats.confirmed += confirmed
            if d.roster is not None and part.ships:
                identify_in_box(d, img, cb.bbox, f, part)
            e = _Entry(cb.bbox, cb.mask, cb.area_px, placed, part.ships, part.squadrons,
                       part.obstacles, tentative=self._by_hand(cb.bbox, fr))
            if not e.tentative:
                # The earlier pieces the blob holds (a moved piece not found again is a doubt).
                earlier, e.expect = history.get(id(cb), (None, plan.known))
                e.recheck = _recheck(part, earlier, e.expect, searched=confirmed < len(placed))
                stats.rechecked += id(cb) in history
            det.ships += part.ships
            det.squadrons += part.squadrons
            det.obstacles += part.obstacles
            fresh.append(e)
            stats.searched += 1
        if fr.windows is not None:
            # Nothing changed outside the windows: the pieces found outside them stand as
            # they were, and so do those of a still blob a window cut (left out of it) or
            # one the threshold's noise lost there, none of whose pixels changed.
            for e in self._entries:
                if id(e) in consumed:
                    continue
                box = _pad(e.bbox, REF_PAD_PX, small.shape)
                if not any(_meets(box, w) for w in fr.windows) or _mask_still(changed, e):
                    if e is recheck:
                        e.recheck = None  # not found again to be measured: it stands
                    det.ships += e.ships
                    det.squadrons += e.squadrons
                    det.obstacles += e.obstacles
                    kept.append(e)
                    consumed.add(id(e))
                    stats.reused += 1
        if fr.near_hand is not None:
            # Not found again, by a hand: kept (the tracker freezes them), and reported as they
            # were where nothing but the hand's shadow changed inside their outlines (the hand's
            # zone took in their blob, not them: held-out 5001's Venator and 5009's Imperial II
            # beside a hand).
            for e in self._entries:
                if id(e) in consumed:
                    continue
                x, y, w, h = e.bbox
                if (fr.near_hand[y:y + h, x:x + w][e.mask > 0] > 0).any():
                    kept.append(e)
                    stats.frozen += 1
                    if changed is not None:
                        ships, squadrons, obstacles = still_pieces(changed, e, f, d.camera,
                                                                   d.catalog, small, self._ref)
                        det.ships += ships
                        det.squadrons += squadrons
                        det.obstacles += obstacles
        self._ref = next_reference(small, self._ref, kept, fresh, standing, fr.weak, f,
                                   d.camera, d.catalog)
        self._entries = kept + fresh
        self._last = det
        return _copy(det)

    def _resume(self, job: _Job, img: np.ndarray, f: int, t0: float) -> Detections:
        """A still frame while a doubtful blob's search is paused: it goes on for this frame's
        slice; once done, its pieces replace those of the entries it measured again (unless
        they were measured since: then it is dropped), else the last detections stand."""
        stats = self.stats
        try:
            finished = job.search.run(_slice_ms(t0, self.recheck_frame_ms))
        except BaseException:
            self._drop_job()  # raised in the search: it is over
            raise
        if not finished:
            stats.pending = True
            return _copy(self._last)
        self._drop_job()
        gone = {id(e) for e in job.old}
        if len(gone & {id(e) for e in self._entries}) < len(gone):
            return _copy(self._last)
        part, placed, _ = job.search.result
        d, cb = self.detector, job.cb
        if d.roster is not None and part.ships:
            identify_in_box(d, img, cb.bbox, f, part)
        e = _Entry(cb.bbox, cb.mask, cb.area_px, placed, part.ships, part.squadrons,
                   part.obstacles, tentative=job.tentative)
        if not e.tentative:
            earlier, e.expect = job.history
            e.recheck = _recheck(part, earlier, e.expect)
            stats.rechecked += 1
        stats.searched += 1
        self._entries = [x for x in self._entries if id(x) not in gone] + [e]
        was = {id(p) for x in job.old for p in (*x.ships, *x.squadrons, *x.obstacles)}
        det = _copy(self._last)
        det.ships = [p for p in det.ships if id(p) not in was] + part.ships
        det.squadrons = [p for p in det.squadrons if id(p) not in was] + part.squadrons
        det.obstacles = [p for p in det.obstacles if id(p) not in was] + part.obstacles
        self._last = det
        return _copy(det)

    def _window(self, changed: np.ndarray, extra: list | tuple = ()) -> list | None:
        """Where to look for blobs (:func:`._livewin.find_windows` round this frame's changes)."""
        return find_windows(changed, self._entries, extra)

    @staticmethod
    def _unchanged(changed: np.ndarray, bbox) -> bool:
        """Whether fewer than ``MIN_CHANGED_PX`` pixels changed in a box (small px) and the
        2 px around it."""
        x, y, w, h = _pad(bbox, 2, changed.shape)
        return np.count_nonzero(changed[y:y + h, x:x + w]) < MIN_CHANGED_PX

    def _judged(self, changed: np.ndarray | None, cb) -> bool | None:
        """What a coarse blob that is a hand by its size and the border alone (``_hands``'s
        weak evidence) was found to be: ``True`` (a ship) when it shares pixels with an
        earlier blob in which a ship was found (not by a hand) and none of its pixels changed
        since, or fewer than ``HAND_ROOM_BASES`` of the largest base (what changed is all a
        hand could be: the rest was that ship's blob; a hand covers ~1.15 large bases, a ship
        moved 40 mm along a large one changed 0.23, fresh 7008); ``False`` (a hand) when it is
        unchanged and shares pixels with the last frame's hand, else ``None``: searched
        (``Detector._ship_not_hand``, ~50-90 ms a frame whose window takes it in). (Held-out
        5008's large ship by the mat's edge is a hand to that search in its first frame and
        stays one while nothing there changes: the search of the same pixels gave a hand, a
        squadron or the ship from one frame's sensor noise to the next.)"""
        if changed is None:
            return None
        ship = any(e.ships and not e.tentative for e in self._near(cb))
        by_hand = any(_shared_px(h, cb) > 0 for h in self._hands)
        if self._unchanged(changed, cb.bbox):
            return True if ship else (False if by_hand else None)
        if not ship or by_hand:
            return None
        d, (x, y, w, h) = self.detector, cb.bbox
        new_px = np.count_nonzero(changed[y:y + h, x:x + w] & (cb.mask > 0))
        room_px = HAND_ROOM_BASES * d.max_base_mm2 * (d.px_per_mm / d.factor()) ** 2
        return True if new_px < room_px else None

    def _by_hand(self, bbox, fr) -> bool:
        """Whether a blob's box is within ``HAND_SHADOW_MM`` of a hand's (reduced px): found
        there, it may be a fragment of the hand or an outline its shadow changed."""
        d = self.detector
        reach = HAND_SHADOW_MM * d.px_per_mm / fr.factor
        x, y, w, h = bbox
        return any(x < hx + hw + reach and hx < x + w + reach and y < hy + hh + reach
                   and hy < y + h + reach for hx, hy, hw, hh in (c.bbox for c in fr.hands))

    def _near(self, cb, boxes: np.ndarray | None = None) -> list[_Entry]:
        """The entries sharing pixels with the blob ``cb`` (``boxes``: the entries' corners,
        :func:`_corners`, when already made)."""
        bx, by, bw, bh = cb.bbox
        if boxes is None:
            boxes = _corners(self._entries, 0, None)
        hit = np.flatnonzero((boxes[:, 0] < bx + bw) & (bx < boxes[:, 2])
                             & (boxes[:, 1] < by + bh) & (by < boxes[:, 3]))
        return [self._entries[i] for i in hit if _shared_px(self._entries[i], cb) > 0]

    def _changes(self, small: np.ndarray, roi: np.ndarray, ref: np.ndarray) -> np.ndarray:
        """Where the reduced frame differs from ``ref`` (:class:`ChangeMap`), keeping the
        statistics of the current reference and of the one from before a hand came."""
        keep = (self._ref, self._pre[0] if self._pre is not None else None)
        return self._change_map(small, roi, ref, keep)

    def _roi(self, shape: tuple[int, int], f: int) -> np.ndarray:
        h, w = shape
        if self._roi_small is None or self._roi_small.shape != (h // f, w // f):
            self._roi_small = cv2.resize(self.detector.roi_mask(shape), (w // f, h // f),
                                         interpolation=cv2.INTER_NEAREST) > 0
        return self._roi_small

    def _since_hand(self, small: np.ndarray, roi: np.ndarray) -> None:
        """A hand was about: if the frame differs from the one before it came by less than
        the largest base (the hand is gone; at most a piece or two were moved), go back to
        what was seen then, so that what the hand did not touch is reused as it was (not
        searched again) and only what it changed is measured."""
        ref, entries, last = self._pre
        d = self.detector
        limit = d.max_base_mm2 * (d.px_per_mm / d.factor()) ** 2
        changed = self._changes(small, roi, ref)
        if np.count_nonzero(changed) > limit:
            self._pre_changed = changed  # (``pre_hand_entry``: what the hand passed by)
            return  # still there (or the table changed a lot): go on from the last frame
        self._ref, self._entries, self._last = ref, entries, last
        self._pre, self._hands_seen = None, False
