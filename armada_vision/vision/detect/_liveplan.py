"""What the live path (:mod:`._live`) looks for in a changed blob, from the pieces the earlier
blobs it shares pixels with held: their poses to confirm (``seeds``), the sizes of the ones that
moved (``hints``), or the full search of a still frame (:meth:`BlobExplainer._explain_blob`).

Boxes and masks are in reduced px (the coarse pass's 1/``factor`` size); poses in table mm.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from ._livebox import _centroid_shift_mm, _Entry, _iou, _pad, _predict, _shared_px, _split_ratio

# Fewer changed pixels than this (reduced px) in a blob's neighbourhood is noise.
MIN_CHANGED_PX = 3
# A blob is the one seen before when their masks overlap this much (intersection over union).
SAME_BLOB_IOU = 0.85
SAME_BLOB_GROWTH = 1.05
# ... unless its centroid moved more than this (mm on the table): a large base sliding along
# its own long axis keeps an IoU over 0.85 at 8 mm a frame, and a refinement from its old pose
# cannot follow it along the axis (the demo's Imperial II stayed 22 mm short, for good).
SAME_BLOB_SHIFT_MM = 2.0
# A blob holding moved pieces holds nothing else while its area is within this ratio of
# what their blob's was.
HINT_AREA_RATIO = 1.15
# A squadron's blob alone, moved, of up to this ratio of its earlier area is first looked for
# where its blob's move puts it (held-out 5001's 25 mm move: 177 -> 217 px).
LONE_AREA_RATIO = 1.4
# A base or disc at most this fraction of whose outline's pixels changed moved about the
# confirmation distance (``_explain.CONFIRM_MM``) or less (a base sliding d mm along a side of
# L mm changes ~2d/L of it: d ~5 mm on a small base's 71 mm), or a neighbour's shadow or edge
# crossed it: confirmed by one refinement from its pose, and searched at its size if that fails.
# Pieces that moved 40 mm changed 0.46-0.98 of their outline on seeds 5000-5008 (bench
# --video); the pipeline's Imperial moving 1-2 mm a frame 0-0.05, a small base beside a
# ship that moved into it 0.03.
NEARLY_HELD = 0.15
# An obstacle token cannot be confirmed by a refinement: it stands as it was measured while at
# most this fraction of its outline's pixels changed (the edge of a ship's shadow or base
# crossing it: 5 of 553 px where the pipeline's Imperial was placed against the station; a
# token nudged 1 mm along a 60 mm side changes ~0.03 of it).
OBSTACLE_HELD = 0.02
# A moved piece is in a merged or split blob beside its held neighbours only when at least this
# fraction of its footprint's pixel count changed on the blob outside their outlines: moved more
# than ``NEARLY_HELD`` allows (a base sliding d mm along a side of L changes ~2d/L of its
# outline, so d > 0.075 L), it covers a strip of mat of at least that fraction of its area, and
# its miniature's edges moved over the rest. Bench --video on seeds 1000-1039, 5000-5011 and
# 7000-7011: pieces that moved 40 mm (ships) or 25 mm (squadrons) changed 0.56-1.6 of their
# footprint there; the blobs their still neighbours were left in when they moved off changed
# 0-0.016 (7008: the full search of the large ship's blob for the small one beside it, 63 ms).
MOVED_HERE = 0.05
# A piece in a hand's zone (not found again: its blob merged with the hand's) is reported as it
# was when what changed inside its outline is the hand's shadow: at least this share of the
# changed pixels darker than before (brightness ratio at most ``SHADOW_DARKER``) by one factor
# in every channel (each channel's ratio within ``SHADOW_TINT`` of their mean, relative).
# Held-out and fresh hand frames, pieces the hand's outline does not touch in the image: ratio
# 0.60-0.88 (10th-90th percentiles), tint 0.01-0.08 (90th percentile); pieces under the hand or
# its fingers: ratio 0.83-5.7, tint median 0.15-0.43.
SHADOW_DARKER = 0.95
SHADOW_TINT = 0.12
SHADOW_SHARE = 0.9


@dataclass(frozen=True)
class BlobPlan:
    """Arguments of :meth:`BlobExplainer._explain` for one changed blob: ``seeds`` to confirm
    by one refinement (``(kind, spec, pose)``; a held obstacle carries its earlier detection as a
    fourth item and stands as it was, a held disc reported as a squadron carries it too),
    ``complete`` when they are all the blob holds, ``hints``
    ``(kind, spec)`` of moved pieces to search at their own size first, ``hints_complete`` when
    nothing else can be in the blob once they are found; ``stands``: the blob is the one seen
    before and no earlier piece's outline saw a change (the changes lie beside them: a
    neighbour's shadow or edge), so its pieces stand as they were measured and nothing is
    measured (``seeds`` are all of them); ``covered``: earlier obstacles among the seeds that
    stand on condition (:func:`covered_by`): part of their outline changed, which must lie under
    the pieces found beside them (a ship moved onto or against the token), else the blob gets
    the full search. ``known``: how many of the earlier pieces are in the blob (held and
    moved; 0 when that is not known), which the search should find again."""

    seeds: tuple = ()
    complete: bool = False
    hints: tuple = ()
    hints_complete: bool = False
    stands: bool = False
    covered: tuple = ()
    known: int = 0


def plan_blob(cb, near: list[_Entry], touching: dict[int, list], changed: np.ndarray | None,
              factor: int, camera, catalog, by_hand: bool = False) -> BlobPlan:
    """How to measure the changed coarse blob ``cb`` (``.bbox``, ``.mask``, ``.area_px``, reduced
    px) given the earlier entries ``near`` sharing its pixels, ``touching`` (entry id -> the
    blobs sharing that entry's pixels this frame) and the change map ``changed`` (reduced px
    bool, ``None`` on a first frame).

    - The same blob as before (mask IoU >= ``SAME_BLOB_IOU``, centroid within
      ``SAME_BLOB_SHIFT_MM``): its pieces stand as they were measured when none of their
      outlines saw a change and it did not grow (``stands``), else they are confirmed where
      they were; nothing else is searched unless it grew. ``by_hand``: a hand is in view
      near the blob (``_live.HAND_SHADOW_MM``): its shadow and fingers change the pieces'
      pixels without moving them (a piece it moves is under it, or is not the same blob), so
      the same blob's pieces stand whatever changed on them; once the hand is gone they are
      compared with the frame from before it came.
    - A blob of about the area (``HINT_AREA_RATIO``) of what it held: one piece alone is first
      confirmed where the blob's move puts it; in a merged or split blob the pieces whose own
      footprint saw no change (*held*, an obstacle too) are confirmed where they stood and only
      the moved ones' sizes are searched; when none moved (the blob merged with or parted from a
      neighbour) the held ones are all it holds unless it grew.
    - Otherwise the full search.
    """
    same = (len(near) == 1 and _iou(near[0], cb) >= SAME_BLOB_IOU
            and _centroid_shift_mm(near[0], cb, factor, camera) <= SAME_BLOB_SHIFT_MM)
    if same:
        seeds = tuple(near[0].placed)
        grown = cb.area_px > SAME_BLOB_GROWTH * near[0].area_px
        if seeds and changed is not None and not grown and not near[0].tentative and (
                by_hand or all(_footprint_still(changed, cb, p, factor, camera, catalog, near)
                               for p in seeds)):
            # The changes lie beside its pieces (a neighbour's shadow or edge, a moved piece's
            # blob within the box): measuring them again would find them where they were
            # (one refinement ~2-6 ms a piece; a lone token's overlap test could fail on the
            # noise and send it to the catalog match, ~50 ms: tuning seed 1002).
            return BlobPlan(seeds, True, stands=True, known=len(seeds))
        if len(seeds) > 1 and any(p[0] == "obstacle" for p in seeds):
            # An obstacle with other pieces in one blob: it cannot be refined, so it stands
            # as it was while its outline saw no change (else everything is searched again).
            if changed is None or not all(
                    _footprint_still(changed, cb, p, factor, camera, catalog, near)
                    for p in seeds if p[0] == "obstacle"):
                return BlobPlan()
            seeds = tuple(_held(p, near) if p[0] == "obstacle" else p for p in seeds)
        return BlobPlan(seeds, not grown, known=len(seeds))
    was = [p for e in near for p in e.placed]
    if not was:
        return BlobPlan(hints_complete=True)
    before = max(sum(e.area_px for e in near), 1.0)
    ratio = cb.area_px / before
    if not _about(ratio):
        ratio = _split_ratio(near, touching)
    held, moved, covered = [], [], []
    for p in was:
        where = _footprint(changed, cb, p, factor, camera, catalog, near, touching)
        if where == "held":
            held.append(_held(p, near))
        elif where == "nearly":
            held.append(_held(p, near))
        elif (where == "moved" and p[0] == "obstacle" and changed is not None
              and _on_mask(cb, _footprint_px(p, factor, camera, catalog, near)[0])):
            # Cardboard does not move by itself: a token whose outline changed while its
            # centre is still on the blob is most likely covered by a piece that came onto or
            # against it (held-out 5010: a ship moved onto a dust field's tip, 12 of its 433
            # px; the full search of the five-piece blob took 250 ms and lost the token). It
            # stands if what changed lies under the pieces found beside it (``covered_by``).
            held.append(_held(p, near))
            covered.append(p)
        elif where != "elsewhere":
            moved.append(p)
    if held and moved and changed is not None:
        # A moved piece that left this blob for the one beside it (a split) is looked for
        # there only.
        beside = _changed_beside(changed, cb, held, factor, camera, catalog, near)
        moved = [p for p in moved
                 if beside >= MOVED_HERE * _footprint_px_count(p, factor, camera, catalog, near)]
    if any(k == "obstacle" for k, _, _ in moved):
        return BlobPlan()  # an obstacle that moved or was covered: matched afresh
    if not _about(ratio):
        # Something else came into the blob (a piece placed against a still one): the held
        # pieces stand or are confirmed, and the full search runs on what they leave.
        if (not held and len(near) == 1 and len(moved) == 1 and moved[0][0] == "circle"
                and 1.0 / LONE_AREA_RATIO <= ratio <= LONE_AREA_RATIO):
            # ... or a squadron alone that moved and whose blob's area moved more than a
            # base's does (its fighters' shadow, its rim against the mat): first refined once
            # from where the blob's move puts it, the full search on what it leaves.
            return BlobPlan((_predict(moved[0], near[0], cb, factor, camera),), known=1)
        return BlobPlan(tuple(held), covered=tuple(covered), known=len(held))
    if not held and not moved:
        return BlobPlan()  # its pieces all stand in the blobs beside it: something new
    if len(near) == 1 and len(was) == 1 and was[0][0] != "obstacle" and _about(
            cb.area_px / max(near[0].area_px, 1.0)):
        # One piece alone in its blob, moved: first confirm it where the blob's shift and turn
        # put it (one refinement instead of a search of its size).
        return BlobPlan((_predict(was[0], near[0], cb, factor, camera),), True,
                        _sizes(was), True, known=1)
    if not held and len(near) == 1 and len(moved) == 1 and len(was) > 1:
        # One piece moved off those it was merged with, which stand in the blobs beside it
        # (``elsewhere``): first confirmed where the move of its own part of the earlier blob
        # (less their outlines) puts it, as one alone (fresh 7006, 7011: a ship moved off a
        # squadron, a search of its size ~10 ms).
        others = [p for p in was if p is not moved[0]]
        without = _footprints_in(others, near[0], factor, camera, catalog)
        return BlobPlan((_predict(moved[0], near[0], cb, factor, camera, without),), True,
                        _sizes(moved), True, known=1)
    if held and moved:
        hints = _sizes(moved)
        return BlobPlan(tuple(held), False, hints, len(hints) == len(moved),
                        covered=tuple(covered), known=len(held) + len(moved))
    if held:
        # Merged with or parted from a neighbour, and no piece's footprint changed.
        return BlobPlan(tuple(held), cb.area_px <= SAME_BLOB_GROWTH * before,
                        covered=tuple(covered), known=len(held))
    hints = _sizes(moved)
    return BlobPlan((), False, hints, len(hints) == len(moved), known=len(moved))


def pre_hand_entry(changed: np.ndarray | None, cb, entries: list[_Entry], factor: int,
                   camera) -> _Entry | None:
    """The entry, among ``entries`` (those from the last frame before a hand came), that the
    changed blob ``cb`` is again while the hand is still in view: the one entry sharing its
    pixels, not measured by a hand, the same blob (``SAME_BLOB_IOU``, ``SAME_BLOB_SHIFT_MM``),
    and fewer than ``MIN_CHANGED_PX`` pixels changed in its box and the 2 px round it against
    the reference from then (``changed``, small px; ``None``: not measured this frame). A
    hand passing over a piece changes its blob; once it has passed on, the piece's pixels are
    those from before it came, and its pieces are the ones measured then (``None`` if not)."""
    if changed is None:
        return None
    x, y, w, h = _pad(cb.bbox, 2, changed.shape)
    if np.count_nonzero(changed[y:y + h, x:x + w]) >= MIN_CHANGED_PX:
        return None
    near = [e for e in entries if _shared_px(e, cb) > 0]
    if len(near) != 1 or near[0].tentative:
        return None
    e = near[0]
    if _iou(e, cb) < SAME_BLOB_IOU or _centroid_shift_mm(e, cb, factor, camera) > SAME_BLOB_SHIFT_MM:
        return None
    return e


def _about(ratio: float) -> bool:
    return 1.0 / HINT_AREA_RATIO <= ratio <= HINT_AREA_RATIO


def _sizes(pieces: list) -> tuple:
    return tuple({(k, sp) for k, sp, _ in pieces})


def _obstacle_of(piece: tuple, near: list[_Entry]):
    """The detection of an earlier obstacle ``("obstacle", (id, flipped), pose)`` among the
    entries ``near`` (the one it was placed from)."""
    _, (oid, flipped), pose = piece
    return next(o for e in near for o in e.obstacles if o.obstacle == oid
                and o.flipped == flipped and o.x_mm == pose[0] and o.y_mm == pose[1])


def _held(piece: tuple, near: list[_Entry]) -> tuple:
    """A held piece as a seed: an obstacle carries its earlier detection, and so does a disc
    that was reported as a squadron (its confirmation is reported again, whatever is fitted
    after it in the merged blob: the check of a disc fitted first in a crowded blob,
    ``_discs.disc_stands``, was passed where it stood before)."""
    if piece[0] == "obstacle":
        return (*piece, _obstacle_of(piece, near))
    if piece[0] == "circle":
        x, y = float(piece[2][0]), float(piece[2][1])
        shown = next((q for e in near for q in e.squadrons
                      if abs(q.x_mm - x) < 1e-6 and abs(q.y_mm - y) < 1e-6), None)
        if shown is not None:
            return (*piece, shown)
    return piece


def _mask_still(changed: np.ndarray, e: _Entry) -> bool:
    """Whether fewer than ``MIN_CHANGED_PX`` pixels of an entry's blob changed (small px)."""
    x, y, w, h = e.bbox
    return np.count_nonzero(changed[y:y + h, x:x + w][e.mask > 0]) < MIN_CHANGED_PX


