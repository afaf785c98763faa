"""Command dials and tokens, repair and navigate (RRG "Commands" pp.3-4, "Command Tokens" p.4)."""

from __future__ import annotations

from ._dispatch import handles
from ._effects import engineering_points, navigate, repair_cost, squadron_activations
from ._errors import Reason, RuleViolation, term, terms
from ._events import (
    CommandResolved,
    CommandTokenDiscarded,
    CommandTokenGained,
    DialConverted,
    DialsAssigned,
    RepairSpent,
    SpeedChanged,
)
from ._state import GameState, PendingChoice, ShipState, frozen_map
from ._values import COMMANDS


def _check_command(command: str) -> None:
    if command not in COMMANDS:
        raise RuleViolation(
            "unknown command {command!r} (one of {commands})",
            3,
            command=command,
            commands=tuple(COMMANDS),  # ids as a log writes them, untranslated
        )


def _legal_tokens(ship: ShipState, tokens: tuple[str, ...]) -> bool:
    return len(tokens) <= ship.command and len(set(tokens)) == len(tokens)


def token_discard_options(ship: ShipState) -> tuple[str, ...]:
    """Command tokens whose discard leaves ``ship`` within the limits (RRG p.4)."""
    options = []
    for cmd in dict.fromkeys(ship.command_tokens):
        rest = list(ship.command_tokens)
        rest.reverse()
        rest.remove(cmd)
        rest.reverse()
        if _legal_tokens(ship, tuple(rest)):
            options.append(cmd)
    return tuple(options)


def gain_command_token(state: GameState, ship_id: str, command: str) -> GameState:
    """``ship_id`` gains a ``command`` token; a duplicate or one over its command value leaves
    a pending discard the player chooses (RRG "Command Tokens", p.4)."""
    _check_command(command)
    ship = state.ship(ship_id)
    ship = ship.replace(command_tokens=(*ship.command_tokens, command))
    state = state.with_ship(ship)
    if _legal_tokens(ship, ship.command_tokens):
        return state
    if command in ship.command_tokens[:-1]:
        reason = Reason(
            "{ship} already had a {command} token and must discard one",
            ship=ship.id,
            command=term(command),
        )
    else:
        reason = Reason(
            "{ship} holds {count} command tokens, more than its command value {value}, "
            "and must discard one",
            ship=ship.id,
            count=len(ship.command_tokens),
            value=ship.command,
        )
    pending = PendingChoice("discard-command-token", ship.id, token_discard_options(ship), reason)
    return state.replace(pending=pending)


def command_too_late(ship_id: str, command: str) -> RuleViolation:
    """The violation for a squadron or repair command (or what it gives: engineering points,
    squadron activations) used after the Reveal Command Dial step (RRG "Commands" p.3,
    "Ship Activation" p.16)."""
    return RuleViolation(
        "{ship} resolves a {command} command after revealing its command dial, before it "
        "attacks (RRG \"Ship Activation\": reveal the dial, attack, execute the maneuver)",
        3,
        ship=ship_id,
        command=term(command),
    )


def _active(state: GameState, ship_id: str, what: Reason, page: int) -> ShipState:
    ship = state.ship(ship_id)
    if state.active_ship != ship_id:
        raise RuleViolation(
            "{what} only during its own activation ({ship} is not active)",
            page,
            what=what,
            ship=ship_id,
        )
    return ship


@handles(DialsAssigned)
def _dials_assigned(state: GameState, e: DialsAssigned) -> GameState:
    ship = state.ship(e.ship)
    if state.phase != "command":
        raise RuleViolation("command dials are assigned in the Command Phase", 3)
    if ship.destroyed:
        raise RuleViolation("{ship} is destroyed", 3, ship=ship.id)
    for cmd in e.commands:
        _check_command(cmd)
    if len(ship.dials) + len(e.commands) > ship.command:
        raise RuleViolation(
            "a ship's dial stack is topped up to its command value ({value}); "
            "{ship} has {have} and {more} more were given",
            3,
            value=ship.command,
            ship=ship.id,
            have=len(ship.dials),
            more=len(e.commands),
        )
    # New dials go under the stack (RRG p.3): the stack is kept top first.
    return state.with_ship(ship.replace(dials=(*ship.dials, *e.commands)))


