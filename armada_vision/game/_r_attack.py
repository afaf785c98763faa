"""Attacks, accuracy locks, spending defense tokens, damage (RRG "Attack" p.2, "Defense Tokens"
pp.4-5, "Overlapping" p.14; armada-rules.md 1.6)."""

from __future__ import annotations

import dataclasses

from armada_vision.catalog import SIZE_ORDER

from ._dispatch import handles
from ._errors import RuleViolation, term, terms
from ._events import (
    AccuracySpent,
    AttackDeclared,
    AttackEnded,
    DamageDealt,
    DefenseTokenSpent,
    Destroyed,
)
from ._r_moves import check_acts_at_reveal, move_or_attack
from ._state import AttackState, DefenseToken, GameState, frozen_map
from ._values import DISCARDED, EXHAUSTED

RANGE_BANDS = ("close", "medium", "long", "extreme")


def _piece(state: GameState, piece_id: str):
    if state.has_ship(piece_id):
        return state.ship(piece_id)
    if state.has_squadron(piece_id):
        return state.squadron(piece_id)
    raise RuleViolation("no ship or squadron {piece!r} in this game", piece=piece_id)


@handles(AttackDeclared)
def _attack_declared(state: GameState, e: AttackDeclared) -> GameState:
    if state.phase not in ("ship", "squadron"):
        raise RuleViolation("attacks happen in the Ship and Squadron Phases", 2)
    if state.attack is not None:
        raise RuleViolation(
            "an attack by {attacker} is still being resolved", 2, attacker=state.attack.attacker
        )
    attacker, defender = _piece(state, e.attacker), _piece(state, e.defender)
    due, state = state.salvo_due, state.replace(salvo_due=None)   # a salvo comes next or never
    counter_due, state = state.counter_due, state.replace(counter_due=None)   # so does a counter
    if e.salvo:
        e = _check_salvo(e, due)
    if e.counter:
        _check_counter(e, counter_due, attacker)
    for piece in (defender,) if e.salvo or e.counter else (attacker, defender):
        # a ship destroyed by the attack still performs its salvo before it is removed (p.5);
        # a squadron its counter attack, "even if you are destroyed" (p.21)
        if piece.destroyed:
            raise RuleViolation("{piece} is destroyed", 2, piece=piece.id)
    if attacker.player == defender.player:
        raise RuleViolation("a ship or squadron attacks only enemy ships and squadrons", 2)
    if e.range_band is not None and e.range_band not in RANGE_BANDS:
        raise RuleViolation("unknown range band {band!r}", 11, band=e.range_band)
    if e.distance_band is not None and not 1 <= e.distance_band <= 5:
        raise RuleViolation("distance bands are 1..5, not {band}", 15, band=e.distance_band)
    if state.has_ship(e.defender):
        if e.defending_zone not in defender.max_shields:
            raise RuleViolation(
                "an attack on a ship names one of its hull zones ({zones}), not {zone!r}",
                2,
                zones=tuple(defender.max_shields),  # ids as a log writes them
                zone=e.defending_zone,
            )
    if state.has_ship(e.attacker) and not e.salvo:
        state = _count_ship_attack(
            state, attacker, e, defender_is_squadron=state.has_squadron(e.defender)
        )
    if state.has_squadron(e.attacker) and not e.counter:
        state = _count_squadron_attack(state, attacker)
    attacker_size = attacker.size_class if state.has_ship(e.attacker) else None
    attack = AttackState(
        attacker=e.attacker,
        defender=e.defender,
        attacking_zone=e.attacking_zone,
        defending_zone=e.defending_zone,
        range_band=e.range_band,
        distance_band=e.distance_band,
        attacker_size=attacker_size,
        salvo=e.salvo,
        counter=e.counter,
    )
    return state.replace(attack=attack)


def _check_salvo(e: AttackDeclared, due: tuple | None) -> AttackDeclared:
    """A salvo attack (RRG "Defense Tokens", p.5) follows an attack in which the defending ship
    spent a salvo token, never a salvo attack; it is made by that ship against the attacking
    hull zone (or squadron), with the range of the original attack. Returns the event with
    that range filled in."""
    if due is None:
        raise RuleViolation(
            "a salvo attack follows right after an attack in which the defending ship spent a "
            "salvo token (not after a salvo attack)", 5)
    ship, target, zone, band, dist = due
    if (e.attacker, e.defender, e.defending_zone) != (ship, target, zone):
        if zone is None:
            raise RuleViolation("the salvo attack is by {ship} against the attacker {target}",
                                5, ship=ship, target=target)
        raise RuleViolation(
            "the salvo attack is by {ship} against the attacking {zone} zone of {target}", 5,
            ship=ship, target=target, zone=term(zone))
    if e.range_band not in (None, band) or e.distance_band not in (None, dist):
        raise RuleViolation(
            "a salvo attack has the attack range of the original attack ({band})", 5,
            band=band or f"distance {dist}")
    return dataclasses.replace(e, range_band=band, distance_band=dist)