def _footprint(changed: np.ndarray | None, cb, piece: tuple, factor: int, camera, catalog,
               near: list[_Entry], touching: dict[int, list]) -> str:
    """Where an earlier piece ``(kind, spec, pose)`` of the entries ``near`` is now, for the
    changed blob ``cb``: ``held`` (it stands where it was: its centre on ``cb``, fewer than
    ``MIN_CHANGED_PX`` changed pixels inside its outline, ``OBSTACLE_HELD`` of an obstacle's),
    ``nearly`` (a base or disc with its
    centre on ``cb`` and at most ``NEARLY_HELD`` of its outline's pixels changed: it moved less
    than about ``CONFIRM_MM``, or a neighbour's shadow or edge crossed it; one refinement from
    its pose confirms it), ``elsewhere`` (it is held or nearly held with its centre on another
    blob sharing its entry's pixels, ``touching``: that blob measures it) or ``moved``."""
    if changed is None:
        return "moved"
    centre, poly = _footprint_px(piece, factor, camera, catalog, near)
    n_changed, n_px = _changed_inside(changed, poly)
    if n_px == 0:
        return "moved"
    still = _still(piece, n_changed, n_px)
    nearly = piece[0] != "obstacle" and n_changed <= NEARLY_HELD * n_px
    if not (still or nearly):
        return "moved"
    if _on_mask(cb, centre):
        return "held" if still else "nearly"
    entry = next((e for e in near if any(q[2] is piece[2] for q in e.placed)), None)
    others = touching.get(id(entry), ()) if entry is not None else ()
    if any(b is not cb and _on_mask(b, centre) for b in others):
        return "elsewhere"
    return "moved"


