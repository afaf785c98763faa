"""The garbage collector's policy for the live loop: start-up objects frozen out of its reach.

Python's cyclic collector walks every tracked object in its oldest generation now and then (a
few times in a hundred live frames here). After start-up that is ~130,000 objects (modules,
numba's and Qt's, the catalog, the detector's caches), ~55-75 ms a walk at load ~7, and the
walk lands inside whatever frame runs then. :func:`freeze_heap` collects once and moves every
object alive to the permanent generation (:func:`gc.freeze`), which no collection walks again:
later oldest-generation walks see only what was made since (~24,000 objects, ~11 ms;
``bench/detection.py --video``, 2026-12-02). Objects frozen stay freed by reference counting
as usual; only a cycle among them is never collected (the start-up's few such cycles stay).
"""

from __future__ import annotations

import gc

__all__ = ["freeze_heap"]


def freeze_heap() -> int:
    """Collect garbage once, then freeze every object alive (:func:`gc.freeze`), so that the
    collector's oldest-generation walks skip them. Call it after start-up (and after the first
    frame, whose detector builds its caches then); the collection costs ~30-60 ms once.
    Returns the number of objects now frozen (:func:`gc.get_freeze_count`)."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
