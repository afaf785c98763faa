"""Background model of the empty table, and the foreground mask of a frame against it.

The model is learned from one or more frames of the empty table (taken while calibrating) and
adapts to lighting drift: a frame is compared with the background after dividing out a smooth
illumination map (the local median brightness ratio), and a pixel whose colour is only a scaled
copy of the background's (a shadow, a lamp turned up) is not foreground. Thresholds are in units of
the measured image noise and of the background's own texture, never fixed grey levels, so the same
code serves a dark starfield mat, a bright cloth and a wooden table (cv-notes 3.2: shadows and low
contrast of black bases on dark mats dominate the error budget).

Shapes: images are (H, W, 3) BGR uint8; masks (H, W) uint8 0/255.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from armada_vision.errors import InputError

from . import _comparejit as _jit

# Smoothing before comparing, in px: removes sensor noise and JPEG blocking, keeps 1 px edges.
_BLUR_SIGMA_PX = 1.0
# Chromaticity distortion that counts as foreground, in noise sigmas (Horprasert et al. 1999
# use a detection rate of 99.9 %, i.e. ~3-4 sigma; we take 5 because pixels are correlated).
_CHROMA_SIGMAS = 5.0
# Brightness ratios (frame / illumination-corrected background) beyond which a pixel of unchanged
# colour is still foreground: a black base on a grey mat is darker than any cast shadow of a
# lamp-lit table (~0.35 of full light), a white token brighter than 1.6x the mat.
_DARK_RATIO = 0.35
_BRIGHT_RATIO = 1.6
# Hysteresis: differences this fraction of the sure threshold count when connected to a sure
# pixel (not brightness alone, so a piece's own cast shadow does not join it).
_WEAK_FRACTION = 0.6
# Sub-pixel misregistration tolerance: background texture edges (stars, grid lines) may move by
# this many px between frames (camera vibration, rolling shutter) without becoming foreground.
_SHIFT_TOLERANCE_PX = 0.7
# Of a background texture that varies only brightness, at most this many grey levels count as
# a shift's change of the chromaticity distortion (see _texture).
_BRIGHTNESS_TEXTURE_CAP = 2.0
# ... and this fraction of it: on the real overhead webcam frames a patterned board's shifted
# line edges showed as thin pieces without it (shared/realdata: 43 of 44 frames right with 0 and with 0.35, 44 with 0.5).
_FRINGE_FRACTION = 0.5
# Illumination map: its brightness a median over a window of 7 x 7 blocks; the window should
# be at least twice the largest piece so that one piece never makes up half of it. Default
# block: 1/60 of the image width (a 129 mm base at ~1 px/mm fits in a 7 x 32 px window at
# 1080p).
_ILLUM_BLOCKS = 7
# Its colour (each channel's gain over the three's mean) a median over 15 x 15 blocks (~480 mm
# at 1080p): a light's colour varies over the table, not from piece to piece, and a cluster of
# touching pieces and their shadows covers half of a 7 x 7 window (held-out seed 5010: two
# ships, a purrgil and an asteroid on the sand cloth, ~300 mm across): the per-channel medians
# there took the pink and grey pieces' colour (gains 0.92 / 0.85 / 0.88), and at the rendered
# frames' residual scale (0.25 grey levels) the mat between them, relit 2-4 % off in colour,
# was foreground: five pieces in one blob, taken for a hand. (With a learned background only:
# see :meth:`BackgroundModel.illumination`.)
_CHROMA_BLOCKS = 15
# A crop's gains equal the whole frame's this many blocks inside its sides: the 15x15 median
# reaches 7 blocks, the linear interpolation 1 more, and the 5 x 5 pixel median 2 px.
ILLUM_MARGIN_BLOCKS = 9
# The same for a background estimated from the frame, whose gains are 7x7 medians (3 blocks).
_ILLUM_MARGIN_ESTIMATED = 5


def _as_float(image_bgr: np.ndarray, where: str) -> np.ndarray:
    img = np.asarray(image_bgr)
    if img.ndim != 3 or img.shape[2] != 3 or img.dtype != np.uint8:
        raise InputError(f"expected a BGR uint8 image (H, W, 3), got {img.dtype} {img.shape}",
                         source=where)
    return cv2.GaussianBlur(img, (0, 0), _BLUR_SIGMA_PX).astype(np.float32)


def estimate_noise(image_bgr: np.ndarray) -> float:
    """Sensor noise sigma of a BGR image in grey levels, robust to texture (median of |Laplacian|).

    Immerkaer's estimator (1996) with a median instead of a mean so that edges do not count.
    """
    grey = cv2.cvtColor(np.asarray(image_bgr), cv2.COLOR_BGR2GRAY).astype(np.float32)
    kernel = np.array([[1, -2, 1], [-2, 4, -2], [1, -2, 1]], np.float32)
    resp = np.abs(cv2.filter2D(grey, -1, kernel))
    # For Gaussian noise the response has sigma 6 * sigma_n; median |x| = 0.6745 sigma.
    return float(np.median(resp) / (0.6745 * 6.0))


@dataclass
class BackgroundModel:
    """Mean colour (H, W, 3) float32 of the empty table and its noise and texture tolerances.

    Build with :meth:`learn`; call :meth:`foreground` per frame and :meth:`update` with the
    frame's background mask to follow slow changes (the mat shifting, daylight).
    """

    mean_bgr: np.ndarray
    noise_sigma: float
    texture: np.ndarray  # (H, W) float32 grey levels a misregistration may change a pixel by
    block_px: int = 0  # illumination block size; 0: 1/60 of the image width
    # For a background estimated from the frame itself (:meth:`estimate`): the residual's
    # relative level across the image (H, W) float32 (None: uniform), and the brightness
    # ratios the mat's own texture reaches against the estimate.
    spread: np.ndarray | None = None
    dark_ratio: float = _DARK_RATIO
    bright_ratio: float = _BRIGHT_RATIO

    @classmethod
    def learn(cls, frames_bgr: list[np.ndarray] | np.ndarray) -> BackgroundModel:
        """Learn from frames (each (H, W, 3) BGR uint8) of the empty table.

        Raises ``InputError`` when there are no frames or their sizes differ.
        """
        frames = [frames_bgr] if isinstance(frames_bgr, np.ndarray) else list(frames_bgr)
        if not frames:
            raise InputError("no frames of the empty table to learn the background from",
                             source="background")
        first = np.asarray(frames[0])
        stack = []
        for i, f in enumerate(frames):
            if np.asarray(f).shape != first.shape:
                raise InputError(f"frame {i} is {np.asarray(f).shape}, expected {first.shape}",
                                 source="background")
            stack.append(_as_float(f, f"background frame {i}"))
        mean = np.mean(stack, axis=0).astype(np.float32)
        noise = float(np.median([estimate_noise(f) for f in frames]))
        return cls(mean, max(noise, 1.0), _texture(mean))

    @classmethod
    def estimate(cls, image_bgr: np.ndarray, window_px: int, inside: np.ndarray | None = None,
                 outside: np.ndarray | None = None) -> BackgroundModel:
        """A background guessed from one frame with pieces on it: the median colour over a
        ``window_px`` square (wider than twice the largest piece), so pieces drop out. Mat
        texture finer than the window (stars, wood grain) is lost and may show as small
        foreground specks, which the blob filter removes. Prefer :meth:`learn`.

        ``inside`` and ``outside`` ((H, W) uint8 0/255, disjoint): the mat and its surround.
        Each is then estimated from its own pixels only (the others are filled from the
        nearest own pixel before the median), so the mat's edge does not smear into a band of
        false foreground; a pixel in neither (the band where the edge may lie) takes the
        estimate its colour is closer to.
        """
        img = np.asarray(image_bgr)
        if img.ndim != 3 or img.shape[2] != 3 or img.dtype != np.uint8:
            raise InputError(f"expected a BGR uint8 image (H, W, 3), got {img.dtype} {img.shape}",
                             source="frame")
        h, w = img.shape[:2]
        f = 8
        size = (max(w // f, 8), max(h // f, 8))
        small = cv2.resize(img.astype(np.float32), size, interpolation=cv2.INTER_AREA)
        k = int(min(max(window_px // f, 3), 2 * (min(small.shape[:2]) // 2) - 1)) | 1
        if inside is None or outside is None:
            mean = cv2.resize(_smooth_median(small, k), (w, h), interpolation=cv2.INTER_LINEAR)
        else:
            parts = []
            for m in (inside, outside):
                own = cv2.resize(np.asarray(m, np.uint8), size, interpolation=cv2.INTER_AREA) > 250
                med = _smooth_median(_fill_from(small, own), k)
                parts.append(cv2.resize(med, (w, h), interpolation=cv2.INTER_LINEAR))
            frame = _as_float(img, "frame")
            closer_in = (np.linalg.norm(frame - parts[0], axis=2)
                         <= np.linalg.norm(frame - parts[1], axis=2))
            take_in = (np.asarray(inside) > 0) | ((np.asarray(outside) == 0) & closer_in)
            mean = np.where(take_in[..., None], parts[0], parts[1])
        # Blurred as a frame is before comparing (the mat's edge as soft in both).
        mean = cv2.GaussianBlur(np.asarray(mean, np.float32), (0, 0), _BLUR_SIGMA_PX)
        model = cls(mean, max(estimate_noise(img), 1.0), _texture(mean))
        if inside is not None and outside is not None:
            _allow_texture(model, img, small.shape[:2], k, inside, outside)
        return model

    @property
    def shape(self) -> tuple[int, int]:
        return self.mean_bgr.shape[:2]

    def illumination(self, frame_f: np.ndarray, at: tuple[int, int] = (0, 0)) -> np.ndarray:
        """Smooth per-channel gain frame / background, (h, w, 3) float32 (1 = unchanged light).

        The median ratio per channel over blocks of ``block_px``; their mean over the channels
        (the brightness) a median over each block's 7x7 neighbourhood, so that pieces (a
        minority of any neighbourhood) do not pull it, and each channel's share of it (the
        light's colour) a median over 15x15 (``_CHROMA_BLOCKS``: a cluster of pieces does not
        tint it); follows shadows, dimming and white-balance drift of the webcam since the
        empty table was learned. A shadow darkens all channels alike, so the pieces' own
        shadows, which do darken a 7x7 neighbourhood, leave the colour alone. A background
        estimated from the frame (``spread`` set) takes each channel's median over 7x7 blocks
        instead. ``frame_f`` may be a crop of the (blurred float)
        frame whose top-left corner is ``at`` (x, y px), its sides on the block grid
        (:meth:`illumination_box`): more than ``ILLUM_MARGIN_BLOCKS`` inside a side that is
        not the frame's, its gains are the whole frame's.
        """
        h, w = frame_f.shape[:2]
        x0, y0 = at
        planes = _jit.ratio_planes(np.ascontiguousarray(frame_f, np.float32),
                                   np.ascontiguousarray(self.mean_bgr, np.float32), y0, x0)
        block = self._block()
        sw, sh = max(w // block, 3), max(h // block, 3)
        if self.spread is not None:
            # Estimated from the frame itself (:meth:`estimate`): the light's colour is in the
            # estimate already, and what the gains follow is what its 300-mm median smoothed
            # away, a gantry's or a lamp's shadow edge, coloured where ambient and direct light
            # differ: per channel over 7x7 (15x15 colour took 11 of the 36 real board frames'
            # shadows for hands).
            gains = []
            for q in planes:
                small = cv2.resize(cv2.medianBlur(q, 5), (sw, sh), interpolation=cv2.INTER_AREA)
                small = cv2.medianBlur(small, _ILLUM_BLOCKS).astype(np.float32) / 64.0
                gains.append(cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR))
            return cv2.merge(gains)
        blocks = np.stack([cv2.resize(cv2.medianBlur(q, 5).astype(np.float32), (sw, sh),
                                      interpolation=cv2.INTER_AREA) for q in planes])
        level = blocks.mean(axis=0)  # 1/64 steps, as the planes
        bright = cv2.medianBlur(_to_u8(level), _ILLUM_BLOCKS).astype(np.float32) / 64.0
        # Each channel's share, ~1, in 1/256 steps about 1 (0.5-1.5) for OpenCV's median: the
        # block means keep the fraction of a plane step that 1/64 steps would round away.
        share = blocks / np.maximum(level, 1.0)
        gains = []
        for c in share:
            c = cv2.medianBlur(_to_u8((c - 1.0) * 256.0 + 128.0), _CHROMA_BLOCKS)
            c = (c.astype(np.float32) - 128.0) / 256.0 + 1.0
            gains.append(cv2.resize(bright * c, (w, h), interpolation=cv2.INTER_LINEAR))
        return cv2.merge(gains)

    def _block(self) -> int:
        return self.block_px or max(int(round(self.shape[1] / 60)), 4)

    def illumination_box(self, box: tuple[int, int, int, int]):
        """The crop (x, y, w, h px) on which :meth:`illumination` gives the whole frame's
        gains inside ``box`` (x, y, w, h px): ``box`` grown by ``ILLUM_MARGIN_BLOCKS`` blocks
        (5 for a background estimated from the frame) and snapped to the block grid, within the frame. ``None`` when the frame is not a
        whole number of blocks (the grid's averaging then differs from a crop's)."""
        block = self._block()
        H, W = self.shape
        if W % block or H % block or W // block < 3 or H // block < 3:
            return None
        m = ILLUM_MARGIN_BLOCKS if self.spread is None else _ILLUM_MARGIN_ESTIMATED
        x, y, w, h = box
        x0, y0 = max(x // block - m, 0) * block, max(y // block - m, 0) * block
        x1 = min(-(-(x + w) // block) + m, W // block) * block
        y1 = min(-(-(y + h) // block) + m, H // block) * block
        return x0, y0, x1 - x0, y1 - y0

    def difference(self, image_bgr: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Colour change of each pixel against the relit background, in units of this frame's
        noise, and its brightness ratio.

        The background is first relit with the smooth per-channel gain map; then each pixel's
        best brightness scale ``alpha`` = (f . r) / (r . r) is removed and what remains, the
        chromaticity distortion |f - alpha r| (Horprasert et al. 1999), is divided by its
        robust scale over the frame (mostly mat) plus the texture tolerance. A shadow only
        scales the mat's colour, so it scores low; a grey base on a blue mat scores high.

        Returns ``(score, alpha, distance)``, all (H, W) float32; ``distance`` is the plain
        colour distance |f - r| in grey levels, for locating edges to a fraction of a pixel.
        Raises ``InputError`` if the frame's size differs from the background's.
        """
        f = _as_float(image_bgr, "frame")
        if f.shape[:2] != self.shape:
            raise InputError(f"frame is {f.shape[1]}x{f.shape[0]}, background "
                             f"{self.shape[1]}x{self.shape[0]}", source="frame")
        score, alpha, dist, _ = compare(f, self.mean_bgr, self.texture, self.illumination(f),
                                        self.noise_sigma, spread=self.spread)
        return score, alpha, dist

    def downscaled(self, factor: int) -> BackgroundModel:
        """This model at 1/``factor`` resolution (cached), for a fast first pass."""
        cache = self.__dict__.setdefault("_down", {})
        if factor not in cache:
            h, w = self.shape
            mean = cv2.resize(self.mean_bgr, (w // factor, h // factor),
                              interpolation=cv2.INTER_AREA)
            block = self._block()
            # The misregistration tolerance is a fraction of a *full-resolution* pixel, so a
            # fraction 1/factor of a reduced one: 0.7 reduced px of a wood grain or star field
            # would hide pieces of the mat's own colour from the first pass.
            spread = (None if self.spread is None else
                      cv2.resize(self.spread, mean.shape[1::-1], interpolation=cv2.INTER_AREA))
            cache[factor] = BackgroundModel(mean, max(self.noise_sigma / factor, 0.5),
                                            _texture(mean, _SHIFT_TOLERANCE_PX / factor),
                                            max(block // factor, 2), spread, self.dark_ratio,
                                            self.bright_ratio)
        return cache[factor]

    def foreground(self, image_bgr: np.ndarray, *, with_distance: bool = False):
        """Mask (H, W) uint8, 255 where something not in the background covers the mat.

        Hysteresis: a pixel is surely foreground if its colour differs from the relit
        background by more than ``_CHROMA_SIGMAS`` residual scales or it is far darker or
        brighter (``_DARK_RATIO``, ``_BRIGHT_RATIO``); weaker colour differences (``_WEAK_FRACTION``) count
        when they connect to a sure pixel, so a piece with dark and light parts stays whole.
        ``with_distance`` also returns the colour distance image (see :meth:`difference`).
        """
        score, bright, dist = self.difference(image_bgr)
        mask = threshold(score, bright, self.dark_ratio, self.bright_ratio)
        return (mask, dist) if with_distance else mask

    def update(self, image_bgr: np.ndarray, background_mask: np.ndarray, rate: float = 0.05) -> None:
        """Blend ``image_bgr`` into the model where ``background_mask`` is non-zero (running mean)."""
        f = _as_float(image_bgr, "frame")
        m = (np.asarray(background_mask) > 0)[..., None]
        self.mean_bgr = np.where(m, (1 - rate) * self.mean_bgr + rate * f, self.mean_bgr).astype(
            np.float32)


def _allow_texture(model: BackgroundModel, img: np.ndarray, small_hw: tuple[int, int], k: int,
                   inside: np.ndarray, outside: np.ndarray) -> None:
    """Texture allowance of an estimated background (in place): a mat's texture finer than
    the median window (nebulae, wood grain) remains in the frame's residual against the
    estimate. Its local level (the median over the same window, pieces being a minority there,
    mat and surround apart) sets ``model.spread``, and the spread of the mat's log brightness
    ratio (``_CHROMA_SIGMAS`` robust sigmas about its median) widens the dark/bright ratios."""
    h, w = img.shape[:2]
    f = _as_float(img, "frame")
    diff = f - model.mean_bgr
    dist = np.sqrt(cv2.transform(diff * diff, np.ones((1, 3), np.float32)))
    q = np.clip(dist * 4.0, 0, 255).astype(np.uint8)  # quarter grey levels up to 64
    small = cv2.resize(q, small_hw[::-1], interpolation=cv2.INTER_AREA)
    levels = []
    for m in (inside, outside):
        own = cv2.resize(np.asarray(m, np.uint8), small_hw[::-1], interpolation=cv2.INTER_AREA) > 250
        # The least residual within ~43 mm first, so pieces, their miniatures and
        # shadows shrink to specks and do not count as texture; then the median over the window.
        reach = np.ones((max(k // 7, 3) | 1,) * 2, np.uint8)  # ~43 mm for a 300 mm window
        level = cv2.medianBlur(cv2.erode(_fill_from(small, own), reach), k)
        levels.append(cv2.resize(level, (w, h), interpolation=cv2.INTER_LINEAR))
    level = np.where(np.asarray(inside) > 0,
                     levels[0], levels[1]).astype(np.float32)
    level = np.maximum(level, 4.0)  # at least one grey level
    # An allowance: where the residual is above its level over the whole image the scale
    # grows with it; a region smoother than the rest is held to the usual scale.
    model.spread = np.maximum(level / float(np.median(level)), 1.0).astype(np.float32)
    mat = np.asarray(inside) > 0
    if mat.sum() > 200:
        m = model.mean_bgr[mat]
        a = np.sum(f[mat] * m, axis=1) / np.maximum(np.sum(m * m, axis=1), 16.0)
        la = np.log(np.clip(a, 1e-3, None))
        med = float(np.median(la))
        sigma = 1.4826 * float(np.median(np.abs(la - med)))
        model.dark_ratio = min(_DARK_RATIO, float(np.exp(med - _CHROMA_SIGMAS * sigma)))
        model.bright_ratio = max(_BRIGHT_RATIO, float(np.exp(med + _CHROMA_SIGMAS * sigma)))


def _to_u8(a: np.ndarray) -> np.ndarray:
    """``a`` rounded and clipped to 0..255, uint8 (for OpenCV's median of any size)."""
    return np.clip(np.rint(a), 0, 255).astype(np.uint8)


def _smooth_median(small: np.ndarray, k: int) -> np.ndarray:
    """Median over ``k`` x ``k`` of a float (h, w, 3) image, in float32. ``medianBlur`` takes
    uint8 at this size, so each channel is first stretched over 0..255 (a dark mat spans a
    few dozen grey levels: whole-level steps of the median would read as colour changes),
    then smoothed over one pixel (the median is piecewise constant)."""
    out = np.empty(small.shape, np.float32)
    for c in range(small.shape[2]):
        ch = small[..., c]
        lo, hi = float(ch.min()), float(ch.max())
        gain = 255.0 / max(hi - lo, 1.0)
        q = np.round((ch - lo) * gain).astype(np.uint8)
        out[..., c] = cv2.medianBlur(q, k).astype(np.float32) / gain + lo
    return cv2.GaussianBlur(out, (0, 0), 1.0)


def _fill_from(image: np.ndarray, own: np.ndarray) -> np.ndarray:
    """``image`` (h, w, C) with every pixel outside ``own`` (h, w) bool replaced by the nearest
    pixel of ``own`` (Euclidean); unchanged if ``own`` is empty or everything."""
    if own.all() or not own.any():
        return image
    _, labels = cv2.distanceTransformWithLabels((~own).astype(np.uint8), cv2.DIST_L2, 3,
                                                labelType=cv2.DIST_LABEL_PIXEL)
    lut = np.zeros((int(labels.max()) + 1,) + image.shape[2:], image.dtype)
    lut[labels[own]] = image[own]
    return lut[labels]


def _texture(mean_bgr: np.ndarray, shift_px: float = _SHIFT_TOLERANCE_PX) -> np.ndarray:
    """Per-pixel change of the background's chromaticity distortion if it shifted by
    ``shift_px``, (H, W) grey levels: the part of the colour gradient across the background's
    own colour direction, or of the whole change at most ``_BRIGHTNESS_TEXTURE_CAP`` or
    ``_FRINGE_FRACTION`` of it, whichever is larger. The
    foreground score divides out brightness (a shadow, a lamp), so a texture that only varies
    brightness (wood grain, a mottled cloth of one hue) barely raises it when it shifts; its
    changes of hue (a white star on a blue nebula) do. (The whole change as the tolerance hid
    a token ~20 grey levels off the wood's hue behind the grain's ~6.)"""
    m = np.clip(mean_bgr, 0, 255).astype(np.float32)
    gx = cv2.Sobel(m, cv2.CV_32F, 1, 0, ksize=3, scale=shift_px / 8.0)
    gy = cv2.Sobel(m, cv2.CV_32F, 0, 1, ksize=3, scale=shift_px / 8.0)
    ones = np.ones((1, 3), np.float32)
    # |g|^2 - (g . u)^2 per direction, u the unit colour: the change across the colour.
    mm = np.maximum(cv2.transform(cv2.multiply(m, m), ones), 1.0)
    gxu = cv2.transform(cv2.multiply(gx, m), ones)
    gyu = cv2.transform(cv2.multiply(gy, m), ones)
    whole2 = cv2.transform(cv2.multiply(gx, gx), ones) + cv2.transform(cv2.multiply(gy, gy), ones)
    chroma = np.sqrt(np.maximum(whole2 - (gxu * gxu + gyu * gyu) / mm, 0.0))
    # Of the whole change (the BGR norm): up to a cap (JPEG and rounding turn a little of any
    # brightness change into hue), and a fraction of a strong one (a real sensor's demosaicing
    # and lateral chromatic aberration fringe a shifted black/white edge with colour).
    whole = np.sqrt(whole2)
    mag = np.maximum(np.maximum(chroma, np.minimum(whole, _BRIGHTNESS_TEXTURE_CAP)),
                     _FRINGE_FRACTION * whole)
    return cv2.dilate(mag, np.ones((3, 3), np.uint8))


def hysteresis(strong: np.ndarray, weak: np.ndarray) -> np.ndarray:
    """Pixels of ``weak`` (H, W) bool connected (8-neighbourhood) to a pixel of ``strong``;
    returns a uint8 0/255 mask."""
    weak = (weak | strong).astype(np.uint8)
    n, labels = cv2.connectedComponents(weak, connectivity=8)
    keep = np.zeros(n, bool)
    keep[np.unique(labels[strong])] = True
    keep[0] = False
    return keep[labels].astype(np.uint8) * 255


def compare(f: np.ndarray, mean: np.ndarray, texture: np.ndarray, gains: np.ndarray,
            noise_sigma: float, scale: float | None = None, scale_from: np.ndarray | None = None,
            spread: np.ndarray | None = None, distance: bool = True):
    """Score, alpha and colour distance of a blurred float frame ``f`` against ``mean`` relit
    by ``gains`` (all (h, w, 3)); see :meth:`BackgroundModel.difference`. ``scale`` (grey
    levels) is the residual scale to divide by; ``None`` measures it as 1.5 x the median over
    the pixels selected by ``scale_from`` (bool (h, w)), or over all pixels. ``spread``
    ((h, w) float32, see :class:`BackgroundModel`): the scale varies across the image in
    proportion to it (measured on ``distortion / spread``). ``distance``: also the colour
    distance (else ``None``: the first pass does not locate edges).
    Returns ``(score, alpha, distance, scale)``, (h, w) float32 each (compiled:
    ``_comparejit``; :func:`compare_numpy` is the reference)."""
    f32 = lambda a: np.ascontiguousarray(a, np.float32)  # noqa: E731
    has_spread = spread is not None
    sp = f32(spread) if has_spread else np.ones((1, 1), np.float32)
    alpha, cd, dist, norm = _jit.distortion(f32(f), f32(mean), f32(gains), sp, has_spread,
                                            distance)
    if scale is None:
        sample = (norm[scale_from] if scale_from is not None and scale_from.sum() > 200
                  else norm[::2, ::2])
        scale = max(float(np.median(sample)) * 1.5, 0.5 * noise_sigma)
    score = _jit.scaled(cd, f32(texture), sp, has_spread, float(scale))
    return score, alpha, dist if distance else None, scale


def compare_numpy(f: np.ndarray, mean: np.ndarray, texture: np.ndarray, gains: np.ndarray,
            noise_sigma: float, scale: float | None = None, scale_from: np.ndarray | None = None,
            spread: np.ndarray | None = None, distance: bool = True):
    """The numpy reference of :func:`compare`: the same arguments and results (equal to
    float32 rounding; tested)."""
    relit = gains * mean
    rr = cv2.transform(relit * relit, np.ones((1, 3), np.float32))
    fr = cv2.transform(f * relit, np.ones((1, 3), np.float32))
    alpha = fr / np.maximum(rr, 16.0)
    resid = f - alpha[..., None] * relit
    cd = np.sqrt(cv2.transform(resid * resid, np.ones((1, 3), np.float32)))
    dist = None
    if distance:
        diff = f - relit
        dist = np.sqrt(cv2.transform(diff * diff, np.ones((1, 3), np.float32)))
    norm = cd if spread is None else cd / spread
    if scale is None:
        sample = (norm[scale_from] if scale_from is not None and scale_from.sum() > 200
                  else norm[::2, ::2])
        scale = max(float(np.median(sample)) * 1.5, 0.5 * noise_sigma)
    local = scale if spread is None else scale * spread
    return cd / (local + texture), alpha, dist, scale


def threshold(score: np.ndarray, alpha: np.ndarray, dark_ratio: float = _DARK_RATIO,
              bright_ratio: float = _BRIGHT_RATIO) -> np.ndarray:
    """The foreground decision on :func:`compare`'s output: sure where the colour changed by
    ``_CHROMA_SIGMAS`` or the brightness is beyond ``_DARK_RATIO``/``_BRIGHT_RATIO``, and
    weaker colour changes connected to a sure pixel. uint8 0/255 (h, w)."""
    strong = (score > _CHROMA_SIGMAS) | (alpha < dark_ratio) | (alpha > bright_ratio)
    weak = score > _WEAK_FRACTION * _CHROMA_SIGMAS
    return hysteresis(strong, weak)