def _footprint_px(piece: tuple, factor: int, camera, catalog, near: list[_Entry]):
    """An earlier piece's centre (2,) and outline polygon (N, 2) in small px of ``factor``, on
    its height plane. A base or disc's outline comes from its spec; an obstacle's (``kind``
    ``obstacle``) is that of its detection among the entries ``near``, on its token's top plane
    (thickness from ``catalog``)."""
    kind, spec, pose = piece[:3]
    x, y = float(pose[0]), float(pose[1])
    if kind == "obstacle":
        o = _obstacle_of(piece[:3], near)
        mm = np.vstack([[x, y], np.asarray(o.outline_mm, np.float64).reshape(-1, 2)])
        height = float(catalog.obstacles[o.obstacle].thickness_mm)
    elif kind == "rect":
        a = math.radians(float(pose[2]))
        u = np.array([math.cos(a), math.sin(a)]) * spec.length_mm / 2.0
        v = np.array([-math.sin(a), math.cos(a)]) * spec.width_mm / 2.0
        mm = np.array([[x, y], [x, y] + u + v, [x, y] + u - v, [x, y] - u - v, [x, y] - u + v])
        height = float(spec.height_mm)
    else:
        t = np.linspace(0.0, 2.0 * math.pi, 16, endpoint=False)
        r = spec.diameter_mm / 2.0
        mm = np.vstack([[x, y], np.column_stack([x + r * np.cos(t), y + r * np.sin(t)])])
        height = float(spec.height_mm)
    px = (camera.table_to_image(mm, height) - (factor - 1) / 2.0) / factor
    return px[0], np.round(px[1:]).astype(np.int64)


