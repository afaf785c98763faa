"""The detector: one calibrated frame in, ship bases, squadron bases, obstacles and hands out.

Pipeline (image space; only points are transformed, cv-notes 3.6): foreground against the
background model, restricted to the play area; connected blobs; a blob that reaches the edge of
the view and is larger than any base is a hand; other blobs are explained by obstacle outlines or
by as many ship bases and squadron discs as their visible edges support (two touching bases are
two bases). Each piece is measured on its own height plane: base top for ships, disc top for
squadrons, token top for obstacles.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from armada_vision.catalog import Catalog
from armada_vision.errors import InputError

from ._arms import ARM_MIN_BASES, arm_outside, hand_zone
from ._background import BackgroundModel
from ._blobs import clean_mask
from ._explain import BlobExplainer
from ._hands import hand_evidence, reaches_border
from ._judge import BASE_RIM_SURE, _explained_mm2
from ._pass import coarse_pass, coarse_window, fine_blobs, reduce_roi
from ._specs import DiscSpec, RectSpec, _poly_area, base_specs, disc_specs
from ._types import Detections, HandDetection

__all__ = ["Detector", "DiscSpec", "FramePass", "RectSpec", "base_specs", "disc_specs"]

# Structures thinner than this are not pieces (mm): threads, star twinkle, a shifted grid line.
OPEN_MM = 2.5
# Blobs this close to a hand are part of it (fingers, a sleeve), mm.
HAND_REACH_MM = 30.0
# A blob found in a live window this close to one of its sides (small px) may reach outside
# it: the whole frame is searched instead. Several times the clean-up's widest bridge (3 px at
# 1080p).
WINDOW_CLEAR_PX = 10
# ... unless the caller grows the window over such a blob: tried this many times.
WINDOW_REGROW = 2
# A palm and fingers seen from above cover ~1.15 large bases (rendered hands: a 104 x 84 mm
# palm, four 16 x ~57 mm fingers and a thumb, more with their height's magnification; an
# adult's hand ~100 x 85 mm without the fingers): a blob in which ship bases leave less than
# this many of the largest base unexplained holds no hand.
HAND_ROOM_BASES = 0.8
# The play area plus this margin is searched (mm): a base may hang over the edge.
PLAY_MARGIN_MM = 40.0
# Without an empty-table frame, the mat's edge may lie this far (mm) from the calibrated play
# area's outline (calibration error, a mat cut a little large or small): within this band
# the estimated background is the mat's or the surround's, whichever the pixel matches.
EDGE_TOLERANCE_MM = 6.0


@dataclass
class FramePass:
    """One frame after the whole-frame pass (:meth:`Detector.prepare`): the frame, its
    background and play-area mask, the coarse blobs at 1/``factor`` size (``small`` px), the
    illumination gains, the hands (blobs, also in ``det.hands``) and ``near_hand`` (small px
    uint8, or ``None``): where blobs belong to a hand; ``weak``: the hands that are hands by
    their size and the border alone (``_hands.hand_evidence``'s ``"weak"``) and no ship."""

    image: np.ndarray
    bg: BackgroundModel
    roi: np.ndarray
    factor: int
    min_area_px: float
    small: np.ndarray
    coarse: list
    gains: np.ndarray
    roi_small: np.ndarray
    hands: list
    near_hand: np.ndarray | None
    det: Detections
    windows: list | None = None  # (x, y, w, h) small px: the blobs were looked for only there
    scale: float | None = None  # the first pass's residual scale (grey levels)
    weak: list = field(default_factory=list)  # hands by their size and the border alone

    def piece_blobs(self) -> list:
        """The coarse blobs that may hold pieces: not a hand, nor touching one's reach."""
        return [cb for cb in self.coarse
                if not any(cb is h for h in self.hands) and not self.by_hand(cb)]

    def by_hand(self, cb) -> bool:
        if self.near_hand is None:
            return False
        x, y, w, h = cb.bbox
        return bool((self.near_hand[y:y + h, x:x + w][cb.mask > 0] > 0).any())




class Detector(BlobExplainer):
    """Finds pieces in frames from one calibrated camera.

    ``camera`` has ``table_to_image(pts_mm, height_mm)`` / ``image_to_table(pts_px, height_mm)``
    (a :class:`~armada_vision.vision.camera.TableCamera`); ``background`` the model of the empty
    table learned when calibrating (without one, each frame's background is estimated from the
    frame itself by a wide median, which is weaker on dark mats and near large pieces).
    """

    def __init__(self, catalog: Catalog, camera, *, background: BackgroundModel | None = None,
                 play_area_mm: tuple[float, float] = (1828.8, 914.4), roster=None,
                 seed: int = 0):
        self.catalog = catalog
        self.background = background
        self.play_area_mm = (float(play_area_mm[0]), float(play_area_mm[1]))
        self.roster = roster
        self.rects = base_specs(catalog)
        self.discs = disc_specs(catalog)
        self._rng_seed = seed
        self.confirmed = 0  # pieces confirmed by one refinement from an earlier pose, in all
        self.camera = camera
        areas = [s.length_mm * s.width_mm for s in self.rects] + [
            math.pi * d.diameter_mm ** 2 / 4 for d in self.discs]
        areas += [_poly_area(o.outline_mm) for o in catalog.obstacles.values()]
        self.min_piece_mm2 = min(areas) if areas else 900.0
        self.min_obstacle_mm2 = min([_poly_area(o.outline_mm) for o in
                                     catalog.obstacles.values()] or [0.0])
        self.max_base_mm2 = max([s.length_mm * s.width_mm for s in self.rects] or [10000.0])

    @property
    def camera(self):
        """The calibrated camera; setting it (a re-fitted table) resets what depends on it."""
        return self._camera

    @camera.setter
    def camera(self, camera) -> None:
        self._camera = camera
        self._roi = None
        pa = self.play_area_mm
        c = getattr(camera, "centre_mm", None)
        # Without a camera centre (a plain homography) assume it is high over the middle.
        self.nadir_mm = (np.asarray(c, dtype=np.float64)[:2] if c is not None
                         else np.array([pa[0] / 2.0, pa[1] / 2.0]))
        self.px_per_mm = self._scale()

    def _scale(self) -> float:
        cx, cy = self.play_area_mm[0] / 2, self.play_area_mm[1] / 2
        px = self.camera.table_to_image(np.array([[cx - 50, cy], [cx + 50, cy]]), 0.0)
        return float(np.linalg.norm(px[1] - px[0]) / 100.0)

    def roi_mask(self, shape: tuple[int, int]) -> np.ndarray:
        """The play area plus ``PLAY_MARGIN_MM`` in the image, (H, W) uint8 0/255."""
        if self._roi is not None and self._roi.shape == shape:
            return self._roi
        self._roi = self.area_mask(shape, PLAY_MARGIN_MM)
        self._roi_small = None
        return self._roi

    def _roi_reduced(self, roi: np.ndarray, factor: int) -> np.ndarray:
        """:meth:`roi_mask` at the first pass's 1/``factor`` size, made once (a resize of the
        whole mask every frame)."""
        cached = getattr(self, "_roi_small", None)
        if cached is None or cached[0] is not roi or cached[1] != factor:
            cached = self._roi_small = (roi, factor, reduce_roi(roi, factor))
        return cached[2]

    def area_mask(self, shape: tuple[int, int], margin_mm: float = 0.0) -> np.ndarray:
        """The play area grown by ``margin_mm`` (mm, may be negative) in the image, (H, W)
        uint8 0/255 (the table plane's outline through the camera, 40 points a side)."""
        w, h = self.play_area_mm
        m = margin_mm
        edge = []
        for (x0, y0), (x1, y1) in [((-m, -m), (w + m, -m)), ((w + m, -m), (w + m, h + m)),
                                   ((w + m, h + m), (-m, h + m)), ((-m, h + m), (-m, -m))]:
            t = np.linspace(0, 1, 40, endpoint=False)[:, None]
            edge.append(np.column_stack([x0 + (x1 - x0) * t[:, 0], y0 + (y1 - y0) * t[:, 0]]))
        px = self.camera.table_to_image(np.concatenate(edge), 0.0)
        mask = np.zeros(shape, np.uint8)
        cv2.fillPoly(mask, [np.round(px).astype(np.int32).reshape(-1, 1, 2)], 255)
        return mask

    # ------------------------------------------------------------------ per frame

    def _background_for(self, image_bgr: np.ndarray) -> BackgroundModel:
        if self.background is not None:
            if self.background.shape != image_bgr.shape[:2]:
                raise InputError(
                    f"frame is {image_bgr.shape[1]}x{image_bgr.shape[0]}, the background "
                    f"{self.background.shape[1]}x{self.background.shape[0]}", source="frame")
            return self.background
        # The mat and what surrounds it are estimated apart, so the mat's edge is not foreground.
        shape = image_bgr.shape[:2]
        return BackgroundModel.estimate(image_bgr, int(round(300 * self.px_per_mm)),
                                        inside=self.area_mask(shape, -EDGE_TOLERANCE_MM),
                                        outside=255 - self.area_mask(shape, EDGE_TOLERANCE_MM))

    def factor(self) -> int:
        """Downscale of the first pass: the smallest piece stays >= ~8 px across."""
        smallest_px = math.sqrt(self.min_piece_mm2) * self.px_per_mm
        return int(min(max(smallest_px // 8, 1), 4))

    def foreground(self, image_bgr: np.ndarray) -> np.ndarray:
        """Foreground mask (H, W) uint8 inside the play area, for display and debugging
        (full resolution everywhere; :meth:`detect` only segments around pieces)."""
        bg = self._background_for(np.asarray(image_bgr))
        fg = cv2.bitwise_and(bg.foreground(image_bgr), self.roi_mask(image_bgr.shape[:2]))
        return clean_mask(fg, self._open_px())

    def _open_px(self) -> int:
        return max(int(round(OPEN_MM * self.px_per_mm)), 3)

    def detect(self, image_bgr: np.ndarray) -> Detections:
        """All pieces and hands in one BGR frame (H, W, 3) uint8, in table mm.

        Every call starts from scratch (a still); for consecutive video frames
        :meth:`live` reuses what did not change.
        Raises ``InputError`` for a frame that is not BGR uint8 or whose size differs from the
        background's.
        """
        fr = self.prepare(image_bgr)
        rng = np.random.default_rng(self._rng_seed)
        for cb in fr.piece_blobs():
            darks: list = []
            fbs = fine_blobs(fr.image, fr.bg, fr.roi, cb, fr.gains, fr.factor, self._open_px(),
                             fr.min_area_px, dark=darks, others=fr.coarse)
            self._explain_region(fbs, darks, fr.det, rng)
        if self.roster is not None:
            self.roster.identify(fr.image, self.camera, fr.det)
        return fr.det

    def live(self):
        """A :class:`~armada_vision.vision.detect.LiveDetector` over this detector: for the
        frames of one video, re-detecting only what changed."""
        from ._live import LiveDetector

        return LiveDetector(self)

    def prepare(self, image_bgr: np.ndarray, small: np.ndarray | None = None,
                bg: BackgroundModel | None = None,
                windows: list | None = None, scale: float | None = None,
                regrow=None, cut=None, known=None) -> FramePass:
        """The whole-frame part of :meth:`detect`: the checked frame, its coarse blobs and the
        hands among them (already in ``det.hands``). ``small``: the frame already reduced by
        :meth:`factor` (INTER_AREA), to save resizing it twice; ``bg``: the background to use
        when the detector has none (an estimate kept over frames); ``windows`` (disjoint
        (x, y, w, h) small px): look for blobs only there (the live path: the rest did not
        change; hands are found there too, a hand reaching the play area's border inside a
        window); the whole frame is searched instead when a blob there may reach outside its
        window (``FramePass.windows`` tells which was done); ``scale``: in
        windows, the first pass's residual scale to use (grey levels, ``FramePass.scale`` of an
        earlier frame; ``None``: measured on the whole frame); ``regrow(windows, boxes)``: new
        windows taking in the boxes (small px) of blobs that came near their sides (or
        ``None``: the whole frame), tried up to ``WINDOW_REGROW`` times; ``cut(box)``: whether
        a blob at a window's side (its box, small px) may be left out (its pixels did not
        change: a still piece the window cut, whose pieces the caller keeps); ``known(cb)``:
        what a coarse blob that is a hand by its size and the border alone was found to be
        before, ``True`` a ship, ``False`` a hand, ``None`` not known (the live path: the
        blob did not change since), so that it is not searched again
        (:meth:`_ship_not_hand`)."""
        img = np.asarray(image_bgr)
        if img.ndim != 3 or img.shape[2] != 3 or img.dtype != np.uint8:
            raise InputError(f"expected a BGR uint8 image (H, W, 3), got {img.dtype} {img.shape}",
                             source="frame")
        bg = self._background_for(img) if (self.background is not None or bg is None) else bg
        roi = self.roi_mask(img.shape[:2])
        min_area_px = 0.3 * self.min_piece_mm2 * self.px_per_mm ** 2
        det = Detections(play_area_mm=self.play_area_mm, image_size=(img.shape[1], img.shape[0]))
        f = self.factor()
        hand_px = self.max_base_mm2 * (self.px_per_mm / f) ** 2
        res = None
        for _ in range(WINDOW_REGROW + 1 if windows and small is not None else 0):
            near: list = []
            res = coarse_window(img, bg, roi, f, self._open_px(), min_area_px, small, windows,
                                WINDOW_CLEAR_PX, scale, near_side=near, cut=cut,
                                roi_small=self._roi_reduced(roi, f))
            if res is not None or not near or regrow is None:
                break
            windows = regrow(windows, near)  # over the blobs at their sides, or None
            if not windows:
                break
        if res is None:
            windows = None
            res = coarse_pass(img, bg, roi, f, self._open_px(), min_area_px, small=small,
                              roi_small=self._roi_reduced(roi, f))
        small, coarse, gains, roi_s, scale = res
        hands, weak = [], []
        zones: dict[int, object] = {}  # an arm's blob -> where its hand may be (_arms.hand_zone)
        bg_small = None
        for cb in coarse:
            why = hand_evidence(cb, small, roi_s, hand_px)
            if self.background is not None and why in (None, "weak") and (
                    cb.area_px >= ARM_MIN_BASES * hand_px) and (
                    why == "weak" or reaches_border(cb, roi_s)):
                # An arm going on outside the searched area: a hand, whatever it shows inside
                # (on wood the palm is the mat's colour and only the sleeve is left). Only
                # against a learned empty table: an estimate knows nothing of what lies
                # outside the mat (the calibration markers there differ from it).
                if bg_small is None:
                    bg_small = bg.downscaled(f).mean_bgr
                arm = arm_outside(cb, small, bg_small, roi_s, self.px_per_mm / f)
                if arm is not None:
                    hands.append(cb)
                    zones[id(cb)] = hand_zone(cb, arm, small.shape[:2], self.px_per_mm / f)
                    continue
            if why == "weak":
                ship = None if known is None else known(cb)
                if ship is None:
                    ship = self._ship_not_hand(img, bg, roi, f, cb, gains, min_area_px)
                if ship:
                    continue  # a ship by the border, not a hand
                weak.append(cb)
            if why is not None:
                hands.append(cb)
        near_hand = None
        if hands:
            near_hand = np.zeros(small.shape[:2], np.uint8)
            boxes = []
            for cb in hands:
                # An arm's hand is reported where it may be; the blob itself stays the hand
                # the live path remembers (its window, what shares its pixels next frame).
                cb = zones.get(id(cb), cb)
                boxes.append(cb.bbox)
                outline = cb.contour_px[:: max(len(cb.contour_px) // 200, 1)] * f + (f - 1) / 2
                det.hands.append(HandDetection(outline, self.camera.image_to_table(outline, 0.0),
                                               cb.area_px * f * f))
                x, y, w, h = cb.bbox
                near_hand[y:y + h, x:x + w] |= cb.mask
            # Fingers and a sleeve break off the hand's blob: anything within HAND_REACH_MM of
            # it is taken as part of the hand, not as a piece (tracking freezes pieces there).
            k = int(2 * HAND_REACH_MM * self.px_per_mm / f) | 1
            # Dilated only round the hands (the rest stays 0): the whole small frame with a
            # ~20 px ellipse cost ~1-2 ms a hand frame.
            H, W = near_hand.shape
            r = k // 2 + 1
            x0 = max(min(b[0] for b in boxes) - r, 0)
            y0 = max(min(b[1] for b in boxes) - r, 0)
            x1 = min(max(b[0] + b[2] for b in boxes) + r, W)
            y1 = min(max(b[1] + b[3] for b in boxes) + r, H)
            near_hand[y0:y1, x0:x1] = cv2.dilate(
                near_hand[y0:y1, x0:x1], cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)),
                borderType=cv2.BORDER_CONSTANT, borderValue=0)
        return FramePass(img, bg, roi, f, min_area_px, small, coarse, gains, roi_s, hands,
                         near_hand, det, windows, scale, weak)

    def _ship_not_hand(self, img: np.ndarray, bg: BackgroundModel, roi: np.ndarray,
                       factor: int, cb, gains: np.ndarray, min_area_px: float) -> bool:
        """Whether a blob that is a hand by its size and the border alone
        (``_hands.hand_evidence``'s ``"weak"``) is a ship: a plastic base, or the ship's
        token on it, fitted in it shows at least two of its square corners (an arm's straight
        sides make none; a miniature over a large base may hide half its outline: held-out
        seed 5008's, 0.48 seen; a large base on the starfield whose outer long side lies on
        the mat's edge, its miniature over the wood beyond, is fitted as its token, rim
        0.02-0.05, tuning 1003, 1006 and 1007 moved there), or a base one and the black rim
        inside its seen long sides (``BASE_RIM_SURE``: a sleeve's or
        a finger's edge has no darker band just inside it; a large base at the corner on
        wood whose miniature hides two corners, or whose fit settled on one), and
        what the pieces fitted there leave of it could not hold a hand (under
        ``HAND_ROOM_BASES`` of the largest base)."""
        rng = np.random.default_rng(self._rng_seed)
        scratch = Detections(play_area_mm=self.play_area_mm,
                             image_size=(img.shape[1], img.shape[0]))
        for fb in fine_blobs(img, bg, roi, cb, gains, factor, self._open_px(), min_area_px):
            fits: list = []
            self._explain_blob(fb, scratch, rng, fits=fits)
            if not any(f.kind == "rect" and (f.corners >= 2 or f.corners >= 1 and (
                    f.token_offset_mm is None and f.rim >= BASE_RIM_SURE)) for f in fits):
                continue
            rest_mm2 = fb.blob.area_px / self.px_per_mm ** 2 - sum(map(_explained_mm2, fits))
            if rest_mm2 < HAND_ROOM_BASES * self.max_base_mm2:
                return True
        return False

    # ------------------------------------------------------------------ one blob
