"""Effects of defense tokens and commands as pure functions (RRG pp.3-5; armada-rules.md 1.6-1.7).

These say what a spent token or command *does*; whether it may be spent at all is the
reducer's business (``apply``). Nothing here touches a game state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from armada_vision.catalog import SIZE_ORDER, Dice

from ._errors import RuleViolation, term, terms
from ._values import REPAIR_COSTS

__all__ = [
    "ConcentrateFireEffect",
    "EvadeEffect",
    "NavigateEffect",
    "brace",
    "concentrate_fire",
    "engineering_points",
    "evade",
    "navigate",
    "redirect",
    "redirect_zones",
    "repair_cost",
    "salvo",
    "scatter",
    "squadron_activations",
    "standard_critical_allowed",
]


# --- defense tokens ---------------------------------------------------------------------------


def brace(damage: int) -> int:
    """Total damage after a brace: halved, rounded up (RRG "Defense Tokens", p.4).

    >>> brace(5), brace(4), brace(1), brace(0)
    (3, 2, 1, 0)

    Raises ``ValueError`` for negative damage.
    """
    if damage < 0:
        raise ValueError(f"damage must be >= 0, got {damage}")
    return (damage + 1) // 2


def redirect_zones(
    adjacency: Mapping[str, tuple[str, ...]], defending_zone: str
) -> tuple[str, ...]:
    """Hull zones a redirect may send damage to: those adjacent to ``defending_zone``.

    Adjacent zones share an arc line (RRG "Hull Zone", p.8); front/rear and left/right are not
    adjacent. ``adjacency`` is :attr:`ShipState.adjacency` (built from ``ShipClass.zone_lines``).
    """
    try:
        return tuple(adjacency[defending_zone])
    except KeyError:
        raise RuleViolation("the ship has no hull zone {zone!r}", 8, zone=defending_zone) from None


def redirect(
    damage: int,
    defending_zone: str,
    to_zone: str,
    adjacency: Mapping[str, tuple[str, ...]],
    shields: Mapping[str, int],
    amount: int | None = None,
) -> tuple[int, int]:
    """Split ``damage`` by a redirect: ``(to to_zone, left for the defending zone)``.

    Any amount up to ``to_zone``'s remaining shields may be suffered there first (RRG p.4);
    ``amount=None`` takes as much as those shields allow. Raises ``RuleViolation`` when
    ``to_zone`` is not adjacent to ``defending_zone``, or ``amount`` exceeds its shields.
    """
    if to_zone not in redirect_zones(adjacency, defending_zone):
        raise RuleViolation(
            "redirect goes only to a hull zone adjacent to the defending {zone} zone "
            "({zones}), not {to_zone}",
            4,
            zone=term(defending_zone),
            zones=terms(adjacency[defending_zone]),
            to_zone=term(to_zone),
        )
    cap = min(damage, shields.get(to_zone, 0))
    if amount is None:
        amount = cap
    if not 0 <= amount <= cap:
        raise RuleViolation(
            "redirect may move at most the {zone} zone's remaining shields ({cap}) of "
            "{damage} damage, not {amount}",
            4,
            zone=term(to_zone),
            cap=cap,
            damage=damage,
            amount=amount,
        )
    return amount, damage - amount


@dataclass(frozen=True)
class EvadeEffect:
    """What an evade does: ``mode`` is ``"cancel"`` or ``"reroll"``, on ``dice`` dice.

    ``extra_die_allowed``: the attacker is a ship of a larger size class, so the defender may
    affect one more die — and if it does, the token is discarded (readied or exhausted).
    """

    mode: str
    dice: int
    extra_die_allowed: bool = False


def evade(
    range_band: str | None,
    distance_band: int | None = None,
    attacker_size: str | None = None,
    defender_size: str | None = None,
) -> EvadeEffect:
    """The evade effect for an attack (RRG "Defense Tokens", p.4-5, v1.5 wording).

    Long range: cancel one die. Close or medium range: reroll one. Extreme range: the long-range
    effect plus one more cancelled die. At distance 1-2 (squadron attacks, ``range_band=None``)
    the close-range effect. Against a ship of a larger size class (``attacker_size`` larger
    than ``defender_size``; ``None`` for a squadron attacker) one more die may be affected.

    >>> evade("long")
    EvadeEffect(mode='cancel', dice=1, extra_die_allowed=False)
    >>> evade("extreme").dice
    2
    """
    if range_band in ("close", "medium"):
        effect = EvadeEffect("reroll", 1)
    elif range_band == "long":
        effect = EvadeEffect("cancel", 1)
    elif range_band == "extreme":
        effect = EvadeEffect("cancel", 2)
    elif range_band is None and distance_band in (1, 2):
        effect = EvadeEffect("reroll", 1)
    else:
        raise ValueError(
            f"evade needs a range band or distance 1-2, got {range_band!r} / {distance_band!r}"
        )
    larger = (
        attacker_size in SIZE_ORDER
        and defender_size in SIZE_ORDER
        and SIZE_ORDER[attacker_size] > SIZE_ORDER[defender_size]
    )
    return EvadeEffect(effect.mode, effect.dice, larger)


def scatter(pool: Dice) -> Dice:
    """A scatter cancels every die of the attack pool (RRG p.5): the empty pool."""
    return Dice()


def standard_critical_allowed(contain_spent: bool) -> bool:
    """Whether the attacker may resolve the standard critical effect (a faceup damage card).

    A contain token prevents it (RRG p.4); other critical effects are unaffected.
    """
    return not contain_spent


def salvo(defender_class, attacker_is_squadron: bool,
          range_band: str | None = None) -> tuple[str | None, Dice]:
    """The salvo counter-attack: ``(zone, dice)`` the defender attacks back with (RRG p.5).

    Against a ship it uses its rear hull zone's battery armament; against a squadron its
    anti-squadron armament (zone ``None``). ``defender_class`` is a catalog ``ShipClass``.
    "The attack range ... treated as the same as those of the original attack": with the
    original ``range_band``, only the dice appropriate for it are gathered ("Attack" p.2:
    black close, blue close-medium, red close-long; none at extreme range). A squadron attacks
    at distance 1, within close range: its whole armament.
    """
    if attacker_is_squadron:
        return None, defender_class.anti_squadron
    dice = defender_class.armament.get("rear", Dice())
    if range_band is None or range_band == "close":
        return "rear", dice
    if range_band not in ("medium", "long", "extreme"):
        raise ValueError(f"unknown range band {range_band!r}")
    return "rear", Dice(red=dice.red if range_band != "extreme" else 0,
                        blue=dice.blue if range_band == "medium" else 0)


# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class NavigateEffect:
    """A navigate resolution: change speed by up to ``speed_steps``; ``extra_click``: one more
    yaw click on one joint (never past the tool's two)."""

    speed_steps: int
    extra_click: bool


def navigate(dial: bool, token: bool) -> NavigateEffect:
    """Navigate (RRG p.3): dial = speed +-1 and/or +1 click on one joint; token = speed +-1.

    Dial and token together stack: up to 2 speed steps and one extra click.
    """
    return NavigateEffect(int(dial) + int(token), dial)


def squadron_activations(squadron_value: int, dial: bool, token: bool) -> int:
    """Squadrons a squadron command activates (RRG p.3): dial = squadron value, token = 1."""
    return (squadron_value if dial else 0) + (1 if token else 0)


def engineering_points(engineering: int, dial: bool, token: bool) -> int:
    """Engineering points of a repair command (RRG p.3): dial = engineering value, token = half,
    rounded up. Together they add up."""
    return (engineering if dial else 0) + ((engineering + 1) // 2 if token else 0)


def repair_cost(action: str) -> int:
    """Points for ``move-shield`` (1), ``recover-shield`` (2), ``discard-damage`` (3) (RRG p.4)."""
    try:
        return REPAIR_COSTS[action]
    except KeyError:
        raise RuleViolation(
            "unknown repair effect {action!r} (one of {actions})",
            4,
            action=action,
            actions=tuple(REPAIR_COSTS),  # ids as a log writes them, untranslated
        ) from None


@dataclass(frozen=True)
class ConcentrateFireEffect:
    """Concentrate fire (RRG p.3): dial = add one die of a colour already in the pool;
    token = reroll one die."""

    add_die: bool
    reroll_dice: int


def concentrate_fire(dial: bool, token: bool) -> ConcentrateFireEffect:
    return ConcentrateFireEffect(dial, 1 if token else 0)
