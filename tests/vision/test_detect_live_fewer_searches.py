"""Searches the live path no longer makes in a changed blob whose contents it knows: a hinted
size found is not searched again for the next hinted piece, and the other parts of a coarse
blob are not searched for the hinted sizes found in one of them."""

from __future__ import annotations

import math

import numpy as np
import pytest

from armada_vision.scene import Scene, ShipPose, SquadronPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detections, Detector
from armada_vision.vision.detect import _explain_fit as fit_mod
from armada_vision.vision.detect._explain_token import _rest_of_plan
from armada_vision.vision.detect._pass import fine_blobs

CAMERA = TableCamera.looking_down((1920, 1080))


@pytest.fixture(scope="module")
def pair(catalog):
    """A corvette and a TIE squadron against its port side on the cloth, one blob."""
    a = math.radians(35.0)
    scene = Scene((ShipPose("cr90", "cr90-corvette-a", 1, 700.0, 420.0, 35.0),),
                  (SquadronPose("tie", "tie-fighter-squadron", 1, 700.0 - 35.0 * math.sin(a),
                                420.0 + 35.0 * math.cos(a)),))
    opt = synth.RenderOptions(mat="cloth", light=0.2)
    img = synth.render(scene, CAMERA, catalog, opt, seed=61, noise_seed=1).image
    empty = synth.render(Scene(), CAMERA, catalog, opt, seed=61, noise_seed=2).image
    det = Detector(catalog, CAMERA, background=BackgroundModel.learn(empty))
    fr = det.prepare(img)
    cb = max(fr.piece_blobs(), key=lambda b: b.area_px)
    (fb,) = fine_blobs(fr.image, fr.bg, fr.roi, cb, fr.gains, fr.factor, det._open_px(),
                       fr.min_area_px)
    return det, fb


def test_a_hinted_size_found_is_not_searched_again_for_the_other_hint(pair, monkeypatch):
    det, fb = pair
    full = Detections()
    found = det._explain(fb, full, np.random.default_rng(0))
    assert sorted(p[0] for p in found) == ["circle", "rect"]
    assert len(full.ships) == 1 and len(full.squadrons) == 1
    calls = []
    best = fit_mod.PieceFitter._best_piece
    monkeypatch.setattr(fit_mod.PieceFitter, "_best_piece",
                        lambda self, *a, **k: calls.append(k.get("only")) or best(self, *a, **k))
    sizes = {(k, sp) for k, sp, _ in found}
    out = Detections()
    again = det._explain(fb, out, np.random.default_rng(0), hints=tuple(sizes),
                         hints_complete=True)
    first = again[0]  # (the pieces in the order they were accepted)
    # The first search ranks both sizes; the second only the size not found yet (before: both).
    assert calls == [sizes, sizes - {(first[0], first[1])}]
    assert len(out.ships) == 1 and len(out.squadrons) == 1
    for got, ref in ((out.ships[0], full.ships[0]), (out.squadrons[0], full.squadrons[0])):
        assert math.hypot(got.x_mm - ref.x_mm, got.y_mm - ref.y_mm) < 0.3


def test_the_rest_of_a_blob_holds_only_its_seeds_once_every_hint_is_found():
    small = ("rect", "small-spec")
    medium = ("rect", "medium-spec")
    seed = (*small, np.array([857.0, 171.0, 10.0]))
    plan = {"seeds": (seed,), "seeds_complete": False, "hints": (medium,),
            "hints_complete": True}
    # The part held the moved medium ship: the other parts hold the held small one alone.
    rest = _rest_of_plan(plan, [(*medium, np.zeros(3))])
    assert rest == {"seeds": (seed,), "seeds_complete": True, "hints": (),
                    "hints_complete": False}
    # The part held the small seed alone: the medium is still to be looked for.
    assert _rest_of_plan(plan, [(*small, np.zeros(3))]) is plan
    # A second small piece beside the small seed: the hint was a small size, so it is found.
    plan_small = {**plan, "hints": (small,)}
    assert _rest_of_plan(plan_small, [(*small, np.zeros(3))]) is plan_small
    assert _rest_of_plan(plan_small, [(*small, np.zeros(3))] * 2)["hints"] == ()
    # Hints that need not be all the blob holds, or none: the plan stands.
    loose = {**plan, "hints_complete": False}
    assert _rest_of_plan(loose, [(*medium, np.zeros(3))]) is loose
    assert _rest_of_plan({"seeds": (seed,)}, [seed]) == {"seeds": (seed,)}
    # Seeds that are the hinted piece's predicted pose (``seeds_complete``): found as a seed.
    predicted = {"seeds": (seed,), "seeds_complete": True, "hints": (small,),
                 "hints_complete": True}
    assert _rest_of_plan(predicted, [(*small, np.zeros(3))])["hints"] == ()


