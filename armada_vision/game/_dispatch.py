"""The reducer's dispatch table: one handler per event type (filled by the ``_r_*`` modules)."""

from __future__ import annotations

from collections.abc import Callable

HANDLERS: dict[type, Callable] = {}


def handles(event_type: type) -> Callable:
    """Register the decorated ``(state, event) -> state`` function as the handler of a type."""

    def register(fn: Callable) -> Callable:
        HANDLERS[event_type] = fn
        return fn

    return register