def covered_by(changed: np.ndarray, piece: tuple, placed: list, factor: int, camera, catalog,
               near: list[_Entry]) -> bool:
    """Whether an earlier obstacle ``piece`` (``BlobPlan.covered``) stands: it was placed in its
    blob again (``placed``: what the blob was explained by, ``(kind, spec, pose, ...)``) and what
    changed inside its outline lies under the bases and discs placed there (their outlines as
    :func:`_footprint_px`, grown by a pixel for the blur of their edges), but for
    ``MIN_CHANGED_PX`` or ``OBSTACLE_HELD`` of its pixels (changed map ``changed``, small px of
    ``factor``)."""
    if not any(q[0] == "obstacle" and q[1] == piece[1] and np.array_equal(q[2], piece[2])
               for q in placed):
        return False
    _, poly = _footprint_px(piece, factor, camera, catalog, near)
    clip = _poly_mask(poly, changed.shape)
    if clip is None:
        return False
    (x0, y0, x1, y1), inside = clip
    under = np.zeros_like(inside)
    for q in placed:
        if q[0] != "obstacle":
            _, qp = _footprint_px(q[:3], factor, camera, catalog, near)
            cv2.fillPoly(under, [(qp - (x0, y0)).astype(np.int32).reshape(-1, 1, 2)], 1)
    under = cv2.dilate(under, np.ones((3, 3), np.uint8))
    rest = int(np.count_nonzero(changed[y0:y1, x0:x1] & (inside > 0) & (under == 0)))
    return _still(piece, rest, int(np.count_nonzero(inside)))


