"""Which ship is which: a roster of the fleets on the table, and optional ArUco tags on tokens.

Roster file (``armada-roster/1``, JSON)::

    {
      "format": "armada-roster/1",
      "dictionary": "DICT_4X4_50",        # OpenCV ArUco dictionary of the token tags (optional)
      "ships": [
        {"id": "vsd-1", "ship_class": "victory-ii-star-destroyer", "player": 1, "tag": 7},
        {"id": "cr90-1", "ship_class": "cr90-corvette-a", "player": 2}
      ],
      "squadrons": [
        {"id": "tie-1", "squadron_class": "tie-fighter-squadron", "player": 1}
      ]
    }

``tag`` (optional, ships only: a squadron's is not used, and the roster's ``notes`` say so) is
the id of a small ArUco marker glued flat on the ship's token where the
miniature does not hide it, printed with its top edge towards the ship's bow (an id of the roster's
``dictionary``, on one ship only, and not one of the table markers' ids when the table's layout
uses the same dictionary: the bundled layouts use DICT_4X4_50 ids 0-5; all three are checked when
the file is read, so a table marker is never taken for a ship). A seen tag names
the ship, its class and player, and settles the bow; that is all ``Roster.identify`` does, so
``analyze --roster`` (one picture) names tagged ships only. The tracker (``track.Tracker``, over
frames) also names an untagged base: when the roster has exactly one ship of its size class
for the player whose half of the table it was first seen in (ships deploy in their own
deployment zone, facing the opponent; RRG "Setup"), or among several the one deployed where it
was first seen (``RosterShip.deployed_mm``, given in code: the demo's sample knows its setup; a
file's ``deployed_mm`` is not read, and the roster's ``notes`` say so).
"""

from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from armada_vision import jsontext
from armada_vision.catalog import closest_class_ids
from armada_vision.errors import InputError
from armada_vision.vision.calibration._files import (
    DEFAULT_LAYOUTS,
    TableLayout,
    aruco_dictionary,
    load_layout,
)

ROSTER_FORMAT = "armada-roster/1"


#: A base first seen within this of a roster ship's ``deployed_mm`` (and less than half as far
#: as from any other candidate's) is that ship: the tracker's own jump gate (``track.Tracker``).
DEPLOYED_GATE_MM = 40.0


@dataclass(frozen=True)
class RosterShip:
    """A ship of the fleets. ``deployed_mm`` (optional, table mm): where it was set up, which
    tells apart untagged ships of one size class and player (the demo knows where its sample
    deploys them; a roster file does not give it)."""

    id: str
    ship_class: str
    player: int
    tag: int | None = None
    deployed_mm: tuple[float, float] | None = None


@dataclass(frozen=True)
class RosterSquadron:
    """A squadron of the fleets; ``deployed_mm`` as for :class:`RosterShip` (the only way a
    squadron is named: every squadron base is the same size)."""

    id: str
    squadron_class: str
    player: int
    deployed_mm: tuple[float, float] | None = None


@dataclass
class Roster:
    """The fleets on the table. ``size_of`` maps ship class -> size class (from the catalog)."""

    ships: list[RosterShip] = field(default_factory=list)
    squadrons: list[RosterSquadron] = field(default_factory=list)
    dictionary: str = "DICT_4X4_50"
    size_of: dict[str, str] = field(default_factory=dict)
    #: Marker ids of the table in ``dictionary``, never a ship's tag (``None``: the bundled
    #: layouts' ids in that dictionary).
    table_marker_ids: frozenset[int] | None = None
    #: What reading the file left unused, one line each naming the file and field (the CLI
    #: prints them as warnings): a squadron's ``tag``.
    notes: list[str] = field(default_factory=list)

    def by_tag(self, tag: int) -> RosterShip | None:
        """The roster ship carrying ``tag``; ``None`` for a table marker's id or an unknown tag."""
        table = (self.table_marker_ids if self.table_marker_ids is not None
                 else bundled_table_marker_ids().get(self.dictionary, frozenset()))
        if tag in table:
            return None
        return next((s for s in self.ships if s.tag == tag), None)

    def candidates(self, size_class: str, player: int | None) -> list[RosterShip]:
        """Roster ships of ``size_class`` (and ``player`` when given)."""
        return [s for s in self.ships if self.size_of.get(s.ship_class) == size_class
                and (player is None or s.player == player)]

    def name_new_base(self, size_class: str, player: int, x_mm: float, y_mm: float,
                      taken: set[str] | frozenset[str] = frozenset()) -> RosterShip | None:
        """The roster ship a base of ``size_class`` first seen at (``x_mm``, ``y_mm``) on
        ``player``'s half is: the only candidate not ``taken``; among several, the one whose
        ``deployed_mm`` is within ``DEPLOYED_GATE_MM`` while every other candidate's is more
        than twice as far; else ``None`` (the window asks the player)."""
        cands = [s for s in self.candidates(size_class, player) if s.id not in taken]
        if len(cands) <= 1:
            return cands[0] if cands else None
        return _deployed_near(cands, x_mm, y_mm)

    def name_new_squadron(self, player: int, x_mm: float, y_mm: float,
                          taken: set[str] | frozenset[str] = frozenset()) -> RosterSquadron | None:
        """The roster squadron of ``player`` deployed where a squadron base was first seen
        (rule of :meth:`name_new_base`, ``deployed_mm`` only); ``None`` without one."""
        return _deployed_near([q for q in self.squadrons if q.player == player
                               and q.id not in taken], x_mm, y_mm)

    def identify(self, image_bgr: np.ndarray, camera, det) -> None:
        """Name the ship detections in ``det`` that carry a visible tag (in place)."""
        if not any(s.tag is not None for s in self.ships):
            return
        for tag, centre_mm, up_mm in find_tags(image_bgr, camera, self.dictionary):
            ship = self.by_tag(tag)
            if ship is None:
                continue
            for i, d in enumerate(det.ships):
                if not _inside_base(d, centre_mm):
                    continue
                heading = _bow_from(d.heading_deg, up_mm)
                det.ships[i] = replace(d, ship_class=ship.ship_class, player=ship.player,
                                       piece_id=ship.id, tag_id=tag, heading_deg=heading,
                                       bow_known=True)
                break


