"""Game events: small frozen records, each with a ``type`` string and a JSON round trip.

Every change of the game state is one of these, applied by ``apply(state, event)``. An event
serialises to a flat JSON object ``{"type": "...", field: value, ...}``; ``event_from_json``
reads it back (ignoring keys it does not know, raising ``InputError`` naming the field for
anything malformed). ``payload`` fields carry free JSON (a scene change, a check, a move).

Log-only events (``SceneChanged``, ``CheckViewed``, ``ManeuverExecuted``, ``Note``) change no
game state; they exist so the window logs everything through one event type system.
The base class, the type registry and the checked reader are in ``_eventbase.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ._eventbase import EVENT_TYPES as EVENT_TYPES
from ._eventbase import Event, _payload
from ._eventbase import event_from_json as event_from_json

# --- setup and round --------------------------------------------------------------------------


@dataclass(frozen=True)
class GameStarted(Event):
    """A new game: who has the initiative (first player), how many rounds, which ruleset."""

    type: ClassVar[str] = "game-started"
    first_player: int = 1
    rounds: int = 6
    ruleset: str = "rrg-1.6"
    payload: Mapping[str, Any] = _payload()


@dataclass(frozen=True)
class ShipAdded(Event):
    """A ship joins the game (setup). Class values are copied in; build with :meth:`from_class`."""

    type: ClassVar[str] = "ship-added"
    ship: str
    ship_class: str
    player: int
    size_class: str
    command: int
    squadron: int
    engineering: int
    hull: int
    max_speed: int
    defense_tokens: tuple[str, ...]
    shields: Mapping[str, int]
    adjacency: Mapping[str, tuple[str, ...]]
    speed: int = 1
    gravity_rift: bool = False

    @classmethod
    def from_class(cls, ship: str, ship_class, player: int, speed: int = 1,
                   gravity_rift: bool = False) -> ShipAdded:
        """The event for ship ``ship`` of catalog class ``ship_class`` (a ``ShipClass``).

        ``speed`` is the speed dial set at deployment: a speed on the chart, 1..max (RRG
        "Setup", p.16, FAQ), or 0 when ``gravity_rift``: the ship is deployed at distance 1-2
        of a gravity rift (RRG "Obstacles", p.12).

        Hull-zone adjacency comes from ``ship_class.zone_lines``: two zones are adjacent when
        they share an arc line (RRG "Hull Zone", p.8).
        """
        zones = ship_class.zone_lines
        adjacency = {
            z: tuple(o for o in zones if o != z and set(zones[o]) & set(zones[z])) for z in zones
        }
        return cls(
            ship=ship,
            ship_class=ship_class.id,
            player=player,
            size_class=ship_class.size_class,
            command=ship_class.command,
            squadron=ship_class.squadron,
            engineering=ship_class.engineering,
            hull=ship_class.hull,
            max_speed=ship_class.max_speed,
            defense_tokens=tuple(ship_class.defense_tokens),
            shields=dict(ship_class.shields),
            adjacency=adjacency,
            speed=speed,
            gravity_rift=gravity_rift,
        )


@dataclass(frozen=True)
class SquadronAdded(Event):
    """A squadron joins the game (setup). ``counter``: its card's Counter value (RRG p.21;
    0: no Counter, it never counter attacks); ``None``: not known (logs before 2026-12-02),
    any squadron may counter."""

    type: ClassVar[str] = "squadron-added"
    squadron: str
    squadron_class: str
    player: int
    hull: int
    counter: int | None = None

    @classmethod
    def from_class(cls, squadron: str, squadron_class, player: int) -> SquadronAdded:
        return cls(
            squadron=squadron,
            squadron_class=squadron_class.id,
            player=player,
            hull=squadron_class.hull,
            counter=squadron_class.keyword_values.get("counter", 0),
        )


@dataclass(frozen=True)
class PhaseAdvanced(Event):
    """End the current phase and start the next one (setup -> round 1 Command Phase -> ...)."""

    type: ClassVar[str] = "phase-advanced"


@dataclass(frozen=True)
class ShipActivated(Event):
    """The player whose turn it is activates a ship; its top command dial is revealed."""

    type: ClassVar[str] = "ship-activated"
    ship: str


@dataclass(frozen=True)
class ActivationEnded(Event):
    """The active ship's activation ends; an unspent revealed dial is discarded."""

    type: ClassVar[str] = "activation-ended"
    ship: str


@dataclass(frozen=True)
class Passed(Event):
    """A player spends a pass token instead of activating a ship (RRG p.18)."""

    type: ClassVar[str] = "passed"
    player: int


@dataclass(frozen=True)
class SquadronsActivated(Event):
    """Squadrons activated: in the Squadron Phase one at a time (the turn player's first, then
    their second: RRG "Squadron Phase" p.20, the second is chosen once the first is done), or
    both of a turn at once as logs before 2026-12-02 name them; or by a squadron command."""

    type: ClassVar[str] = "squadrons-activated"
    squadrons: tuple[str, ...]


@dataclass(frozen=True)
class SquadronMoved(Event):
    """A squadron moved (RRG "Squadron Movement" p.20), from the move measured on the table at
    the time (``rules.movement.move_squadron``; ``game.squadron_move_event`` builds this event
    from its JSON, kept in ``payload``). ``engaged_with``: the enemy squadrons engaged with it
    where it started that stop it moving, as that measurement found them (not heavy ones; none
    when grit lets it move: RRG "Engagement" p.6, "Squadron Keywords" p.21)."""

    type: ClassVar[str] = "squadron-moved"
    squadron: str
    engaged_with: tuple[str, ...] = ()
    payload: Mapping[str, Any] = _payload()


