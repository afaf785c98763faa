"""Loading and validating the TOML piece catalog (``models/``, format in ../shared/DESIGN.md).

Every problem in a file raises :class:`armada_vision.errors.InputError` naming the file, the field
and what was expected; nothing here lets a ``KeyError`` or ``TypeError`` escape.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path
from types import MappingProxyType

from armada_vision.errors import InputError

from ._toml import _read_toml, _Table
from ._types import (
    DEFENSE_TOKEN_TYPES,
    SIZE_CLASSES,
    STANDARD_ZONE_LINES,
    BaseSpec,
    Catalog,
    Dice,
    ManeuverTool,
    ObstacleClass,
    Ruler,
    ShipClass,
    SquadronClass,
    TokenSpec,
)

BUILTIN_MODELS = Path(__file__).resolve().parents[2] / "models"


def default_models_dir() -> Path:
    """The bundled ``models/`` folder (or ``$ARMADA_VISION_MODELS`` when set)."""
    env = os.environ.get("ARMADA_VISION_MODELS")
    return Path(env) if env else BUILTIN_MODELS


def _speed_chart(t: _Table, max_clicks: int) -> tuple[tuple[int, ...], ...]:
    value = t.raw("speed_chart")
    if not isinstance(value, list) or not value:
        raise t.error("speed_chart", "expected a list of yaw lists, one per speed from 1")
    chart = []
    for s, row in enumerate(value, start=1):
        if (
            not isinstance(row, list)
            or len(row) != s
            or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= max_clicks for v in row)
        ):
            raise t.error(
                f"speed_chart[{s - 1}]",
                f"speed {s} needs {s} yaw value{'s' if s != 1 else ''} of 0..{max_clicks} clicks, "
                f"got {row!r}",
            )
        chart.append(tuple(row))
    return tuple(chart)


def load_ship(path: Path, class_id: str | None = None) -> ShipClass:
    """Read one ship class from ``path``; the class id is the file's stem."""
    t = _read_toml(path)
    size_class = t.str("size_class", choices=SIZE_CLASSES)
    arc = t.table("arc_lines")
    arc_lines = {}
    for name in arc.data:
        pts = arc.points(name, minimum=2)
        if len(pts) != 2:
            raise arc.error(name, "expected two points [inner, edge]")
        arc_lines[name] = (pts[0], pts[1])
    if t.has("zone_lines"):
        zl = t.table("zone_lines")
        zone_lines = {}
        for zone in zl.data:
            pair = zl.strs(zone)
            if len(pair) != 2:
                raise zl.error(zone, "expected the names of two arc lines")
            zone_lines[zone] = (pair[0], pair[1])
    else:
        zone_lines = dict(STANDARD_ZONE_LINES)
    for zone, (a, b) in zone_lines.items():
        for line in (a, b):
            if line not in arc_lines:
                raise arc.error(line, f"missing (hull zone {zone!r} is bounded by it)")
    tps = t.table("targeting_points")
    targeting_points = {zone: tps.point(zone) for zone in zone_lines}
    shields_t = t.table("shields")
    shields = {zone: shields_t.int(zone) for zone in zone_lines}
    arm = t.table("armament")
    armament = {zone: arm.dice(zone, Dice()) for zone in zone_lines}
    base_t = t.table("base")
    token_t = t.table("token")
    bases = t.points("bases") if t.has("bases") else ((0.0, 0.0),)
    token = TokenSpec(
        token_t.num("width_mm", positive=True),
        token_t.num("length_mm", positive=True),
        token_t.point("offset_mm", (0.0, 0.0)),
        token_t.num("thickness_mm", 2.0, positive=True),
    )
    # Points of the token frame lie on the token: a typo (500 for 50) measured range and line
    # of sight from off the ship without a word. Half a millimetre of slack for rounding.
    half_l, half_w = token.length_mm / 2.0 + 0.5, token.width_mm / 2.0 + 0.5
    for table, points in ((tps, {z: [p] for z, p in targeting_points.items()}),
                          (arc, {n: list(ps) for n, ps in arc_lines.items()})):
        for key, pts in points.items():
            for x, y in pts:
                if abs(x) > half_l or abs(y) > half_w:
                    raise table.error(key, f"[{x:g}, {y:g}] is off the {token.width_mm:g} x "
                                      f"{token.length_mm:g} mm token (token frame: origin at its "
                                      "centre, +x to the bow)")
    return ShipClass(
        id=class_id or path.stem,
        name=t.str("name"),
        size_class=size_class,
        faction=t.str("faction"),
        hull=t.int("hull", minimum=1),
        command=t.int("command", minimum=1),
        squadron=t.int("squadron"),
        engineering=t.int("engineering"),
        defense_tokens=t.strs("defense_tokens", choices=DEFENSE_TOKEN_TYPES),
        speed_chart=_speed_chart(t, 2),
        shields=MappingProxyType(shields),
        armament=MappingProxyType(armament),
        anti_squadron=t.dice("anti_squadron", Dice()),
        base=BaseSpec(
            base_t.num("width_mm", positive=True),
            base_t.num("length_mm", positive=True),
            base_t.num("height_mm", positive=True),
        ),
        token=token,
        arc_lines=MappingProxyType(arc_lines),
        zone_lines=MappingProxyType(zone_lines),
        targeting_points=MappingProxyType(targeting_points),
        bases=bases,
        keywords=t.strs("keywords", []),
        shield_dial_depth_mm=t.num("shield_dial_depth_mm", 0.0),
        source=str(path),
    )


