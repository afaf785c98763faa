"""The reducer: ``apply(state, event) -> state``, ``replay(events)``, ``undo(events)``.

One handler per event type (the ``_r_*`` modules register them in ``_dispatch.HANDLERS``).
Before the handler runs, ``apply`` enforces what holds for every event: the game must have
started, a pending choice blocks everything but its own resolution, and nothing happens after
the last round. After it, a fleet with no ships ends the game, and a player with no squadron
left to activate passes their turn of the Squadron Phase. Log-only events never change the game
state (only the event count).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from . import _r_attack, _r_commands, _r_moves, _r_round  # noqa: F401  (register the handlers)
from ._dispatch import HANDLERS
from ._errors import RuleViolation, terms
from ._events import CommandTokenDiscarded, Event, GameStarted, Note, event_from_json
from ._r_round import pass_empty_squadron_turn
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
        if state.winner is not None:
            raise RuleViolation("the game is over: player {player}'s fleet has no ships left",
                                22, player=3 - state.winner)
        raise RuleViolation("the game is over after round {rounds}", 15, rounds=state.rounds)
    handler = HANDLERS.get(type(event))
    if handler is None:
        raise TypeError(f"no rule handles {type(event).__name__} events (make it log_only?)")
    state_after = pass_empty_squadron_turn(_fleet_destroyed(handler(state, event)))
    return state_after.replace(events=state.events + 1)


def _fleet_destroyed(state: GameState) -> GameState:
    """"If all ships in a fleet are destroyed, ignoring squadrons, the game immediately ends. The
    player with one or more ships remaining in the play area is the winner" (RRG "Winning and
    Losing", p.22); both fleets at once: the scores decide (not tracked: no winner here). A
    ship that spent a salvo token performs its salvo before it is removed (p.5), so the game
    ends after that."""
    attack = state.attack
    if state.round < 1 or state.phase == "ended" or state.salvo_due is not None or (
            attack is not None and (attack.salvo_spent or attack.salvo)):
        return state
    alive = {p: bool(state.ships_of(p)) for p in (1, 2)}
    had = {p: any(s.player == p for s in state.ships) for p in (1, 2)}
    out = [p for p in (1, 2) if had[p] and not alive[p]]
    if not out:
        return state
    winner = None if len(out) == 2 else 3 - out[0]
    return state.replace(phase="ended", winner=winner, attack=None, active_ship=None,
                         turn_player=None)


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
