"""``render(scene, camera, catalog)``: a synthetic overhead frame of any Scene, with exact truth."""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field

import cv2
import numpy as np
from shapely.geometry import Point, Polygon

from armada_vision.catalog import Catalog
from armada_vision.errors import InputError
from armada_vision.scene import Scene
from armada_vision.vision.camera import TableCamera

from . import _pieces as P
from ._background import background
from ._draw import BACKGROUND_LABEL, HAND_LABEL, Canvas, coverage
from ._layout import marker_corners_mm, resolve_layout
from ._mats import TABLE_SURFACES

OCCLUDER_LABEL_BASE = 100_000   # label of piece k's miniature / fighters: base + k
TAG_LABEL_BASE = 200_000        # label of ship k's token tag: base + k (still its own surface)


@dataclass(frozen=True)
class RenderOptions:
    """How a frame looks. Nothing here changes where pieces are.

    ``mat``: ``"starfield"``, ``"cloth"`` or ``"wood"``; ``table``: surface around the mat
    (``"wood"``, ``"desk-light"``, ``"desk-grey"``; ``None`` picks one from the seed);
    ``cloth_colour``: BGR for the cloth mat (``None`` picks one from the seed).
    ``light``: strength 0..1 of the uneven lighting (a lamp's fall-off plus vignetting);
    ``brightness``: overall gain. ``shadows``: soft shadows under raised parts.
    ``minis``: miniatures on pegs over ships and fighters over squadrons;
    ``mini_height_mm``: range of the miniatures' heights (40-80 mm, larger ships +15 mm);
    ``mini_scale``: ship miniatures' size about their peg (1: overhanging both token ends).
    ``hands``: a number of hands at random places, or a sequence of (x_mm, y_mm) they hover over.
    ``noise_sigma`` (grey levels), ``blur_sigma`` (px), ``jpeg_quality`` (``None``: no JPEG).
    ``supersample``: background supersampling factor (``None``: 2 up to 1080p, else 1).
    ``token_tags``: ship id -> ArUco id of a small tag printed on that ship's token near the
    stern, top edge towards the bow (``token_tag_dictionary``, ``token_tag_mm`` the black
    square's side); the roster's tags (detection, issue 5 item 3).
    """

    mat: str = "starfield"
    table: str | None = None
    cloth_colour: tuple[int, int, int] | None = None
    light: float = 0.25
    brightness: float = 1.0
    shadows: bool = True
    minis: bool = True
    mini_height_mm: tuple[float, float] = (40.0, 80.0)
    mini_scale: float = 1.0
    hands: int | tuple = 0
    noise_sigma: float = 2.0
    blur_sigma: float = 0.5
    jpeg_quality: int | None = 90
    supersample: int | None = None
    token_tags: Mapping[str, int] | None = None
    token_tag_dictionary: str = "DICT_4X4_50"
    token_tag_mm: float = 16.0


@dataclass
class PieceTruth:
    """Image-space truth of one piece.

    ``outline_px`` (N, 2): the footprint's top face (a ship's base top, a squadron base's top, an
    obstacle token's top) projected on ``height_mm``; ``centre_px`` (2,): the pose point on that
    plane; ``visibility``: fraction of the footprint's pixels where the piece's own base, token or
    print is the topmost surface (miniatures, fighters, other pieces' minis and hands hide it);
    ``occluder_px``: outlines of its own miniature or fighters, px; ``tag_id``/``tag_px``:
    the ship's token tag and its corners (4, 2) px on the token plane, OpenCV order, with
    ``tag_visibility`` the fraction of the tag not hidden.
    """

    id: str
    kind: str
    height_mm: float
    outline_px: np.ndarray
    centre_px: np.ndarray
    visibility: float = 1.0
    occluder_px: list[np.ndarray] = field(default_factory=list)
    tag_id: int | None = None
    tag_px: np.ndarray | None = None
    tag_visibility: float = 0.0


@dataclass
class Truth:
    """Everything known about a rendered frame: the Scene, per-piece image info, marker corners
    (id -> (4, 2) px, OpenCV order), hand outlines (px), the camera and the layout used."""

    scene: Scene
    pieces: dict[str, PieceTruth]
    markers: dict[int, np.ndarray]
    hands_px: list[np.ndarray]
    camera: TableCamera
    layout: dict


