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
4. pieces by a hand are not reported (the tracker freezes them); their blobs keep the
   reference from before the hand came, so a piece the hand did not touch is reused as it was.
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
from dataclasses import dataclass

import cv2
import numpy as np

from ._changemap import ChangeMap
from ._livebox import _copy, _corners, _Entry, _meets, _pad, _shared_px
from ._liveplan import MIN_CHANGED_PX, _footprints_mask, _mask_still, covered_by, plan_blob
from ._livewin import REF_PAD_PX, find_windows
from ._pass import fine_blobs, reduce
from ._types import Detections

# Pieces found this close to a hand (mm, box to box) are measured again once it is gone: its
# shadow (a hand 60-100 mm up, light 50-70 deg high) and fingers reach about this far.
HAND_SHADOW_MM = 200.0
# A blob searched in full where a piece was fitted with less confidence than this
# (``_explain_fit.confidence``: 0.5 is 0.64 of a base's outline seen at 0.5 mm RMS) is
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


@dataclass
class LiveStats:
    """What the last frame cost: ``skipped`` (nothing changed, every detection reused),
    blobs ``reused`` untouched, ``searched`` (re-segmented), pieces ``confirmed`` by one
    refinement, blobs ``frozen`` by a hand, ``changed_px`` (reduced px), ``windowed``:
    blobs were looked for only around the change (the rest of the frame stood still), and
    ``rechecked``: still blobs searched again because their last measurement was doubtful."""

    skipped: bool = False
    reused: int = 0
    searched: int = 0
    confirmed: int = 0
    frozen: int = 0
    changed_px: int = 0
    windowed: bool = False
    rechecked: int = 0


class _ShiftedCamera:
    """A camera seen through a crop whose top-left corner is ``offset`` px."""

    def __init__(self, camera, offset):
        self.camera, self.offset = camera, np.asarray(offset, np.float64)

    def image_to_table(self, pts_px, height_mm):
        return self.camera.image_to_table(np.asarray(pts_px, np.float64) + self.offset, height_mm)


