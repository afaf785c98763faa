"""Compile the rules core's kernels before a player waits on them.

The hot kernels are compiled by numba on their first call (``_soa.py``). With an empty cache
(the first run after an install or upgrade) that takes seconds of CPU; later runs load the
machine code from numba's on-disk cache in a fraction of a second. ``compile_kernels`` makes
that first call on a small made-up table, so that a window can do it behind a progress
message instead of freezing on the first selected ship, and a command can say why it is slow.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from types import ModuleType

from armada_vision.catalog import Catalog
from armada_vision.scene import ObstaclePose, Scene, ShipPose, SquadronPose


def warm_up_scene(catalog: Catalog) -> Scene:
    """A small table that reaches every kernel: two opposing ships facing each other across an
    obstacle, a third ship between them partly over a second obstacle (blocking, obstruction), and squadrons of both
    players close together (engagement). The classes are the catalog's first ones (any class
    will do: the kernels do not depend on the class, only on array types)."""
    ship_ids = sorted(catalog.ships)
    sq_ids = sorted(catalog.squadrons)
    ob_ids = sorted(catalog.obstacles)
    ships: list[ShipPose] = []
    if ship_ids:
        cls = ship_ids[0]
        ships = [ShipPose("w1", cls, 1, 300.0, 450.0, 0.0, 1),
                 ShipPose("w2", cls, 2, 700.0, 450.0, 180.0, 1),
                 ShipPose("w3", cls, 2, 500.0, 540.0, 90.0, 1)]
    squadrons: list[SquadronPose] = []
    if sq_ids:
        cls = sq_ids[0]
        squadrons = [SquadronPose("ws1", cls, 1, 420.0, 300.0),
                     SquadronPose("ws2", cls, 2, 470.0, 300.0),
                     SquadronPose("ws3", cls, 2, 420.0, 360.0)]
    # one obstacle in the open, one partly under the middle ship and its shield dials (a ship
    # on an obstacle obstructs only over its visible part; a dial over an obstacle, RRG 2021)
    obstacles = ([ObstaclePose("wo1", ob_ids[0], 500.0, 420.0),
                  ObstaclePose("wo2", ob_ids[0], 520.0, 540.0)] if ob_ids else [])
    return Scene(ships=tuple(ships), squadrons=tuple(squadrons), obstacles=tuple(obstacles))


def compile_kernels(catalog: Catalog) -> int:
    """Compile (or load from the on-disk cache) every compiled kernel of the rules core by
    checking :func:`warm_up_scene` under the default ruleset and with squadrons obstructing.

    Returns the number of compiled kernels. Takes seconds of CPU the first time after an install
    (docs/rules.md gives the figure), well under a second once cached. Safe to call from a
    worker thread; the checks of the made-up scene are thrown away.
    """
    from armada_vision.rules import check_scene, engagements

    scene = warm_up_scene(catalog)
    attackers = [None, *(p.id for p in (*scene.ships[:1], *scene.squadrons[:1]))]
    for ruleset in ("rrg-1.6", "rrg-1.6+squadrons-obstruct"):
        for attacker in attackers:   # the whole table, and one attacker as the window asks
            check_scene(scene, catalog, ruleset, attacker)
        engagements(scene, catalog, ruleset)
    return sum(1 for _ in kernels())


def kernels() -> Iterator[tuple[str, object]]:
    """``(module.name, dispatcher)`` for every numba kernel in the loaded rules modules."""
    for mod_name, mod in sorted(sys.modules.items()):
        if not isinstance(mod, ModuleType) or not mod_name.startswith("armada_vision.rules."):
            continue
        for name, obj in sorted(vars(mod).items()):
            if hasattr(obj, "signatures") and getattr(obj, "__module__", None) == mod_name:
                yield f"{mod_name}.{name}", obj