@dataclass
class Rendered:
    image: np.ndarray
    truth: Truth

    @property
    def scene(self) -> Scene:
        return self.truth.scene


def _class_of(catalog: Catalog, kind: str, cls, pid: str):
    try:
        return getattr(catalog, kind)(cls)
    except KeyError:
        raise InputError(f"unknown {kind} class {cls!r}", field=f"{pid}") from None


def render(scene: Scene, camera: TableCamera, catalog: Catalog, options: RenderOptions | None = None,
           layout=None, seed: int = 0, *, noise_seed: int = 0) -> Rendered:
    """Render ``scene`` as ``camera`` sees it, with exact ground truth.

    Parameters
    ----------
    scene : every piece's pose in table mm (``armada-scene/1``); pieces need known classes.
    camera : the camera (image size, intrinsics with distortion, pose over the table).
    catalog : piece sizes and outlines.
    options : looks (:class:`RenderOptions`); default starfield mat, minis, mild noise, JPEG 90.
    layout : table markers: an ``armada-table-layout/1`` dict, a path to one, or ``None`` for
        :func:`default_layout` of the scene's play area.
    seed : fixes every random look (mat, minis, hands, noise); same seed, same frame.
    noise_seed : varies only the sensor noise (frames of one video). The noise also depends on
        what is on the table, as a new capture would: an empty table rendered with the same
        seeds does not share the full frame's noise.

    Returns
    -------
    Rendered with ``image`` (h, w, 3) BGR uint8 and ``truth`` (:class:`Truth`).

    Raises ``InputError`` for a piece of unknown class or a malformed layout.
    """
    opt = options or RenderOptions()
    lay = resolve_layout(layout, scene.play_area_mm)
    rng = np.random.default_rng([int(seed), 1])
    table = opt.table or TABLE_SURFACES[int(rng.integers(len(TABLE_SURFACES)))]
    bg = background(camera, opt.mat, table, lay, scene.play_area_mm, seed, opt.supersample,
                    opt.cloth_colour)
    img = bg.copy()
    w, h = camera.image_size
    cv = Canvas(img, np.full((h, w), BACKGROUND_LABEL, np.int32), camera)
    light_dir = _light_dir(rng)

    ships = [(s, _class_of(catalog, "ship", s.ship_class, s.id)) for s in scene.ships]
    squads = [(s, _class_of(catalog, "squadron", s.squadron_class, s.id)) for s in scene.squadrons]
    obstacles = [(o, _class_of(catalog, "obstacle", o.obstacle, o.id)) for o in scene.obstacles]
    lift = _squadron_lift(squads, obstacles)
    labels = {}
    for k, pid in enumerate([o.id for o, _ in obstacles] + [s.id for s, _ in ships]
                            + [s.id for s, _ in squads]):
        labels[pid] = k

    # Tall parts first (they are needed for shadows): (top height, draw fn, id).
    tall = []
    if opt.minis:
        for pose, cls in ships:
            hull, hm = P.mini_parts(cls, pose, seed, opt.mini_height_mm, opt.mini_scale)
            tall.append((hm, hull, "ship", pose, cls))
        for pose, cls in squads:
            for outline, hf in P.fighter_parts(cls, pose, seed):
                tall.append((hf + lift[pose.id], outline, "squadron", pose, cls))
    hands = _hands(opt.hands, rng, scene.play_area_mm)

    if opt.shadows:
        flat = [(P.to_table(P.obstacle_local(c, o.flipped), o.x_mm, o.y_mm, o.heading_deg), c.thickness_mm)
                for o, c in obstacles]
        flat += [(P.to_table(r, s.x_mm, s.y_mm, s.heading_deg), P.ship_token_height(c))
                 for s, c in ships for r in P.ship_base_local(c)]
        flat += [(P.circle_mm(s.x_mm, s.y_mm, c.radius_mm), c.base_height_mm + 0.5 + lift[s.id])
                 for s, c in squads]
        _shadow(cv, [(pts, np.full(len(pts), z)) for pts, z in flat], light_dir, 0.35, 2.0)
        _shadow(cv, [(pts, np.full(len(pts), z)) for z, pts, *_ in tall], light_dir, 0.3, 5.0)

    truth: dict[str, PieceTruth] = {}
    for pose, cls in obstacles:
        top = P.draw_obstacle(cv, cls, pose, seed, labels[pose.id])
        truth[pose.id] = PieceTruth(pose.id, "obstacle", cls.thickness_mm, top,
                                    camera.table_to_image([[pose.x_mm, pose.y_mm]], cls.thickness_mm)[0])
    tags = dict(opt.token_tags or {})
    for pose, cls in ships:
        top = P.draw_ship(cv, cls, pose, labels[pose.id])
        truth[pose.id] = PieceTruth(pose.id, "ship", cls.base.height_mm, top,
                                    camera.table_to_image([[pose.x_mm, pose.y_mm]], cls.base.height_mm)[0])
        if pose.id in tags:
            t = truth[pose.id]
            t.tag_id = int(tags[pose.id])
            t.tag_px = P.draw_tag(cv, cls, pose, t.tag_id, opt.token_tag_dictionary, opt.token_tag_mm,
                                  TAG_LABEL_BASE + labels[pose.id])
    for pose, cls in squads:
        z = lift[pose.id]
        top = P.draw_squadron(cv, cls, pose, labels[pose.id], z)
        truth[pose.id] = PieceTruth(pose.id, "squadron", cls.base_height_mm + z, top,
                                    camera.table_to_image([[pose.x_mm, pose.y_mm]], cls.base_height_mm + z)[0])

    for hgt, outline, kind, pose, cls in sorted(tall, key=lambda t: t[0]):
        lab = OCCLUDER_LABEL_BASE + labels[pose.id]
        if kind == "ship":
            px = P.draw_mini(cv, cls, pose, outline, hgt, lab)
        else:
            P.draw_fighter(cv, cls, pose, outline, hgt, lab, lift[pose.id])
            px = camera.table_to_image(outline, hgt)
        truth[pose.id].occluder_px.append(px)

    hands_px: list[np.ndarray] = []
    if hands:
        if opt.shadows:
            _shadow(cv, [p for parts in hands for p in parts], light_dir, 0.4, 14.0)
        for parts in hands:
            hands_px += P.draw_hand(cv, parts, rng, HAND_LABEL)

    _visibility(cv, truth, labels)
    markers = {int(m["id"]): camera.table_to_image(marker_corners_mm(m), 0.0) for m in lay["markers"]}
    # The light has its own generator, so an empty table with the same seed is lit the same.
    image = _finish(cv.image, opt, np.random.default_rng([int(seed), 3]),
                    np.random.default_rng([int(seed), int(noise_seed), 2, _scene_key(scene)]), camera)
    return Rendered(image, Truth(scene, truth, markers, hands_px, camera, lay))