@handles(DialConverted)
def _dial_converted(state: GameState, e: DialConverted) -> GameState:
    ship = _active(state, e.ship, Reason("a revealed dial is converted into a token"), 3)
    if ship.revealed_dial is None:
        raise RuleViolation("{ship} has no revealed dial to convert", 3, ship=ship.id)
    if ship.activation_step != "reveal":
        # "It can be spent immediately to assign the corresponding command token" (p.3)
        raise RuleViolation(
            "a revealed command dial becomes a token when it is revealed, before {ship} "
            "attacks or resolves navigate",
            3,
            ship=ship.id,
        )
    command = ship.revealed_dial
    state = state.with_ship(ship.replace(revealed_dial=None))
    return gain_command_token(state, ship.id, command)


@handles(CommandTokenGained)
def _token_gained(state: GameState, e: CommandTokenGained) -> GameState:
    if state.ship(e.ship).destroyed:
        raise RuleViolation("{ship} is destroyed", ship=e.ship)
    return gain_command_token(state, e.ship, e.command)


@handles(CommandTokenDiscarded)
def _token_discarded(state: GameState, e: CommandTokenDiscarded) -> GameState:
    ship = state.ship(e.ship)
    pending = state.pending
    if pending is not None and pending.ship == e.ship:
        if e.command not in pending.options:
            raise RuleViolation(
                "{why}: discard one of {options}, not {command}",
                4,
                why=pending.reason,
                options=terms(pending.options),
                command=term(e.command),
            )
    elif e.command not in ship.command_tokens:
        raise RuleViolation(
            "{ship} has no {command} token to discard", 4, ship=ship.id, command=term(e.command)
        )
    tokens = list(ship.command_tokens)
    del tokens[len(tokens) - 1 - tokens[::-1].index(e.command)]
    state = state.with_ship(ship.replace(command_tokens=tuple(tokens)))
    return state.replace(pending=None) if pending is not None and pending.ship == e.ship else state


@handles(CommandResolved)
def _command_resolved(state: GameState, e: CommandResolved) -> GameState:
    _check_command(e.command)
    ship = _active(state, e.ship, Reason("a ship resolves commands"), 3)
    if not (e.dial or e.token):
        raise RuleViolation("a command is resolved by spending its dial, its token or both", 3)
    if e.command in ship.resolved_commands:
        raise RuleViolation(
            "each command resolves at most once per round; {ship} already resolved "
            "{command} this round (a dial and a token together count as one)",
            3,
            ship=ship.id,
            command=term(e.command),
        )
    if e.dial and ship.revealed_dial != e.command:
        have = (
            Reason("its revealed dial is {command}", command=term(ship.revealed_dial))
            if ship.revealed_dial
            else Reason("no dial")
        )
        raise RuleViolation(
            "{ship} cannot spend a {command} dial: {have}",
            3,
            ship=ship.id,
            command=term(e.command),
            have=have,
        )
    if e.command in ("squadron", "repair") and ship.activation_step != "reveal":
        raise command_too_late(ship.id, e.command)
    if e.command == "concentrate-fire":
        attack = state.attack
        if attack is None or attack.attacker != ship.id or attack.spent:
            raise RuleViolation(
                "concentrate fire resolves during the Resolve Attack Effects step of an attack "
                "by {ship}, before the defender spends defense tokens",
                3,
                ship=ship.id,
            )
    tokens = list(ship.command_tokens)
    if e.token:
        if e.command not in tokens:
            raise RuleViolation(
                "{ship} has no {command} token", 4, ship=ship.id, command=term(e.command)
            )
        tokens.remove(e.command)
    changes: dict = {
        "revealed_dial": None if e.dial else ship.revealed_dial,
        "command_tokens": tuple(tokens),
        "resolved_commands": (*ship.resolved_commands, e.command),
    }
    if e.command == "navigate":
        nav = navigate(e.dial, e.token)
        changes["navigate_steps"] = nav.speed_steps
        changes["navigate_extra_click"] = nav.extra_click
        changes["activation_step"] = "maneuver"     # Determine Course (p.3): attacks are over
    elif e.command == "squadron":
        changes["squadron_activations"] = squadron_activations(ship.squadron, e.dial, e.token)
    elif e.command == "repair":
        changes["engineering_points"] = engineering_points(ship.engineering, e.dial, e.token)
    return state.with_ship(ship.replace(**changes))


