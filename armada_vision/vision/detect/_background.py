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
# Illumination map resolution: one ratio per block of this many px (median over the block).
_ILLUM_BLOCK_PX = 24


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

    @property
    def shape(self) -> tuple[int, int]:
        return self.mean_bgr.shape[:2]

    def illumination(self, frame_f: np.ndarray) -> np.ndarray:
        """Smooth per-channel gain frame / background, (H, W, 3) float32 (1 = unchanged light).

        The median ratio over blocks of ``_ILLUM_BLOCK_PX`` and their 5x5 neighbourhood, so that
        pieces (a minority of any neighbourhood) do not pull it; follows shadows, dimming and
        white-balance drift of the webcam.
        """
        b = np.maximum(self.mean_bgr, 4.0)
        ratio = frame_f / b
        h, w = ratio.shape[:2]
        sw, sh = max(w // _ILLUM_BLOCK_PX, 3), max(h // _ILLUM_BLOCK_PX, 3)
        gains = []
        for c in range(3):
            q = np.clip(ratio[..., c] * 64.0, 0, 255).astype(np.uint8)
            small = cv2.resize(cv2.medianBlur(q, 5), (sw, sh), interpolation=cv2.INTER_AREA)
            small = cv2.medianBlur(small, 5).astype(np.float32) / 64.0
            gains.append(cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR))
        return np.dstack(gains)

    def difference(self, image_bgr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Distance of each pixel from the relit background, in units of this frame's noise.

        Returns ``(score, brightness)``: ``score`` (H, W) float32 is the colour distance from the
        illumination-corrected background divided by the frame's robust residual scale (the
        median over the frame, mostly mat) plus the texture tolerance; ``brightness`` (H, W) is
        the frame's grey level over the relit background's.
        Raises ``InputError`` if the frame's size differs from the background's.
        """
        f = _as_float(image_bgr, "frame")
        if f.shape[:2] != self.shape:
            raise InputError(f"frame is {f.shape[1]}x{f.shape[0]}, background "
                             f"{self.shape[1]}x{self.shape[0]}", source="frame")
        relit = self.illumination(f) * self.mean_bgr
        resid = f - relit
        dist = np.sqrt((resid * resid).sum(axis=2))
        # Robust scale of the residual on this frame: adapts to noise, JPEG and drift.
        scale = max(float(np.median(dist[::4, ::4])) * 1.5, self.noise_sigma)
        score = dist / (scale + self.texture)
        brightness = f.sum(axis=2) / np.maximum(relit.sum(axis=2), 4.0)
        return score, brightness

    def foreground(self, image_bgr: np.ndarray) -> np.ndarray:
        """Mask (H, W) uint8, 255 where something not in the background covers the mat.

        Hysteresis: a pixel is surely foreground if its colour differs from the relit
        background by more than ``_CHROMA_SIGMAS`` residual scales or it is far darker or
        brighter (``_DARK_RATIO``, ``_BRIGHT_RATIO``); weaker colour differences (``_WEAK_FRACTION``) count
        when they connect to a sure pixel, so a piece with dark and light parts stays whole.
        """
        score, bright = self.difference(image_bgr)
        strong = (score > _CHROMA_SIGMAS) | (bright < _DARK_RATIO) | (bright > _BRIGHT_RATIO)
        weak = score > _WEAK_FRACTION * _CHROMA_SIGMAS
        return hysteresis(strong, weak)

    def update(self, image_bgr: np.ndarray, background_mask: np.ndarray, rate: float = 0.05) -> None:
        """Blend ``image_bgr`` into the model where ``background_mask`` is non-zero (running mean)."""
        f = _as_float(image_bgr, "frame")
        m = (np.asarray(background_mask) > 0)[..., None]
        self.mean_bgr = np.where(m, (1 - rate) * self.mean_bgr + rate * f, self.mean_bgr).astype(
            np.float32)


def _texture(mean_bgr: np.ndarray) -> np.ndarray:
    """Per-pixel change of the background if it shifted by ``_SHIFT_TOLERANCE_PX``, (H, W)."""
    grey = cv2.cvtColor(np.clip(mean_bgr, 0, 255).astype(np.uint8), cv2.COLOR_BGR2GRAY)
    gx = cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3) / 8.0
    gy = cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3) / 8.0
    mag = cv2.magnitude(gx, gy) * _SHIFT_TOLERANCE_PX
    # Colour edges change all three channels: sqrt(3) from grey to the BGR vector norm.
    return cv2.dilate(mag * np.sqrt(3.0), np.ones((3, 3), np.uint8))


def hysteresis(strong: np.ndarray, weak: np.ndarray) -> np.ndarray:
    """Pixels of ``weak`` (H, W) bool connected (8-neighbourhood) to a pixel of ``strong``;
    returns a uint8 0/255 mask."""
    weak = (weak | strong).astype(np.uint8)
    n, labels = cv2.connectedComponents(weak, connectivity=8)
    keep = np.zeros(n, bool)
    keep[np.unique(labels[strong])] = True
    keep[0] = False
    return keep[labels].astype(np.uint8) * 255
