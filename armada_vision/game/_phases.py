"""The phase table: what blocks leaving each phase, what entering it does, and the phases'
RRG names (RRG "Round" p.15, "Command Phase" p.3, "Ship Phase" p.17, "Squadron Phase" p.20,
"Status Phase" p.20)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ._errors import Reason, Term
from ._state import DefenseToken, GameState
from ._values import EXHAUSTED, READIED, other_player

# --- the phase table --------------------------------------------------------------------------


def _setup_blocker(state: GameState) -> Reason | None:
    return None


def _command_blocker(state: GameState) -> Reason | None:
    short = tuple(
        Reason("{ship} has {have} of {value}", ship=s.id, have=len(s.dials), value=s.command)
        for s in state.ships
        if not s.destroyed and len(s.dials) < s.command
    )
    if short:
        return Reason(
            "every ship's dial stack must be topped up to its command value: {ships}", ships=short
        )
    return None


def _ship_blocker(state: GameState) -> Reason | None:
    if state.active_ship:
        return Reason("{ship} is still activating", ship=state.active_ship)
    left = tuple(s.id for s in state.ships if not s.destroyed and not s.activated)
    if left:
        return Reason("every ship activates in the Ship Phase; still to activate: {ids}", ids=left)
    return None


def _squadron_blocker(state: GameState) -> Reason | None:
    left = tuple(s.id for s in state.squadrons if not s.destroyed and not s.activated)
    if left:
        return Reason(
            "every squadron activates in the Squadron Phase; still to activate: {ids}", ids=left
        )
    return None


def _first_turn(state: GameState) -> int | None:
    """The first player starts; a player with nothing left to activate passes without a token."""
    first = state.first_player
    if state.phase == "ship":
        has = lambda p: bool(state.ships_of(p, unactivated=True))  # noqa: E731
    else:
        has = lambda p: bool(state.squadrons_of(p, unactivated=True))  # noqa: E731
    if has(first):
        return first
    return other_player(first) if has(other_player(first)) else None


def _enter_command(state: GameState) -> GameState:
    """New round: per-round flags cleared (activations, commands resolved)."""
    ships = tuple(s.replace(activated=False, resolved_commands=()) for s in state.ships)
    squadrons = tuple(s.replace(activated=False) for s in state.squadrons)
    return state.replace(round=state.round + 1, ships=ships, squadrons=squadrons, turn_player=None)


def _enter_ship(state: GameState) -> GameState:
    state = state.replace(passed_last_turn=())
    return state.replace(turn_player=_first_turn(state))


def _enter_squadron(state: GameState) -> GameState:
    return state.replace(turn_player=_first_turn(state))


def _enter_status(state: GameState) -> GameState:
    """Ready every exhausted defense token; flip the initiative token (RRG p.20)."""
    ships = tuple(
        s.replace(
            defense_tokens=tuple(
                DefenseToken(t.kind, READIED) if t.state == EXHAUSTED else t
                for t in s.defense_tokens
            )
        )
        for s in state.ships
    )
    return state.replace(ships=ships, turn_player=None, initiative_side=state.initiative_side + 1)


def _enter_ended(state: GameState) -> GameState:
    return state.replace(turn_player=None)


@dataclass(frozen=True)
class PhaseRule:
    """One row of the phase table: what blocks leaving it, what happens on entering it."""

    blocker: Callable[[GameState], Reason | None]
    enter: Callable[[GameState], GameState]
    page: int


PHASE_TABLE: dict[str, PhaseRule] = {
    "setup": PhaseRule(_setup_blocker, lambda s: s, 14),
    "command": PhaseRule(_command_blocker, _enter_command, 3),
    "ship": PhaseRule(_ship_blocker, _enter_ship, 17),
    "squadron": PhaseRule(_squadron_blocker, _enter_squadron, 20),
    "status": PhaseRule(lambda s: None, _enter_status, 20),
    "ended": PhaseRule(lambda s: Reason("the game is over"), _enter_ended, 15),
}

# The phases by their RRG names, as reasons name them (the window translates them as terms).
PHASE_NAMES = {
    "setup": "Setup",
    "command": "Command Phase",
    "ship": "Ship Phase",
    "squadron": "Squadron Phase",
    "status": "Status Phase",
    "ended": "end of the game",
}


def phase_term(phase: str) -> Term:
    """The phase's RRG name (``"Ship Phase"``) as a :class:`Term`."""
    return Term(PHASE_NAMES.get(phase, phase))


def next_phase(state: GameState) -> str:
    """The phase after the current one: the round order, and ``ended`` after the last round."""
    order = {"setup": "command", "command": "ship", "ship": "squadron", "squadron": "status"}
    if state.phase == "status":
        return "ended" if state.round >= state.rounds else "command"
    return order.get(state.phase, "ended")


def phase_blocker_reason(state: GameState) -> Reason | None:
    """Why the current phase cannot end yet, as a :class:`Reason` with its RRG page, or ``None``."""
    if state.attack is not None:
        return Reason(
            "an attack by {attacker} is still being resolved", 2, attacker=state.attack.attacker
        )
    rule = PHASE_TABLE[state.phase]
    why = rule.blocker(state)
    return Reason(why.template, rule.page, **why.args) if why else None


def phase_blocker(state: GameState) -> str | None:
    """Why the current phase cannot end yet (English, with the RRG page), or ``None``."""
    why = phase_blocker_reason(state)
    return why.with_page() if why else None
