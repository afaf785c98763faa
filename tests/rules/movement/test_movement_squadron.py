"""Squadron movement (RRG v1.6 "Squadron Movement" p.20, "Engagement" p.6, "Squadron
Keywords"). test-squadron: 30 mm base, speed 3, so its centre may travel up to the outer edge of
distance 3 on the bundled ruler (the ruler starts at its base edge, one radius out, and its base
may reach the band's end line, one radius beyond its new centre)."""

import pytest

from armada_vision.errors import InputError
from armada_vision.rules.movement import move_squadron, squadron_max_travel_mm


def test_centre_may_travel_up_to_the_distance_band_of_its_speed(mcat, build, pieces):
    d3 = mcat.ruler.distance_bands_mm[2]
    assert d3 == pytest.approx(185.0)
    assert squadron_max_travel_mm(mcat, 3) == d3
    scene = build(squadrons=[pieces.squad("q", 300.0, 300.0)])
    ok = move_squadron(scene, mcat, "q", 300.0 + d3, 300.0)   # the band's edge belongs to it
    assert ok.legal and ok.reason is None and ok.travel_mm == pytest.approx(185.0)


def test_squadron_move_beyond_its_speed_is_refused(mcat, build, pieces):
    scene = build(squadrons=[pieces.squad("q", 300.0, 300.0)])
    r = move_squadron(scene, mcat, "q", 300.0, 300.0 + 185.5)
    assert not r.legal
    assert r.reason == "q has speed 3: its centre may move up to 185 mm (distance 3), got 185.5 mm"
    with pytest.raises(InputError):
        r.apply(scene)


def test_squadron_may_stay_in_place(mcat, build, pieces):
    scene = build(squadrons=[pieces.squad("q", 300.0, 300.0)])
    assert move_squadron(scene, mcat, "q", 300.0, 300.0).legal


def test_squadron_cannot_end_on_a_ship_but_may_touch_it(mcat, build, pieces):
    scene = build([pieces.ship("s", x=400.0, y=300.0)], [pieces.squad("q", 300.0, 300.0)])
    # the ship's base spans x 350..450: a squadron centred at 340 reaches x 355
    on = move_squadron(scene, mcat, "q", 340.0, 300.0)
    assert not on.legal and on.overlapping == ("s",)
    assert on.reason == "q would end overlapping s"
    touch = move_squadron(scene, mcat, "q", 335.0, 300.0)   # its edge at 350: touching
    assert touch.legal


def test_squadron_cannot_end_under_a_shield_dial(mcat, build, pieces):
    # test-dials: base y 270..330 at y = 300, dial frames 3 mm further each side.
    scene = build([pieces.ship("s", "test-dials", x=400.0, y=300.0)],
                  [pieces.squad("q", 400.0, 400.0)])
    r = move_squadron(scene, mcat, "q", 400.0, 330.0 + 15.0 + 1.5)
    assert not r.legal and r.overlapping == ("s",)


def test_squadron_cannot_end_on_another_squadron(mcat, build, pieces):
    scene = build(squadrons=[pieces.squad("q", 300.0, 300.0), pieces.squad("f", 400.0, 300.0)])
    assert not move_squadron(scene, mcat, "q", 371.0, 300.0).legal
    assert move_squadron(scene, mcat, "q", 370.0, 300.0).legal   # touching


def test_engaged_squadron_cannot_move(mcat, build, pieces):
    me = pieces.squad("q", 300.0, 300.0, player=2)
    enemy = pieces.squad("e", 350.0, 300.0, player=1)            # 20 mm apart: distance 1
    r = move_squadron(build(squadrons=[me, enemy]), mcat, "q", 300.0, 400.0)
    assert not r.legal and "engaged with e" in r.reason
    assert r.engaged_before == ("e",) and r.blocked_by == ("e",)
    # the game state refuses the move the result's JSON makes (RRG p.6)
    from armada_vision import game

    assert game.squadron_move_event(r.to_json()).engaged_with == ("e",)


def test_heavy_enemy_does_not_stop_a_move_and_grit_ignores_one(mcat, build, pieces):
    heavy = pieces.squad("e", 350.0, 300.0, player=1, cls="test-heavy")
    me = pieces.squad("q", 300.0, 300.0, player=2)
    r = move_squadron(build(squadrons=[me, heavy]), mcat, "q", 300.0, 400.0)
    assert r.legal and r.engaged_before == ("e",) and r.blocked_by == ()
    grit = pieces.squad("q", 300.0, 300.0, player=2, cls="test-grit")
    enemy = pieces.squad("e", 350.0, 300.0, player=1)
    assert move_squadron(build(squadrons=[grit, enemy]), mcat, "q", 300.0, 400.0).legal
    two = pieces.squad("e2", 250.0, 300.0, player=1)
    r = move_squadron(build(squadrons=[grit, enemy, two]), mcat, "q", 300.0, 400.0)
    assert not r.legal and set(r.blocked_by) == {"e", "e2"}


