"""Drawing the pieces: plastic bases with printed tokens, squadron discs, obstacle tokens, and
the tall things that hide them (miniatures on pegs, fighters, hands).

Every part is drawn on its own height plane through the camera, so raised parts shift with
parallax exactly as ``TableCamera.table_to_image(pts, height_mm)`` says. Numbers are plausible
looks, not measurements, except the catalog's piece sizes.
"""

from __future__ import annotations

import zlib

import cv2
import numpy as np

from armada_vision.catalog import ObstacleClass, ShipClass, SquadronClass
from armada_vision.geometry import ship_base_local, ship_token_local, to_table

from ._draw import Canvas, circle_mm, densify

BASE_SIDE = (14, 14, 16)
BASE_TOP = (30, 31, 34)      # the rim; the inner top face is a little darker
BASE_INNER = (21, 21, 23)
TARGET_YELLOW = (20, 210, 250)
ARC_LINE = (205, 205, 200)
TOKEN_COLOURS = {"empire": (92, 88, 84), "rebel": (64, 78, 118), "republic": (70, 70, 120),
                 "separatist": (90, 92, 60)}
MINI_GREY = ((150, 152, 155), (120, 122, 126), (170, 168, 160))
SKIN = ((120, 150, 205), (90, 125, 180), (60, 90, 140), (140, 170, 225))


def piece_rng(seed: int, piece_id: str) -> np.random.Generator:
    """A generator fixed by the frame seed and the piece id, so a piece looks the same in every
    frame of a video."""
    return np.random.default_rng([int(seed), zlib.crc32(piece_id.encode())])


def _inset_rect(r: np.ndarray, d: float) -> np.ndarray:
    c = r.mean(axis=0)
    half = np.abs(r - c).max(axis=0)
    s = np.maximum(half - d, 0.1) / half
    return c + (r - c) * s


def ship_token_height(ship: ShipClass) -> float:
    """Height of the printed token's top above the mat, mm: base top plus token thickness."""
    return ship.base.height_mm + ship.token.thickness_mm


def draw_ship(cv: Canvas, ship: ShipClass, pose, label: int) -> np.ndarray:
    """Base(s), token and its print; returns the base top outline in px."""
    x, y, hd = pose.x_mm, pose.y_mm, pose.heading_deg
    hb = ship.base.height_mm
    tops = []
    for r in ship_base_local(ship):
        tops.append(cv.prism(to_table(r, x, y, hd), 0.0, hb, BASE_SIDE, BASE_TOP, label))
        cv.fill(to_table(_inset_rect(r, 1.6), x, y, hd), hb, BASE_INNER, label)
    # Huge ships stand on two bases end to end: their outline is the hull of both.
    outline = tops[0] if len(tops) == 1 else cv2.convexHull(
        np.vstack(tops).astype(np.float32)).reshape(-1, 2).astype(np.float64)
    zt = ship_token_height(ship)
    colour = TOKEN_COLOURS.get(ship.faction, (80, 84, 80))
    tok = ship_token_local(ship)
    cv.prism(to_table(tok, x, y, hd), hb, zt, (45, 45, 45), colour, label)
    off = np.asarray(ship.token.offset_mm, np.float64)
    L, W = ship.token.length_mm, ship.token.width_mm
    # Hull art: a lighter spine and a bow chevron so the token is not uniform.
    spine = np.array([[0.42 * L, 0], [0.1 * L, 0.12 * W], [-0.45 * L, 0.1 * W], [-0.45 * L, -0.1 * W],
                      [0.1 * L, -0.12 * W]]) + off
    cv.fill(to_table(spine, x, y, hd), zt, tuple(min(255, c + 25) for c in colour))
    for seg in ship.arc_lines.values():
        cv.line(to_table(np.asarray(seg) + off, x, y, hd), zt, ARC_LINE, 0.9)
    tps = to_table(np.asarray(list(ship.targeting_points.values()), np.float64) + off, x, y, hd)
    cv.fill_many([circle_mm(cx, cy, 3.0, 20) for cx, cy in tps], zt, (10, 40, 60))
    cv.fill_many([circle_mm(cx, cy, 2.4, 16) for cx, cy in tps], zt, TARGET_YELLOW)
    _shield_dials(cv, ship, pose, zt, off)
    return outline