def _squadron_lift(squads, obstacles) -> dict[str, float]:
    """Height (mm) of each squadron base's underside: a squadron may stand on an obstacle token
    (RRG "Obstacles"). Its base lies flat on the token's top when its centre is over the token
    (it rests there), tilted from the token's edge to the mat when only part of it is (taken
    as half the token's thickness, the tilted base's mean height), else on the mat (0)."""
    out = {}
    tokens = [(Polygon(P.to_table(P.obstacle_local(c, o.flipped), o.x_mm, o.y_mm, o.heading_deg)),
               c.thickness_mm) for o, c in obstacles]
    for s, c in squads:
        centre = Point(s.x_mm, s.y_mm)
        disc = centre.buffer(c.radius_mm, quad_segs=8)
        z = 0.0
        for poly, t in tokens:
            if poly.contains(centre):
                z = max(z, t)
            elif poly.intersects(disc) and poly.intersection(disc).area > 1e-3 * disc.area:
                z = max(z, t / 2.0)
        out[s.id] = z
    return out


def _scene_key(scene: Scene) -> int:
    """A stable 32-bit number from the pieces' ids and poses."""
    parts = [(p.id, round(p.x_mm, 3), round(p.y_mm, 3), round(getattr(p, "heading_deg", 0.0), 3))
             for p in scene.ships + scene.squadrons + scene.obstacles]
    return zlib.crc32(repr(parts).encode())


