"""A blob that matches an obstacle outline well or fairly and holds a base fit: the base's
evidence decides between them.

Seen from above, a small base with its miniature overhanging the bow makes a ship-like
outline, and the purrgil token's outline is ship-like: on held-out seed 5003 a Hardcell's blob
matched it with plain IoU 0.851 (band 0.924), over ``MIN_OBSTACLE_PLAIN_IOU``, and the ship was
reported as a purrgil. A match under ``OBSTACLE_SURE_IOU`` is taken only when the base search
finds no base seen as only a ship's is (``SHIP_OVER_OBSTACLE_MERIT``: most of its outline and
three or four square corners; token fits placed inside true tokens on the tuning seeds scored
at most 0.91).

The table is that ship alone (seed 5003's camera, light and miniature, to the last digit).
Alone it matches the purrgil at plain 0.848, a hair under the threshold, so the threshold is
lowered to 0.84 here to make it the good match it was on the full table.

The other way round: a flipped dust field on the slate-blue cloth matches its outline only
fairly (band 0.907), and a small token fitted on its straight-ish edge (0.61 of its outline
seen, 0.51 mm RMS) took the blob as a ship (fresh seed 7004's obstacle alone, its camera and
light). A fair match now stands unless the base's merit less its RMS reaches
``SHIP_OVER_FAIR_OBSTACLE`` (true ships there 0.30-0.94, such token fits 0.15-0.20).
That match was fair because the blob's edges lay on the token's soft shadow, ~3 mm out;
on the token's own edges (``_explain_token.TOKEN_EDGE_PX``) it is a sure one, placed 3.5 -> 0.3 mm
from the truth; the fair-match rule is tested on the plain edges.
"""

from __future__ import annotations

import math

import pytest

from armada_vision.scene import ObstaclePose, Scene, ShipPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import (
    BackgroundModel,
    Detector,
    _explain,
    _explain_match,
    _explain_token,
)

SHIP = ShipPose("ship-2", "hardcell-class-battle-refit", 2, 478.2541123122747,
                366.2573797950598, 166.698)


@pytest.fixture(scope="module")
def table(catalog):
    camera = TableCamera.looking_down((1920, 1080), tilt_deg=4.723106132619387,
                                      yaw_deg=-1.482069107424277)
    opt = synth.RenderOptions(mat="starfield", light=0.3015267153023527,
                              brightness=0.9013298873259815)
    frame = synth.render(Scene((SHIP,)), camera, catalog, opt, seed=5003)
    empty = synth.render(Scene(), camera, catalog, opt, seed=5003, noise_seed=1)
    return camera, frame, BackgroundModel.learn(empty.image)


def _detect(catalog, table, monkeypatch, sure_iou):
    camera, frame, bg = table
    monkeypatch.setattr(_explain_match, "MIN_OBSTACLE_PLAIN_IOU", 0.84)
    monkeypatch.setattr(_explain_match, "OBSTACLE_SURE_IOU", sure_iou)
    matches = []
    match = _explain_match.match_obstacle

    def spy(*args, **kwargs):
        matches.append(match(*args, **kwargs))
        return matches[-1]

    monkeypatch.setattr(_explain_match, "match_obstacle", spy)
    return Detector(catalog, camera, background=bg).detect(frame.image), matches


def test_a_ship_blob_matching_a_purrgil_well_is_the_ship(catalog, table, monkeypatch):
    det, matches = _detect(catalog, table, monkeypatch, _explain_match.OBSTACLE_SURE_IOU)
    # The blob does match the purrgil as well as a token needs (and under the sure level).
    (m,) = [m for m in matches if m is not None]
    assert m[0] == "purrgil-1" and m[7] >= 0.84 and m[5] < _explain_match.OBSTACLE_SURE_IOU
    assert det.obstacles == []
    assert len(det.ships) == 1
    found = det.ships[0]
    assert found.size_class == "small"
    assert math.hypot(found.x_mm - SHIP.x_mm, found.y_mm - SHIP.y_mm) < 1.5


def test_without_the_base_search_it_was_a_purrgil(catalog, table, monkeypatch):
    # Every good match taken at once, as before: the ship is lost to the obstacle.
    det, _ = _detect(catalog, table, monkeypatch, 0.0)
    assert det.ships == []
    assert [o.obstacle for o in det.obstacles] == ["purrgil-1"]


DUST = ObstaclePose("obs-2", "dust-field-1", 53.956378824262735, 742.5859166042146, 243.518,
                    flipped=True)


@pytest.fixture(scope="module")
def dust(catalog):
    camera = TableCamera.looking_down((1920, 1080), tilt_deg=8.451997932402222,
                                      yaw_deg=-0.6471040621671946)
    opt = synth.RenderOptions(mat="cloth", light=0.4721317386476782,
                              brightness=0.8718588685347008)
    frame = synth.render(Scene(obstacles=(DUST,)), camera, catalog, opt, seed=7004)
    empty = synth.render(Scene(), camera, catalog, opt, seed=7004, noise_seed=1)
    return camera, frame, BackgroundModel.learn(empty.image)


def _detect_dust(catalog, dust, monkeypatch, fair_evidence, own_edges=False):
    camera, frame, bg = dust
    monkeypatch.setattr(_explain, "SHIP_OVER_FAIR_OBSTACLE", fair_evidence)
    if not own_edges:
        monkeypatch.setattr(_explain_token, "TOKEN_EDGE_PX", math.inf)
    return Detector(catalog, camera, background=bg).detect(frame.image)


def test_a_flipped_token_on_its_own_edges_is_a_sure_match_in_place(catalog, dust, monkeypatch):
    det = _detect_dust(catalog, dust, monkeypatch, _explain.SHIP_OVER_FAIR_OBSTACLE,
                       own_edges=True)
    assert det.ships == []
    (found,) = det.obstacles
    assert found.obstacle == "dust-field-1" and found.flipped
    assert found.confidence >= _explain_match.OBSTACLE_SURE_IOU
    assert math.hypot(found.x_mm - DUST.x_mm, found.y_mm - DUST.y_mm) < 1.0
    assert abs((found.heading_deg - DUST.heading_deg + 180.0) % 360.0 - 180.0) < 1.0


def test_a_token_fit_on_a_fairly_matched_obstacle_is_not_a_ship(catalog, dust, monkeypatch):
    det = _detect_dust(catalog, dust, monkeypatch, _explain.SHIP_OVER_FAIR_OBSTACLE)
    assert det.ships == []
    (found,) = det.obstacles
    assert found.obstacle == "dust-field-1" and found.flipped
    # A fair match: placed within the obstacle goal's reach, not to the match's finest step.
    assert math.hypot(found.x_mm - DUST.x_mm, found.y_mm - DUST.y_mm) < 5.0


def test_any_base_fit_used_to_take_the_fair_match(catalog, dust, monkeypatch):
    det = _detect_dust(catalog, dust, monkeypatch, -9.0)
    assert det.obstacles == []
    (ship,) = det.ships
    assert ship.size_class == "small" and ship.coverage < 0.7 and ship.rms_mm > 0.4