def _shield_dials(cv: Canvas, ship: ShipClass, pose, zt: float, off: np.ndarray) -> None:
    """Shield dial windows: a dark blue disc with light dots for its value, between the token
    centre and each zone's targeting point."""
    discs, dots = [], []
    for zone, value in ship.shields.items():
        tp = ship.targeting_points.get(zone)
        if tp is None:
            continue
        p = np.asarray(tp, np.float64) * 0.55 + off
        c = to_table(p[None, :], pose.x_mm, pose.y_mm, pose.heading_deg)[0]
        discs.append(circle_mm(c[0], c[1], 4.2, 24))
        for i in range(min(int(value), 4)):
            a = np.radians(pose.heading_deg + 90 * i)
            dots.append(circle_mm(c[0] + 1.8 * np.cos(a), c[1] + 1.8 * np.sin(a), 0.7, 8))
    cv.fill_many(discs, zt, (90, 40, 20))
    cv.fill_many(dots, zt, (230, 220, 210))


def tag_corners_local(ship: ShipClass, size_mm: float) -> np.ndarray:
    """Corners (4, 2) of a token tag in the ship frame, OpenCV order, its top edge towards the
    bow: centred on the token's centreline just inside the stern edge."""
    ox, oy = ship.token.offset_mm
    cx = ox - ship.token.length_mm / 2.0 + size_mm / 2.0 + 0.3 * size_mm
    h = size_mm / 2.0
    return np.array([[cx + h, oy + h], [cx + h, oy - h], [cx - h, oy - h], [cx - h, oy + h]])


TAG_SUPERSAMPLE = 4


def draw_tag(cv: Canvas, ship: ShipClass, pose, tag_id: int, dictionary: str, size_mm: float,
             label: int) -> np.ndarray:
    """A small ArUco tag printed on the token, on a one-module white quiet zone; returns its
    corners in px on the token's top plane, OpenCV order.

    Drawn per pixel (4 x 4 samples, each back-projected onto the token plane and looked up in
    the marker's modules), so its edges are anti-aliased the way a sensor sees them.
    """
    d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary))
    n = d.markerSize + 2
    bits = cv2.aruco.generateImageMarker(d, int(tag_id), n, borderBits=1)
    local = tag_corners_local(ship, size_mm)
    zt = ship_token_height(ship)
    module = size_mm / n
    centre = local.mean(axis=0)
    paper = (local - centre) * ((n + 2) / n) + centre
    paper_px = cv.camera.table_to_image(to_table(paper, pose.x_mm, pose.y_mm, pose.heading_deg), zt)
    H, W = cv.labels.shape
    x0, y0 = np.floor(paper_px.min(axis=0)).astype(int) - 1
    x1, y1 = np.ceil(paper_px.max(axis=0)).astype(int) + 2
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, W), min(y1, H)
    corners_px = cv.camera.table_to_image(to_table(local, pose.x_mm, pose.y_mm, pose.heading_deg), zt)
    if x1 <= x0 or y1 <= y0:
        return corners_px
    k = TAG_SUPERSAMPLE
    us = x0 + (np.arange((x1 - x0) * k) + 0.5) / k - 0.5
    vs = y0 + (np.arange((y1 - y0) * k) + 0.5) / k - 0.5
    U, V = np.meshgrid(us, vs)
    tab = cv.camera.image_to_table(np.column_stack([U.ravel(), V.ravel()]), zt)
    a = np.radians(pose.heading_deg)
    dx, dy = tab[:, 0] - pose.x_mm, tab[:, 1] - pose.y_mm
    lx = dx * np.cos(a) + dy * np.sin(a) - centre[0]      # ship frame, relative to the tag centre
    ly = -dx * np.sin(a) + dy * np.cos(a) - centre[1]
    # Tag frame: its "up" is the bow (+x), its "right" the ship's starboard (-y).
    col = np.floor((-ly + size_mm / 2) / module).astype(np.int64)
    row = np.floor((size_mm / 2 - lx) / module).astype(np.int64)
    half_paper = size_mm / 2 + module
    on_paper = (np.abs(lx) <= half_paper) & (np.abs(ly) <= half_paper)
    inside = on_paper & (col >= 0) & (col < n) & (row >= 0) & (row < n)
    val = np.full(lx.shape, 235.0)
    val[inside] = np.where(bits[row[inside], col[inside]] > 0, 235.0, 25.0)
    shape = (y1 - y0, k, x1 - x0, k)
    cover = on_paper.reshape(U.shape).reshape(shape).mean(axis=(1, 3))
    ink = (np.where(on_paper, val, 0.0).reshape(U.shape).reshape(shape).sum(axis=(1, 3)) / (k * k))
    roi = cv.image[y0:y1, x0:x1].astype(np.float64)
    out = roi * (1.0 - cover[..., None]) + ink[..., None]
    cv.image[y0:y1, x0:x1] = np.clip(out, 0, 255).astype(np.uint8)
    cv.labels[y0:y1, x0:x1][cover > 0.5] = label
    return corners_px


