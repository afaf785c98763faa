"""Procedural table textures in table mm: starfield, plain cloth and wood mats, and the table
around them, as BGR uint8 images over a rectangle of the table plane (row 0 at the lowest y, so
upside down compared with the camera's view).
"""

from __future__ import annotations

import cv2
import numpy as np

MATS = ("starfield", "cloth", "wood")

# Plain cloth colours (BGR): dark green, slate blue, near-black, light grey, sand. The last two
# are the "bright mat" cases the detector must cope with.
CLOTH_COLOURS = ((38, 70, 34), (78, 58, 44), (28, 28, 30), (178, 180, 176), (140, 170, 190))
# Colours of the table around the mat: light desk, grey desk, and wood (drawn as grain).
TABLE_SURFACES = ("wood", "desk-light", "desk-grey")


def _smooth_noise(rng: np.random.Generator, shape: tuple[int, int], cells: int) -> np.ndarray:
    """Low-frequency noise in [-1, 1], shape (h, w), about ``cells`` blobs across the width."""
    h, w = shape
    gw = max(2, cells)
    gh = max(2, int(round(cells * h / max(w, 1))))
    grid = rng.uniform(-1.0, 1.0, (gh, gw)).astype(np.float32)
    return cv2.resize(grid, (w, h), interpolation=cv2.INTER_CUBIC).clip(-1.0, 1.0)


def _starfield(rng: np.random.Generator, shape: tuple[int, int], k: float) -> np.ndarray:
    h, w = shape
    sh, sw = max(2, h // 4), max(2, w // 4)
    neb = np.empty((sh, sw, 3), np.float32)
    neb[:] = (16.0, 9.0, 7.0)
    for colour, cells, amp in (((70, 18, 48), 6, 0.9), ((80, 40, 12), 11, 0.7), ((40, 30, 30), 23, 0.5)):
        n = np.maximum(_smooth_noise(rng, (sh, sw), cells), 0.0) ** 2 * amp
        neb += n[..., None] * np.asarray(colour, np.float32)[None, None, :]
    neb *= (1.0 + 0.08 * _smooth_noise(rng, (sh, sw), max(4, sw // 3)))[..., None]
    img = cv2.resize(neb, (w, h), interpolation=cv2.INTER_LINEAR)
    # Stars: power-law brightness, about 1.2 per 100 mm^2; a few big ones.
    stars = np.zeros((h, w), np.float32)
    n_stars = int(h * w / (k * k) * 0.012)
    ys = rng.integers(0, h, n_stars)
    xs = rng.integers(0, w, n_stars)
    b = (40 + 215 * rng.power(0.15, n_stars)).astype(np.float32)
    stars[ys, xs] = b
    big = rng.random(n_stars) < 0.03
    for x, y, v in zip(xs[big], ys[big], b[big]):
        cv2.circle(stars, (int(x), int(y)), max(1, int(round(0.6 * k))), float(v), -1, cv2.LINE_AA)
    stars = cv2.GaussianBlur(stars, (0, 0), max(0.4, 0.25 * k))
    img += stars[..., None] * 1.6
    return img


def _cloth(rng: np.random.Generator, shape: tuple[int, int], colour: tuple[int, int, int]) -> np.ndarray:
    h, w = shape
    img = np.empty((h, w, 3), np.float32)
    img[:] = colour
    shade = 1.0 + 0.06 * _smooth_noise(rng, shape, 9) + 0.03 * _smooth_noise(rng, shape, 40)
    img *= shade[..., None]
    grain = np.empty((h, w), np.float32)
    cv2.setRNGSeed(int(rng.integers(2**31 - 1)))
    cv2.randn(grain, 0.0, 3.0)
    img += grain[..., None]
    return img


def _wood(rng: np.random.Generator, shape: tuple[int, int], k: float) -> np.ndarray:
    h, w = shape
    yy = np.arange(h, dtype=np.float32)[:, None] / k
    warp = 25.0 * _smooth_noise(rng, shape, 5) + 6.0 * _smooth_noise(rng, shape, 30)
    period_mm = rng.uniform(6.0, 11.0)
    grain = np.sin((yy + warp) * (2 * np.pi / period_mm))
    base = np.asarray(rng.choice([(52, 92, 150), (40, 74, 122), (70, 120, 176)]), np.float32)
    img = base[None, None, :] * (1.0 + 0.10 * grain + 0.06 * _smooth_noise(rng, shape, 7))[..., None]
    # Plank joints every 120-200 mm along y.
    plank_mm = rng.uniform(120.0, 200.0)
    off = rng.uniform(0.0, plank_mm)
    rows = np.arange(h) / k
    joint = np.abs((rows + off) % plank_mm) < 0.8
    img[joint] *= 0.55
    return img


def mat_texture(mat: str, table: str, play_area_mm: tuple[float, float],
                region_mm: tuple[float, float, float, float], k: float, rng: np.random.Generator,
                cloth_colour=None) -> np.ndarray:
    """The table texture (BGR uint8) over ``region_mm`` = (x0, y0, x1, y1), ``k`` px per mm.

    Pixel (row i, column j) has its centre at ``x = x0 + (j + 0.5) / k``, ``y = y0 + (i + 0.5) / k``.
    ``mat`` is one of :data:`MATS`, covering the play area; ``table`` one of
    :data:`TABLE_SURFACES`, around it (ignored for ``mat="wood"``, where the play area is the bare
    wooden table). Raises ``ValueError`` on an unknown name.
    """
    if mat not in MATS:
        raise ValueError(f"unknown mat {mat!r}; expected one of {', '.join(MATS)}")
    if table not in TABLE_SURFACES:
        raise ValueError(f"unknown table {table!r}; expected one of {', '.join(TABLE_SURFACES)}")
    W, H = play_area_mm
    rx0, ry0, rx1, ry1 = region_mm
    tw = max(2, int(np.ceil((rx1 - rx0) * k)))
    th = max(2, int(np.ceil((ry1 - ry0) * k)))
    x0, y0 = int(np.clip(round(-rx0 * k), 0, tw)), int(np.clip(round(-ry0 * k), 0, th))
    x1, y1 = int(np.clip(round((W - rx0) * k), 0, tw)), int(np.clip(round((H - ry0) * k), 0, th))
    covers = mat != "wood" and x0 == 0 and y0 == 0 and x1 == tw and y1 == th
    if covers:
        tex = np.zeros((th, tw, 3), np.float32)
    elif mat == "wood" or table == "wood":
        tex = _wood(rng, (th, tw), k)
    else:
        colour = (196, 200, 204) if table == "desk-light" else (112, 112, 108)
        tex = _cloth(rng, (th, tw), colour)
    if mat != "wood" and x1 > x0 and y1 > y0:
        shape = (y1 - y0, x1 - x0)
        if mat == "starfield":
            tex[y0:y1, x0:x1] = _starfield(rng, shape, k)
        else:
            col = cloth_colour if cloth_colour is not None else CLOTH_COLOURS[
                int(rng.integers(len(CLOTH_COLOURS)))]
            tex[y0:y1, x0:x1] = _cloth(rng, shape, tuple(float(c) for c in col))
    return np.clip(tex, 0, 255).astype(np.uint8)
