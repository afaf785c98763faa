"""Setup, phases and turns (RRG "Round" p.15, "Ship Phase" pp.17-18, "Squadron Phase" p.20,
"Status Phase" p.20, "Pass Tokens" p.14); the phase table itself is in ``_phases``."""

from __future__ import annotations

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
from ._phases import (
    PHASE_TABLE,
    next_phase,
    phase_blocker_reason,
    phase_term,
)
from ._r_commands import check_setup_speed, command_too_late, gain_command_token
from ._state import DefenseToken, GameState, ShipState, SquadronState, frozen_map
from ._values import PLAYERS, other_player


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
    why = phase_blocker_reason(state)
    if why:
        raise RuleViolation(
            "the {phase} cannot end yet: {why}", why.page, phase=phase_term(state.phase), why=why
        )
    if state.phase == "setup":
        state = _grant_pass_tokens(state)
    target = next_phase(state)
    state = state.replace(phase=target, active_squadrons=(), squadrons_attacked=(),
                          squadrons_moved=(),
                          squadron_turn_activated=0, counter_due=None)
    return PHASE_TABLE[target].enter(state)


# --- setup ------------------------------------------------------------------------------------


@handles(GameStarted)
def _game_started(state: GameState, event: GameStarted) -> GameState:
    if state.started:
        raise RuleViolation("the game has already started")
    if event.first_player not in PLAYERS:
        raise RuleViolation("the first player is 1 or 2, not {player}", player=event.first_player)
    if event.rounds < 1:
        raise RuleViolation("a game lasts at least one round, not {rounds}", rounds=event.rounds)
    return state.replace(
        started=True, first_player=event.first_player, rounds=event.rounds, ruleset=event.ruleset
    )


def _check_new_piece(state: GameState, piece_id: str, player: int) -> None:
    if state.phase != "setup":
        raise RuleViolation("ships and squadrons join the game during setup", 14)
    if state.has_ship(piece_id) or state.has_squadron(piece_id):
        raise RuleViolation("there is already a piece {piece!r} in this game", piece=piece_id)
    if player not in PLAYERS:
        raise RuleViolation("a piece belongs to player 1 or 2, not {player}", player=player)


@handles(ShipAdded)
def _ship_added(state: GameState, e: ShipAdded) -> GameState:
    _check_new_piece(state, e.ship, e.player)
    if e.size_class not in SIZE_CLASSES:
        raise RuleViolation("unknown size class {size!r}", size=e.size_class)
    bad = [k for k in e.defense_tokens if k not in DEFENSE_TOKEN_TYPES]
    if bad:
        raise RuleViolation("unknown defense token type {kind!r}", 4, kind=bad[0])
    check_setup_speed(e.ship, e.speed, e.max_speed, e.gravity_rift)
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
        deployed_at_gravity_rift=e.gravity_rift,
    )
    return state.replace(ships=(*state.ships, ship))


@handles(SquadronAdded)
def _squadron_added(state: GameState, e: SquadronAdded) -> GameState:
    _check_new_piece(state, e.squadron, e.player)
    squadron = SquadronState(e.squadron, e.squadron_class, e.player, e.hull, counter=e.counter)
    return state.replace(squadrons=(*state.squadrons, squadron))


# --- the Ship Phase ---------------------------------------------------------------------------


def _turn_after(state: GameState, player: int, kind: str) -> int | None:
    """Turns alternate; a player with nothing left to activate is skipped (RRG pp.17, 20)."""
    left = state.ships_of if kind == "ship" else state.squadrons_of
    other = other_player(player)
    if left(other, unactivated=True):
        return other
    return player if left(player, unactivated=True) else None


def _check_turn(state: GameState, player: int, page: int) -> None:
    if state.turn_player is None:
        raise RuleViolation(
            "nobody has anything left to activate in the {phase}",
            page,
            phase=phase_term(state.phase),
        )
    if player != state.turn_player:
        if state.phase == "squadron":
            raise RuleViolation(
                "it is player {turn}'s turn to activate squadrons, not player {player}'s",
                page,
                turn=state.turn_player,
                player=player,
            )
        raise RuleViolation(
            "it is player {turn}'s turn to activate a ship, not player {player}'s",
            page,
            turn=state.turn_player,
            player=player,
        )


@handles(ShipActivated)
def _ship_activated(state: GameState, e: ShipActivated) -> GameState:
    ship = state.ship(e.ship)
    if state.phase != "ship":
        raise RuleViolation("ships activate in the Ship Phase", 17)
    if state.active_ship is not None:
        raise RuleViolation(
            "{ship} is still activating; end its activation first", 17, ship=state.active_ship
        )
    if ship.destroyed:
        raise RuleViolation("{ship} is destroyed", 17, ship=ship.id)
    if ship.activated:
        raise RuleViolation("{ship} has already activated this round", 17, ship=ship.id)
    _check_turn(state, ship.player, 17)
    revealed = ship.dials[0] if ship.dials else None
    ship = ship.replace(dials=ship.dials[1:], revealed_dial=revealed, activation_step="reveal")
    state = state.with_ship(ship).replace(
        active_ship=ship.id,
        passed_last_turn=tuple(p for p in state.passed_last_turn if p != ship.player),
        active_squadrons=(),
        squadrons_attacked=(),
        squadrons_moved=(),
        counter_due=None,   # a counter comes right after the attack on the squadron (p.21)
    )
    if ship.size_class == "huge" and revealed:
        # Huge ships also gain the matching token when they reveal a dial (RRG p.7).
        state = gain_command_token(state, ship.id, revealed)
    return state