def _light_dir(rng: np.random.Generator) -> np.ndarray:
    """Horizontal shadow offset per mm of height: elevation 50-70 deg, any azimuth."""
    el = np.radians(rng.uniform(50.0, 70.0))
    az = rng.uniform(0.0, 2 * np.pi)
    return np.array([np.cos(az), np.sin(az)]) / np.tan(el)


def _hands(spec, rng: np.random.Generator, play_area) -> list:
    if isinstance(spec, (int, np.integer)):
        targets = [rng.uniform([100.0, 100.0], [play_area[0] - 100.0, play_area[1] - 100.0])
                   for _ in range(int(spec))]
    else:
        targets = [np.asarray(t, np.float64) for t in spec]
    return [P.hand_parts(t, rng, play_area) for t in targets]


SHADOW_SCALE = 4   # shadows are drawn and blurred at 1/4 resolution: they are soft anyway


def _shadow(cv: Canvas, parts, light_dir: np.ndarray, strength: float, soft_px: float) -> None:
    """Darken where the parts (points mm, heights mm) cast shadows on the mat (pieces below them
    are darkened too, roughly: the shadow is cast on the mat plane)."""
    if not parts:
        return
    h, w = cv.labels.shape
    k = SHADOW_SCALE
    mask = np.zeros(((h + k - 1) // k, (w + k - 1) // k), np.uint8)
    for pts, hs in parts:
        shifted = pts + np.asarray(hs)[:, None] * light_dir[None, :]
        px = (cv.camera.table_to_image(shifted, 0.0) + 0.5) / k - 0.5
        cv2.fillPoly(mask, [np.round(px * 16).astype(np.int32).reshape(-1, 1, 2)], 255, cv2.LINE_AA, 4)
    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        return
    pad = int(3 * soft_px / k) + 2
    x0, x1 = max(xs.min() - pad, 0), min(xs.max() + pad + 1, mask.shape[1])
    y0, y1 = max(ys.min() - pad, 0), min(ys.max() + pad + 1, mask.shape[0])
    m = cv2.GaussianBlur(mask[y0:y1, x0:x1], (0, 0), max(0.5, soft_px / k))
    X0, Y0, X1, Y1 = x0 * k, y0 * k, min(x1 * k, w), min(y1 * k, h)
    full = cv2.resize(m, ((x1 - x0) * k, (y1 - y0) * k), interpolation=cv2.INTER_LINEAR)
    full = full[: Y1 - Y0, : X1 - X0]
    keep = 255 - (full.astype(np.uint16) * int(round(strength * 256)) >> 8).astype(np.uint8)
    roi = cv.image[Y0:Y1, X0:X1]
    roi[:] = cv2.multiply(roi, cv2.merge([keep, keep, keep]), scale=1.0 / 255.0)


def _visibility(cv: Canvas, truth: dict[str, PieceTruth], labels: dict[str, int]) -> None:
    h, w = cv.labels.shape
    for pid, t in truth.items():
        x0, y0 = np.floor(t.outline_px.min(axis=0)).astype(int)
        x1, y1 = np.ceil(t.outline_px.max(axis=0)).astype(int) + 1
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
        if x1 <= x0 or y1 <= y0:
            t.visibility = 0.0
            continue
        # Pixels at least half inside, as the label buffer marks them (Canvas.fill_px).
        mask = coverage([t.outline_px], x0, y0, x1 - x0, y1 - y0) >= 128
        n = int(mask.sum())
        lab = cv.labels[y0:y1, x0:x1]
        own = int((((lab == labels[pid]) | (lab == TAG_LABEL_BASE + labels[pid])) & (mask > 0)).sum())
        t.visibility = own / n if n else 0.0
        if t.tag_px is not None:
            t.tag_visibility = _fraction(cv, t.tag_px, TAG_LABEL_BASE + labels[pid])


def _fraction(cv: Canvas, outline_px: np.ndarray, label: int) -> float:
    """Fraction of the polygon's pixels whose topmost surface carries ``label``."""
    h, w = cv.labels.shape
    x0, y0 = np.floor(outline_px.min(axis=0)).astype(int)
    x1, y1 = np.ceil(outline_px.max(axis=0)).astype(int) + 1
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 <= x0 or y1 <= y0:
        return 0.0
    mask = coverage([outline_px], x0, y0, x1 - x0, y1 - y0) >= 128
    n = int(mask.sum())
    return float(((cv.labels[y0:y1, x0:x1] == label) & (mask > 0)).sum() / n) if n else 0.0


_LIGHT_CACHE: dict[tuple, np.ndarray] = {}
_NOISE_CACHE: dict[tuple, np.ndarray] = {}
NOISE_PAD = 64


def _light_field(size: tuple[int, int], spot: tuple[float, float, float], light: float,
                 brightness: float) -> np.ndarray:
    """Per-pixel gain, (h, w, 3) float32: a lamp's fall-off times vignetting, scaled so that
    ``light`` is the fraction that varies and ``brightness`` the overall gain."""
    key = (size, spot, round(light, 4), round(brightness, 4))
    if key not in _LIGHT_CACHE:
        w, h = size
        sw, sh = 64, max(2, int(round(64 * h / w)))
        u = (np.arange(sw) + 0.5) / sw
        v = (np.arange(sh) + 0.5) / sh
        U, V = np.meshgrid(u, v)
        lx, ly, spread = spot
        lamp = 1.0 / (1.0 + ((U - lx) ** 2 + ((V - ly) * h / w) ** 2) / spread ** 2)
        vign = 1.0 - 0.5 * ((U - 0.5) ** 2 + ((V - 0.5) * h / w) ** 2)
        f = (lamp * vign).astype(np.float32)
        f /= f.max()
        gain = brightness * (1.0 - light + light * cv2.resize(f, (w, h), interpolation=cv2.INTER_CUBIC))
        if len(_LIGHT_CACHE) > 6:
            _LIGHT_CACHE.clear()
        _LIGHT_CACHE[key] = cv2.merge([gain, gain, gain])
    return _LIGHT_CACHE[key]


def _noise(size: tuple[int, int], sigma: float, rng: np.random.Generator) -> np.ndarray:
    """Gaussian sensor noise, int16 (h, w, 3): a window at a random offset into a cached field
    ``NOISE_PAD`` px larger than the frame (frames of a video get different windows)."""
    w, h = size
    key = (size, round(sigma, 3))
    if key not in _NOISE_CACHE:
        field = np.empty((h + NOISE_PAD, w + NOISE_PAD, 3), np.int16)
        cv2.setRNGSeed(int(sigma * 1000) + w)
        cv2.randn(field, 0.0, float(sigma))
        if len(_NOISE_CACHE) > 2:
            _NOISE_CACHE.clear()
        _NOISE_CACHE[key] = field
    dx, dy = (int(v) for v in rng.integers(0, NOISE_PAD, 2))
    return _NOISE_CACHE[key][dy:dy + h, dx:dx + w]


def _finish(img: np.ndarray, opt: RenderOptions, rng: np.random.Generator,
            noise_rng: np.random.Generator, camera: TableCamera) -> np.ndarray:
    """Lighting, blur, sensor noise and JPEG (uint8 throughout, saturating)."""
    out = img
    if opt.light > 0 or opt.brightness != 1.0:
        lx, ly = rng.uniform(0.15, 0.85), rng.uniform(0.1, 0.9)
        gain = _light_field(camera.image_size, (round(lx, 2), round(ly, 2), 0.55), opt.light, opt.brightness)
        out = cv2.multiply(out, gain, dtype=cv2.CV_8U)
    if opt.blur_sigma > 0:
        out = cv2.GaussianBlur(out, (0, 0), opt.blur_sigma)
    if opt.noise_sigma > 0:
        out = cv2.add(out, _noise(camera.image_size, opt.noise_sigma, noise_rng), dtype=cv2.CV_8U)
    if opt.jpeg_quality:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(opt.jpeg_quality)])
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return out