def test_intel_gives_grit_to_friendly_squadrons_at_distance_1(mcat, build, pieces):
    """Intel (RRG 1.6 "Squadron Keywords" p.21): "While a friendly squadron is at distance 1 of
    you, it has grit." ``q`` is engaged by one enemy only; a friendly intel squadron 20 mm from
    its base lets it move, one at distance 2 (90 mm) does not."""
    me = pieces.squad("q", 300.0, 300.0, player=2)
    enemy = pieces.squad("e", 350.0, 300.0, player=1)
    near = pieces.squad("i", 300.0, 250.0, player=2, cls="test-intel")
    far = pieces.squad("i", 300.0, 180.0, player=2, cls="test-intel")
    assert move_squadron(build(squadrons=[me, enemy, near]), mcat, "q", 300.0, 400.0).legal
    r = move_squadron(build(squadrons=[me, enemy, far]), mcat, "q", 300.0, 400.0)
    assert not r.legal and "engaged with e" in r.reason
    # an enemy's intel gives nothing
    foe_intel = pieces.squad("i", 250.0, 300.0, player=1, cls="test-intel")
    assert not move_squadron(build(squadrons=[me, foe_intel]), mcat, "q", 300.0, 400.0).legal


def test_intel_squadron_has_grit_itself_but_grit_ignores_only_one(mcat, build, pieces):
    """A squadron is friendly to itself and at distance 1 of itself (RRG "Friendly and Enemy",
    "Measuring Firing Arc and Range"): an intel squadron engaged by one enemy may move; engaged
    by two without heavy it may not (grit, p.21)."""
    me = pieces.squad("q", 300.0, 300.0, player=2, cls="test-intel")
    enemy = pieces.squad("e", 350.0, 300.0, player=1)
    assert move_squadron(build(squadrons=[me, enemy]), mcat, "q", 300.0, 400.0).legal
    two = pieces.squad("e2", 250.0, 300.0, player=1)
    assert not move_squadron(build(squadrons=[me, enemy, two]), mcat, "q", 300.0, 400.0).legal


@pytest.mark.parametrize("x_mm, overlapped", [
    (500.0, ("r",)),      # centre on the rock
    (534.0, ("r",)),      # 1 mm of the base on the rock's edge (x 520)
    (535.0, ()),          # touching: not overlapping (RRG FAQ, Movement)
])
def test_squadron_move_reports_the_obstacles_it_ends_on(mcat, build, pieces, x_mm, overlapped):
    """RRG "Obstacles" p.12: a squadron that overlaps an obstacle after moving resolves its
    effect (station: recover a hull point; purrgil: one damage; asteroid, debris: none) -- the
    move says which obstacles its base ends on. test-rock spans x 480..520; the base is 30 mm."""
    me = pieces.squad("q", 600.0, 400.0, player=2)
    r = move_squadron(build(squadrons=[me], obstacles=[pieces.rock("r", 500.0, 400.0)]), mcat,
                      "q", x_mm, 400.0)
    assert r.legal and r.obstacles_overlapped == overlapped
    assert r.to_json()["obstacles_overlapped"] == list(overlapped)


def test_engagement_after_the_move_is_reported(mcat, build, pieces):
    me = pieces.squad("q", 300.0, 300.0, player=2)
    enemy = pieces.squad("e", 500.0, 300.0, player=1)
    friend = pieces.squad("f", 500.0, 360.0, player=2)
    r = move_squadron(build(squadrons=[me, enemy, friend]), mcat, "q", 440.0, 300.0)
    assert r.legal and r.engaged_before == () and r.engaged_with == ("e",)


def test_squadron_may_move_through_a_ship(mcat, build, pieces):
    scene = build([pieces.ship("s", x=400.0, y=300.0, heading=90.0)],
                  [pieces.squad("q", 300.0, 300.0)])
    r = move_squadron(scene, mcat, "q", 480.0, 300.0)       # across the 60 mm wide base
    assert r.legal and r.overlapping == ()


def test_squadron_of_unknown_class_has_no_speed_to_check(mcat, build, pieces):
    from armada_vision.scene import SquadronPose

    scene = build(squadrons=[SquadronPose("q", None, 1, 300.0, 300.0)])
    with pytest.raises(InputError, match="no known class"):
        move_squadron(scene, mcat, "q", 310.0, 300.0)