def _footprint_px_count(piece: tuple, factor: int, camera, catalog, near: list[_Entry]) -> int:
    """Pixels (small px of ``factor``) inside an earlier piece's outline (:func:`_footprint_px`)."""
    _, poly = _footprint_px(piece, factor, camera, catalog, near)
    x0, y0 = poly.min(axis=0)
    m = np.zeros(tuple(poly.max(axis=0)[::-1] - (y0, x0) + 1), np.uint8)
    cv2.fillPoly(m, [(poly - (x0, y0)).astype(np.int32).reshape(-1, 1, 2)], 1)
    return int(np.count_nonzero(m))


def _changed_beside(changed: np.ndarray, cb, pieces: list, factor: int, camera, catalog,
                    near: list[_Entry]) -> int:
    """Changed pixels on the blob ``cb``'s mask outside the outlines of ``pieces`` (earlier
    pieces, as :func:`_footprint_px`, grown by a pixel for the blur of their edges)."""
    x, y, w, h = cb.bbox
    m = np.zeros((h, w), np.uint8)
    for p in pieces:
        _, poly = _footprint_px(p, factor, camera, catalog, near)
        cv2.fillPoly(m, [(poly - (x, y)).astype(np.int32).reshape(-1, 1, 2)], 1)
    m = cv2.dilate(m, np.ones((3, 3), np.uint8))
    return int(np.count_nonzero(changed[y:y + h, x:x + w] & (cb.mask > 0) & (m == 0)))


