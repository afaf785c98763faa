"""`check` on a scene no table can hold says so first, naming the pieces: bases that overlap
(RRG "Overlapping": pieces may touch, never overlap) and bases reaching off the play area."""

from __future__ import annotations

import json
import math

import pytest

from armada_vision.cli import main
from armada_vision.cli._placement import placement_notes
from armada_vision.scene import Scene, ShipPose, SquadronPose, save_scene

CR90 = "cr90-corvette-a"
TIE = "tie-fighter-squadron"


def _base(catalog):
    b = catalog.ship(CR90).base
    return b.length_mm, b.width_mm


def test_two_ships_sharing_base_area_are_named_with_the_shared_area(catalog):
    length, width = _base(catalog)
    # same heading, 10 mm apart along their length: they share (length - 10) x width
    scene = Scene((ShipPose("a", CR90, 1, 400.0, 400.0, 0.0), ShipPose("b", CR90, 2, 410.0, 400.0, 0.0)))
    (note,) = placement_notes(scene, catalog)
    assert note.startswith("a and b overlap (")
    assert f"({(length - 10.0) * width:.0f} mm\u00b2" in note


def test_bases_that_only_touch_are_fine(catalog):
    length, _width = _base(catalog)
    scene = Scene((ShipPose("a", CR90, 1, 400.0, 400.0, 0.0),
                   ShipPose("b", CR90, 2, 400.0 + length, 400.0, 0.0)))
    assert placement_notes(scene, catalog) == []


def test_overlapping_squadron_discs_are_named(catalog):
    r = catalog.squadron(TIE).radius_mm
    scene = Scene(squadrons=(SquadronPose("t1", TIE, 1, 300.0, 300.0),
                             SquadronPose("t2", TIE, 1, 300.0 + r, 300.0)))
    (note,) = placement_notes(scene, catalog)
    # two discs of radius r, centres r apart, share (2*pi/3 - sqrt(3)/2) r^2
    shared = (2 * math.pi / 3 - math.sqrt(3) / 2) * r * r
    assert note.startswith("t1 and t2 overlap (")
    assert float(note.split("(")[1].split(" ")[0]) == pytest.approx(shared, rel=0.02)


def test_a_base_reaching_off_the_play_area_is_named(catalog):
    length, width = _base(catalog)
    scene = Scene((ShipPose("a", CR90, 1, 10.0, 400.0, 0.0),), play_area_mm=(914.4, 914.4))
    (note,) = placement_notes(scene, catalog)
    assert note == (f"a: its ship base reaches {(length / 2 - 10.0) * width:.0f} mm\u00b2 "
                    "outside the 914.4 x 914.4 mm play area (a base partly outside is "
                    "destroyed, RRG \"Play Area\"; its attacks are still listed)")


def test_a_base_wholly_off_the_play_area_is_left_to_the_rules_cores_note(tmp_path, capsys,
                                                                       catalog):
    # check said "reaches 6426 mm2 outside" and then "wholly outside ... destroyed" of one ship
    path = tmp_path / "scene.json"
    save_scene(Scene((ShipPose("a", CR90, 1, 400.0, 400.0, 0.0),
                      ShipPose("far", CR90, 2, 5000.0, 400.0, 0.0))), path)
    assert placement_notes(Scene((ShipPose("far", CR90, 2, 5000.0, 400.0, 0.0),)), catalog) == []
    assert main(["check", str(path)]) == 0
    far = [line for line in capsys.readouterr().err.splitlines() if "'far'" in line
           or "far:" in line]
    assert len(far) == 1 and "wholly outside the play area: destroyed" in far[0]


def test_check_prints_the_notes_and_still_answers(tmp_path, capsys, catalog):
    path = tmp_path / "scene.json"
    save_scene(Scene((ShipPose("a", CR90, 1, 400.0, 400.0, 0.0),
                      ShipPose("b", CR90, 2, 410.0, 400.0, 0.0))), path)
    assert main(["check", str(path), "--json"]) == 0
    out, err = capsys.readouterr()
    # the first check in a fresh process may first say the rules engine is compiling
    notes = [line for line in err.splitlines() if "compiling the rules engine" not in line]
    assert notes[0].startswith("armada-vision: note: a and b overlap")
    assert isinstance(json.loads(out), list)


def test_an_overlap_is_said_once(tmp_path, capsys):
    # a breaker's squadron under a ship got two notes for one overlap: this one and the rules
    # core's "'att' and 'tie' overlap (impossible on a table): their checks are given margin 0"
    path = tmp_path / "scene.json"
    save_scene(Scene((ShipPose("a", CR90, 1, 400.0, 400.0, 0.0),
                      ShipPose("b", CR90, 2, 410.0, 400.0, 0.0))), path)
    assert main(["check", str(path), "--json"]) == 0
    said = [line for line in capsys.readouterr().err.splitlines() if "overlap" in line]
    assert len(said) == 1
    assert said[0].startswith("armada-vision: note: a and b overlap (")
    assert said[0].endswith("verdicts near them are odd and their checks are given margin 0")


def test_check_setup_names_overlapping_bases_too(tmp_path, capsys):
    # a newcomer's Victory, CR90 and TIE on one spot: `check` named the overlaps, `check
    # --setup` said nothing and rated the TIE's setup rules as if it stood beside the ship
    path = tmp_path / "scene.json"
    save_scene(Scene((ShipPose("a", CR90, 1, 400.0, 400.0, 0.0),
                      ShipPose("b", CR90, 1, 410.0, 400.0, 0.0))), path)
    assert main(["check", str(path), "--setup", "--json"]) == 0
    said = [line for line in capsys.readouterr().err.splitlines() if "overlap" in line]
    assert len(said) == 1 and said[0].startswith("armada-vision: note: a and b overlap (")
