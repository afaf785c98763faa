"""`demo --detect` names every ship and squadron of the sample: its roster tells apart the two
small ships each player deploys, and the squadrons, by where they are set up (their token tags would be hidden under the
miniatures: 0-48 % of a 16 mm tag shows in the sample's render). Before, the roster named only
the sizes a player has once, and glad, raider, neb and cr90 stayed of unknown class."""

from __future__ import annotations

import dataclasses

from armada_vision.scene import Scene
from armada_vision.ui.capture import Frame
from armada_vision.ui.fleet_list import roster_from_scene
from armada_vision.ui.pipeline import Calibration, Pipeline
from armada_vision.vision.detect import BackgroundModel, roster_from_dict
from armada_vision.vision.synth import demo, render
from armada_vision.vision.synth._layout import default_layout
from armada_vision.vision.synth._script import demo_steps


def test_demo_detect_gives_every_sample_ship_its_class(catalog):
    setup = demo_steps()[0].scene
    camera = demo.demo_camera((960, 540))
    layout = default_layout(setup.play_area_mm)
    empty = render(Scene(), camera, catalog, demo.DEMO_RENDER, layout, demo.DEMO_SEED,
                   noise_seed=demo.EMPTY_NOISE_SEED).image
    image = render(setup, camera, catalog, demo.DEMO_RENDER, layout, demo.DEMO_SEED).image
    pipe = Pipeline.with_available_detector(catalog, Calibration(camera, "exact"),
                                            roster=roster_from_scene(setup, catalog),
                                            background=BackgroundModel.learn(empty))
    scene = pipe.process(Frame(image, 0, 0.0)).scene
    got = {s.id: (s.ship_class, s.player) for s in scene.ships}
    assert got == {s.id: (s.ship_class, s.player) for s in setup.ships}
    # and its squadrons (every base the same size: named by where each is set up)
    got = {q.id: (q.squadron_class, q.player) for q in scene.squadrons}
    assert got == {q.id: (q.squadron_class, q.player) for q in setup.squadrons}


def _small_pair(**hints):
    roster = roster_from_dict({"format": "armada-roster/1", "ships": [
        {"id": "glad", "ship_class": "gladiator-i-star-destroyer", "player": 1},
        {"id": "raider", "ship_class": "raider-i-class-corvette", "player": 1}]}, catalog=None)
    roster.ships = [dataclasses.replace(s, deployed_mm=hints.get(s.id)) for s in roster.ships]
    roster.size_of = {"gladiator-i-star-destroyer": "small", "raider-i-class-corvette": "small"}
    return roster


def test_a_base_near_one_deployment_is_that_ship_and_an_unclear_one_is_nobody():
    roster = _small_pair(glad=(1300.0, 160.0), raider=(1310.0, 300.0))
    assert roster.name_new_base("small", 1, 1303.0, 158.0).id == "glad"
    assert roster.name_new_base("small", 1, 1308.0, 296.0).id == "raider"
    assert roster.name_new_base("small", 1, 1305.0, 230.0) is None     # between: not guessed
    assert roster.name_new_base("small", 1, 600.0, 160.0) is None      # far from both
    assert roster.name_new_base("small", 1, 600.0, 160.0, {"glad"}).id == "raider"  # the only one
    assert _small_pair().name_new_base("small", 1, 1300.0, 160.0) is None   # no hints: as before


def test_a_squadron_is_named_only_by_where_it_was_deployed():
    roster = roster_from_dict({"format": "armada-roster/1", "squadrons": [
        {"id": "tie-1", "squadron_class": "tie-fighter-squadron", "player": 1}]}, catalog=None)
    assert roster.name_new_squadron(1, 680.0, 250.0) is None          # no deployment: unnamed
    roster.squadrons = [dataclasses.replace(roster.squadrons[0], deployed_mm=(680.0, 250.0)),
                        dataclasses.replace(roster.squadrons[0], id="tie-2",
                                            deployed_mm=(725.0, 235.0))]
    assert roster.name_new_squadron(1, 682.0, 249.0).id == "tie-1"
    assert roster.name_new_squadron(1, 724.0, 236.0).id == "tie-2"
    assert roster.name_new_squadron(1, 702.0, 243.0) is None           # halfway: not guessed
    assert roster.name_new_squadron(2, 682.0, 249.0) is None           # another player's half
    assert roster.name_new_squadron(1, 682.0, 249.0, {"tie-1"}) is None  # taken; tie-2 too far
