"""Engagement margins in the window: two enemy squadrons whose engagement (RRG "Engagement",
p.6: at distance 1 and the line of sight not obstructed) flips within the camera's
uncertainty are marked "too close to call", as attack checks are. Before, the window drew
engaged / not engaged from ``rules.engagements`` alone, sure either way."""

import pytest

from armada_vision.scene import Scene, SquadronPose
from armada_vision.ui import checks as rules
from armada_vision.ui.demo_source import fallback_demo
from armada_vision.ui.session import Session


def _scene(catalog, gap_mm):
    """An X-wing and a TIE whose bases are ``gap_mm`` apart."""
    rx = catalog.squadrons["x-wing-squadron"].radius_mm
    rt = catalog.squadrons["tie-fighter-squadron"].radius_mm
    return Scene(squadrons=(SquadronPose("x", "x-wing-squadron", 1, 800.0, 450.0),
                            SquadronPose("t", "tie-fighter-squadron", 2,
                                         800.0 + rx + rt + gap_mm, 450.0)))


def _marks(catalog, scene):
    session = Session(catalog, "rrg-1.6", uncertainty_mm=2.0)
    session.set_detected(scene)
    session.checks()
    ov = session.overlay(fallback_demo(catalog, n_frames=1).camera)
    dots = [s for s in ov.shapes if s.layer == "squadron_rings" and s.style == "uncertain"]
    labels = [s.label.format() for s in ov.shapes if s.kind == "text" and s.style == "uncertain"]
    return session, dots, labels


@pytest.mark.parametrize(("off_mm", "engaged", "marked"), [
    (-1.0, True, True),      # 1 mm inside distance 1: engaged, margin 1 mm < 2 mm
    (1.0, False, True),      # 1 mm beyond: not engaged, margin 1 mm
    (-5.0, True, False),     # 5 mm inside: sure
])
def test_an_engagement_within_the_uncertainty_is_too_close_to_call(catalog, off_mm, engaged,
                                                                  marked):
    d1 = catalog.ruler.distance_bands_mm[0]
    scene = _scene(catalog, d1 + off_mm)
    margins = rules.engagement_margins(scene, catalog, rules.parse_ruleset("rrg-1.6"))
    assert margins[("t", "x")] == pytest.approx(abs(off_mm), abs=1e-6)
    session, dots, labels = _marks(catalog, scene)
    assert bool(session._engaged) is engaged
    assert len(dots) == int(marked)
    assert labels == ([f"too close to call ({abs(off_mm):.1f} mm)"] if marked else [])
