"""Refusing a scene that names a piece class the catalog does not have.

A typo in a scene file's ``ship_class`` ("victory-star-destroyer") used to reach the window,
which drew a plain "unknown ? ship" rectangle of the smallest base size without a word; ``move``
refused naming the ship but not the file. Every command that reads a scene file checks it here
first, so the message names the file, the field, the piece id, the unknown class and the
nearest class ids the catalog does have.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import Any

from armada_vision.errors import InputError

from ._types import Catalog

# difflib ratio above which a class id counts as a likely meant name (difflib's own default;
# it offers "gravity-rift" for "gravity-well" and both Victory classes for "victory-star-destroyer")
_CUTOFF = 0.6


def _norm(text: str) -> str:
    """``"Victory II Star Destroyer"`` and ``"victory_ii_star_destroyer"`` -> the id spelling."""
    return re.sub(r"[\s_]+", "-", text.strip().lower())


def closest_class_ids(name: str, table: Mapping[str, Any], n: int = 3) -> list[str]:
    """Up to ``n`` class ids of ``table`` (``catalog.ships``, ``.squadrons`` or ``.obstacles``)
    that ``name`` most likely meant, best first: an id or display name equal to ``name`` up to
    case, spaces and underscores, then ids containing it, then difflib's closest ids and names.
    ``[]`` when nothing is near."""
    key = _norm(name)
    by_name = {_norm(getattr(cls, "name", cid)): cid for cid, cls in table.items()}
    out: list[str] = []

    def add(cid: str) -> None:
        if cid not in out:
            out.append(cid)

    if key in table:
        add(key)
    if key in by_name:
        add(by_name[key])
    if len(key) >= 3:
        for cid in sorted(table):
            if key in cid:
                add(cid)
    for hit in difflib.get_close_matches(key, [*table, *by_name], n=n, cutoff=_CUTOFF):
        add(hit if hit in table else by_name[hit])
    return out[:n]


def _unknown(kind: str, folder: str, pid: str, name: str, table: Mapping[str, Any]) -> str:
    near = closest_class_ids(name, table)
    hint = (f"closest known: {', '.join(near)}" if near else
            f"no known {kind} class is close; the {len(table)} known ones are the file names "
            f"in models/{folder}/")
    return f"{kind} {pid!r} has an unknown class {name!r} ({hint})"


def unknown_classes(scene: Any, catalog: Catalog) -> list[tuple[str, str]]:
    """``(field, message)`` for each piece of ``scene`` whose class is not in ``catalog``: a
    ship or squadron class, or an obstacle without its own ``outline_mm`` (a detected outline
    is used as it is). ``None`` (a detected piece not identified yet) is none of them. The
    message names the piece id, the unknown class and up to three closest known class ids."""
    problems: list[tuple[str, str]] = []
    for i, s in enumerate(scene.ships):
        if s.ship_class is not None and s.ship_class not in catalog.ships:
            problems.append((f"ships[{i}].ship_class",
                             _unknown("ship", "ships", s.id, s.ship_class, catalog.ships)))
    for i, q in enumerate(scene.squadrons):
        if q.squadron_class is not None and q.squadron_class not in catalog.squadrons:
            problems.append((f"squadrons[{i}].squadron_class",
                             _unknown("squadron", "squadrons", q.id, q.squadron_class,
                                      catalog.squadrons)))
    for i, o in enumerate(scene.obstacles):
        if o.obstacle is not None and o.obstacle not in catalog.obstacles and not o.outline_mm:
            problems.append((f"obstacles[{i}].obstacle",
                             _unknown("obstacle", "obstacles", o.id, o.obstacle,
                                      catalog.obstacles)))
    return problems


def require_known_classes(scene: Any, catalog: Catalog, source: str) -> None:
    """Raise :class:`InputError` for the first piece of ``scene`` whose class is not in
    ``catalog`` (see :func:`unknown_classes`), naming ``source`` (the scene file) and the
    field, and saying how many more pieces are unknown."""
    problems = unknown_classes(scene, catalog)
    if problems:
        field, message = problems[0]
        more = len(problems) - 1
        if more:
            message += f"; {more} more piece{'s' if more > 1 else ''} of unknown class"
        raise InputError(message, source=source, field=field)