@dataclass(frozen=True)
class SpeedChanged(Event):
    """A ship's speed dial changes: at setup (to a speed on its chart), by navigate during its
    activation, or to 0 with ``cause="gravity-rift"`` (RRG "Obstacles", p.12): at setup, the
    ship is deployed at distance 1-2 of a gravity rift; later, its maneuver ended on one."""

    type: ClassVar[str] = "speed-changed"
    ship: str
    speed: int
    cause: str = ""


# --- attacks and defense tokens ---------------------------------------------------------------


@dataclass(frozen=True)
class AttackDeclared(Event):
    """An attack starts (RRG p.2 step 1). Zones are ``None`` for squadrons.

    ``salvo``: a counter-attack by a salvo token's effect (outside the attacker's activation).
    ``counter``: a squadron's counter attack (keyword counter, RRG p.21) against the squadron
    that has just attacked it, also outside its activation.
    """

    type: ClassVar[str] = "attack-declared"
    attacker: str
    defender: str
    attacking_zone: str | None = None
    defending_zone: str | None = None
    range_band: str | None = None
    distance_band: int | None = None
    salvo: bool = False
    counter: bool = False


@dataclass(frozen=True)
class AccuracySpent(Event):
    """An accuracy icon locks one of the defender's defense tokens for this attack (RRG p.4)."""

    type: ClassVar[str] = "accuracy-spent"
    token: int


@dataclass(frozen=True)
class DefenseTokenSpent(Event):
    """The defender spends its defense token ``token`` (an index into its tokens).

    ``redirect_zone``: for a redirect, the adjacent zone damage goes to. ``evade_extra``: for an
    evade against a larger attacker, affect one more die (and discard the token).
    """

    type: ClassVar[str] = "defense-token-spent"
    ship: str
    token: int
    redirect_zone: str | None = None
    evade_extra: bool = False


@dataclass(frozen=True)
class AttackEnded(Event):
    """The attack is over (damage resolved or cancelled)."""

    type: ClassVar[str] = "attack-ended"


@dataclass(frozen=True)
class DamageDealt(Event):
    """Damage to a ship (shields of ``zone``, then cards) or to a squadron (``hull_points``).

    Used for attacks, overlaps (one facedown card each, RRG p.14) and obstacles.
    """

    type: ClassVar[str] = "damage-dealt"
    target: str
    zone: str | None = None
    shields: int = 0
    facedown: int = 0
    faceup: int = 0
    hull_points: int = 0
    payload: Mapping[str, Any] = _payload()


@dataclass(frozen=True)
class Destroyed(Event):
    """A ship or squadron is destroyed (out of the play area, or by a card effect)."""

    type: ClassVar[str] = "destroyed"
    target: str
    reason: str = ""


# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class DialsAssigned(Event):
    """Command Phase: secret dials put under the ship's stack, topping it up (RRG p.3)."""

    type: ClassVar[str] = "dials-assigned"
    ship: str
    commands: tuple[str, ...]


@dataclass(frozen=True)
class DialConverted(Event):
    """The revealed dial is spent for the matching command token (RRG p.3)."""

    type: ClassVar[str] = "dial-converted"
    ship: str


@dataclass(frozen=True)
class CommandTokenGained(Event):
    """A ship gains a command token by some other effect."""

    type: ClassVar[str] = "command-token-gained"
    ship: str
    command: str


@dataclass(frozen=True)
class CommandTokenDiscarded(Event):
    """A command token is discarded (the forced choice after gaining one too many)."""

    type: ClassVar[str] = "command-token-discarded"
    ship: str
    command: str


@dataclass(frozen=True)
class CommandResolved(Event):
    """A command is resolved by spending the revealed dial, the token, or both (one resolution)."""

    type: ClassVar[str] = "command-resolved"
    ship: str
    command: str
    dial: bool = False
    token: bool = False


@dataclass(frozen=True)
class RepairSpent(Event):
    """Engineering points spent: ``move-shield`` (``zone`` -> any other ``to_zone``),
    ``recover-shield`` (``zone``) or ``discard-damage`` (``faceup`` card or a facedown one)."""

    type: ClassVar[str] = "repair-spent"
    ship: str
    action: str
    zone: str | None = None
    to_zone: str | None = None
    faceup: bool = False


# --- log-only ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class SceneChanged(Event):
    """The detected scene changed (payload: what changed, or the Scene JSON)."""

    type: ClassVar[str] = "scene-changed"
    log_only: ClassVar[bool] = True
    payload: Mapping[str, Any] = _payload()


@dataclass(frozen=True)
class CheckViewed(Event):
    """A player looked at an attack check (payload: the DESIGN.md ``check`` object)."""

    type: ClassVar[str] = "check-viewed"
    log_only: ClassVar[bool] = True
    payload: Mapping[str, Any] = _payload()


@dataclass(frozen=True)
class ManeuverExecuted(Event):
    """A ship moved (payload: the DESIGN.md ``move`` object). Damage goes in DamageDealt."""

    type: ClassVar[str] = "maneuver-executed"
    log_only: ClassVar[bool] = True
    ship: str = ""
    payload: Mapping[str, Any] = _payload()


@dataclass(frozen=True)
class Note(Event):
    """Free text from the players."""

    type: ClassVar[str] = "note"
    log_only: ClassVar[bool] = True
    text: str = ""
    payload: Mapping[str, Any] = _payload()