def test_the_parts_holding_no_seed_are_searched_first_and_the_rest_for_its_seeds(pair,
                                                                                 monkeypatch):
    det, _ = pair
    small = ("rect", det.rects[0])
    large = ("rect", det.rects[-1])
    seed = (*large, np.array([700.0, 420.0, 35.0]))
    held_px = det.camera.table_to_image(np.array([[700.0, 420.0]]), float(large[1].height_mm))[0]

    class Part:  # a full-resolution blob: a square of 40 px round a point of the image
        def __init__(self, centre):
            x, y = centre
            self.blob = type("B", (), {"contour_px": np.array(
                [[x - 20, y - 20], [x + 20, y - 20], [x + 20, y + 20], [x - 20, y + 20]],
                np.float64)})()

    held, moved = Part(held_px), Part(held_px + (300.0, 0.0))
    assert det._holds_seed(held, (seed,)) and not det._holds_seed(moved, (seed,))
    calls = []

    def explain(fb, out, rng, **plan):
        calls.append((fb, plan))
        return [(*small, np.zeros(3))] if fb is moved else [seed]

    monkeypatch.setattr(det, "_explain", explain)
    plan = {"seeds": (seed,), "seeds_complete": False, "hints": (small,), "hints_complete": True}
    placed = det._dark_tokens_and_blobs([held, moved], [], Detections(),
                                        np.random.default_rng(0), **plan)
    # The moved piece's part first, with the plan; then the held one's, for its seed alone.
    assert [c[0] for c in calls] == [moved, held]
    assert calls[0][1] == plan
    assert calls[1][1] == {"seeds": (seed,), "seeds_complete": True, "hints": (),
                           "hints_complete": False}
    assert [p[1] for p in placed] == [small[1], large[1]]



def test_a_held_dark_token_stands_as_measured_and_is_not_matched_again(pair, monkeypatch):
    det, _ = pair
    from armada_vision.vision.detect import _explain_token as token_mod
    from armada_vision.vision.detect._types import ObstacleDetection

    square = [(560.0, 360.0), (640.0, 360.0), (640.0, 440.0), (560.0, 440.0)]
    ob = ObstacleDetection("asteroid-field-1", 600.0, 400.0, 30.0, False, 0.97, tuple(square))
    held = ("obstacle", ("asteroid-field-1", False), np.array([600.0, 400.0, 30.0]), ob)
    ship = ("rect", det.rects[0], np.array([700.0, 420.0, 35.0]))
    # The dark candidate: the token's print, 1 mm inside its outline.
    inside = np.array([[561.0, 361.0], [639.0, 361.0], [639.0, 439.0], [561.0, 439.0]])
    monkeypatch.setattr(det, "_contours", lambda fb, h, floor=0.0: (None, inside, None))
    monkeypatch.setattr(token_mod, "match_obstacle", lambda *a, **k: pytest.fail("matched"))

    class Part:  # a full-resolution blob whose outline lies at these table mm
        def __init__(self, where_mm):
            px = det.camera.table_to_image(np.asarray(where_mm, np.float64), det._top_mm())
            self.blob = type("B", (), {"contour_px": px})()

    fragment = Part([[580.0, 380.0], [600.0, 380.0], [600.0, 400.0], [580.0, 400.0]])
    beside = Part([[660.0, 380.0], [740.0, 380.0], [740.0, 460.0], [660.0, 460.0]])
    calls = []

    def explain(fb, out, rng, **plan):
        calls.append((fb, plan))
        return [ship]

    monkeypatch.setattr(det, "_explain", explain)
    out = Detections()
    placed = det._dark_tokens_and_blobs([fragment, beside], ["candidate"], out,
                                        np.random.default_rng(0), seeds=(held, ship),
                                        seeds_complete=True)
    assert out.obstacles == [ob]  # as it was measured
    assert [p[0] for p in placed] == ["obstacle", "rect"]
    assert np.array_equal(placed[0][2], held[2])
    # Its print is not searched; the part beside it is, for the ship alone.
    assert [c[0] for c in calls] == [beside]
    assert calls[0][1]["seeds"] == (ship,)