def _on_mask(cb, pt) -> bool:
    """Whether the small-px point ``pt`` (2,) is on the blob ``cb``'s mask."""
    bx, by, bw, bh = cb.bbox
    i, j = int(round(pt[1])) - by, int(round(pt[0])) - bx
    return bool(0 <= i < bh and 0 <= j < bw and cb.mask[i, j])


def _changed_inside(changed: np.ndarray, poly: np.ndarray) -> tuple[int, int]:
    """Changed pixels inside a polygon (N, 2) int small px, and all its pixels in the frame."""
    clip = _poly_mask(poly, changed.shape)
    if clip is None:
        return 0, 0
    (x0, y0, x1, y1), m = clip
    inside = m > 0
    return int(np.count_nonzero(changed[y0:y1, x0:x1][inside])), int(np.count_nonzero(inside))


def _footprint_still(changed: np.ndarray, cb, piece: tuple, factor: int, camera,
                     catalog=None, near: list[_Entry] = ()) -> bool:
    """Whether an earlier piece ``(kind, spec, pose)`` still stands where it was: its centre is
    on the blob ``cb``'s mask and fewer than ``MIN_CHANGED_PX`` pixels changed inside its
    outline on its height plane (small px of ``factor``; outlines as :func:`_footprint_px`;
    an obstacle's up to ``OBSTACLE_HELD`` of them)."""
    centre, poly = _footprint_px(piece, factor, camera, catalog, near)
    if not _on_mask(cb, centre):
        return False
    n_changed, n_px = _changed_inside(changed, poly)
    return n_px > 0 and _still(piece, n_changed, n_px)


def _still(piece: tuple, n_changed: int, n_px: int) -> bool:
    """Whether a piece with ``n_changed`` of its outline's ``n_px`` pixels changed stands where
    it was: fewer than ``MIN_CHANGED_PX``, or ``OBSTACLE_HELD`` of an obstacle's."""
    return n_changed < MIN_CHANGED_PX or (piece[0] == "obstacle"
                                          and n_changed <= OBSTACLE_HELD * n_px)


def still_pieces(changed: np.ndarray, e: _Entry, factor: int, camera, catalog,
                 small: np.ndarray, ref: np.ndarray) -> tuple[list, list, list]:
    """The pieces of an earlier entry ``e`` that stand where they were, as they were reported:
    ``(ships, squadrons, obstacles)`` of those inside whose outlines (:func:`_footprint_px`)
    fewer than ``MIN_CHANGED_PX`` pixels changed (``OBSTACLE_HELD`` of an obstacle's), or
    only a shadow fell (:func:`_shadow_only`; changed map ``changed``, the reduced frame
    ``small`` and its reference ``ref``, small px of ``factor``). A blob that a hand's zone
    took in (within ``HAND_REACH_MM`` of it, or merged with it by a finger or its shadow)
    still shows the pieces the hand did not reach."""
    out: tuple[list, list, list] = ([], [], [])
    for p in e.placed:
        kind, pose = p[0], p[2]
        _, poly = _footprint_px(p, factor, camera, catalog, [e])
        n_changed, n_px = _changed_inside(changed, poly)
        if n_px == 0 or not (_still(p, n_changed, n_px)
                             or _shadow_only(changed, small, ref, poly)):
            continue
        i = ("rect", "circle", "obstacle").index(kind)
        pool = (e.ships, e.squadrons, e.obstacles)[i]
        q = next((q for q in pool if q.x_mm == pose[0] and q.y_mm == pose[1]), None)
        if q is not None and all(q is not r for r in out[i]):
            out[i].append(q)
    return out