@handles(ActivationEnded)
def _activation_ended(state: GameState, e: ActivationEnded) -> GameState:
    if state.active_ship != e.ship:
        raise RuleViolation(
            "{ship} is not activating (active: {active})",
            17,
            ship=e.ship,
            active=state.active_ship or "-",
        )
    if state.attack is not None:
        raise RuleViolation("finish the attack before ending the activation", 2)
    ship = state.ship(e.ship).replace(
        revealed_dial=None,  # an unspent dial is discarded after the activation (RRG p.3)
        engineering_points=0,
        navigate_steps=0,
        navigate_extra_click=False,
        squadron_activations=0,
        attacks=(),
        squadron_targets=(),
        activation_step="",
        activated=True,
    )
    # a salvo (p.5) or counter (p.21) not made right after its attack is not made
    state = state.with_ship(ship).replace(active_ship=None, salvo_due=None, active_squadrons=(),
                                          squadrons_attacked=(), squadrons_moved=(),
                                          counter_due=None)
    return state.replace(turn_player=_turn_after(state, ship.player, "ship"))


@handles(Passed)
def _passed(state: GameState, e: Passed) -> GameState:
    """Pass tokens (RRG p.18): only with unactivated ships; the first player after activating
    at least one ship and with fewer unactivated ships than the second; the second player with
    no more unactivated ships than the first; never on consecutive turns of one Ship Phase."""
    if state.phase != "ship" or state.active_ship is not None:
        raise RuleViolation("a player passes instead of activating a ship in the Ship Phase", 18)
    _check_turn(state, e.player, 18)
    if state.pass_tokens.get(e.player, 0) < 1:
        raise RuleViolation("player {player} has no pass token", 18, player=e.player)
    mine = len(state.ships_of(e.player, unactivated=True))
    theirs = len(state.ships_of(other_player(e.player), unactivated=True))
    if e.player in state.passed_last_turn:
        raise RuleViolation("a player cannot spend pass tokens on consecutive turns", 18)
    if e.player == state.first_player:
        activated = len(state.ships_of(e.player)) - mine
        if activated < 1 or mine >= theirs:
            raise RuleViolation(
                "the first player may pass only after activating a ship and with fewer "
                "unactivated ships than the second player ({mine} vs {theirs})",
                18,
                mine=mine,
                theirs=theirs,
            )
    elif mine > theirs:
        raise RuleViolation(
            "the second player may pass only with no more unactivated ships than the first "
            "player ({mine} vs {theirs})",
            18,
            mine=mine,
            theirs=theirs,
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
    if not e.squadrons:
        raise RuleViolation("no squadron was named: name the squadrons activated", 20)
    if len(set(e.squadrons)) != len(e.squadrons):
        raise RuleViolation("name each activated squadron once")
    if state.attack is not None:
        raise RuleViolation("finish the attack by {attacker} before activating squadrons", 2,
                            attacker=state.attack.attacker)
    squads = [state.squadron(s) for s in e.squadrons]
    for sq in squads:
        if sq.destroyed:
            raise RuleViolation("{squadron} is destroyed", 20, squadron=sq.id)
        if sq.activated:
            raise RuleViolation("{squadron} has already activated this round", 20, squadron=sq.id)
    players = {sq.player for sq in squads}
    if state.phase == "ship":
        ship = state.ship(state.active_ship) if state.active_ship else None
        if ship is not None and ship.activation_step != "reveal":
            raise command_too_late(ship.id, "squadron")
        if ship is None or ship.squadron_activations < len(squads):
            left = ship.squadron_activations if ship else 0
            raise RuleViolation(
                "in the Ship Phase squadrons activate only through the active ship's squadron "
                "command ({left} activation(s) left, {asked} asked)",
                3,
                left=left,
                asked=len(squads),
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
        _check_turn(state, player, 20)
        if state.squadron_turn_activated + len(squads) > 2:
            raise RuleViolation(
                "a player activates two squadrons a turn, one after the other: player {player} "
                "has activated one this turn and may activate one more, not {named}",
                20,
                player=player,
                named=len(squads),
            )
    else:
        raise RuleViolation("squadrons activate in the Squadron Phase or by a squadron command", 20)
    for sq in squads:
        state = state.with_squadron(sq.replace(activated=True))
    # their activation is under way until the next one (or the ship's, or the phase's, end);
    # a counter attack not made right after the attack on the squadron is not made (p.21)
    state = state.replace(active_squadrons=tuple(e.squadrons), squadrons_attacked=(),
                          squadrons_moved=(),
                          counter_due=None)
    if state.phase == "squadron":
        done = state.squadron_turn_activated + len(squads)
        player = squads[0].player
        if done >= 2 or not state.squadrons_of(player, unactivated=True):
            # the turn is over: two squadrons activated, or the player's last one (p.20)
            state = state.replace(turn_player=_turn_after(state, player, "squadron"),
                                  squadron_turn_activated=0)
        else:  # the player chooses their second squadron once the first is done (p.20)
            state = state.replace(squadron_turn_activated=done)
    return state


def pass_empty_squadron_turn(state: GameState) -> GameState:
    """A player with no unactivated squadron left passes their turn of the Squadron Phase (RRG
    p.20): also when theirs were destroyed after the turn came to them (e.g. by the squadrons
    the other player activated last), which left the phase with nobody able to act."""
    player = state.turn_player
    if state.phase != "squadron" or player is None or state.squadrons_of(player, unactivated=True):
        return state
    return state.replace(turn_player=_turn_after(state, player, "squadron"),
                         squadron_turn_activated=0)