class LiveDetector:
    """Detections for the consecutive frames of one camera (see the module docstring).

    ``detector``: the :class:`~armada_vision.vision.detect.Detector` doing the work. Setting
    ``camera`` (a re-fitted table) or ``roster`` forgets everything seen. ``detect(frame)``
    takes and returns what :meth:`Detector.detect` does; ``stats`` tells what it reused.
    """

    def __init__(self, detector):
        self.detector = detector
        self.stats = LiveStats()
        self.reset()

    def reset(self) -> None:
        """Forget the previous frames: the next one is detected from scratch."""
        self._ref: np.ndarray | None = None
        self._change_map = ChangeMap(self.detector.factor())
        self._entries: list[_Entry] = []
        self._last: Detections | None = None
        # (reference, entries, detections) from the last frame before a hand came: once it
        # is gone, what did not change since then is reused as it was.
        self._pre: tuple | None = None
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
        f = d.factor()
        small = reduce(img, f)
        stats = self.stats = LiveStats()
        changed = None
        if self._ref is not None and self._ref.shape == small.shape:
            roi = self._roi(img.shape[:2], f)
            if self._pre is not None:
                self._since_hand(small, roi)
            changed = self._changes(small, roi, self._ref)
            stats.changed_px = int(np.count_nonzero(changed))
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
        history: dict[int, list] = {}  # blob -> earlier measurements it is checked against
        stale: set[int] = set()
        touching: dict[int, list] = {}  # entry -> the blobs sharing its pixels this frame
        entry_boxes = _corners(self._entries, 0, None)
        for cb in fr.piece_blobs():
            near = self._near(cb, entry_boxes)
            consumed.update(id(e) for e in near)
            if not fr.hands and any(e.tentative for e in near):
                near = []  # measured while a hand was about: start afresh now it is gone
            still = changed is not None and bool(near) and self._unchanged(changed, cb.bbox)
            if still and recheck is not None and any(e is recheck for e in near):
                # Measured once and doubtful (``DOUBTFUL``): searched afresh on this frame's
                # sensor noise, and settled when two measurements agree.
                history[id(cb)] = ([m for e in near for m in (e.recheck or ())],
                                   max(e.expect for e in near))
                stale.update(id(e) for e in near)
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
            part = Detections(play_area_mm=det.play_area_mm, image_size=det.image_size)
            placed = []
            before = d.confirmed
            darks: list = []
            fbs = fine_blobs(fr.image, fr.bg, fr.roi, cb, fr.gains, f, d._open_px(),
                             fr.min_area_px, dark=darks, others=fr.coarse)
            placed += d._explain_region(fbs, darks, part, rng, seeds=plan.seeds,
                                        seeds_complete=plan.complete, hints=plan.hints,
                                        hints_complete=plan.hints_complete)
            if plan.covered and not all(covered_by(changed, p, placed, f, d.camera, d.catalog,
                                                   near) for p in plan.covered):
                # A token's change is not under the pieces found beside it: it may have moved.
                part = Detections(play_area_mm=det.play_area_mm, image_size=det.image_size)
                placed = d._explain_region(fbs, darks, part, rng)
            stats.confirmed += d.confirmed - before
            if d.roster is not None and part.ships:
                self._identify(img, cb.bbox, f, part)
            e = _Entry(cb.bbox, cb.mask, cb.area_px, placed, part.ships, part.squadrons,
                       part.obstacles, tentative=self._by_hand(cb.bbox, fr))
            if not e.tentative:
                # The earlier pieces the blob holds (a moved piece not found again is a doubt).
                earlier, e.expect = history.get(id(cb), (None, plan.known))
                e.recheck = _recheck(part, earlier, e.expect,
                                     searched=d.confirmed - before < len(placed))
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
            # Not found again, by a hand: kept (the tracker freezes them), not reported.
            for e in self._entries:
                if id(e) in consumed:
                    continue
                x, y, w, h = e.bbox
                if (fr.near_hand[y:y + h, x:x + w][e.mask > 0] > 0).any():
                    kept.append(e)
                    stats.frozen += 1
        ref = small.copy()
        if self._ref is not None:
            for e in kept:
                x, y, w, h = _pad(e.bbox, REF_PAD_PX, ref.shape)
                ref[y:y + h, x:x + w] = self._ref[y:y + h, x:x + w]
            if standing:
                old = _footprints_mask(standing, ref.shape[:2], f, d.camera, d.catalog)
                ref[old] = self._ref[old]
        self._ref = ref
        self._entries = kept + fresh
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
        weak evidence) was found to be, when none of its pixels changed since: ``True`` (a
        ship) when it shares pixels with an earlier blob in which a ship was found (not by a
        hand), ``False`` (a hand) when it shares pixels with the last frame's hand, else
        ``None``: searched (``Detector._ship_not_hand``, ~50-90 ms a frame whose window takes
        it in). A changed blob is searched again. (Held-out 5008's large ship by the mat's
        edge is a hand to that search in its first frame and stays one while nothing there
        changes: the search of the same pixels gave a hand, a squadron or the ship from one
        frame's sensor noise to the next.)"""
        if changed is None or not self._unchanged(changed, cb.bbox):
            return None
        if any(e.ships and not e.tentative for e in self._near(cb)):
            return True
        return False if any(_shared_px(h, cb) > 0 for h in self._hands) else None

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
        if np.count_nonzero(self._changes(small, roi, ref)) > limit:
            return  # still there (or the table changed a lot): go on from the last frame
        self._ref, self._entries, self._last = ref, entries, last
        self._pre, self._hands_seen = None, False

    def _identify(self, img: np.ndarray, bbox, f: int, part: Detections) -> None:
        """Tags on the newly found ships, looked for around their blob only."""
        d = self.detector
        pad = int(20 * d.px_per_mm) + 4
        x, y, w, h = bbox
        H, W = img.shape[:2]
        x0, y0 = max(x * f - pad, 0), max(y * f - pad, 0)
        x1, y1 = min((x + w) * f + pad, W), min((y + h) * f + pad, H)
        crop = np.ascontiguousarray(img[y0:y1, x0:x1])
        d.roster.identify(crop, _ShiftedCamera(d.camera, (x0, y0)), part)


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