def load_squadron_base(path: Path) -> dict[str, float]:
    """Read ``squadron-base.toml``: the defaults for every squadron file that leaves them out."""
    t = _read_toml(path)
    return {
        "base_diameter_mm": t.num("diameter_mm", positive=True),
        "base_height_mm": t.num("height_mm", 5.0, positive=True),
    }


def load_squadron(
    path: Path, class_id: str | None = None, defaults: dict[str, float] | None = None
) -> SquadronClass:
    """Read one squadron class from ``path``; the class id is the file's stem.

    ``base_diameter_mm`` and ``base_height_mm`` may be left out when ``defaults`` (from
    ``squadron-base.toml``) supplies them; a value in the file wins.
    """
    t = _read_toml(path)
    defaults = defaults or {}
    keywords = t.strs("keywords", [])
    values = {}
    if t.has("keyword_values"):
        kv = t.table("keyword_values")
        for name in kv.data:
            if name not in keywords:
                raise kv.error(name, f"is not one of this squadron's keywords ({', '.join(keywords)})")
            values[name] = kv.int(name, minimum=1)
    return SquadronClass(
        id=class_id or path.stem,
        name=t.str("name"),
        faction=t.str("faction"),
        base_diameter_mm=t.num("base_diameter_mm", defaults.get("base_diameter_mm", ...), positive=True),
        speed=t.int("speed"),
        hull=t.int("hull", minimum=1),
        anti_squadron=t.dice("anti_squadron", Dice()),
        anti_ship=t.dice("anti_ship", Dice()),
        keywords=keywords,
        base_height_mm=t.num("base_height_mm", defaults.get("base_height_mm", 5.0), positive=True),
        unique=bool(t.raw("unique", False)),
        source=str(path),
        keyword_values=MappingProxyType(values),
    )


def load_obstacle(path: Path, class_id: str | None = None) -> ObstacleClass:
    """Read one obstacle from ``path``; ``outline_mm`` is re-centred on its area centroid."""
    t = _read_toml(path)
    outline = t.points("outline_mm", minimum=3)
    # Shoelace centroid so that the pose origin is the area centroid (DESIGN.md).
    a = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(outline, outline[1:] + outline[:1]):
        cross = x0 * y1 - x1 * y0
        a += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(a) < 1e-9:
        raise t.error("outline_mm", "the outline has no area")
    cx /= 3.0 * a
    cy /= 3.0 * a
    outline = tuple((x - cx, y - cy) for x, y in outline)
    return ObstacleClass(
        id=class_id or path.stem,
        name=t.str("name"),
        kind=t.str("kind"),
        outline_mm=outline,
        thickness_mm=t.num("thickness_mm", 2.0, positive=True),
        source=str(path),
    )


def load_ruler(path: Path) -> Ruler:
    t = _read_toml(path)
    rb = t.table("range_bands_mm")
    bands = {b: rb.num(b, positive=True) for b in ("close", "medium", "long")}
    if not bands["close"] < bands["medium"] < bands["long"]:
        raise rb.error("close", "band edges must increase: close < medium < long")
    db = t.table("distance_bands_mm")
    dist = tuple(db.num(str(d), positive=True) for d in range(1, 6))
    if any(b <= a for a, b in zip(dist, dist[1:])):
        raise db.error("1", "distance band edges must increase from 1 to 5")
    return Ruler(MappingProxyType(bands), dist, t.num("length_mm", positive=True), str(path))