def _poly_mask(poly: np.ndarray, shape: tuple[int, ...]):
    """The polygon (N, 2) small px clipped to an image of ``shape`` (H, W, ...): its box
    ``(x0, y0, x1, y1)`` and a uint8 mask of that box, 1 inside; ``None`` when nothing of it
    lies in the image."""
    H, W = shape[:2]
    x0, y0 = np.maximum(poly.min(axis=0), 0)
    x1, y1 = np.minimum(poly.max(axis=0) + 1, (W, H))
    if x1 <= x0 or y1 <= y0:
        return None
    m = np.zeros((int(y1 - y0), int(x1 - x0)), np.uint8)
    cv2.fillPoly(m, [(poly - (x0, y0)).astype(np.int32).reshape(-1, 1, 2)], 1)
    return (x0, y0, x1, y1), m


def _shadow_only(changed: np.ndarray, small: np.ndarray, ref: np.ndarray,
                 poly: np.ndarray) -> bool:
    """Whether what changed inside a polygon (N, 2) int small px is a shadow: at least
    ``SHADOW_SHARE`` of its changed pixels darker than the reference by one factor in every
    channel (``SHADOW_DARKER``, ``SHADOW_TINT``). A hand's shadow dims a piece; the hand
    itself, skin or sleeve, brings another colour."""
    clip = _poly_mask(poly, changed.shape)
    if clip is None:
        return False
    (x0, y0, x1, y1), m = clip
    sel = (m > 0) & changed[y0:y1, x0:x1]
    if not sel.any():
        return True
    ratio = (small[y0:y1, x0:x1][sel].astype(np.float32) + 1.0) / (
        ref[y0:y1, x0:x1][sel].astype(np.float32) + 1.0)
    k = ratio.mean(axis=1)
    tint = np.abs(ratio - k[:, None]).max(axis=1) / k
    shadow = (k <= SHADOW_DARKER) & (tint <= SHADOW_TINT)
    return float(shadow.mean()) >= SHADOW_SHARE


def _footprints_mask(entries: list[_Entry], shape: tuple[int, int], factor: int, camera,
                     catalog) -> np.ndarray:
    """Where the pieces of ``entries`` lie (their outlines as :func:`_footprint_px`, grown by a
    pixel for the blur of their edges), (h, w) bool small px of ``factor``."""
    m = np.zeros(shape, np.uint8)
    for e in entries:
        for p in e.placed:
            _, poly = _footprint_px(p, factor, camera, catalog, [e])
            cv2.fillPoly(m, [poly.astype(np.int32).reshape(-1, 1, 2)], 1)
    return cv2.dilate(m, np.ones((3, 3), np.uint8)) > 0


def _footprints_in(pieces: list, e: _Entry, factor: int, camera, catalog) -> np.ndarray:
    """Where ``pieces`` (of the entry ``e``) lie in its box: their outlines as
    :func:`_footprint_px`, grown by a pixel, (h, w) bool of ``e.bbox``."""
    x, y, w, h = e.bbox
    m = np.zeros((h, w), np.uint8)
    for p in pieces:
        _, poly = _footprint_px(p, factor, camera, catalog, [e])
        cv2.fillPoly(m, [(poly - (x, y)).astype(np.int32).reshape(-1, 1, 2)], 1)
    return cv2.dilate(m, np.ones((3, 3), np.uint8)) > 0
