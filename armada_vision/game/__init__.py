"""Game state a player tracks beside each ship: defense tokens, command dials and tokens, the
round and phase (RRG pp.2-5, 14-20; armada-rules.md 1.6-1.7). Pure Python, no Qt, no OpenCV.

Every change is an **event** (a small frozen dataclass with a ``type`` string, ``to_json()``
and :func:`event_from_json`); the state is the fold of the events::

    from armada_vision.catalog import get_catalog
    from armada_vision import game

    cat = get_catalog()
    events = [
        game.GameStarted(first_player=1),
        game.ShipAdded.from_class("vsd-1", cat.ship("victory-ii-star-destroyer"), player=1, speed=2),
        game.PhaseAdvanced(),                                   # round 1, Command Phase
        game.DialsAssigned("vsd-1", ("navigate", "repair", "squadron")),
    ]
    state = game.replay(events)
    state = game.apply(state, game.PhaseAdvanced())             # Ship Phase
    state.ship("vsd-1").dials                                   # ('navigate', 'repair', 'squadron')

``apply`` raises :class:`RuleViolation` (message: the rule's reason and RRG page) for an
illegal action and leaves the old state current; undo is ``undo(events)`` (drop the last event
and replay). A forced choice (too many or duplicate command tokens) sits in ``state.pending``
and blocks every other game event until a ``CommandTokenDiscarded`` resolves it.

For a window: :class:`GameHistory` (events + state + undo), :func:`why_not` (the reason an
event would be refused, or ``None``), :func:`cut_off_warning` (what a legal event cuts short:
squadrons a squadron command activated that have not attacked),
:func:`spendable_defense_tokens`, and :func:`maneuver_events` (the events for a ``move``
result: the maneuver, overlap damage cards, destruction); :func:`squadron_move_event` (a
squadron move result's event, which the game refuses for an engaged squadron).

Effects of tokens and commands are pure functions: :func:`brace`, :func:`redirect`,
:func:`evade`, :func:`scatter`, :func:`standard_critical_allowed`, :func:`salvo`,
:func:`navigate`, :func:`squadron_activations`, :func:`engineering_points`,
:func:`concentrate_fire`, :func:`repair_cost`.
"""

from ._effects import (
    ConcentrateFireEffect,
    EvadeEffect,
    NavigateEffect,
    brace,
    concentrate_fire,
    engineering_points,
    evade,
    navigate,
    redirect,
    redirect_zones,
    repair_cost,
    salvo,
    scatter,
    squadron_activations,
    standard_critical_allowed,
)
from ._errors import Reason, RuleViolation, Term
from ._events import (
    EVENT_TYPES,
    AccuracySpent,
    ActivationEnded,
    AttackDeclared,
    AttackEnded,
    CheckViewed,
    CommandResolved,
    CommandTokenDiscarded,
    CommandTokenGained,
    DamageDealt,
    DefenseTokenSpent,
    Destroyed,
    DialConverted,
    DialsAssigned,
    Event,
    GameStarted,
    ManeuverExecuted,
    Note,
    Passed,
    PhaseAdvanced,
    RepairSpent,
    SceneChanged,
    ShipActivated,
    ShipAdded,
    SpeedChanged,
    SquadronAdded,
    SquadronMoved,
    SquadronsActivated,
    event_from_json,
)
from ._helpers import (
    GameHistory,
    cut_off_warning,
    maneuver_events,
    spendable_defense_tokens,
    squadron_move_event,
    violation,
    why_not,
)
from ._phases import PHASE_NAMES, PHASE_TABLE, next_phase, phase_blocker, phase_blocker_reason
from ._r_commands import token_discard_options
from ._reducer import apply, replay, undo
from ._state import (
    INITIAL_STATE,
    AttackState,
    DefenseToken,
    GameState,
    PendingChoice,
    ShipState,
    SquadronState,
)
from ._values import COMMANDS, PHASES, REPAIR_COSTS, ROUND_PHASES, STANDARD_ROUNDS

__all__ = [
    "GameHistory",
    "cut_off_warning",
    "maneuver_events",
    "spendable_defense_tokens",
    "violation",
    "why_not",
    "COMMANDS",
    "EVENT_TYPES",
    "INITIAL_STATE",
    "PHASES",
    "PHASE_NAMES",
    "PHASE_TABLE",
    "REPAIR_COSTS",
    "ROUND_PHASES",
    "STANDARD_ROUNDS",
    "AccuracySpent",
    "ActivationEnded",
    "AttackDeclared",
    "AttackEnded",
    "AttackState",
    "CheckViewed",
    "CommandResolved",
    "CommandTokenDiscarded",
    "CommandTokenGained",
    "ConcentrateFireEffect",
    "DamageDealt",
    "DefenseToken",
    "DefenseTokenSpent",
    "Destroyed",
    "DialConverted",
    "DialsAssigned",
    "EvadeEffect",
    "Event",
    "GameStarted",
    "GameState",
    "ManeuverExecuted",
    "NavigateEffect",
    "Note",
    "Passed",
    "PendingChoice",
    "PhaseAdvanced",
    "RepairSpent",
    "Reason",
    "RuleViolation",
    "SceneChanged",
    "ShipActivated",
    "ShipAdded",
    "ShipState",
    "SpeedChanged",
    "SquadronAdded",
    "SquadronState",
    "Term",
    "SquadronsActivated",
    "SquadronMoved",
    "squadron_move_event",
    "apply",
    "brace",
    "concentrate_fire",
    "engineering_points",
    "evade",
    "event_from_json",
    "navigate",
    "next_phase",
    "phase_blocker",
    "phase_blocker_reason",
    "redirect",
    "redirect_zones",
    "repair_cost",
    "replay",
    "salvo",
    "scatter",
    "squadron_activations",
    "standard_critical_allowed",
    "token_discard_options",
    "undo",
]
