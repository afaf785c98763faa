"""A large miniature over half its base: the base's size class is the one that explains the blob.

Seen from above, a ship's miniature overhangs its token and, with parallax, can hide half of
the base. Its straight hull edges and the base's seen sides then make the outline of a
smaller base or token *inside* the true one, whose seen fraction of outline is as high as
the true base's or higher (a shorter outline has less of it hidden). But the true base
is solid plastic under the whole blob: a smaller size leaves much of the blob's foreground
unexplained, which no other piece there can take. Among the base and token fits of a blob,
the explained fraction of the blob's area counts with the seen fraction of the outline
(``_judge.AREA_MERIT``).

The two tables are single ships from the tuning seeds where the smaller size won (bench
tuning set, seeds 1079 and 1093: their camera, mat, light and miniature, to the last digit:
without the rule the smaller size won there by a few hundredths of merit).
"""

from __future__ import annotations

import math

import pytest

from armada_vision.scene import Scene, ShipPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detector

CASES = {
    # A large MC80 on the grey cloth, the camera tilted 11.3 deg: its miniature's hull edges
    # across the base made a medium token's outline.
    "large-on-cloth": (1079, 11.300691373000555, 1.730318657513135, "cloth",
                       0.48619123379806783, 0.9105761565243016,
                       ShipPose("ship-5", "mc80-assault-cruiser", 1, 399.4731510335569,
                                680.8185452288452, 59.397)),
    # A medium frigate on the starfield: a small token fitted inside it.
    "medium-on-starfield": (1093, 8.967198066970509, 0.15936139980928798,
                            "starfield", 0.40670129180317227, 1.0094913999358601,
                            ShipPose("ship-6", "assault-frigate-mark-ii-b", 2,
                                     1114.7736025535057, 659.4072791914944, 145.921)),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_base_half_under_its_miniature_keeps_its_size_class(case, catalog):
    seed, tilt, yaw, mat, light, brightness, ship = CASES[case]
    camera = TableCamera.looking_down((1920, 1080), tilt_deg=tilt, yaw_deg=yaw)
    opt = synth.RenderOptions(mat=mat, light=light, brightness=brightness)
    frame = synth.render(Scene((ship,)), camera, catalog, opt, seed=seed)
    empty = synth.render(Scene(), camera, catalog, opt, seed=seed, noise_seed=1)
    assert frame.truth.pieces[ship.id].visibility < 0.65   # the miniature hides a good part
    det = Detector(catalog, camera, background=BackgroundModel.learn(empty.image)).detect(
        frame.image)
    assert len(det.ships) == 1
    found = det.ships[0]
    assert found.size_class == catalog.ship(ship.ship_class).size_class
    # On the base: a smaller size inside it is 30-35 mm off. (The large base's fit here
    # slides ~3 mm along its axis, the hidden end's side: the error tail, not this rule.)
    assert math.hypot(found.x_mm - ship.x_mm, found.y_mm - ship.y_mm) < 5.0
