"""Connected foreground regions ("blobs") of a mask, in image pixels.

Shapes: masks (H, W) uint8 0/255; contours (N, 2) float64 px (x right, y down).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Blob:
    """One connected foreground region.

    ``contour_px`` (N, 2) is its outer boundary, ``area_px`` its pixel count, ``bbox`` (x, y, w, h),
    ``touches_edge`` whether it reaches the image border (a hand or arm entering the view),
    ``mask`` the (h, w) uint8 region inside ``bbox``.
    """

    contour_px: np.ndarray
    area_px: float
    bbox: tuple[int, int, int, int]
    touches_edge: bool
    mask: np.ndarray

    @property
    def centroid_px(self) -> np.ndarray:
        ys, xs = np.nonzero(self.mask)
        return np.array([xs.mean() + self.bbox[0], ys.mean() + self.bbox[1]])

    def principal_axes(self) -> tuple[float, float, float]:
        """``(axis_deg, major_px, minor_px)``: long-axis angle in image coords [0, 180) measured
        from +x towards +y (down), and the full lengths of an ellipse of equal second moments."""
        ys, xs = np.nonzero(self.mask)
        cov = np.cov(np.vstack([xs, ys]).astype(np.float64))
        evals, evecs = np.linalg.eigh(cov)
        v = evecs[:, 1]
        ang = float(np.degrees(np.arctan2(v[1], v[0])) % 180.0)
        return ang, 4.0 * float(np.sqrt(max(evals[1], 0))), 4.0 * float(np.sqrt(max(evals[0], 0)))

    @property
    def elongation(self) -> float:
        """Major over minor axis length (1 for a disc, ~1.65 for a small ship base)."""
        _, major, minor = self.principal_axes()
        return major / max(minor, 1e-6)


def clean_mask(mask: np.ndarray, open_px: int) -> np.ndarray:
    """Close small gaps, fill holes, then remove structures thinner than ``open_px`` (threads,
    grid lines shifted by a bump, noise). Pieces are solid seen from above: a hole in a blob is
    a piece's print that happens to match the mat (a squadron disc or a ship token inside the
    thin dark rim of its plastic base), so it is filled before the opening would break the
    rim. The rim of a black base is only 1-2 px wide at 1080p and blur breaks it in places
    (a diagonal step of one pixel is a gap to 8-connectivity), so the holes are found after
    bridging gaps up to ~``open_px`` wide; the bridges themselves are not added."""
    k = max(int(open_px), 1) | 1
    ker = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    out = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, ker)
    kb = 2 * k + 1
    bridged = cv2.morphologyEx(mask, cv2.MORPH_CLOSE,
                               cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (kb, kb)))
    holes = cv2.bitwise_and(fill_holes(bridged), cv2.bitwise_not(bridged))
    out = cv2.bitwise_or(fill_holes(out), holes)
    return cv2.morphologyEx(out, cv2.MORPH_OPEN, ker)


def fill_holes(mask: np.ndarray) -> np.ndarray:
    """The mask with every region enclosed by foreground filled, (H, W) uint8 0/255."""
    cs, _ = cv2.findContours((mask > 0).astype(np.uint8), cv2.RETR_EXTERNAL,
                             cv2.CHAIN_APPROX_SIMPLE)
    out = np.zeros_like(mask)
    cv2.drawContours(out, cs, -1, 255, cv2.FILLED)
    return out


def find_blobs(mask: np.ndarray, min_area_px: float, edge_margin_px: int = 2) -> list[Blob]:
    """Connected regions of ``mask`` with at least ``min_area_px`` pixels, largest first."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats((mask > 0).astype(np.uint8), 8)
    h, w = mask.shape[:2]
    out = []
    for i in range(1, n):
        x, y, bw, bh, area = (int(v) for v in stats[i])
        if area < min_area_px:
            continue
        sub = (labels[y:y + bh, x:x + bw] == i).astype(np.uint8) * 255
        cs, _ = cv2.findContours(sub, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        c = max(cs, key=len).reshape(-1, 2).astype(np.float64) + (x, y)
        edge = (x <= edge_margin_px or y <= edge_margin_px
                or x + bw >= w - edge_margin_px or y + bh >= h - edge_margin_px)
        out.append(Blob(c, float(area), (x, y, bw, bh), edge, sub))
    out.sort(key=lambda b: -b.area_px)
    return out


def thin_dark(image_bgr: np.ndarray, relit_bgr: np.ndarray, texture: np.ndarray,
              noise_sigma: float, dark_ratio: float, sigmas: float = 6.0) -> np.ndarray:
    """Pixels of the unblurred frame region far darker than the relit background, (h, w) uint8
    0/255: a black plastic rim or wall 1-2 px wide, which the foreground's 1-px blur lifts to
    ~0.55 of the mat's brightness (a 1.5 px line under a sigma-1 Gaussian keeps 55 % of its
    contrast), above any dark ratio that a cast shadow must stay clear of.

    ``image_bgr`` (h, w, 3) uint8 and ``relit_bgr`` (h, w, 3) float32 (the background relit
    by the illumination gains), ``texture`` (h, w) grey levels (what a 0.7 px shift of the
    background may change). A pixel counts when its brightness scale against the background
    is under ``dark_ratio`` and it is darker by more than ``sigmas`` noise sigmas plus twice
    the texture (a shifted dark line of a patterned mat is not a rim).
    """
    f = np.asarray(image_bgr, np.float32)
    r = np.asarray(relit_bgr, np.float32)
    ones = np.ones((1, 3), np.float32)
    rr = cv2.transform(r * r, ones)
    alpha = cv2.transform(f * r, ones) / np.maximum(rr, 16.0)
    drop = np.sqrt(rr) * (1.0 - alpha)  # grey levels (BGR norm) darker than the background
    dark = (alpha < dark_ratio) & (drop > sigmas * noise_sigma * np.sqrt(3.0) + 2.0 * texture)
    return dark.astype(np.uint8) * 255