@handles(RepairSpent)
def _repair_spent(state: GameState, e: RepairSpent) -> GameState:
    ship = _active(state, e.ship, Reason("engineering points are spent"), 4)
    if ship.activation_step != "reveal":
        raise command_too_late(ship.id, "repair")
    cost = repair_cost(e.action)
    if ship.engineering_points < cost:
        raise RuleViolation(
            "{action} costs {cost} engineering point(s); {ship} has {left} left",
            4,
            action=term(e.action),
            cost=cost,
            ship=ship.id,
            left=ship.engineering_points,
        )
    shields = dict(ship.shields)
    changes: dict = {"engineering_points": ship.engineering_points - cost}
    if e.action in ("move-shield", "recover-shield"):
        target = e.to_zone if e.action == "move-shield" else e.zone
        if e.zone not in shields or target not in shields:
            raise RuleViolation(
                "{ship} has no hull zone {zone!r}",
                4,
                ship=ship.id,
                zone=e.zone if e.zone not in shields else target,
            )
        if e.action == "move-shield":
            # RRG 1.5/1.6 p.4: "increasing another of its hull zone's shields" -- any other
            # zone, not only an adjacent one (adjacency is the redirect's rule)
            if e.to_zone == e.zone:
                raise RuleViolation(
                    "a shield moves to another hull zone, not back to the {zone} zone it left",
                    4,
                    zone=term(e.zone),
                )
            if shields[e.zone] < 1:
                raise RuleViolation(
                    "{ship}'s {zone} zone has no shield to move", 4, ship=ship.id, zone=term(e.zone)
                )
            shields[e.zone] -= 1
        if shields[target] >= ship.max_shields[target]:
            raise RuleViolation(
                "{ship}'s {zone} shields are at their maximum ({limit})",
                4,
                ship=ship.id,
                zone=term(target),
                limit=ship.max_shields[target],
            )
        shields[target] += 1
        changes["shields"] = frozen_map(shields)
    else:  # discard-damage
        if e.faceup and ship.damage_faceup < 1:
            raise RuleViolation("{ship} has no faceup damage card", 4, ship=ship.id)
        if not e.faceup and ship.damage_facedown < 1:
            raise RuleViolation("{ship} has no facedown damage card", 4, ship=ship.id)
        key = "damage_faceup" if e.faceup else "damage_facedown"
        changes[key] = getattr(ship, key) - 1
    return state.with_ship(ship.replace(**changes))


def check_setup_speed(ship: str, speed: int, max_speed: int, gravity_rift: bool) -> None:
    """The speed dial set when a ship is deployed (RRG "Setup", p.16, and FAQ: a speed on its
    speed chart, which has no 0, "Speed" p.19); 0 if deployed at distance 1-2 of a gravity
    rift ("Obstacles", p.12).

    Raises
    ------
    RuleViolation : the rule and its page.
    """
    if gravity_rift:
        if speed != 0:
            raise RuleViolation(
                "{ship} is deployed at distance 1-2 of a gravity rift: its speed dial must be 0, "
                "not {speed}", 12, ship=ship, speed=speed)
        return
    if not 1 <= speed <= max_speed:
        raise RuleViolation(
            "{ship} is deployed at a speed on its speed chart, 1..{top} (0 is not on it), "
            "not {speed}", 16, ship=ship, top=max_speed, speed=speed)


@handles(SpeedChanged)
def _speed_changed(state: GameState, e: SpeedChanged) -> GameState:
    ship = state.ship(e.ship)
    if not 0 <= e.speed <= ship.max_speed:
        raise RuleViolation(
            "{ship}'s speed is 0..{top} (its speed chart), not {speed}",
            3,
            ship=ship.id,
            top=ship.max_speed,
            speed=e.speed,
        )
    if state.phase == "setup":
        rift = ship.deployed_at_gravity_rift or e.cause == "gravity-rift"
        check_setup_speed(ship.id, e.speed, ship.max_speed, rift)
        return state.with_ship(ship.replace(speed=e.speed, deployed_at_gravity_rift=rift))
    if e.cause == "gravity-rift" and e.speed == 0 and state.active_ship == ship.id:
        # its maneuver (during its activation) ended on a gravity rift: dial to 0 (RRG p.12)
        return state.with_ship(ship.replace(speed=0))
    step = abs(e.speed - ship.speed)
    if state.active_ship != ship.id or step > ship.navigate_steps:
        raise RuleViolation(
            "a ship's speed changes only by a navigate command during its activation "
            "(dial or token: 1 each); {ship} may change by {allowed}, not {step}",
            3,
            ship=ship.id,
            allowed=ship.navigate_steps if state.active_ship == ship.id else 0,
            step=step,
        )
    return state.with_ship(ship.replace(speed=e.speed, navigate_steps=ship.navigate_steps - step))
