"""What engagement forbids a squadron to attack (RRG 1.6 "Engagement" p.6, "Squadron Keywords"
p.21 heavy and escort, FAQ "Squadrons"; armada-rules.md 1.5.3), and what snipe allows.

- An engaged squadron "must attack an engaged squadron if possible rather than an enemy ship":
  its attacks on ships are not valid while a squadron without heavy is engaged with it and it
  can attack an engaged squadron (it has anti-squadron dice; engaged means not obstructed, so
  a die is left).
- Heavy: "You do not prevent engaged squadrons from attacking ships or moving."
- Escort: "Squadrons you are engaged with cannot attack squadrons that lack escort" -- also
  squadrons at distance 1 it is not engaged with (behind an obstacle).
- A squadron at distance 1 behind an obstacle is not engaged and restricts nothing (FAQ).

Engaged = at distance 1 and the LOS between the two not obstructed: exactly the squadron
attack rows' own ``distance_band == 1`` and ``obstructed`` (same LOS points, same obstructers),
so no second measurement.
"""

from __future__ import annotations

import numpy as np

from ._frame import Frame


def engagement_limits(f: Frame, ai: np.ndarray, di: np.ndarray, dband: np.ndarray,
                      obstructed: np.ndarray, valid: np.ndarray, range_mm: np.ndarray,
                      ob_margin: np.ndarray, margin: np.ndarray, d1_mm: float):
    """``valid`` and ``margin`` (P,) of every pair with the engagement rules applied.

    ``ai``/``di`` (P,) entity indices of attacker/defender; ``dband`` distance band (1..6);
    ``obstructed`` (P,) bool; ``range_mm`` (P,) attack range (for two squadrons, the distance of
    the bases); ``ob_margin`` (P,) how far each LOS is from changing its obstruction;
    ``d1_mm`` the distance-1 edge. Returns new arrays (the inputs are not changed).

    Margin: for a squadron attack that engagement decides (one that would be valid without the
    rule), how far the engagement of the deciding enemy squadrons is from flipping: the
    distance of their bases from the distance-1 edge, and, at distance 1, the LOS's obstruction
    margin. A restriction is lifted only when every restricting squadron disengages (the
    largest of theirs); one is added when any other could engage (the smallest).
    """
    is_sq = f.is_sq
    sq_a, sq_d = is_sq[ai], is_sq[di]
    foe_near = sq_a & sq_d & (range_mm < 2.0 * d1_mm)
    if not foe_near.any():
        return valid, margin
    # Only squadrons with an enemy squadron within twice distance 1 can be affected: a valid
    # squadron attack is at distance 1, so its margin is below d1 anyway.
    act = np.zeros(len(is_sq), dtype=bool)
    act[ai[foe_near]] = True
    foes = np.nonzero(sq_a & sq_d & act[ai])[0]
    a_of = ai[foes]
    engaged = (dband[foes] == 1) & ~obstructed[foes]
    flip = np.abs(range_mm[foes] - d1_mm)
    at1 = dband[foes] == 1
    flip[at1] = np.minimum(flip[at1], ob_margin[foes[at1]])
    heavy, escort = f.sq_heavy[di[foes]], f.sq_escort[di[foes]]
    valid0 = valid
    valid, margin = valid.copy(), margin.copy()

    # attacks on ships: an engager without heavy forces a squadron attack, if one is possible
    # (the squadron has anti-squadron dice: engaged means not obstructed, so a die is left)
    can = f.dice_anti_sq.sum(axis=1) > 0
    ships = np.nonzero(sq_a & ~sq_d & act[ai] & can[ai])[0]
    _limit(valid, margin, valid0, ships, ai[ships], a_of, engaged & ~heavy, ~heavy, flip,
           len(is_sq))
    # attacks on squadrons without escort, while engaged with a squadron with escort
    plain = foes[~escort]
    _limit(valid, margin, valid0, plain, ai[plain], a_of, engaged & escort, escort, flip,
           len(is_sq))
    return valid, margin


def _limit(valid, margin, valid0, rows, rows_att, foe_att, restricting, could, flip, N):
    """Invalidate the ``rows`` of every attacker with a ``restricting`` enemy. Margin of the
    rows the rule decides (valid without it): all restricting enemies must flip to lift it
    (the largest flip), any other that ``could`` restrict suffices to impose it (the
    smallest)."""
    if not len(rows):
        return
    lift = np.full(N, -np.inf)
    np.maximum.at(lift, foe_att[restricting], flip[restricting])
    impose = np.full(N, np.inf)
    np.minimum.at(impose, foe_att[could], flip[could])
    restricted = np.isfinite(lift[rows_att])
    valid[rows[restricted]] = False
    m = np.where(restricted, lift[rows_att], impose[rows_att])
    decided = valid0[rows]
    margin[rows[decided]] = np.minimum(margin[rows[decided]], m[decided])


def snipe_attacks(f: Frame, ai: np.ndarray, di: np.ndarray, dband: np.ndarray, los: np.ndarray,
                  obstructed: np.ndarray, code: np.ndarray, valid: np.ndarray):
    """Snipe X (RRG p.21): a squadron may attack a squadron at distance 2 with X blue dice.

    Returns ``code`` (dice code: red * 64 + blue * 8 + black) and ``valid`` (P,) with those
    attacks filled in (new arrays where changed). Like any attack it needs LOS, and an
    obstructed one with a single die is cancelled. (The escort limit is applied after, with
    the engagement rules.)
    """
    x = f.sq_snipe[ai]
    rows = np.nonzero((x > 0) & f.is_sq[di] & (dband == 2))[0]
    if not len(rows):
        return code, valid
    code, valid = code.copy(), valid.copy()
    n = x[rows]
    code[rows] = n * 8
    valid[rows] = los[rows] & ~(obstructed[rows] & (n <= 1))
    return code, valid
