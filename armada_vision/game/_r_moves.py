"""Squadron moves (RRG "Squadron Movement" p.20, "Engagement" p.6, "Squadron Phase" p.20).

The game does not measure: a ``SquadronMoved`` event carries what the move's measurement on
the table found (the engaged enemies that stop the squadron moving). Checked here: an engaged
squadron does not move; a squadron activated in the Squadron Phase moves or attacks, not both
(the attack side is in ``_r_attack._count_squadron_attack``), and only during its own
activation. A squadron command's squadrons may move and attack (RRG "Commands" p.3), before
the ship attacks or moves, like their attacks. Squadrons move only in the Ship and Squadron
Phases. In the Ship Phase a move outside the squadron's activation (a card effect) is recorded
and not checked further. A second move in one activation is accepted (a nudge of the base).
Ids in ``engaged_with`` that are not enemy squadrons of the game are ignored.
"""

from __future__ import annotations

from ._dispatch import handles
from ._errors import RuleViolation
from ._events import SquadronMoved
from ._state import GameState


def check_acts_at_reveal(state: GameState, squadron_id: str) -> None:
    """Raises ``RuleViolation`` when ``squadron_id``, activated by the active ship's squadron
    command, would move or attack after that ship's Reveal Command Dial step: its squadrons act
    then, before the ship attacks or moves (RRG "Commands" p.3)."""
    if state.phase == "ship" and state.active_ship is not None:
        ship = state.ship(state.active_ship)
        if ship.activation_step != "reveal":
            raise RuleViolation(
                "{squadron} was activated by {ship}'s squadron command, whose squadrons act "
                "when the ship reveals its dial, before the ship attacks or moves", 3,
                squadron=squadron_id, ship=ship.id)


def move_or_attack(squadron: str, done: str) -> RuleViolation:
    """The Squadron Phase refusal (RRG p.20): ``done`` is what the squadron did first."""
    if done == "attacked":
        return RuleViolation("a squadron activated in the Squadron Phase moves or attacks, not "
                             "both: {squadron} has attacked", 20, squadron=squadron)
    return RuleViolation("a squadron activated in the Squadron Phase moves or attacks, not "
                         "both: {squadron} has moved", 20, squadron=squadron)


@handles(SquadronMoved)
def _squadron_moved(state: GameState, e: SquadronMoved) -> GameState:
    if state.phase not in ("ship", "squadron"):
        raise RuleViolation("{squadron} cannot move now: squadrons move only in the Ship Phase "
                            "(activated by a squadron command, RRG p.3) and the Squadron Phase",
                            20, squadron=e.squadron)
    sq = state.squadron(e.squadron)
    if sq.destroyed:
        raise RuleViolation("{squadron} is destroyed", 5, squadron=sq.id)
    # only enemy squadrons in the game, not destroyed since the table was measured, engage it
    # (p.5-6); a friendly, its own or an unknown id in the event is ignored
    engaged = tuple(q for q in dict.fromkeys(e.engaged_with)
                    if state.has_squadron(q) and state.squadron(q).player != sq.player
                    and not state.squadron(q).destroyed)
    if engaged:
        raise RuleViolation("{squadron} is engaged with {squadrons} and cannot move", 6,
                            squadron=sq.id, squadrons=engaged)
    if sq.id not in state.active_squadrons:
        if state.phase == "squadron":   # moves are part of its activation (p.20)
            raise RuleViolation("a squadron moves during its own activation: {squadron} is not "
                                "activating (activate it first)", 20, squadron=sq.id)
        return state   # in the Ship Phase: a card effect (e.g. after a ship's maneuver)
    if state.phase == "squadron" and sq.id in state.squadrons_attacked:
        raise move_or_attack(sq.id, "attacked")
    check_acts_at_reveal(state, sq.id)   # as its attack
    if sq.id in state.squadrons_moved:
        return state   # a second move in one activation: a nudge, accepted
    return state.replace(squadrons_moved=(*state.squadrons_moved, sq.id))