def _check_counter(e: AttackDeclared, due: tuple[str, str] | None, attacker) -> None:
    """A counter attack (keyword counter, RRG p.21: "After a squadron performs an attack
    against you, you may attack that squadron ...") is by a squadron with Counter (its
    ``counter`` is not 0; ``None``, unknown in logs before 2026-12-02, is not checked), right
    after a squadron's attack on it, against that squadron; it is not a counter's counter."""
    if getattr(attacker, "counter", None) == 0:
        raise RuleViolation("{squadron} has no Counter: only a squadron with the Counter "
                            "keyword counter attacks", 21, squadron=e.attacker)
    if due is None:
        raise RuleViolation(
            "a counter attack comes right after an enemy squadron's attack on the squadron, "
            "before any other attack or activation; a counter attack is not countered", 21)
    squadron, target = due
    if (e.attacker, e.defender) != (squadron, target):
        raise RuleViolation("the counter attack is by {squadron} against the squadron {target} "
                            "that has just attacked it", 21, squadron=squadron, target=target)


def _count_squadron_attack(state: GameState, squadron) -> GameState:
    """A squadron attacks during its own activation, once: activated in the Squadron Phase (it
    moves or attacks, RRG "Squadron Phase" p.20: not after a ``SquadronMoved``) or by the
    active ship's squadron command, which the ship resolves when it reveals its dial, before
    its own attacks (RRG "Commands" p.3, "Ship Activation" p.16)."""
    if squadron.id in state.squadrons_attacked:
        raise RuleViolation("{squadron} has already attacked during this activation: a "
                            "squadron attacks once per activation", 20, squadron=squadron.id)
    if squadron.id not in state.active_squadrons:
        if state.phase == "ship":
            raise RuleViolation(
                "in the Ship Phase a squadron attacks only when the active ship's squadron "
                "command activates it ({squadron} is not activated by it)", 3,
                squadron=squadron.id)
        raise RuleViolation(
            "a squadron attacks during its own activation: {squadron} is not activating (in "
            "the Squadron Phase, name it in the squadrons activated first)", 20,
            squadron=squadron.id)
    if state.phase == "squadron" and squadron.id in state.squadrons_moved:
        raise move_or_attack(squadron.id, "moved")     # it moves or attacks (p.20)
    check_acts_at_reveal(state, squadron.id)
    return state.replace(squadrons_attacked=(*state.squadrons_attacked, squadron.id))


def _count_ship_attack(state: GameState, ship, e: AttackDeclared, defender_is_squadron: bool):
    """A ship attacks during its own activation, at most twice (huge ships three times), each
    time from a different hull zone; more squadron targets of one attack reuse its zone (RRG
    "Attack" p.2, "Ship Activation" p.16)."""
    if state.phase != "ship" or state.active_ship != ship.id:
        raise RuleViolation(
            "a ship attacks during its own activation in the Ship Phase ({ship} is not "
            "activating; a salvo counter-attack is declared with salvo=true)",
            16,
            ship=ship.id,
        )
    if ship.activation_step == "maneuver":
        raise RuleViolation(
            "{ship} has resolved navigate, which belongs to its Execute Maneuver step: a ship "
            "attacks before it executes its maneuver",
            16,
            ship=ship.id,
        )
    if e.attacking_zone not in ship.max_shields:
        raise RuleViolation(
            "a ship attacks from one of its hull zones ({zones}), not {zone!r}",
            2,
            zones=tuple(ship.max_shields),  # ids as a log writes them
            zone=e.attacking_zone,
        )
    used = dict(ship.attacks)
    if e.attacking_zone in used:
        # another squadron target of the attack just made from this zone (step 6), or a second
        # attack from a used zone
        last_zone, last_was_squadron = ship.attacks[-1]
        if not (defender_is_squadron and last_was_squadron and last_zone == e.attacking_zone):
            raise RuleViolation(
                "each of a ship's attacks is from a different hull zone; {ship} already "
                "attacked from its {zone} zone",
                16,
                ship=ship.id,
                zone=term(e.attacking_zone),
            )
        if e.defender in ship.squadron_targets:
            raise RuleViolation(
                "{squadron} is already a target of this attack: each enemy squadron is "
                "targeted only once per attack",
                2,
                squadron=e.defender,
            )
        return state.with_ship(
            ship.replace(squadron_targets=(*ship.squadron_targets, e.defender)))
    limit = 3 if ship.size_class == "huge" else 2
    if len(used) >= limit:
        raise RuleViolation(
            "a {size} ship attacks at most {limit} times per activation",
            16,
            size=term(ship.size_class),
            limit=limit,
        )
    # Attacking ends the Reveal Command Dial step: repair and squadron commands are resolved
    # in it, and engineering points left from a repair command are lost (RRG p.3).
    return state.with_ship(
        ship.replace(
            attacks=(*ship.attacks, (e.attacking_zone, defender_is_squadron)),
            squadron_targets=(e.defender,) if defender_is_squadron else (),
            activation_step="attack",
            engineering_points=0,
            squadron_activations=0,
        )
    )