def _deployed_near(cands: list, x_mm: float, y_mm: float):
    """The candidate whose ``deployed_mm`` is within ``DEPLOYED_GATE_MM`` of (x, y) while every
    other one's is more than twice as far; ``None`` otherwise."""
    dist = sorted((math.hypot(c.deployed_mm[0] - x_mm, c.deployed_mm[1] - y_mm)
                   if c.deployed_mm is not None else math.inf, k) for k, c in enumerate(cands))
    if not dist:
        return None
    d0, k0 = dist[0]
    d1 = dist[1][0] if len(dist) > 1 else math.inf
    return cands[k0] if d0 <= DEPLOYED_GATE_MM and d1 > 2.0 * d0 else None


def _inside_base(d, p_mm) -> bool:
    a = math.radians(d.heading_deg)
    v = np.asarray(p_mm) - (d.x_mm, d.y_mm)
    s = v @ (math.cos(a), math.sin(a))
    t = v @ (-math.sin(a), math.cos(a))
    # Generous: tokens are within the base, and a large base is 129 x 77.5 mm.
    return abs(s) < 70.0 and abs(t) < 42.0


def _bow_from(axis_deg: float, up_mm) -> float:
    """The end of the axis the tag's top edge points to."""
    up = math.degrees(math.atan2(up_mm[1], up_mm[0]))
    d = (up - axis_deg + 180.0) % 360.0 - 180.0
    return axis_deg % 360.0 if abs(d) <= 90.0 else (axis_deg + 180.0) % 360.0


def find_tags(image_bgr: np.ndarray, camera, dictionary: str, height_mm: float = 7.0):
    """ArUco tags in the frame: list of ``(id, centre_mm (2,), up_mm (2,))`` on the token plane
    (``height_mm`` above the mat: base top plus token)."""
    import cv2

    try:
        d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary))
    except AttributeError:
        raise InputError(f"unknown ArUco dictionary {dictionary!r}", field="dictionary") from None
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    corners, ids, _ = cv2.aruco.ArucoDetector(d, params).detectMarkers(image_bgr)
    out = []
    if ids is None:
        return out
    for c, i in zip(corners, ids.ravel()):
        mm = camera.image_to_table(c.reshape(4, 2), height_mm)
        centre = mm.mean(axis=0)
        up = (mm[0] + mm[1]) / 2.0 - (mm[3] + mm[2]) / 2.0
        out.append((int(i), centre, up))
    return out


@functools.cache
def bundled_table_marker_ids() -> dict[str, frozenset[int]]:
    """ArUco dictionary -> the ids the bundled table layouts (calibration/layout-*.json) use."""
    out: dict[str, set[int]] = {}
    for path in DEFAULT_LAYOUTS.values():
        layout = load_layout(path)
        out.setdefault(layout.dictionary, set()).update(m.id for m in layout.markers)
    return {k: frozenset(v) for k, v in out.items()}


def _id_range(ids) -> str:
    ids = sorted(ids)
    if ids == list(range(ids[0], ids[-1] + 1)):
        return f"{ids[0]}-{ids[-1]}" if len(ids) > 1 else str(ids[0])
    return ", ".join(map(str, ids))


def load_roster(path: str | Path, catalog=None, layout: TableLayout | None = None) -> Roster:
    """Read a roster file; raises ``InputError`` naming the file and field (see
    :func:`roster_from_dict` for ``layout``)."""
    p = Path(path)
    try:
        data = jsontext.loads(p.read_text(encoding="utf-8-sig"))  # a BOM (Notepad) is no error
    except IsADirectoryError:
        raise InputError("is a folder, not a roster file", source=str(p)) from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", source=str(p)) from None
    except UnicodeDecodeError as exc:
        raise InputError(jsontext.not_text(p, exc), source=str(p)) from None
    except json.JSONDecodeError as exc:
        raise InputError(f"not valid JSON (line {exc.lineno}): {exc.msg}", source=str(p)) from None
    return roster_from_dict(data, str(p), catalog, layout)