def mini_outline(ship: ShipClass, rng: np.random.Generator) -> np.ndarray:
    """A ship-like hull in the ship frame (mm), pointed at the bow; overhangs the token's ends."""
    L, W = ship.token.length_mm, ship.token.width_mm
    j = rng.uniform(0.9, 1.1, 4)
    if ship.faction == "empire":
        pts = [(0.62 * L * j[0], 0), (-0.2 * L, 0.44 * W * j[1]), (-0.52 * L, 0.36 * W * j[2]),
               (-0.55 * L, 0), (-0.52 * L, -0.36 * W * j[2]), (-0.2 * L, -0.44 * W * j[1])]
    else:
        pts = [(0.6 * L * j[0], 0.08 * W), (0.6 * L * j[0], -0.08 * W), (0.25 * L, -0.3 * W * j[1]),
               (-0.1 * L, -0.42 * W * j[2]), (-0.52 * L * j[3], -0.35 * W), (-0.52 * L * j[3], 0.35 * W),
               (-0.1 * L, 0.42 * W * j[2]), (0.25 * L, 0.3 * W * j[1])]
    return np.asarray(pts, np.float64) + np.asarray(ship.token.offset_mm)


def mini_parts(ship: ShipClass, pose, seed: int, heights_mm: tuple[float, float], scale: float = 1.0):
    """(hull outline in table mm, height of its top in mm) of the ship's miniature, ``scale``
    times its usual size about the peg (the token centre)."""
    rng = piece_rng(seed, pose.id)
    h = float(rng.uniform(*heights_mm))
    if ship.size_class in ("large", "huge"):
        h += 15.0
    peg = np.asarray(ship.token.offset_mm, np.float64)
    hull = (mini_outline(ship, rng) - peg) * scale + peg
    return to_table(hull, pose.x_mm, pose.y_mm, pose.heading_deg), h


def draw_mini(cv: Canvas, ship: ShipClass, pose, hull_mm: np.ndarray, h: float, label: int) -> np.ndarray:
    """Peg, then the hull as a 6 mm slab at height ``h``, with a ridge and engine glow."""
    zt = ship_token_height(ship)
    off = to_table(np.asarray([ship.token.offset_mm]), pose.x_mm, pose.y_mm, pose.heading_deg)[0]
    peg = circle_mm(off[0], off[1], 2.5, 16)
    cv.prism(peg, zt, h - 3.0, (70, 70, 74), (90, 90, 94), label)
    grey = MINI_GREY[zlib.crc32(pose.id.encode()) % len(MINI_GREY)]
    top = cv.prism(hull_mm, h - 6.0, h, tuple(c * 0.6 for c in grey), grey, label, convex=False)
    a = np.radians(pose.heading_deg)
    fwd = np.array([np.cos(a), np.sin(a)])
    ctr = hull_mm.mean(axis=0)
    L = ship.token.length_mm
    cv.line(np.array([ctr + fwd * 0.4 * L, ctr - fwd * 0.4 * L]), h + 0.5,
            tuple(min(255, c + 40) for c in grey), 2.5)
    stern = ctr - fwd * 0.46 * L
    cv.fill(circle_mm(stern[0], stern[1], 3.0, 16), h - 2.0, (255, 215, 170))
    return top


def draw_squadron(cv: Canvas, sq: SquadronClass, pose, label: int, z0_mm: float = 0.0) -> np.ndarray:
    """Round base with a lighter rim and the printed squadron disc, its underside at ``z0_mm``
    (on an obstacle token: its thickness); returns the top outline px."""
    r, hb = sq.radius_mm, sq.base_height_mm + z0_mm
    top = cv.prism(circle_mm(pose.x_mm, pose.y_mm, r), z0_mm, hb, BASE_SIDE, BASE_TOP, label)
    cv.fill(circle_mm(pose.x_mm, pose.y_mm, r - 1.4), hb, BASE_INNER, label)
    card = (96, 88, 80) if sq.faction == "empire" else (70, 100, 140)
    cv.fill(circle_mm(pose.x_mm, pose.y_mm, 0.78 * r), hb + 0.5, card, label)
    cv.fill(circle_mm(pose.x_mm, pose.y_mm, 0.2 * r, 16), hb + 0.5, (200, 200, 200), label)
    return top


