"""Conveniences for callers such as the window: an undoable history, "why not?" questions, and
the events of a maneuver result. All built on ``apply``, so they can never disagree with it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from armada_vision.errors import InputError

from ._errors import Reason, RuleViolation
from ._events import (
    DamageDealt,
    DefenseTokenSpent,
    Destroyed,
    Event,
    ManeuverExecuted,
    SpeedChanged,
    SquadronMoved,
)
from ._reducer import apply
from ._state import INITIAL_STATE, GameState


def violation(state: GameState, event: Event) -> RuleViolation | None:
    """``None`` when ``event`` is legal in ``state``, else the ``RuleViolation`` it would raise
    (its ``template``, ``args`` and ``page`` let a window show it in the players' language)."""
    try:
        apply(state, event)
    except RuleViolation as exc:
        return exc
    return None


def why_not(state: GameState, event: Event) -> str | None:
    """``None`` when ``event`` is legal in ``state``, else the rule's reason (with RRG page).

    For enabling buttons and tooltips: ``why_not(state, DefenseTokenSpent("a", 0))``.
    """
    exc = violation(state, event)
    return None if exc is None else str(exc)


def cut_off_warning(state: GameState, event: Event) -> Reason | None:
    """What ``event``, though legal, cuts short: the activation of squadrons that the active
    ship's squadron command activated and that have not attacked yet (RRG "Commands" p.3: they
    act in the ship's Reveal Command Dial step, "Ship Activation" p.16, and their activation
    ends with it). A squadron may decline to attack, so this is a warning for the players, not
    a refusal. ``None`` when nothing is cut short, and for an illegal event (:func:`violation`
    says why). In the Squadron Phase nothing is warned about: moves are not all events, so a
    squadron that has not attacked may well have moved (it moves *or* attacks, p.20)."""
    ship = state.active_ship
    if state.phase != "ship" or ship is None or state.attack is not None:
        return None
    waiting = tuple(q for q in state.active_squadrons
                    if q not in state.squadrons_attacked and not state.squadron(q).destroyed)
    if not waiting:
        return None
    try:
        after = apply(state, event)
    except RuleViolation:
        return None
    if after.active_ship != ship:
        if len(waiting) == 1:
            return Reason("ending {ship}'s activation ends that of {squadrons}, activated by its "
                          "squadron command, before it attacked", 3, ship=ship, squadrons=waiting)
        return Reason("ending {ship}'s activation ends that of {squadrons}, activated by its "
                      "squadron command, before they attacked", 3, ship=ship, squadrons=waiting)
    still = after.ship(ship).activation_step == "reveal"
    lost = tuple(q for q in waiting if not still or q not in after.active_squadrons)
    if not lost:
        return None
    if len(lost) == 1:
        return Reason("after this, {squadrons}, activated by {ship}'s squadron command, can no "
                      "longer attack (it has not attacked yet)", 3, ship=ship, squadrons=lost)
    return Reason("after this, {squadrons}, activated by {ship}'s squadron command, can no "
                  "longer attack (they have not attacked yet)", 3, ship=ship, squadrons=lost)


def spendable_defense_tokens(state: GameState) -> tuple[int, ...]:
    """Indices of the defender's tokens it may spend now (empty when no attack is on)."""
    attack = state.attack
    if attack is None or not state.has_ship(attack.defender):
        return ()
    ship = state.ship(attack.defender)
    return tuple(
        i
        for i in range(len(ship.defense_tokens))
        if why_not(state, DefenseTokenSpent(ship.id, i)) is None
    )


def maneuver_events(
    move: Mapping[str, Any], obstacle_kinds: Mapping[str, str] | None = None
) -> list[Event]:
    """Events for a maneuver result (the DESIGN.md ``move`` JSON, ``ManeuverResult.to_json()``).

    ``ManeuverExecuted`` with the whole result as payload; one facedown damage card to each ship
    in ``damage_to`` (RRG "Overlapping", p.14: the moving ship and the closest overlapped one, or
    the flotilla alone); with ``obstacle_kinds`` (scene obstacle id -> catalog ``kind``), one
    faceup damage card for each asteroid field the ship ends on (RRG "Obstacles", p.12); then
    ``Destroyed`` when the ship ended partly outside the play area (p.14); ``SpeedChanged`` to 0
    (``cause="gravity-rift"``) when it ends on a gravity rift (p.12). Debris fields, stations,
    exogorths and purrgils need a player's choice (which zone, whether to repair) and are left
    to the players.
    """
    ship = str(move["ship"])
    events: list[Event] = [ManeuverExecuted(ship, dict(move))]
    overlapped = list(move.get("overlapped_ships") or [])
    for target in move.get("damage_to") or []:
        events.append(
            DamageDealt(
                str(target),
                facedown=1,
                payload={"cause": "overlap", "moving": ship, "overlapped": overlapped},
            )
        )
    if move.get("destroyed"):
        out = Reason("ended its move partly outside the play area", 14)  # translated as "Rules"
        events.append(Destroyed(ship, f"{out} (RRG p.{out.page})"))
        return events
    rift = False
    for obstacle in move.get("obstacles_overlapped") or []:
        kind = (obstacle_kinds or {}).get(obstacle)
        if kind == "asteroid":
            events.append(
                DamageDealt(ship, faceup=1, payload={"cause": "asteroid", "obstacle": obstacle})
            )
        rift = rift or kind == "gravity-rift"
    if rift:
        events.append(SpeedChanged(ship, 0, cause="gravity-rift"))
    return events


def squadron_move_event(move: Mapping[str, Any]) -> SquadronMoved:
    """The event for a squadron's move (``rules.movement.SquadronMoveResult.to_json()``): its
    ``blocked_by`` (the engaged enemies that stop it moving, as measured where it stood; RRG
    "Engagement" p.6) become ``engaged_with``, the whole result the payload. The game refuses
    the event when they still engage it; a result without ``blocked_by`` (older) names none.
    Raises ``InputError`` for a result that is no object, names no squadron id or whose
    ``blocked_by`` is not a list of squadron ids."""
    if not isinstance(move, Mapping):
        raise InputError(f"expected an object, got {type(move).__name__}", source="squadron move")
    squadron = move.get("squadron")
    if not isinstance(squadron, str) or not squadron:
        raise InputError("missing (required)" if squadron is None else
                         f"expected a squadron id, got {squadron!r}", source="squadron move",
                         field="squadron")
    blocked = move.get("blocked_by") or ()
    if not isinstance(blocked, (list, tuple)) or not all(isinstance(q, str) and q
                                                         for q in blocked):
        raise InputError(f"expected a list of squadron ids, got {blocked!r}",
                         source="squadron move", field="blocked_by")
    return SquadronMoved(squadron, tuple(blocked), dict(move))


class GameHistory:
    """The events of one game and their state, with undo. The only mutable thing here.

    ``apply(event)`` appends the event only if it is legal (else raises ``RuleViolation`` and
    nothing changes); ``undo()`` drops the last event; ``truncate(n)`` keeps the first ``n``.
    ``state`` always equals ``replay(events)``; the state after each event is kept, so undo
    costs no replay.
    """

    def __init__(self, events: Iterable[Event] = ()):
        self._events: list[Event] = []
        self._states: list[GameState] = [INITIAL_STATE]
        for e in events:
            self.apply(e)

    @property
    def state(self) -> GameState:
        return self._states[-1]

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    def __len__(self) -> int:
        return len(self._events)

    def apply(self, event: Event) -> GameState:
        state = apply(self.state, event)
        self._events.append(event)
        self._states.append(state)
        return state

    def why_not(self, event: Event) -> str | None:
        return why_not(self.state, event)

    def violation(self, event: Event) -> RuleViolation | None:
        return violation(self.state, event)

    def cut_off_warning(self, event: Event) -> Reason | None:
        return cut_off_warning(self.state, event)

    def state_after(self, n: int) -> GameState:
        """The state after the first ``n`` events (``0``: before any)."""
        return self._states[n]

    def undo(self) -> Event | None:
        """Drop the last event; returns it, or ``None`` when there is none."""
        if not self._events:
            return None
        self._states.pop()
        return self._events.pop()

    def truncate(self, n: int) -> None:
        """Keep only the first ``n`` events."""
        del self._events[n:]
        del self._states[n + 1 :]
