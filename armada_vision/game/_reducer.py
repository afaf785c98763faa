"""The reducer: ``apply(state, event) -> state``, ``replay(events)``, ``undo(events)``.

One handler per event type (the ``_r_*`` modules register them in ``_dispatch.HANDLERS``).
Before the handler runs, ``apply`` enforces what holds for every event: the game must have
started, a pending choice blocks everything but its own resolution, and nothing happens after
the last round. Log-only events never change the game state (only the event count).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from . import _r_attack, _r_commands, _r_round  # noqa: F401  (register the handlers)
from ._dispatch import HANDLERS
from ._errors import RuleViolation, terms
from ._events import CommandTokenDiscarded, Event, GameStarted, Note, event_from_json
from ._state import INITIAL_STATE, GameState


def apply(state: GameState, event: Event) -> GameState:
    """The state after ``event`` (``state`` itself is never changed).

    Raises ``RuleViolation`` (message: the rule's reason and RRG page) when the rules forbid
    the event in ``state``; then nothing has happened and ``state`` is still current.
    Raises ``TypeError`` for something that is not an :class:`Event`.
    """
    if not isinstance(event, Event):
        raise TypeError(f"apply() takes an Event, got {type(event).__name__}")
    if event.log_only:
        return state.replace(events=state.events + 1)
    if not state.started and not isinstance(event, GameStarted):
        raise RuleViolation("the game has not started yet (the first event is game-started)")
    pending = state.pending
    if pending is not None and not (
        isinstance(event, CommandTokenDiscarded) and event.ship == pending.ship
    ):
        raise RuleViolation(
            "first resolve the pending choice: {why} ({options})",
            4,
            why=pending.reason,
            options=terms(pending.options),
        )
    if state.phase == "ended" and not isinstance(event, Note):
        raise RuleViolation("the game is over after round {rounds}", 15, rounds=state.rounds)
    handler = HANDLERS.get(type(event))
    if handler is None:
        raise TypeError(f"no rule handles {type(event).__name__} events (make it log_only?)")
    return handler(state, event).replace(events=state.events + 1)


def _as_event(item: Event | Mapping[str, Any] | str, i: int) -> Event:
    if isinstance(item, Event):
        return item
    return event_from_json(item, source=f"event #{i}")


def replay(
    events: Iterable[Event | Mapping[str, Any] | str], state: GameState = INITIAL_STATE
) -> GameState:
    """Fold ``events`` (Event objects or their JSON) into a state, from ``state``.

    The same events always give an equal state. Raises ``RuleViolation`` at the first illegal
    event, ``InputError`` at the first malformed JSON one (naming its index).
    """
    for i, item in enumerate(events):
        try:
            state = apply(state, _as_event(item, i))
        except RuleViolation as exc:
            raise RuleViolation("event #{i}: {why}", exc.page, i=i, why=exc.as_reason()) from None
    return state


def undo(events: Sequence[Event]) -> tuple[list[Event], GameState]:
    """Drop the last event and replay the rest: ``(remaining events, their state)``."""
    rest = list(events[:-1])
    return rest, replay(rest)