def fighter_parts(sq: SquadronClass, pose, seed: int) -> list[tuple[np.ndarray, float]]:
    """Fighters over the disc's centre: list of (outline in table mm, height mm)."""
    rng = piece_rng(seed, pose.id)
    r = sq.radius_mm
    n = int(rng.integers(1, 4))
    parts = []
    for i in range(n):
        h = float(rng.uniform(22.0, 36.0))
        ang = rng.uniform(0, 2 * np.pi)
        c = np.array([pose.x_mm, pose.y_mm]) + (0.0 if n == 1 else 0.3 * r) * np.array(
            [np.cos(ang + i * 2 * np.pi / n), np.sin(ang + i * 2 * np.pi / n)])
        s = (0.8 if n == 1 else 0.52) * r
        if sq.faction == "empire":
            shape = np.array([[-0.15, 0.9], [0.15, 0.9], [0.15, 0.25], [0.3, 0.2], [0.3, -0.2],
                              [0.15, -0.25], [0.15, -0.9], [-0.15, -0.9], [-0.15, -0.25],
                              [-0.3, -0.2], [-0.3, 0.2], [-0.15, 0.25]])
        else:
            shape = np.array([[1.0, 0.08], [0.2, 0.1], [0.0, 0.85], [-0.25, 0.85], [-0.4, 0.12],
                              [-0.7, 0.12], [-0.7, -0.12], [-0.4, -0.12], [-0.25, -0.85],
                              [0.0, -0.85], [0.2, -0.1], [1.0, -0.08]])
        b = rng.uniform(0, 2 * np.pi)
        rot = np.array([[np.cos(b), -np.sin(b)], [np.sin(b), np.cos(b)]])
        parts.append((shape @ rot.T * s + c, h))
    return parts


def draw_fighter(cv: Canvas, sq: SquadronClass, pose, outline_mm: np.ndarray, h: float, label: int,
                 z0_mm: float = 0.0) -> None:
    hb = sq.base_height_mm + z0_mm
    cv.prism(circle_mm(pose.x_mm, pose.y_mm, 1.6, 12), hb, h - 2, (80, 80, 84), (95, 95, 98), label)
    cv.prism(outline_mm, h - 2.5, h, (90, 92, 96), (175, 176, 180), label, convex=False)


# (token colour, print colour) by obstacle kind, BGR; unknown kinds get a neutral grey.
OBSTACLE_LOOKS = {
    "asteroid": ((70, 84, 96), (45, 55, 66)),
    "station": ((140, 140, 136), (90, 92, 96)),
    "debris": ((95, 95, 100), (60, 66, 80)),
    "dust": ((120, 100, 150), (150, 130, 185)),
    "exogorth": ((60, 80, 70), (40, 55, 48)),
    "purrgil": ((150, 120, 90), (185, 160, 120)),
    "gravity": ((110, 50, 80), (160, 90, 130)),
}


def obstacle_local(obstacle: ObstacleClass, flipped: bool) -> np.ndarray:
    pts = np.asarray(obstacle.outline_mm, np.float64)
    return pts * np.array([1.0, -1.0]) if flipped else pts


