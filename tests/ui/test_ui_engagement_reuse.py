"""Squadron engagement is asked of the rules core again only when it may have changed: a ship
moving far from every squadron cannot obstruct a line of sight between two squadrons at
distance 1 (RRG "Engagement", p.6), one moving between them can."""

from armada_vision.scene import Scene, ShipPose, SquadronPose
from armada_vision.ui import checks as rules
from armada_vision.ui.overlay_model import Selection
from armada_vision.ui.session import Session

VSD = "victory-ii-star-destroyer"
CR90 = "cr90-corvette-a"


def _scene(cr90_x_mm=1400.0, vsd_x_mm=300.0, tie_x_mm=890.0):
    # an X-wing and a TIE 90 mm apart centre to centre (60 mm between the bases: distance 1)
    return Scene(ships=(ShipPose("v", VSD, 1, vsd_x_mm, 200.0, 0.0),
                        ShipPose("c", CR90, 2, cr90_x_mm, 450.0, 90.0)),
                 squadrons=(SquadronPose("x", "x-wing-squadron", 1, 800.0, 450.0),
                            SquadronPose("t", "tie-fighter-squadron", 2, tie_x_mm, 450.0)))


def test_a_ship_moving_far_from_the_squadrons_leaves_engagement_as_it_was(catalog):
    before, after = _scene(), _scene(vsd_x_mm=340.0)
    assert rules.engagement_unchanged(before, after, catalog)
    rs = rules.parse_ruleset("rrg-1.6")
    assert rules.engagements(after, catalog, rs) == rules.engagements(before, catalog, rs) == \
        {"x": ["t"], "t": ["x"]}


def test_a_ship_moving_between_two_engaged_squadrons_is_asked_again_and_breaks_it(catalog):
    before, between = _scene(), _scene(cr90_x_mm=845.0)   # its base across their line of sight
    assert not rules.engagement_unchanged(before, between, catalog)
    rs = rules.parse_ruleset("rrg-1.6")
    assert rules.engagements(between, catalog, rs) == {}
    # a squadron moving is always asked again
    assert not rules.engagement_unchanged(before, _scene(tie_x_mm=880.0), catalog)


def test_the_session_reuses_engagement_only_while_it_holds(catalog, monkeypatch):
    session = Session(catalog, "rrg-1.6")
    session.set_detected(_scene())
    session.selection = Selection("v", "front")
    session.checks()
    asked = []
    real = rules.checks_and_engagements
    monkeypatch.setattr(rules, "checks_and_engagements", lambda *a: (asked.append(1), real(*a))[1])
    session.set_detected(_scene(vsd_x_mm=340.0))            # the selected ship moved, far away
    checks = session.checks()
    assert not asked and session._engaged == {"x": ["t"], "t": ["x"]}
    assert checks and {c.get("attacker") for c in checks} == {"v"}   # its checks are new
    session.set_detected(_scene(vsd_x_mm=340.0, cr90_x_mm=845.0))
    session.checks()
    assert asked and session._engaged == {}