def _defending_ship(state: GameState):
    if state.attack is None:
        raise RuleViolation("no attack is being resolved", 2)
    if not state.has_ship(state.attack.defender):
        raise RuleViolation(
            "the defender {defender} is a squadron; only ships' defense tokens are tracked here",
            defender=state.attack.defender,
        )
    return state.ship(state.attack.defender)


@handles(AccuracySpent)
def _accuracy_spent(state: GameState, e: AccuracySpent) -> GameState:
    ship = _defending_ship(state)
    attack = state.attack
    assert attack is not None
    if attack.spent:
        raise RuleViolation(
            "accuracy icons are spent in Resolve Attack Effects, before the defender spends "
            "defense tokens",
            4,
        )
    token = ship.token(e.token)
    if token.discarded:
        raise RuleViolation(
            "{ship}'s {kind} token #{token} is discarded",
            4,
            ship=ship.id,
            kind=term(token.kind),
            token=e.token,
        )
    if e.token in attack.locked:
        return state
    return state.replace(attack=attack.replace(locked=(*attack.locked, e.token)))


@handles(DefenseTokenSpent)
def _token_spent(state: GameState, e: DefenseTokenSpent) -> GameState:
    ship = _defending_ship(state)
    attack = state.attack
    assert attack is not None
    if e.ship != ship.id:
        raise RuleViolation(
            "only the defender ({ship}) spends defense tokens in this attack", 4, ship=ship.id
        )
    if ship.speed == 0:
        raise RuleViolation("a ship at speed 0 cannot spend defense tokens", 4)
    token = ship.token(e.token)
    if token.discarded:
        raise RuleViolation(
            "{ship}'s {kind} token #{token} is discarded and cannot be spent",
            4,
            ship=ship.id,
            kind=term(token.kind),
            token=e.token,
        )
    if e.token in attack.spent:
        raise RuleViolation(
            "the same defense token cannot be spent twice in one attack ({kind} #{token})",
            5,
            kind=term(token.kind),
            token=e.token,
        )
    if e.token in attack.locked:
        raise RuleViolation(
            "{ship}'s {kind} token #{token} was chosen by an accuracy icon and cannot "
            "be spent in this attack",
            4,
            ship=ship.id,
            kind=term(token.kind),
            token=e.token,
        )
    if any(ship.defense_tokens[i].kind == token.kind for i in attack.spent):
        raise RuleViolation(
            "at most one defense token of each type per attack; a {kind} was already spent",
            5,
            kind=term(token.kind),
        )
    changes: dict = {"spent": (*attack.spent, e.token)}
    if token.kind == "salvo" and not attack.salvo:
        changes["salvo_spent"] = True   # no salvo from a salvo attack (p.5)
    discard = token.exhausted
    if e.redirect_zone is not None:
        if token.kind != "redirect":
            raise RuleViolation(
                "a zone is chosen for a redirect, not a {kind}", 4, kind=term(token.kind)
            )
        allowed = ship.adjacency.get(attack.defending_zone or "", ())
        if e.redirect_zone not in allowed:
            raise RuleViolation(
                "redirect goes only to a hull zone adjacent to the defending {zone} zone "
                "({zones}), not {to_zone}",
                4,
                zone=term(attack.defending_zone),
                zones=terms(allowed),
                to_zone=term(e.redirect_zone),
            )
        changes["redirect_zone"] = e.redirect_zone
    if e.evade_extra:
        if token.kind != "evade":
            raise RuleViolation(
                "only an evade affects an additional die, not a {kind}", 5, kind=term(token.kind)
            )
        larger = attack.attacker_size is not None and (
            SIZE_ORDER[attack.attacker_size] > SIZE_ORDER[ship.size_class]
        )
        if not larger:
            raise RuleViolation(
                "an evade affects one additional die only against a ship of a larger size class "
                "(attacker: {attacker}, defender: {defender})",
                5,
                attacker=term(attack.attacker_size or "squadron"),
                defender=term(ship.size_class),
            )
        discard = True  # ... and the token is discarded, readied or exhausted (RRG p.5)
        changes["evade_extra"] = True
    new_state = DISCARDED if discard else EXHAUSTED
    tokens = list(ship.defense_tokens)
    tokens[e.token] = DefenseToken(token.kind, new_state)
    state = state.with_ship(ship.replace(defense_tokens=tuple(tokens)))
    return state.replace(attack=attack.replace(**changes))


