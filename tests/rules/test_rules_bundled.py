"""Rules with the bundled ship classes (models/): the numbers come from the catalog files."""

import pytest

from armada_vision.rules import check_scene, engaged_with
from armada_vision.scene import Scene, ShipPose, SquadronPose


def _front_to_front(catalog, gap_mm):
    vsd, cr90 = catalog.ship("victory-ii-star-destroyer"), catalog.ship("cr90-corvette-a")
    vsd_front = vsd.token.length_mm / 2 + vsd.token.offset_mm[0]
    cr90_front = cr90.token.length_mm / 2 + cr90.token.offset_mm[0]
    x = 400.0 + vsd_front + gap_mm + cr90_front
    return Scene((ShipPose("vsd", vsd.id, 1, 400.0, 450.0, 0.0, 2),
                  ShipPose("cr90", cr90.id, 2, x, 450.0, 180.0, 2)))


@pytest.mark.parametrize(("gap_mm", "band"), [(100.0, "close"), (150.0, "medium"),
                                              (250.0, "long"), (320.0, "extreme")])
def test_victory_front_against_cr90_front_by_band(catalog, gap_mm, band):
    # Cardboard to cardboard along the centreline (RRG p.11); dice by band (RRG p.2).
    checks = check_scene(_front_to_front(catalog, gap_mm), catalog)
    c = next(c for c in checks if (c.attacker, c.attacking_zone, c.defender, c.defending_zone)
             == ("vsd", "front", "cr90", "front"))
    arm = catalog.ship("victory-ii-star-destroyer").armament["front"]
    allowed = {"close": (1, 1, 1), "medium": (1, 1, 0), "long": (1, 0, 0), "extreme": (0, 0, 0)}
    r, b, k = allowed[band]
    assert c.in_arc and c.range_mm == pytest.approx(gap_mm, abs=0.01)
    assert c.range_band == band
    assert dict(c.dice) == {"red": arm.red * r, "blue": arm.blue * b, "black": arm.black * k}
    assert c.valid is (band != "extreme" and bool(arm.red * r + arm.blue * b + arm.black * k))
    rear = next(c for c in checks if (c.attacker, c.attacking_zone, c.defender, c.defending_zone)
                == ("vsd", "front", "cr90", "rear"))
    if band != "extreme":
        assert rear.line_of_sight is False and rear.blocked_by_zone is not None


def test_bundled_squadrons_engage_at_distance_one(catalog):
    tie, xw = catalog.squadron("tie-fighter-squadron"), catalog.squadron("x-wing-squadron")
    d1 = catalog.ruler.distance_bands_mm[0]
    gap = tie.radius_mm + xw.radius_mm + d1
    s = Scene(squadrons=(SquadronPose("tie", tie.id, 1, 300.0, 300.0),
                         SquadronPose("xw", xw.id, 2, 300.0 + gap, 300.0)))
    assert engaged_with(s, catalog, None, "tie") == ["xw"]
    far = Scene(squadrons=(SquadronPose("tie", tie.id, 1, 300.0, 300.0),
                           SquadronPose("xw", xw.id, 2, 300.0 + gap + 0.1, 300.0)))
    assert engaged_with(far, catalog, None, "tie") == []