def load_maneuver_tool(path: Path) -> ManeuverTool:
    t = _read_toml(path)
    return ManeuverTool(
        click_deg=t.num("click_deg", positive=True),
        max_clicks_per_joint=t.int("max_clicks_per_joint", minimum=1),
        segment_before_joint_mm=t.num("segment_before_joint_mm", positive=True),
        segment_after_joint_mm=t.num("segment_after_joint_mm", positive=True),
        width_mm=t.num("width_mm", positive=True),
        max_speed=t.int("max_speed", minimum=1),
        source=str(path),
    )


def _load_dir(folder: Path, loader, into: dict) -> None:
    if folder.is_dir():
        for path in sorted(folder.glob("*.toml")):
            into[path.stem] = loader(path)


_MODELS_ENTRIES = ("ships", "squadrons", "obstacles", "ruler.toml", "maneuver-tool.toml",
                   "squadron-base.toml")


def _check_models_folder(folder: Path) -> None:
    """Raise :class:`InputError` when ``--models`` names a folder with nothing the catalog
    reads (no ``ships/``, ``squadrons/``, ``obstacles/`` nor a tool file): one level too high or
    too low, or the TOML files put straight into it, which added nothing without a word."""
    if any((folder / name).exists() for name in _MODELS_ENTRIES):
        return
    stray = sorted(p.name for p in folder.glob("*.toml"))
    hint = (f"; put {stray[0]} in {folder / 'ships'} (or squadrons/, obstacles/)" if stray
            else "; expected DIR/ships/*.toml, DIR/squadrons/*.toml or DIR/obstacles/*.toml")
    raise InputError("no ships/, squadrons/ or obstacles/ folder in it: nothing to add" + hint,
                     source=str(folder))


def load_catalog(models: str | os.PathLike | None = None, *, builtin: Path | None = None) -> Catalog:
    """Load the bundled catalog, then add or override classes from ``models`` (``--models DIR``).

    ``models`` may hold ``ships/``, ``squadrons/``, ``obstacles/`` and optionally its own
    ``ruler.toml``, ``maneuver-tool.toml`` and ``squadron-base.toml`` (the squadron base size
    used by every squadron file that does not give its own). Raises :class:`InputError` naming the file and
    field of any broken entry, or the folder if it does not exist.
    """
    base = builtin or default_models_dir()
    roots = [base]
    if models is not None:
        extra = Path(models)
        if extra.exists() and not extra.is_dir():  # e.g. one ship's TOML given as --models
            raise InputError("is a file, not a folder: give the folder that holds ships/, "
                             "squadrons/ or obstacles/", source=str(extra), field="--models")
        if not extra.is_dir():
            raise InputError("models folder does not exist", source=str(extra))
        _check_models_folder(extra)
        roots.append(extra)
    ships: dict[str, ShipClass] = {}
    squadrons: dict[str, SquadronClass] = {}
    obstacles: dict[str, ObstacleClass] = {}
    ruler = tool = None
    squadron_defaults: dict[str, float] = {}
    for root in roots:
        if (root / "squadron-base.toml").is_file():
            squadron_defaults = load_squadron_base(root / "squadron-base.toml")
    for root in roots:
        _load_dir(root / "ships", load_ship, ships)
        _load_dir(
            root / "squadrons",
            functools.partial(load_squadron, defaults=squadron_defaults),
            squadrons,
        )
        _load_dir(root / "obstacles", load_obstacle, obstacles)
        if (root / "ruler.toml").is_file():
            ruler = load_ruler(root / "ruler.toml")
        if (root / "maneuver-tool.toml").is_file():
            tool = load_maneuver_tool(root / "maneuver-tool.toml")
    if ruler is None:
        raise InputError("missing ruler.toml", source=str(base))
    if tool is None:
        raise InputError("missing maneuver-tool.toml", source=str(base))
    for ship in ships.values():
        if ship.max_speed > tool.max_speed:
            raise InputError(
                f"speed chart goes to speed {ship.max_speed}, the tool has {tool.max_speed} segments",
                source=ship.source,
                field="speed_chart",
            )
    return Catalog(
        MappingProxyType(ships),
        MappingProxyType(squadrons),
        MappingProxyType(obstacles),
        ruler,
        tool,
        tuple(str(r) for r in roots),
    )


@functools.lru_cache(maxsize=8)
def _cached(models: str | None) -> Catalog:
    return load_catalog(models)


def get_catalog(models: str | os.PathLike | None = None) -> Catalog:
    """The catalog for ``models`` (or the bundled one), loaded and validated once per process."""
    return _cached(None if models is None else str(Path(models).resolve()))
