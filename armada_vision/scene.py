"""The Scene contract (``armada-scene/1``, ../shared/DESIGN.md): every piece's pose in table mm.

Table frame: origin at the play area's corner on player 1's left, +x along player 1's edge,
+y towards player 2; ``heading_deg`` counter-clockwise from +x, in [0, 360).

Pure data: no Qt, no OpenCV. Readers ignore keys they do not know and keep them in ``extra`` so
that writing a scene back loses nothing.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from armada_vision import jsontext
from armada_vision.errors import InputError

SCENE_FORMAT = "armada-scene/1"
PLAY_AREA_6X3_MM = (1828.8, 914.4)
SIZE_CLASSES = ("small", "medium", "large", "huge")
# Any coordinate beyond this is a typo, not a table (the largest play area is 1828.8 mm).
MAX_COORD_MM = 10_000.0
# A heading beyond ten turns either way is a typo, not an angle (1e300 % 360 is a number too).
MAX_TURN_DEG = 3600.0


@dataclass(frozen=True)
class ShipPose:
    """A ship on the table. ``ship_class`` is ``None`` for a detected base of unknown class."""

    id: str
    ship_class: str | None
    player: int
    x_mm: float
    y_mm: float
    heading_deg: float
    speed: int = 0
    size_class: str | None = None
    bow_known: bool = True
    confidence: float | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class SquadronPose:
    id: str
    squadron_class: str | None
    player: int
    x_mm: float
    y_mm: float
    confidence: float | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class ObstaclePose:
    id: str
    obstacle: str | None
    x_mm: float
    y_mm: float
    heading_deg: float = 0.0
    flipped: bool = False
    confidence: float | None = None
    outline_mm: tuple[tuple[float, float], ...] | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class Scene:
    """All pieces on the table, in table mm."""

    ships: tuple[ShipPose, ...] = ()
    squadrons: tuple[SquadronPose, ...] = ()
    obstacles: tuple[ObstaclePose, ...] = ()
    play_area_mm: tuple[float, float] = PLAY_AREA_6X3_MM
    extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def ship(self, piece_id: str) -> ShipPose:
        for s in self.ships:
            if s.id == piece_id:
                return s
        raise KeyError(f"no ship {piece_id!r} in the scene")

    def squadron(self, piece_id: str) -> SquadronPose:
        for s in self.squadrons:
            if s.id == piece_id:
                return s
        raise KeyError(f"no squadron {piece_id!r} in the scene")

    def with_ship(self, ship: ShipPose) -> Scene:
        """A copy with ``ship`` replacing the ship of the same id (or added)."""
        others = tuple(s for s in self.ships if s.id != ship.id)
        if len(others) == len(self.ships):
            return replace(self, ships=self.ships + (ship,))
        return replace(self, ships=tuple(ship if s.id == ship.id else s for s in self.ships))

    def to_dict(self) -> dict[str, Any]:
        return scene_to_dict(self)


# --------------------------------------------------------------------------- reading


class _Obj:
    def __init__(self, data: Any, where: str, source: str):
        if not isinstance(data, dict):
            raise InputError(f"expected an object, got {type(data).__name__}", source=source, field=where)
        self.data, self.where, self.source = data, where, source

    def err(self, key: str, msg: str) -> InputError:
        return InputError(msg, source=self.source, field=f"{self.where}.{key}" if self.where else key)

    def missing(self, key: str) -> InputError:
        """A required ``key`` missing; names a key the object has that is meant for it ("x"
        for "x_mm", "X_mm", "heading" for "heading_deg": a newcomer's "x" got only
        "x_mm: missing")."""
        # (not any close key: "x_mm" is one letter from "y_mm", and is its own field)
        bare = key.rsplit("_", 1)[0] if key.endswith(("_mm", "_deg")) else key
        near = [k for k in self.data if isinstance(k, str) and k.lower() in (key, bare)]
        if near:
            return self.err(key, f"missing (required; {near[0]!r} is given: did you mean "
                                 f"{key!r}?)")
        return self.err(key, "missing (required)")

    def num(self, key: str, default: Any = ...) -> float:
        if key not in self.data:
            if default is ...:
                raise self.missing(key)
            return default
        v = self.data[key]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise self.err(key, f"expected a number, got {v!r}")
        if key.endswith("_mm") and abs(v) > MAX_COORD_MM:
            raise self.err(key, f"{v!r} mm is not on any table (at most {MAX_COORD_MM:.0f} mm)")
        return float(v)

    def heading(self, key: str, default: Any = ...) -> float:
        """An angle in degrees read into [0, 360); at most :data:`MAX_TURN_DEG` either way."""
        v = self.num(key, default)
        if abs(v) > MAX_TURN_DEG:  # quoted as written: 10**30 is not "1e+30"
            raise self.err(key, f"{self.data.get(key, v)!r} deg is not a heading (expected -{MAX_TURN_DEG:.0f}.."
                           f"{MAX_TURN_DEG:.0f}, read modulo 360)")
        v %= 360.0
        return 0.0 if v >= 360.0 else v  # -1e-20 % 360.0 is 360.0 in floating point

    def confidence(self) -> float | None:
        """The optional detector ``confidence``, 0..1 (DESIGN.md)."""
        v = self.num("confidence", None)
        if v is not None and not 0.0 <= v <= 1.0:
            raise self.err("confidence", f"expected 0..1, got {v:g}")
        return v

    def int(self, key: str, default: Any = ...) -> int:
        if key not in self.data:
            if default is ...:
                raise self.missing(key)
            return default
        v = self.data[key]
        if isinstance(v, bool) or not isinstance(v, int):
            raise self.err(key, f"expected a whole number, got {v!r}")
        return v

    def str(self, key: str, default: Any = ..., nullable: bool = False) -> Any:
        if key not in self.data:
            if default is ...:
                raise self.missing(key)
            return default
        v = self.data[key]
        if v is None and nullable:
            return None
        if not isinstance(v, str):
            raise self.err(key, f"expected a string, got {v!r}")
        return v

    def bool(self, key: str, default: bool) -> bool:
        if key not in self.data:
            return default
        v = self.data[key]
        if not isinstance(v, bool):  # "false" (a string) would read as True
            raise self.err(key, f"expected true or false, got {v!r}")
        return v

    def outline(self, key: str) -> tuple[tuple[float, float], ...] | None:
        """An optional polygon ``[[x_mm, y_mm], ...]``: at least 3 finite points on a table."""
        raw = self.data.get(key)
        if raw is None:
            return None
        try:
            points = tuple((float(x), float(y)) for x, y in raw)
        except (TypeError, ValueError):
            raise self.err(key, "expected a list of [x_mm, y_mm] points") from None
        if len(points) < 3:
            raise self.err(key, f"expected at least 3 [x_mm, y_mm] points, got {len(points)}")
        for i, pt in enumerate(points):
            if not all(math.isfinite(v) and abs(v) <= MAX_COORD_MM for v in pt):
                raise self.err(key, f"point {i} {list(raw[i])!r} is not a finite table "
                               f"position (at most {MAX_COORD_MM:.0f} mm)")
        return points

    def extra(self, known: set[str]) -> dict[str, Any]:
        return {k: v for k, v in self.data.items() if k not in known}


_SHIP_KEYS = {"id", "ship_class", "player", "x_mm", "y_mm", "heading_deg", "speed", "size_class",
              "bow_known", "confidence"}
_SQ_KEYS = {"id", "squadron_class", "player", "x_mm", "y_mm", "confidence"}
_OB_KEYS = {"id", "obstacle", "x_mm", "y_mm", "heading_deg", "flipped", "confidence", "outline_mm"}


def _player(o: _Obj) -> int:
    p = o.int("player")
    if p not in (1, 2):
        raise o.err("player", f"expected 1 or 2, got {p}")
    return p


def scene_from_dict(data: Any, source: str = "<scene>") -> Scene:
    """Build a :class:`Scene` from parsed JSON; raises :class:`InputError` naming the field."""
    top = _Obj(data, "", source)
    jsontext.check_format(data.get("format"), SCENE_FORMAT, source)
    area = data.get("play_area_mm", list(PLAY_AREA_6X3_MM))
    if (
        not isinstance(area, list) or len(area) != 2
        or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                   and 0 < v <= MAX_COORD_MM for v in area)
    ):
        raise top.err("play_area_mm", f"expected [width_mm, height_mm] with each side 0 < side <= "
                      f"{MAX_COORD_MM:.0f} mm, got {area!r}")
    seen: set[str] = set()

    def items(key: str) -> list[_Obj]:
        raw = data.get(key, [])
        if not isinstance(raw, list):
            raise top.err(key, "expected a list")
        objs = [_Obj(v, f"{key}[{i}]", source) for i, v in enumerate(raw)]
        for o in objs:
            pid = o.str("id")
            if not pid.strip():  # an empty id cannot be named in --ship, --attacker or a row
                raise o.err("id", "expected a piece id, got an empty string")
            if pid in seen:
                raise o.err("id", f"duplicate piece id {pid!r}")
            seen.add(pid)
        return objs

    ships = []
    for o in items("ships"):
        size = o.str("size_class", None, nullable=True)
        if size is not None and size not in SIZE_CLASSES:
            raise o.err("size_class", f"expected one of {', '.join(SIZE_CLASSES)}, got {size!r}")
        cls = o.str("ship_class", None, nullable=True)
        if cls is None and size is None:
            raise o.err("ship_class", "missing: give ship_class, or size_class for an unknown ship")
        speed = o.int("speed", 0)
        if not 0 <= speed <= 4:
            raise o.err("speed", f"expected 0..4, got {speed}")
        ships.append(ShipPose(
            id=o.str("id"), ship_class=cls, player=_player(o), x_mm=o.num("x_mm"),
            y_mm=o.num("y_mm"), heading_deg=o.heading("heading_deg"), speed=speed,
            size_class=size, bow_known=o.bool("bow_known", True),
            confidence=o.confidence(), extra=o.extra(_SHIP_KEYS),
        ))
    squadrons = [
        SquadronPose(
            id=o.str("id"), squadron_class=o.str("squadron_class", None, nullable=True),
            player=_player(o), x_mm=o.num("x_mm"), y_mm=o.num("y_mm"),
            confidence=o.confidence(), extra=o.extra(_SQ_KEYS),
        )
        for o in items("squadrons")
    ]
    obstacles = []
    for o in items("obstacles"):
        outline = o.outline("outline_mm")
        obstacles.append(ObstaclePose(
            id=o.str("id"), obstacle=o.str("obstacle", None, nullable=True), x_mm=o.num("x_mm"),
            y_mm=o.num("y_mm"), heading_deg=o.heading("heading_deg", 0.0),
            flipped=o.bool("flipped", False), confidence=o.confidence(),
            outline_mm=outline, extra=o.extra(_OB_KEYS),
        ))
    return Scene(tuple(ships), tuple(squadrons), tuple(obstacles),
                 (float(area[0]), float(area[1])),
                 top.extra({"format", "play_area_mm", "ships", "squadrons", "obstacles"}))


#: a piece's key holding one of these (any case) is game state, not a scene's: named by
#: :func:`misspelt_fields` (a breaker wrote "defense_tokens", "command_dials", "dials" and
#: "defence_token" on ships and got answers with no word that they were not read)
GAME_STATE_WORDS = ("token", "dial", "shield", "damage")


def misspelt_fields(scene: Scene) -> list[str]:
    """Notes on keys a reader kept in ``extra`` that are one slip from a field it reads
    (``"sped"``, ``"Ships"``): a typo there is otherwise silent (the field takes its default).
    Keys far from every field (``"player_known"``, a tool's own data) are not named, except a
    piece's game state (:data:`GAME_STATE_WORDS`: defense tokens, dials...), which a scene
    does not hold."""
    import difflib

    def near(key: str, known: set[str]) -> str | None:
        if key.lower() in known:
            return key.lower()
        # 0.75: "spd" -> "speed" (3 of 4 letters kept), but not "player_known" -> "player"
        got = difflib.get_close_matches(key.lower(), sorted(known), n=1, cutoff=0.75)
        return got[0] if got else None

    top_keys = {"format", "play_area_mm", "ships", "squadrons", "obstacles"}
    notes = [f"{k!r} is not a scene field, and is not read (did you mean {m!r}?)"
             for k in scene.extra if (m := near(k, top_keys)) is not None]
    kinds = (("ships", "ship", scene.ships, _SHIP_KEYS, "ship_class"),
             ("squadrons", "squadron", scene.squadrons, _SQ_KEYS, "squadron_class"),
             ("obstacles", "obstacle", scene.obstacles, _OB_KEYS, "obstacle"))
    class_keys = {k[4] for k in kinds}
    for name, _, pieces, known, class_key in kinds:
        for i, piece in enumerate(pieces):
            for k in piece.extra:
                if any(word in k.lower() for word in GAME_STATE_WORDS):
                    notes.append(f"{name}[{i}] ({piece.id!r}): {k!r} is game state, which a "
                                 "scene does not hold, and is not read (defense tokens, command "
                                 "dials and tokens, shields and damage are kept by the window's "
                                 "game panel and its game log)")
                    continue
                # a field of another kind of piece ("ship_class" on a squadron) is no typo
                other = next((one for _, one, _, keys, _ in kinds
                              if keys is not known and k in keys), None)
                m = class_key if k in class_keys else near(k, known)
                if other is not None:
                    # no hint to a class field the piece already gives
                    given = m == class_key and getattr(piece, class_key, None) is not None
                    hint = f" (did you mean {m!r}?)" if m and not given else ""
                    article = "an" if other[0] in "aeiou" else "a"
                    notes.append(f"{name}[{i}] ({piece.id!r}): {k!r} is a field of {article} "
                                 f"{other}, not read here{hint}")
                elif m is not None:
                    notes.append(f"{name}[{i}] ({piece.id!r}): {k!r} is not a field, and is "
                                 f"not read (did you mean {m!r}?)")
    return notes


def load_scene(path: str | Path) -> Scene:
    """Read a Scene JSON file; raises :class:`InputError` naming the file and field."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8-sig")  # a BOM (Windows Notepad) is no error
    except IsADirectoryError:
        raise InputError("is a folder, not a scene file", source=str(p)) from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", source=str(p)) from None
    except UnicodeDecodeError as exc:
        raise InputError(jsontext.not_text(p, exc), source=str(p)) from None
    try:
        data = jsontext.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}",
                         source=str(p)) from None
    return scene_from_dict(data, str(p))