@handles(AttackEnded)
def _attack_ended(state: GameState, e: AttackEnded) -> GameState:
    if state.attack is None:
        raise RuleViolation("no attack is being resolved", 2)
    a = state.attack
    due = ((a.defender, a.attacker, a.attacking_zone, a.range_band, a.distance_band)
           if a.salvo_spent else None)
    counter = None
    if (state.has_squadron(a.attacker) and state.has_squadron(a.defender)
            and not a.counter and state.squadron(a.defender).counter != 0):
        counter = (a.defender, a.attacker)     # the attacked may counter, with Counter (p.21)
    return state.replace(attack=None, salvo_due=due, counter_due=counter)


@handles(DamageDealt)
def _damage_dealt(state: GameState, e: DamageDealt) -> GameState:
    if min(e.shields, e.facedown, e.faceup, e.hull_points) < 0:
        raise RuleViolation("damage is never negative")
    if state.has_squadron(e.target):
        sq = state.squadron(e.target)
        if e.shields or e.facedown or e.faceup:
            raise RuleViolation("squadrons have no shields or damage cards; use hull_points", 14)
        damage = sq.damage + e.hull_points
        state = state.with_squadron(sq.replace(damage=damage))
        return destroyed_squadron(state, sq.id) if damage >= sq.hull else state
    ship = state.ship(e.target)
    if e.hull_points:
        raise RuleViolation("ships take damage as shields and damage cards, not hull points", 14)
    shields = dict(ship.shields)
    if e.shields:
        if e.zone not in shields:
            raise RuleViolation("{ship} has no hull zone {zone!r}", ship=ship.id, zone=e.zone)
        if e.shields > shields[e.zone]:
            raise RuleViolation(
                "{ship}'s {zone} zone cannot lose {lost} of its shields (it has {shields})",
                14,
                ship=ship.id,
                zone=term(e.zone),
                shields=shields[e.zone],
                lost=e.shields,
            )
        shields[e.zone] -= e.shields
    ship = ship.replace(
        shields=frozen_map(shields),
        damage_facedown=ship.damage_facedown + e.facedown,
        damage_faceup=ship.damage_faceup + e.faceup,
    )
    # A ship with damage cards equal to its hull value is destroyed (RRG "Damage", p.5).
    return state.with_ship(destroyed_ship(ship) if ship.damage_cards >= ship.hull else ship)


def destroyed_ship(ship):
    """``ship`` destroyed: "return its tokens and dials to the supply" (RRG "Destroyed Ships and
    Squadrons", p.5): no command dials or tokens, every defense token discarded (slots kept)."""
    return ship.replace(
        destroyed=True,
        dials=(),
        revealed_dial=None,
        command_tokens=(),
        defense_tokens=tuple(DefenseToken(t.kind, DISCARDED) for t in ship.defense_tokens),
    )


def destroyed_squadron(state: GameState, squadron_id: str) -> GameState:
    """Squadron ``squadron_id`` destroyed: "removed from the play area" (RRG "Destroyed Ships and
    Squadrons", p.5), so its activation is over (it leaves ``active_squadrons``; the others
    activated with it go on). A counter attack it is due still comes ("even if you are
    destroyed", RRG p.21 "Counter")."""
    sq = state.squadron(squadron_id)
    state = state.with_squadron(sq.replace(destroyed=True))
    return state.replace(
        active_squadrons=tuple(s for s in state.active_squadrons if s != squadron_id))


@handles(Destroyed)
def _destroyed(state: GameState, e: Destroyed) -> GameState:
    if state.has_squadron(e.target):
        return destroyed_squadron(state, e.target)
    return state.with_ship(destroyed_ship(state.ship(e.target)))