def draw_obstacle(cv: Canvas, obstacle: ObstacleClass, pose, seed: int, label: int) -> np.ndarray:
    """The cardboard token with its print (craters, panels or scraps; the plain back when
    flipped); returns the top outline in px."""
    local = obstacle_local(obstacle, pose.flipped)
    poly = to_table(local, pose.x_mm, pose.y_mm, pose.heading_deg)
    t = obstacle.thickness_mm
    look, detail = next((v for k, v in OBSTACLE_LOOKS.items() if k in obstacle.kind),
                        ((110, 100, 96), (70, 70, 70)))
    if pose.flipped:
        look, detail = (58, 62, 70), (74, 78, 88)
    top = cv.prism(poly, 0.0, t, (30, 32, 36), look, label, convex=False)
    # Print: blobs in the obstacle's own frame (so they move with it), clipped to the token.
    rng = piece_rng(seed, pose.id + ":print")
    lo, hi = local.min(axis=0), local.max(axis=0)
    x0, y0 = np.floor(top.min(axis=0)).astype(int)
    x1, y1 = np.ceil(top.max(axis=0)).astype(int) + 1
    H, W = cv.image.shape[:2]
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, W), min(y1, H)
    if x1 <= x0 or y1 <= y0:
        return top
    roi = cv.image[y0:y1, x0:x1]
    art = roi.copy()
    sub = Canvas(art, np.zeros(art.shape[:2], np.int32), cv.camera)
    n = 10 if pose.flipped else 28
    for shade in (0.8, 1.0, 1.25):     # three shades of print, each one projection
        blobs = [to_table(circle_mm(*rng.uniform(lo, hi), rng.uniform(2.0, 9.0), 20),
                          pose.x_mm, pose.y_mm, pose.heading_deg) for _ in range(n // 3)]
        px = cv.camera.table_to_image(np.vstack(blobs), t) - [x0, y0]
        for blob in np.split(px, len(blobs)):
            sub.fill_px(blob, tuple(float(v) * shade for v in detail))
    mask = np.zeros(art.shape[:2], np.uint8)
    fixed = np.round((top - [x0, y0]) * 16).astype(np.int32).reshape(-1, 1, 2)
    cv2.fillPoly(mask, [fixed], 255, cv2.LINE_8, 4)
    mask = cv2.erode(mask, np.ones((3, 3), np.uint8))
    roi[mask > 0] = art[mask > 0]
    return top


def hand_parts(target_mm, rng: np.random.Generator, play_area_mm) -> list[tuple[np.ndarray, np.ndarray]]:
    """A hand over ``target_mm`` reaching in from the nearest table edge: list of
    (points (N, 2) mm, heights (N,) mm) polygons: the arm, the palm and the fingers."""
    tx, ty = float(target_mm[0]), float(target_mm[1])
    W, Hh = play_area_mm
    edges = {(0.0, -1.0): ty, (0.0, 1.0): Hh - ty, (-1.0, 0.0): tx, (1.0, 0.0): W - tx}
    out_dir = np.array(min(edges, key=edges.get))
    out_dir = out_dir + rng.normal(0, 0.25, 2)
    out_dir /= np.linalg.norm(out_dir)
    side = np.array([-out_dir[1], out_dir[0]])
    h = float(rng.uniform(150.0, 300.0))
    c = np.array([tx, ty])
    palm = c + out_dir * 20.0
    parts = []
    wrist = palm + out_dir * 55.0
    elbow = wrist + out_dir * (edges[min(edges, key=edges.get)] + 450.0)
    arm = densify(np.array([wrist + side * 34, elbow + side * 45, elbow - side * 45, wrist - side * 34]),
                  20.0)
    along = (arm - wrist) @ out_dir
    parts.append((arm, h + 10.0 + along * 0.35))
    a = np.arctan2(out_dir[1], out_dir[0])
    ell = cv2.ellipse2Poly((0, 0), (52, 42), int(np.degrees(a)), 0, 360, 10).astype(np.float64)
    parts.append((ell + palm, np.full(len(ell), h)))
    for i, off in enumerate((-27.0, -9.0, 9.0, 27.0)):
        base = palm - out_dir * 40.0 + side * off
        tip = base - out_dir * rng.uniform(45.0, 70.0) + side * off * 0.2
        f = densify(np.array([base + side * 8, tip + side * 7, tip - side * 7, base - side * 8]), 8.0)
        parts.append((f, np.full(len(f), h - 5.0 - i)))
    thumb_base = palm + side * 40.0
    thumb = np.array([thumb_base + out_dir * 10, thumb_base - out_dir * 50 + side * 25,
                      thumb_base - out_dir * 58 + side * 12, thumb_base - out_dir * 5 - side * 8])
    parts.append((densify(thumb, 8.0), np.full(len(densify(thumb, 8.0)), h - 3.0)))
    return parts


def draw_hand(cv: Canvas, parts, rng: np.random.Generator, label: int) -> list[np.ndarray]:
    skin = np.asarray(SKIN[int(rng.integers(len(SKIN)))], np.float64)
    sleeve = rng.choice([(40, 40, 40), (120, 60, 30), (60, 90, 60), (180, 180, 180)])
    out = []
    for i, (pts, hs) in enumerate(parts):
        px = cv.camera.table_to_image(pts, hs)
        col = tuple(sleeve) if i == 0 else tuple(skin * (0.92 + 0.04 * i))
        cv.fill_px(px, col, label)
        out.append(px)
    return out