def roster_from_dict(data, source: str = "<roster>", catalog=None,
                     layout: TableLayout | None = None) -> Roster:
    """A :class:`Roster` from parsed JSON; InputError naming ``source`` and the field.

    A ship's ``tag`` may not be an id of the table's markers when they are in the roster's
    dictionary: those of ``layout`` (the table the roster is used on), or without it those of the
    bundled layouts (DICT_4X4_50 ids 0-5), so that a table marker is never read as a ship.
    """
    if not isinstance(data, dict):
        raise InputError("expected a JSON object", source=source)
    jsontext.check_format(data.get("format"), ROSTER_FORMAT, source)
    dictionary = data.get("dictionary", "DICT_4X4_50")
    n_tags = aruco_dictionary(dictionary, source).bytesList.shape[0]
    if layout is not None:
        table_ids = frozenset(m.id for m in layout.markers if layout.dictionary == dictionary)
        table_name = Path(layout.source).name if layout.source else "the table layout"
    else:
        table_ids = bundled_table_marker_ids().get(dictionary, frozenset())
        table_name = "the bundled layouts"
    ships, squadrons, seen, tags, notes = [], [], set(), {}, []
    for key, cls_key in (("ships", "ship_class"), ("squadrons", "squadron_class")):
        items = data.get(key, [])
        if not isinstance(items, list):
            raise InputError("expected a list", source=source, field=key)
        for i, it in enumerate(items):
            where = f"{key}[{i}]"
            if not isinstance(it, dict):
                raise InputError("expected an object", source=source, field=where)
            pid, cls, player = it.get("id"), it.get(cls_key), it.get("player")
            if not isinstance(pid, str) or pid in seen or not pid.strip():
                what = ("missing (required)" if pid is None else
                        f"duplicate id {pid!r}" if pid in seen else
                        f"expected a piece id, got {pid!r}")  # "" cannot be named anywhere
                raise InputError(what, source=source, field=f"{where}.id")
            seen.add(pid)
            if not isinstance(cls, str):
                raise InputError("missing (required)", source=source, field=f"{where}.{cls_key}")
            # True == 1 and 1.0 == 1 in Python: players are the whole numbers 1 and 2
            if type(player) is not int or player not in (1, 2):
                raise InputError("missing (required)" if player is None else
                                 f"expected 1 or 2, got {player!r}", source=source,
                                 field=f"{where}.player")
            if catalog is not None:
                known = catalog.ships if key == "ships" else catalog.squadrons
                if cls not in known:
                    near = closest_class_ids(cls, known)
                    hint = (f" (closest known: {', '.join(near)})" if near else
                            f" (the known ones are the file names in models/{key}/)")
                    raise InputError(f"unknown class {cls!r}{hint}", source=source,
                                     field=f"{where}.{cls_key}")
            if it.get("deployed_mm") is not None:  # RosterShip/RosterSquadron.deployed_mm
                notes.append(f"{source}: {where}.deployed_mm: not read from a file: a roster "
                             "file names a ship by its tag only (where a piece was deployed is "
                             "given in code, e.g. by demo --detect)")
            if key == "ships":
                tag = it.get("tag")
                if tag is not None and (not isinstance(tag, int) or isinstance(tag, bool)
                                        or tag < 0):
                    raise InputError(f"expected a marker id, got {tag!r}", source=source,
                                     field=f"{where}.tag")
                if tag is not None and tag >= n_tags:
                    raise InputError(f"tag {tag} is not in {dictionary} (ids 0-{n_tags - 1}): "
                                     "it would never be seen", source=source, field=f"{where}.tag")
                if tag is not None and tag in table_ids:
                    raise InputError(
                        f"tag {tag} is a table marker's id ({table_name}: {dictionary} ids "
                        f"{_id_range(table_ids)} round the play area); give the ship another id",
                        source=source, field=f"{where}.tag")
                if tag is not None and tag in tags:
                    raise InputError(f"tag {tag} is also on {tags[tag]!r}: a seen tag names one "
                                     "ship", source=source, field=f"{where}.tag")
                if tag is not None:
                    tags[tag] = pid
                ships.append(RosterShip(pid, cls, player, tag))
            else:
                if it.get("tag") is not None:  # accepted before, and silently unused
                    notes.append(f"{source}: {where}.tag: not used: only a ship's token tag "
                                 "names a piece (a squadron base has no room for one beside its "
                                 f"peg); give {pid!r} its class in the window")
                squadrons.append(RosterSquadron(pid, cls, player))
    size_of = {}
    if catalog is not None:
        size_of = {cid: c.size_class for cid, c in catalog.ships.items()}
    return Roster(ships, squadrons, dictionary, size_of, table_ids, notes)
