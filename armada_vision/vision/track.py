"""Tracking pieces across frames: stable identities, no jitter, hands freeze, moves recognised.

``Tracker.update(detections, t_s) -> (Scene, events)``. Rules, in the order they apply:

- A hand over the table freezes the pieces under it (and near it): they are neither moved nor
  removed, and nothing seen under a hand is added; a detection of a frozen piece (beside the
  hand, within its margin) is that piece, not a new one.
- A detection near a track of the same kind and size is that track. While the piece is still
  (within ``still_mm`` / ``still_deg`` of its resting pose), the reported pose is the running
  mean of its measurements since it came to rest: sub-millimetre steady, no jitter. A change
  beyond that for ``settle_frames`` frames in a row makes it move (event ``moved`` when it went
  farther than ``move_mm``).
- A track unseen for ``remove_after_s`` while a new detection of the same kind and size class
  (and roster entry) appeared elsewhere is that piece, picked up and put down: ``moved``, same id.
  Otherwise it is ``removed``. A new detection seen in ``confirm_frames`` frames is ``added``.
- Bow: a tag settles it; otherwise a ship that moves went forwards (ships never move backwards,
  RRG "Ship Movement"), and at deployment a ship faces the opponent (player 1 towards +y). Where
  none applies, ``bow_known`` stays false.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely

from armada_vision.scene import ObstaclePose, Scene, ShipPose, SquadronPose
from armada_vision.vision.detect import Detections
from armada_vision.vision.detect._roster import DEPLOYED_GATE_MM


@dataclass(frozen=True)
class TrackEvent:
    """Something that happened to a piece: ``kind`` is ``added``, ``removed`` or ``moved``.

    ``piece`` is ``ship``/``squadron``/``obstacle``; poses in table mm and degrees.
    """

    kind: str
    id: str
    t_s: float
    piece: str
    x_mm: float | None = None
    y_mm: float | None = None
    heading_deg: float | None = None
    from_mm: tuple[float, float] | None = None

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "id": self.id, "t_s": round(self.t_s, 3),
                             "piece": self.piece}
        if self.x_mm is not None:
            d["x_mm"], d["y_mm"] = round(self.x_mm, 2), round(self.y_mm, 2)
        if self.heading_deg is not None:
            d["heading_deg"] = round(self.heading_deg, 2)
        if self.from_mm is not None:
            d["from_mm"] = [round(self.from_mm[0], 2), round(self.from_mm[1], 2)]
        return d


@dataclass
class _Track:
    id: str
    piece: str  # ship | squadron | obstacle
    key: str  # size class, squadron diameter or obstacle id: what must match
    x: float
    y: float
    heading: float
    bow_known: bool
    info: dict[str, Any]
    last_seen: float
    confirmed: bool = False
    seen: int = 1
    rest: list = field(default_factory=list)  # measurements since the piece came to rest
    pending: int = 0  # frames in a row seen away from the resting pose
    frozen: bool = False
    pose: tuple | None = None  # (what it was built from, the pose) for Tracker.scene


def _zone(hands):
    """The hands' outlines as one prepared shapely geometry (or ``None``), built once a
    frame; a point is within a margin of it by :func:`_inside` (the same test as
    ``HandDetection.covers``, without growing the outline: a distance, not a buffer)."""
    if not hands:
        return None
    polys = []
    for h in hands:
        poly = shapely.Polygon(h.outline_mm)
        polys.append(poly if poly.is_valid else poly.buffer(0))
    zone = shapely.union_all(polys) if len(polys) > 1 else polys[0]
    shapely.prepare(zone)
    return zone


def _inside(zone, xy: list[tuple[float, float]], margin_mm: float) -> list[bool]:
    """Whether each point (mm) lies within ``margin_mm`` of the hands' ``zone``: one shapely
    call for all of them (a call per point cost ~30 us, ~80 a frame with a hand in)."""
    if zone is None or not xy:
        return [False] * len(xy)
    pts = shapely.points(np.asarray(xy, dtype=np.float64).reshape(-1, 2))
    return shapely.dwithin(zone, pts, margin_mm).tolist()


def _axis_delta(a: float, b: float, period: float) -> float:
    d = (a - b) % period
    return min(d, period - d)


class Tracker:
    """Keeps identities and smooths poses; see the module docstring for the rules.

    ``roster`` (optional, :class:`~armada_vision.vision.detect.Roster`) names bases by tag or
    by size class and deployment side. Thresholds: ``gate_mm`` the largest jump between two
    frames still taken as the same piece without a pick-up; ``still_mm``/``still_deg`` the
    measurement noise inside which a piece counts as still.
    """

    def __init__(self, roster=None, *, play_area_mm=(1828.8, 914.4),
                 gate_mm: float = DEPLOYED_GATE_MM,
                 still_mm: float = 2.0, still_deg: float = 1.5, move_mm: float = 5.0,
                 settle_frames: int = 2, confirm_frames: int = 2, remove_after_s: float = 1.0,
                 hand_margin_mm: float = 60.0, rest_window: int = 50):
        self.roster = roster
        self.play_area_mm = tuple(play_area_mm)
        self.gate_mm, self.still_mm, self.still_deg = gate_mm, still_mm, still_deg
        self.move_mm, self.settle_frames = move_mm, settle_frames
        self.confirm_frames, self.remove_after_s = confirm_frames, remove_after_s
        self.hand_margin_mm, self.rest_window = hand_margin_mm, rest_window
        self.tracks: list[_Track] = []
        self._count: dict[str, int] = {}
        self._first = True
        self._last_scene: tuple[int, list, Scene] | None = None  # (hands, poses, scene)

    # ------------------------------------------------------------------ public

    def update(self, detections: Detections, t_s: float) -> tuple[Scene, list[TrackEvent]]:
        """Fold one frame's detections in; returns the tracked Scene and this frame's events."""
        events: list[TrackEvent] = []
        hands = list(detections.hands)
        zone = _zone(hands)
        for tr, frozen in zip(self.tracks, _inside(zone, [(t.x, t.y) for t in self.tracks],
                                                     self.hand_margin_mm)):
            tr.frozen = frozen
        items = self._as_items(detections)
        dets = [d for d, near in zip(items, _inside(zone, [(d["x"], d["y"]) for d in items], 10.0))
                if not near]
        unmatched = self._associate(dets, t_s, events)
        self._pickups(unmatched, t_s, events)
        for d in unmatched:
            if d.get("_used"):
                continue
            self._new(d, t_s, events)
        for tr in list(self.tracks):
            if tr.frozen or tr.last_seen >= t_s:
                continue
            if not tr.confirmed:
                if t_s - tr.last_seen > self.remove_after_s:
                    self.tracks.remove(tr)
            elif t_s - tr.last_seen > self.remove_after_s:
                self.tracks.remove(tr)
                events.append(TrackEvent("removed", tr.id, t_s, tr.piece, tr.x, tr.y))
        self._first = False
        return self.scene(hands=len(hands)), events

    def scene(self, hands: int = 0) -> Scene:
        """The confirmed tracks as a Scene (``armada-scene/1``).

        A track whose pose and information did not change gives the same pose object as in
        the last scene, and when no confirmed track changed (nor the number of hands) the last
        Scene object itself: the window compares scenes and poses by identity first, so a
        still table costs no field-by-field comparison of ~40 poses at each step."""
        poses = [self._pose(tr) for tr in self.tracks if tr.confirmed]
        last = self._last_scene
        if last is not None and last[0] == hands and len(last[1]) == len(poses) and \
                all(a is b for a, b in zip(last[1], poses)):
            return last[2]
        extra = {"hands": hands} if hands else {}
        scene = Scene(tuple(p for p in poses if isinstance(p, ShipPose)),
                      tuple(p for p in poses if isinstance(p, SquadronPose)),
                      tuple(p for p in poses if isinstance(p, ObstaclePose)), self.play_area_mm, extra)
        self._last_scene = (hands, poses, scene)
        return scene

    @staticmethod
    def _pose(tr: _Track) -> ShipPose | SquadronPose | ObstaclePose:
        """The track's pose, built again only when what it shows changed."""
        i = tr.info
        key = (tr.id, tr.piece, tr.key, tr.x, tr.y, tr.heading, tr.bow_known, tuple(i.items()))
        if tr.pose is not None and tr.pose[0] == key:
            return tr.pose[1]
        pose: ShipPose | SquadronPose | ObstaclePose
        if tr.piece == "ship":
            pose = ShipPose(
                tr.id, i.get("ship_class"), i["player"], round(tr.x, 2), round(tr.y, 2),
                round(tr.heading % 360.0, 2), size_class=tr.key, bow_known=tr.bow_known,
                confidence=round(i.get("confidence", 1.0), 3),
                extra={} if i.get("player_known") else {"player_known": False})
        elif tr.piece == "squadron":
            pose = SquadronPose(
                tr.id, i.get("squadron_class"), i["player"], round(tr.x, 2), round(tr.y, 2),
                confidence=round(i.get("confidence", 1.0), 3),
                extra={} if i.get("player_known") else {"player_known": False})
        else:
            pose = ObstaclePose(
                tr.id, tr.key, round(tr.x, 2), round(tr.y, 2), round(tr.heading % 360.0, 2),
                flipped=i.get("flipped", False), confidence=round(i.get("confidence", 1.0), 3))
        tr.pose = (key, pose)
        return pose

    # ------------------------------------------------------------------ steps

    def _as_items(self, det: Detections) -> list[dict]:
        out = []
        for s in det.ships:
            out.append({"piece": "ship", "key": s.size_class, "x": s.x_mm, "y": s.y_mm,
                        "h": s.heading_deg, "bow": s.bow_known, "id": s.piece_id,
                        "info": {"ship_class": s.ship_class, "player": s.player,
                                 "confidence": s.confidence}})
        for q in det.squadrons:
            out.append({"piece": "squadron", "key": f"{q.diameter_mm:g}", "x": q.x_mm,
                        "y": q.y_mm, "h": 0.0, "bow": True, "id": q.piece_id,
                        "info": {"squadron_class": q.squadron_class, "player": q.player,
                                 "confidence": q.confidence}})
        for o in det.obstacles:
            out.append({"piece": "obstacle", "key": o.obstacle, "x": o.x_mm, "y": o.y_mm,
                        "h": o.heading_deg, "bow": True, "id": o.piece_id,
                        "info": {"flipped": o.flipped, "confidence": o.confidence}})
        return out

    def _associate(self, dets: list[dict], t_s: float, events) -> list[dict]:
        # Every (detection, track) pair of the same kind and size within the gate, nearest
        # first (one array operation: a full table is ~40 x 40 pairs a frame).
        pairs = []
        if dets and self.tracks:
            kinds: dict = {}
            dk = np.array([kinds.setdefault((d["piece"], d["key"]), len(kinds)) for d in dets])
            tk = np.array([kinds.get((t.piece, t.key), -1) for t in self.tracks])
            dxy = np.array([(d["x"], d["y"]) for d in dets], np.float64)
            txy = np.array([(t.x, t.y) for t in self.tracks], np.float64)
            dist = np.hypot(dxy[:, None, 0] - txy[None, :, 0], dxy[:, None, 1] - txy[None, :, 1])
            di, ti = np.nonzero((dk[:, None] == tk[None, :]) & (dist <= self.gate_mm))
            order = np.lexsort((ti, di, dist[di, ti]))
            pairs = zip(di[order].tolist(), ti[order].tolist())
        used_d, used_t = set(), set()
        for di, ti in pairs:
            if di in used_d or ti in used_t:
                continue
            used_d.add(di)
            used_t.add(ti)
            if self.tracks[ti].frozen:
                # Seen beside a hand: the frozen piece itself (it stays where it was; a new
                # track there became a second copy of it once the hand was gone: held-out
                # 5001's squadrons 40-60 mm from a passing hand).
                continue
            self._follow(self.tracks[ti], dets[di], t_s, events)
        return [d for i, d in enumerate(dets) if i not in used_d]

    def _heading_for(self, tr: _Track, d: dict) -> float:
        if d["bow"] or tr.piece != "ship":
            return d["h"]
        # Axis only: the end nearest the track's heading.
        a = d["h"] % 180.0
        return a if _axis_delta(a, tr.heading, 360.0) <= 90.0 else a + 180.0

    def _follow(self, tr: _Track, d: dict, t_s: float, events) -> None:
        tr.last_seen = t_s
        tr.seen += 1
        tr.info.update({k: v for k, v in d["info"].items() if v is not None})
        if d["bow"] and tr.piece == "ship" and d.get("id"):
            tr.bow_known = True
        heading = self._heading_for(tr, d)
        period = 180.0 if (tr.piece == "ship" and not d["bow"]) else 360.0
        dist = math.hypot(d["x"] - tr.x, d["y"] - tr.y)
        dturn = _axis_delta(heading, tr.heading, period) if tr.piece != "squadron" else 0.0
        if dist <= self.still_mm and dturn <= self.still_deg:
            tr.pending = 0
            # The very same measurement again (the live detector reused it) adds nothing.
            if not tr.rest or tr.rest[-1] != (d["x"], d["y"], heading):
                self._rest(tr, (d["x"], d["y"], heading), period)
        else:
            tr.pending += 1
            if tr.pending >= self.settle_frames:
                self._relocate(tr, d["x"], d["y"], heading, t_s, events)
        if not tr.confirmed and tr.seen >= self.confirm_frames:
            tr.confirmed = True
            events.append(TrackEvent("added", tr.id, t_s, tr.piece, tr.x, tr.y, tr.heading))

    def _rest(self, tr: _Track, pose: tuple[float, float, float], period: float) -> None:
        """Fold one more measurement of a still piece into its resting pose (running mean)."""
        tr.rest.append(pose)
        tr.rest = tr.rest[-self.rest_window:]
        tr.x = sum(r[0] for r in tr.rest) / len(tr.rest)
        tr.y = sum(r[1] for r in tr.rest) / len(tr.rest)
        if tr.piece != "squadron":
            ref = tr.rest[0][2]
            tr.heading = ref + sum(((r[2] - ref + 90.0) % 180.0) - 90.0 if period == 180.0
                                   else ((r[2] - ref + 180.0) % 360.0) - 180.0
                                   for r in tr.rest) / len(tr.rest)

    def _relocate(self, tr: _Track, x: float, y: float, heading: float, t_s: float,
                  events) -> None:
        dx, dy = x - tr.x, y - tr.y
        dist = math.hypot(dx, dy)
        if tr.piece == "ship" and dist > 20.0:
            # Ships move forwards: the bow is the end of the axis the base travelled towards.
            a = math.radians(heading)
            if dx * math.cos(a) + dy * math.sin(a) < 0:
                heading = (heading + 180.0) % 360.0
            tr.bow_known = True
        old = (tr.x, tr.y)
        tr.x, tr.y, tr.heading = x, y, heading
        tr.rest = [(x, y, heading)]
        tr.pending = 0
        if dist > self.move_mm and tr.confirmed:
            events.append(TrackEvent("moved", tr.id, t_s, tr.piece, x, y, heading, old))

    def _pickups(self, dets: list[dict], t_s: float, events) -> None:
        """Unmatched detections where a same-kind track went missing: the piece was moved."""
        missing = [tr for tr in self.tracks if tr.confirmed and not tr.frozen
                   and tr.last_seen < t_s]
        for d in dets:
            cands = [tr for tr in missing if tr.piece == d["piece"] and tr.key == d["key"]
                     and (d.get("id") is None or d["id"] == tr.id)]
            if not cands:
                continue
            tr = min(cands, key=lambda c: math.hypot(c.x - d["x"], c.y - d["y"]))
            missing.remove(tr)
            d["_used"] = True
            tr.last_seen = t_s
            heading = self._heading_for(tr, d)
            tr.info.update({k: v for k, v in d["info"].items() if v is not None})
            self._relocate(tr, d["x"], d["y"], heading, t_s, events)

    def _new(self, d: dict, t_s: float, events) -> None:
        info = dict(d["info"])
        heading, bow = d["h"], d["bow"]
        if d["piece"] in ("ship", "squadron"):
            side = 1 if d["y"] < self.play_area_mm[1] / 2.0 else 2
            player = info.get("player")
            info["player_known"] = player is not None
            pid = d.get("id")
            if player is None and d["piece"] == "ship" and self.roster is not None:
                taken = {t.id for t in self.tracks}
                named = self.roster.name_new_base(d["key"], side, d["x"], d["y"], taken)
                if named is not None:
                    pid, info["ship_class"], player = named.id, named.ship_class, side
                    info["player_known"] = True
            if player is None and d["piece"] == "squadron" and self.roster is not None:
                named = self.roster.name_new_squadron(side, d["x"], d["y"],
                                                      {t.id for t in self.tracks})
                if named is not None:
                    pid, info["squadron_class"], player = named.id, named.squadron_class, side
                    info["player_known"] = True
            info["player"] = player or side
            if d["piece"] == "ship" and not bow:
                # Deployment: ships face the opponent (player 1 towards +y).
                a = heading % 180.0
                facing = math.sin(math.radians(a))  # >= 0 for an axis in [0, 180)
                if abs(facing) >= math.sin(math.radians(30.0)):
                    heading = a if info["player"] == 1 else a + 180.0
                    bow = True
                else:
                    heading = a
        else:
            pid = d.get("id")
        if pid is None:
            n = self._count.get(d["piece"], 0) + 1
            self._count[d["piece"]] = n
            pid = f"{d['piece']}-{n}"
        tr = _Track(pid, d["piece"], d["key"], d["x"], d["y"], heading % 360.0, bool(bow), info,
                    t_s, rest=[(d["x"], d["y"], heading % 360.0)])
        self.tracks.append(tr)
        if self._first or self.confirm_frames <= 1:
            tr.confirmed = True
            events.append(TrackEvent("added", tr.id, t_s, tr.piece, tr.x, tr.y, tr.heading))


__all__ = ["TrackEvent", "Tracker"]
