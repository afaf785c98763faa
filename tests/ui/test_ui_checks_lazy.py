"""The window asks the rules core for every hull zone's checks of the selected ship but shows
one zone's: the others' ``check`` objects are never built, the lines of sight are drawn from
the fields they need (the same values), and those built are the rules core's own (DESIGN.md
``check``)."""

from armada_vision.scene import Scene, ShipPose
from armada_vision.ui import checks as rules
from armada_vision.ui.overlay_model import Selection, build_overlay
from armada_vision.vision.camera import TableCamera

VSD = "victory-ii-star-destroyer"


class _Counting:
    """A rules-core check that counts how often its ``check`` object is built."""

    built = 0

    def __init__(self, check):
        self._check = check

    def __getattr__(self, name):
        return getattr(self._check, name)

    def to_json(self):
        _Counting.built += 1
        return self._check.to_json()


def test_only_the_selected_zones_checks_are_built(catalog, monkeypatch):
    scene = Scene(ships=(ShipPose("a", VSD, 1, 900.0, 300.0, 90.0),
                         ShipPose("d", VSD, 2, 900.0, 600.0, 270.0),
                         ShipPose("e", VSD, 2, 1300.0, 300.0, 0.0)))
    _Counting.built = 0
    mod = rules._rules()
    real = mod.check_scene
    raw = real(scene, catalog, "rrg-1.6", "a")
    monkeypatch.setattr(mod, "check_scene", lambda *a: [_Counting(c) for c in real(*a)])
    views = rules.run_checks(scene, catalog, rules.parse_ruleset("rrg-1.6"), "a")
    assert _Counting.built == 0 and len(views) == len(raw)
    # 4 attacking zones x 2 ships x 4 defending zones; the front zone's are a quarter of them
    front = [v for v in views if v.get("attacking_zone") == "front"]
    assert len(views) == 32 and len(front) == 8 and _Counting.built == 0
    cam = TableCamera.looking_down((1280, 720))
    ov = build_overlay(scene, catalog, cam, selection=Selection("a", "front"), checks=views)
    assert len([s for s in ov.shapes if s.layer == "los" and s.kind == "polyline"]) == 8
    # a line of sight needs its verdict and margin only: read off the rules core's check
    assert _Counting.built == 0
    fields = sorted(rules.RAW_KEYS | rules.ROUNDED_KEYS)
    read = [[v.get(k) for k in fields] for v in front]
    assert _Counting.built == 0
    # what is built is the rules core's check, field for field, and what was read agrees
    assert [v.data for v in front] == [c.to_json() for c in raw if c.attacking_zone == "front"]
    assert _Counting.built == 8
    assert read == [[v.data[k] for k in fields] for v in front]
