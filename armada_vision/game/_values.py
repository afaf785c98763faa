"""Named values of the game state: commands, phases, token states, repair costs (RRG pp.3-5, 15)."""

from __future__ import annotations

from types import MappingProxyType

#: The four commands of a command dial or token (RRG "Commands", p.3).
COMMANDS = ("navigate", "squadron", "repair", "concentrate-fire")

#: Phases of a game round, in order (RRG "Round", p.15); ``setup`` before round 1, ``ended`` after.
ROUND_PHASES = ("command", "ship", "squadron", "status")
PHASES = ("setup", *ROUND_PHASES, "ended")

#: Defense token states (RRG "Defense Tokens", p.4).
READIED, EXHAUSTED, DISCARDED = "readied", "exhausted", "discarded"
TOKEN_STATES = (READIED, EXHAUSTED, DISCARDED)

#: Engineering points per repair effect (RRG "Repair", p.4; armada-rules.md 1.7.5).
REPAIR_COSTS = MappingProxyType({"move-shield": 1, "recover-shield": 2, "discard-damage": 3})

#: Standard game length (RRG "Round", p.15).
STANDARD_ROUNDS = 6

PLAYERS = (1, 2)


def other_player(player: int) -> int:
    """The opponent of ``player`` (1 <-> 2)."""
    return 2 if player == 1 else 1