def _clean(d: dict[str, Any], optional_none: tuple[str, ...]) -> dict[str, Any]:
    extra = d.pop("extra", {}) or {}
    for k in optional_none:
        if d.get(k) is None:
            d.pop(k, None)
    d.update({k: v for k, v in extra.items() if k not in d})
    return d


def scene_to_dict(scene: Scene) -> dict[str, Any]:
    """The ``armada-scene/1`` JSON object for ``scene`` (unknown keys read earlier kept)."""
    out: dict[str, Any] = {"format": SCENE_FORMAT, "play_area_mm": list(scene.play_area_mm)}
    ships = []
    for s in scene.ships:
        d = _clean(asdict(s), ("size_class", "confidence"))
        if d.get("bow_known", True):
            d.pop("bow_known", None)
        ships.append(d)
    out["ships"] = ships
    out["squadrons"] = [_clean(asdict(s), ("confidence",)) for s in scene.squadrons]
    obstacles = []
    for o in scene.obstacles:
        d = _clean(asdict(o), ("confidence", "outline_mm"))
        if "outline_mm" in d:
            d["outline_mm"] = [list(p) for p in d["outline_mm"]]
        if not d.get("flipped"):
            d.pop("flipped", None)
        obstacles.append(d)
    out["obstacles"] = obstacles
    out.update({k: v for k, v in scene.extra.items() if k not in out})
    return out


def save_scene(scene: Scene, path: str | Path) -> None:
    """Write ``scene`` as JSON, atomically (a temporary file renamed over the target)."""
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    tmp.write_text(json.dumps(scene_to_dict(scene), indent=2) + "\n", encoding="utf-8")
    tmp.replace(p)
