"""Setup, phases and turns: a phase table (RRG "Round" p.15, "Ship Phase" pp.17-18,
"Squadron Phase" p.20, "Status Phase" p.20, "Pass Tokens" p.14)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from armada_vision.catalog import DEFENSE_TOKEN_TYPES, SIZE_CLASSES

from ._dispatch import handles
from ._errors import RuleViolation
from ._events import (
    ActivationEnded,
    GameStarted,
    Passed,
    PhaseAdvanced,
    ShipActivated,
    ShipAdded,
    SquadronAdded,
    SquadronsActivated,
)
from ._r_commands import gain_command_token
from ._state import DefenseToken, GameState, ShipState, SquadronState, frozen_map
from ._values import EXHAUSTED, PLAYERS, READIED, other_player

# --- the phase table --------------------------------------------------------------------------


def _setup_blocker(state: GameState) -> str | None:
    return None


def _command_blocker(state: GameState) -> str | None:
    short = [
        f"{s.id} has {len(s.dials)} of {s.command}"
        for s in state.ships
        if not s.destroyed and len(s.dials) < s.command
    ]
    if short:
        return "every ship's dial stack must be topped up to its command value: " + ", ".join(short)
    return None


def _ship_blocker(state: GameState) -> str | None:
    if state.active_ship:
        return f"{state.active_ship} is still activating"
    left = [s.id for s in state.ships if not s.destroyed and not s.activated]
    if left:
        return "every ship activates in the Ship Phase; still to activate: " + ", ".join(left)
    return None


def _squadron_blocker(state: GameState) -> str | None:
    left = [s.id for s in state.squadrons if not s.destroyed and not s.activated]
    if left:
        return "every squadron activates in the Squadron Phase; still to activate: " + ", ".join(
            left
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

    blocker: Callable[[GameState], str | None]
    enter: Callable[[GameState], GameState]
    page: int


PHASE_TABLE: dict[str, PhaseRule] = {
    "setup": PhaseRule(_setup_blocker, lambda s: s, 14),
    "command": PhaseRule(_command_blocker, _enter_command, 3),
    "ship": PhaseRule(_ship_blocker, _enter_ship, 17),
    "squadron": PhaseRule(_squadron_blocker, _enter_squadron, 20),
    "status": PhaseRule(lambda s: None, _enter_status, 20),
    "ended": PhaseRule(lambda s: "the game is over", _enter_ended, 15),
}


def next_phase(state: GameState) -> str:
    """The phase after the current one: the round order, and ``ended`` after the last round."""
    order = {"setup": "command", "command": "ship", "ship": "squadron", "squadron": "status"}
    if state.phase == "status":
        return "ended" if state.round >= state.rounds else "command"
    return order.get(state.phase, "ended")


def phase_blocker(state: GameState) -> str | None:
    """Why the current phase cannot end yet (with the RRG page), or ``None``."""
    if state.attack is not None:
        return f"an attack by {state.attack.attacker} is still being resolved (RRG p.2)"
    rule = PHASE_TABLE[state.phase]
    why = rule.blocker(state)
    return f"{why} (RRG p.{rule.page})" if why else None


def _grant_pass_tokens(state: GameState) -> GameState:
    """Fewer ships -> pass tokens equal to the difference; one fewer for the first player (p.14)."""
    count = {p: len(state.ships_of(p)) for p in PLAYERS}
    tokens = {1: 0, 2: 0}
    for p in PLAYERS:
        diff = count[other_player(p)] - count[p]
        if diff > 0:
            tokens[p] = diff - (1 if p == state.first_player else 0)
    return state.replace(pass_tokens=frozen_map(tokens))


@handles(PhaseAdvanced)
def _phase_advanced(state: GameState, event: PhaseAdvanced) -> GameState:
    why = phase_blocker(state)
    if why:
        raise RuleViolation(f"the {state.phase} phase cannot end yet: {why}")
    if state.phase == "setup":
        state = _grant_pass_tokens(state)
    target = next_phase(state)
    state = state.replace(phase=target)
    return PHASE_TABLE[target].enter(state)


# --- setup ------------------------------------------------------------------------------------


@handles(GameStarted)
def _game_started(state: GameState, event: GameStarted) -> GameState:
    if state.started:
        raise RuleViolation("the game has already started")
    if event.first_player not in PLAYERS:
        raise RuleViolation(f"the first player is 1 or 2, not {event.first_player}")
    if event.rounds < 1:
        raise RuleViolation(f"a game lasts at least one round, not {event.rounds}")
    return state.replace(
        started=True, first_player=event.first_player, rounds=event.rounds, ruleset=event.ruleset
    )


def _check_new_piece(state: GameState, piece_id: str, player: int) -> None:
    if state.phase != "setup":
        raise RuleViolation("ships and squadrons join the game during setup", 14)
    if state.has_ship(piece_id) or state.has_squadron(piece_id):
        raise RuleViolation(f"there is already a piece {piece_id!r} in this game")
    if player not in PLAYERS:
        raise RuleViolation(f"a piece belongs to player 1 or 2, not {player}")


@handles(ShipAdded)
def _ship_added(state: GameState, e: ShipAdded) -> GameState:
    _check_new_piece(state, e.ship, e.player)
    if e.size_class not in SIZE_CLASSES:
        raise RuleViolation(f"unknown size class {e.size_class!r}")
    bad = [k for k in e.defense_tokens if k not in DEFENSE_TOKEN_TYPES]
    if bad:
        raise RuleViolation(f"unknown defense token type {bad[0]!r}", 4)
    if not 0 <= e.speed <= e.max_speed:
        raise RuleViolation(f"{e.ship}'s speed is 0..{e.max_speed}, not {e.speed}", 19)
    ship = ShipState(
        id=e.ship,
        ship_class=e.ship_class,
        player=e.player,
        size_class=e.size_class,
        command=e.command,
        squadron=e.squadron,
        engineering=e.engineering,
        hull=e.hull,
        max_speed=e.max_speed,
        speed=e.speed,
        shields=frozen_map(e.shields),
        max_shields=frozen_map(e.shields),
        adjacency=frozen_map(e.adjacency),
        defense_tokens=tuple(DefenseToken(k) for k in e.defense_tokens),
    )
    return state.replace(ships=(*state.ships, ship))


@handles(SquadronAdded)
def _squadron_added(state: GameState, e: SquadronAdded) -> GameState:
    _check_new_piece(state, e.squadron, e.player)
    squadron = SquadronState(e.squadron, e.squadron_class, e.player, e.hull)
    return state.replace(squadrons=(*state.squadrons, squadron))


# --- the Ship Phase ---------------------------------------------------------------------------


def _turn_after(state: GameState, player: int, kind: str) -> int | None:
    """Turns alternate; a player with nothing left to activate is skipped (RRG pp.17, 20)."""
    left = state.ships_of if kind == "ship" else state.squadrons_of
    other = other_player(player)
    if left(other, unactivated=True):
        return other
    return player if left(player, unactivated=True) else None


def _check_turn(state: GameState, player: int, what: str, page: int) -> None:
    if state.turn_player is None:
        raise RuleViolation(
            f"nobody has anything left to activate in the {state.phase} phase", page
        )
    if player != state.turn_player:
        raise RuleViolation(
            f"it is player {state.turn_player}'s turn to activate {what}, not player {player}'s",
            page,
        )


@handles(ShipActivated)
def _ship_activated(state: GameState, e: ShipActivated) -> GameState:
    ship = state.ship(e.ship)
    if state.phase != "ship":
        raise RuleViolation("ships activate in the Ship Phase", 17)
    if state.active_ship is not None:
        raise RuleViolation(
            f"{state.active_ship} is still activating; end its activation first", 17
        )
    if ship.destroyed:
        raise RuleViolation(f"{ship.id} is destroyed", 17)
    if ship.activated:
        raise RuleViolation(f"{ship.id} has already activated this round", 17)
    _check_turn(state, ship.player, "a ship", 17)
    revealed = ship.dials[0] if ship.dials else None
    ship = ship.replace(dials=ship.dials[1:], revealed_dial=revealed)
    state = state.with_ship(ship).replace(
        active_ship=ship.id,
        passed_last_turn=tuple(p for p in state.passed_last_turn if p != ship.player),
    )
    if ship.size_class == "huge" and revealed:
        # Huge ships also gain the matching token when they reveal a dial (RRG p.7).
        state = gain_command_token(state, ship.id, revealed)
    return state


@handles(ActivationEnded)
def _activation_ended(state: GameState, e: ActivationEnded) -> GameState:
    if state.active_ship != e.ship:
        raise RuleViolation(f"{e.ship} is not activating (active: {state.active_ship})", 17)
    if state.attack is not None:
        raise RuleViolation("finish the attack before ending the activation", 2)
    ship = state.ship(e.ship).replace(
        revealed_dial=None,  # an unspent dial is discarded after the activation (RRG p.3)
        engineering_points=0,
        navigate_steps=0,
        navigate_extra_click=False,
        squadron_activations=0,
        attacks=(),
        activated=True,
    )
    state = state.with_ship(ship).replace(active_ship=None)
    return state.replace(turn_player=_turn_after(state, ship.player, "ship"))


@handles(Passed)
def _passed(state: GameState, e: Passed) -> GameState:
    """Pass tokens (RRG p.18): only with unactivated ships; the first player after activating
    at least one ship and with fewer unactivated ships than the second; the second player with
    no more unactivated ships than the first; never on consecutive turns of one Ship Phase."""
    if state.phase != "ship" or state.active_ship is not None:
        raise RuleViolation("a player passes instead of activating a ship in the Ship Phase", 18)
    _check_turn(state, e.player, "a ship", 18)
    if state.pass_tokens.get(e.player, 0) < 1:
        raise RuleViolation(f"player {e.player} has no pass token", 18)
    mine = len(state.ships_of(e.player, unactivated=True))
    theirs = len(state.ships_of(other_player(e.player), unactivated=True))
    if e.player in state.passed_last_turn:
        raise RuleViolation("a player cannot spend pass tokens on consecutive turns", 18)
    if e.player == state.first_player:
        activated = len(state.ships_of(e.player)) - mine
        if activated < 1 or mine >= theirs:
            raise RuleViolation(
                "the first player may pass only after activating a ship and with fewer "
                f"unactivated ships than the second player ({mine} vs {theirs})",
                18,
            )
    elif mine > theirs:
        raise RuleViolation(
            "the second player may pass only with no more unactivated ships than the first "
            f"player ({mine} vs {theirs})",
            18,
        )
    tokens = dict(state.pass_tokens)
    tokens[e.player] -= 1
    return state.replace(
        pass_tokens=frozen_map(tokens),
        passed_last_turn=(*state.passed_last_turn, e.player),
        turn_player=other_player(e.player),
    )


# --- squadrons --------------------------------------------------------------------------------


@handles(SquadronsActivated)
def _squadrons_activated(state: GameState, e: SquadronsActivated) -> GameState:
    if not e.squadrons or len(set(e.squadrons)) != len(e.squadrons):
        raise RuleViolation("name each activated squadron once")
    squads = [state.squadron(s) for s in e.squadrons]
    for sq in squads:
        if sq.destroyed:
            raise RuleViolation(f"{sq.id} is destroyed", 20)
        if sq.activated:
            raise RuleViolation(f"{sq.id} has already activated this round", 20)
    players = {sq.player for sq in squads}
    if state.phase == "ship":
        ship = state.ship(state.active_ship) if state.active_ship else None
        if ship is None or ship.squadron_activations < len(squads):
            left = ship.squadron_activations if ship else 0
            raise RuleViolation(
                "in the Ship Phase squadrons activate only through the active ship's squadron "
                f"command ({left} activation(s) left, {len(squads)} asked)",
                3,
            )
        if players != {ship.player}:
            raise RuleViolation("a squadron command activates friendly squadrons only", 3)
        state = state.with_ship(
            ship.replace(squadron_activations=ship.squadron_activations - len(squads))
        )
    elif state.phase == "squadron":
        if len(players) != 1:
            raise RuleViolation("a player activates only their own squadrons", 20)
        player = players.pop()
        _check_turn(state, player, "squadrons", 20)
        left = len(state.squadrons_of(player, unactivated=True))
        if len(squads) != min(2, left):
            raise RuleViolation(
                f"players activate two squadrons at a time (or the last one): player {player} "
                f"has {left} left, {len(squads)} named",
                20,
            )
    else:
        raise RuleViolation("squadrons activate in the Squadron Phase or by a squadron command", 20)
    for sq in squads:
        state = state.with_squadron(sq.replace(activated=True))
    if state.phase == "squadron":
        state = state.replace(turn_player=_turn_after(state, squads[0].player, "squadron"))
    return state
