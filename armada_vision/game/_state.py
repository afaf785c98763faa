"""Frozen values of the game state. Nothing here changes in place: the reducer builds new values.

A :class:`GameState` is the fold of every event since ``GameStarted`` (see ``_reducer.apply``).
Read it freely; never build one by hand except through :data:`INITIAL_STATE` and events.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from ._errors import Reason, RuleViolation
from ._values import DISCARDED, EXHAUSTED, READIED

_EMPTY: Mapping = MappingProxyType({})


def frozen_map(data: Mapping | None = None) -> Mapping:
    """A read-only copy of ``data`` (equal to any mapping with the same items)."""
    return MappingProxyType(dict(data or {}))


@dataclass(frozen=True)
class DefenseToken:
    """One defense token of a ship: ``kind`` (brace, redirect, ...) and ``state``.

    ``state`` is ``readied``, ``exhausted`` or ``discarded`` (RRG "Defense Tokens", p.4). Tokens
    are addressed by their index in :attr:`ShipState.defense_tokens`, which never changes (a
    discarded token keeps its slot), so two redirect tokens stay distinguishable.
    """

    kind: str
    state: str = READIED

    @property
    def readied(self) -> bool:
        return self.state == READIED

    @property
    def exhausted(self) -> bool:
        return self.state == EXHAUSTED

    @property
    def discarded(self) -> bool:
        return self.state == DISCARDED


@dataclass(frozen=True)
class ShipState:
    """What the players track beside one ship.

    Class values (``command``, ``engineering``, ``hull``, ``max_speed``, ``size_class``, the zone
    ``adjacency``) are copied from the catalog when the ship is added, so a recorded game
    replays the same even if the catalog changes later.

    ``dials`` is the secret dial stack, top first; ``revealed_dial`` the dial revealed this
    activation (until spent or discarded); ``command_tokens`` in the order gained;
    ``resolved_commands`` the commands resolved this round (each at most once, RRG p.3).
    ``engineering_points`` are left from a repair command this activation, ``navigate_steps``
    the speed change still allowed by a navigate command this activation. ``attacks`` lists
    this activation's attacks as ``(attacking zone, target was a squadron)``;
    ``squadron_targets`` the squadrons its latest attack has targeted (RRG p.2, step 6).
    ``deployed_at_gravity_rift``: deployed at distance 1-2 of a gravity rift, so its setup dial
    is 0 (RRG p.12). ``activation_step`` is the step of its activation (RRG "Ship Activation"
    p.16): ``"reveal"`` from its activation until it attacks, ``"attack"`` from its first attack,
    ``"maneuver"`` once it resolves navigate (Determine Course, the Execute Maneuver step);
    ``""`` while it is not activating.
    """

    id: str
    ship_class: str
    player: int
    size_class: str
    command: int
    squadron: int
    engineering: int
    hull: int
    max_speed: int
    speed: int
    shields: Mapping[str, int]
    max_shields: Mapping[str, int]
    adjacency: Mapping[str, tuple[str, ...]]
    defense_tokens: tuple[DefenseToken, ...] = ()
    deployed_at_gravity_rift: bool = False
    dials: tuple[str, ...] = ()
    revealed_dial: str | None = None
    command_tokens: tuple[str, ...] = ()
    resolved_commands: tuple[str, ...] = ()
    engineering_points: int = 0
    navigate_steps: int = 0
    navigate_extra_click: bool = False
    squadron_activations: int = 0
    attacks: tuple[tuple[str, bool], ...] = ()
    squadron_targets: tuple[str, ...] = ()
    activation_step: str = ""
    activated: bool = False
    damage_facedown: int = 0
    damage_faceup: int = 0
    destroyed: bool = False

    @property
    def damage_cards(self) -> int:
        return self.damage_facedown + self.damage_faceup

    @property
    def hull_remaining(self) -> int:
        return max(0, self.hull - self.damage_cards)

    @property
    def hull_zones(self) -> tuple[str, ...]:
        return tuple(self.max_shields)

    def token(self, index: int) -> DefenseToken:
        """Defense token at ``index``; RuleViolation when the ship has no such token."""
        if not 0 <= index < len(self.defense_tokens):
            raise RuleViolation(
                "{ship} has no defense token #{token} (it has {count})",
                4,
                ship=self.id,
                token=index,
                count=len(self.defense_tokens),
            )
        return self.defense_tokens[index]

    def tokens_of(self, kind: str, state: str | None = None) -> tuple[int, ...]:
        """Indices of the tokens of ``kind`` (optionally only those in ``state``)."""
        return tuple(
            i
            for i, t in enumerate(self.defense_tokens)
            if t.kind == kind and (state is None or t.state == state)
        )

    def replace(self, **changes) -> ShipState:
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True)
class SquadronState:
    """A squadron: owner, hull left, activated this round, destroyed; ``counter``: its Counter
    value (0: none; ``None``: not known, RRG p.21)."""

    id: str
    squadron_class: str
    player: int
    hull: int
    damage: int = 0
    activated: bool = False
    destroyed: bool = False
    counter: int | None = None

    @property
    def hull_remaining(self) -> int:
        return max(0, self.hull - self.damage)

    def replace(self, **changes) -> SquadronState:
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True)
class AttackState:
    """The attack being resolved (RRG "Attack", p.2).

    ``locked`` are defender token indices chosen by accuracy icons (step 3); ``spent`` the token
    indices spent in step 4, in order. ``attacker_size`` is ``None`` for a squadron attacker.
    ``redirect_zone`` and ``evade_extra`` record how a redirect or evade was used. ``salvo``:
    this is a salvo attack; ``salvo_spent``: the defender spent a salvo token in it (RRG p.5).
    """

    attacker: str
    defender: str
    attacking_zone: str | None
    defending_zone: str | None
    range_band: str | None
    distance_band: int | None
    attacker_size: str | None
    locked: tuple[int, ...] = ()
    spent: tuple[int, ...] = ()
    redirect_zone: str | None = None
    evade_extra: bool = False
    salvo: bool = False
    salvo_spent: bool = False
    counter: bool = False

    def replace(self, **changes) -> AttackState:
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True)
class PendingChoice:
    """A choice the rules force before anything else happens.

    ``kind`` is ``"discard-command-token"``: ``ship`` holds too many or duplicate command tokens
    and must discard one of ``options`` (RRG "Command Tokens", p.4). While a choice is pending,
    every game event except the one resolving it is refused (log-only events still pass).
    ``reason`` is a :class:`Reason` (``str(reason)`` is the English text; the window translates
    its template and arguments).
    """

    kind: str
    ship: str
    options: tuple[str, ...]
    reason: Reason | str = ""


@dataclass(frozen=True)
class GameState:
    """The whole game state, the fold of its events.

    ``round`` is 0 during setup, 1..``rounds`` in play. ``phase`` is one of ``PHASES``.
    ``turn_player`` is whose turn it is to activate in the Ship and Squadron Phases (else
    ``None``); ``active_ship`` the ship being activated. ``first_player`` holds the initiative
    for the whole game; ``initiative_side`` counts the flips of the initiative token in the
    Status Phase (RRG p.20: flipping marks the round, it does not pass the initiative).
    ``pass_tokens`` per player; ``passed_last_turn`` the players whose previous turn in this
    Ship Phase was a pass (RRG p.18). ``events`` counts the events applied. ``salvo_due``:
    after an attack in which the defending ship spent a salvo token, ``(ship, target, target
    zone, range band, distance band)`` of the salvo attack it may perform next (RRG p.5).
    ``active_squadrons``: the squadrons whose activation is under way (the last ones activated
    in the Squadron Phase, or by the active ship's squadron command); ``squadrons_attacked``
    those of them that have attacked (once each per activation, RRG p.20, p.3).
    ``squadrons_moved``: those of them that have moved (a ``SquadronMoved`` event; in the
    Squadron Phase a squadron moves or attacks, not both, RRG p.20).
    ``squadron_turn_activated``: how many squadrons the turn player has activated so far in
    this turn of the Squadron Phase (0 or 1: the turn passes after the second, RRG p.20).
    ``counter_due``: after a squadron's attack on a squadron, ``(attacked squadron, attacker)``
    of the counter attack that may come next (RRG p.21 "Counter").
    ``winner``: the player whose fleet still has ships when the other's last ship is destroyed
    (the game then ends at once, RRG "Winning and Losing" p.22; ``None`` otherwise: scores decide).
    """

    started: bool = False
    first_player: int = 1
    rounds: int = 6
    round: int = 0
    phase: str = "setup"
    ruleset: str = "rrg-1.6"
    ships: tuple[ShipState, ...] = ()
    squadrons: tuple[SquadronState, ...] = ()
    turn_player: int | None = None
    active_ship: str | None = None
    pass_tokens: Mapping[int, int] = field(default_factory=lambda: frozen_map({1: 0, 2: 0}))
    passed_last_turn: tuple[int, ...] = ()
    initiative_side: int = 0
    attack: AttackState | None = None
    salvo_due: tuple | None = None
    active_squadrons: tuple[str, ...] = ()
    squadrons_attacked: tuple[str, ...] = ()
    squadrons_moved: tuple[str, ...] = ()
    squadron_turn_activated: int = 0
    counter_due: tuple[str, str] | None = None
    winner: int | None = None
    pending: PendingChoice | None = None
    events: int = 0

    # -- lookups --------------------------------------------------------------------------
    def ship(self, ship_id: str) -> ShipState:
        """The ship ``ship_id``; RuleViolation when the game has no such ship."""
        for s in self.ships:
            if s.id == ship_id:
                return s
        raise RuleViolation("no ship {ship!r} in this game", ship=ship_id)

    def squadron(self, squadron_id: str) -> SquadronState:
        for s in self.squadrons:
            if s.id == squadron_id:
                return s
        raise RuleViolation("no squadron {squadron!r} in this game", squadron=squadron_id)

    def has_ship(self, ship_id: str) -> bool:
        return any(s.id == ship_id for s in self.ships)

    def has_squadron(self, squadron_id: str) -> bool:
        return any(s.id == squadron_id for s in self.squadrons)

    def ships_of(self, player: int, *, unactivated: bool = False) -> tuple[ShipState, ...]:
        """Ships of ``player`` still in play (optionally only those not yet activated)."""
        return tuple(
            s
            for s in self.ships
            if s.player == player and not s.destroyed and not (unactivated and s.activated)
        )

    def squadrons_of(self, player: int, *, unactivated: bool = False) -> tuple[SquadronState, ...]:
        return tuple(
            s
            for s in self.squadrons
            if s.player == player and not s.destroyed and not (unactivated and s.activated)
        )

    # -- functional updates ---------------------------------------------------------------
    def with_ship(self, ship: ShipState) -> GameState:
        return dataclasses.replace(
            self, ships=tuple(ship if s.id == ship.id else s for s in self.ships)
        )

    def with_squadron(self, squadron: SquadronState) -> GameState:
        return dataclasses.replace(
            self,
            squadrons=tuple(squadron if s.id == squadron.id else s for s in self.squadrons),
        )

    def replace(self, **changes) -> GameState:
        return dataclasses.replace(self, **changes)


#: The state before any event.
INITIAL_STATE = GameState()
