"""Shortcuts of the live path that reuse what an earlier frame found, checked against the full
search of a still frame: a piece alone in its blob whose predicted pose is not confirmed is
searched at its size once (not also for a second piece of that size, then everything), and a
weak hand by the border in which a ship was found, unchanged since, is not searched again, nor
is one found to be a hand while it does not change (and it is when it does)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from armada_vision.scene import Scene, ShipPose, SquadronPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detections, Detector
from armada_vision.vision.detect import _detector as detector_mod
from armada_vision.vision.detect import _explain_fit as fit_mod
from armada_vision.vision.detect._livebox import _Entry
from armada_vision.vision.detect._pass import fine_blobs

CAMERA = TableCamera.looking_down((1920, 1080))


@pytest.fixture(scope="module")
def lone(catalog):
    """A corvette alone on the cloth: the detector and its fine blob."""
    opt = synth.RenderOptions(mat="cloth", light=0.2)
    scene = Scene((ShipPose("cr90", "cr90-corvette-a", 1, 700.0, 420.0, 35.0),))
    img = synth.render(scene, CAMERA, catalog, opt, seed=61, noise_seed=1).image
    empty = synth.render(Scene(), CAMERA, catalog, opt, seed=61, noise_seed=2).image
    det = Detector(catalog, CAMERA, background=BackgroundModel.learn(empty))
    fr = det.prepare(img)
    cb = max(fr.piece_blobs(), key=lambda b: b.area_px)  # (the mat's edge lines besides)
    fbs = fine_blobs(fr.image, fr.bg, fr.roi, cb, fr.gains, fr.factor, det._open_px(),
                     fr.min_area_px)
    return det, max(fbs, key=lambda fb: fb.blob.area_px)


def test_a_moved_piece_not_where_predicted_is_searched_at_its_size_once(lone, monkeypatch):
    det, fb = lone
    full = Detections()
    (found,) = det._explain(fb, full, np.random.default_rng(0))
    kind, spec, pose = found
    assert kind == "rect" and math.hypot(pose[0] - 700.0, pose[1] - 420.0) < 2.5
    calls = []
    best = fit_mod.PieceFitter._best_piece
    monkeypatch.setattr(fit_mod.PieceFitter, "_best_piece",
                        lambda self, *a, **k: calls.append(k.get("only")) or best(self, *a, **k))
    # Predicted 6 deg off (a confirmation takes 3): not confirmed, so its size is searched;
    # found there, the blob (which held that piece alone) holds nothing more.
    out = Detections()
    again = det._explain(fb, out, np.random.default_rng(0),
                         seeds=((kind, spec, pose + np.array([0.0, 0.0, 6.0])),),
                         seeds_complete=True, hints=((kind, spec),), hints_complete=True)
    assert calls == [{(kind, spec)}]  # before: also a second piece of that size, then all
    assert len(again) == 1 and len(out.ships) == 1
    s, ref = out.ships[0], full.ships[0]
    assert math.hypot(s.x_mm - ref.x_mm, s.y_mm - ref.y_mm) < 0.3
    assert abs((s.heading_deg - ref.heading_deg + 90) % 180 - 90) < 0.3


def _live_with_entry(det, bbox, mask, ships, tentative=False, hands=()):
    live = det.live()
    live._entries = [_Entry(bbox, mask, float(mask.sum()), [], list(ships), [], [],
                            tentative=tentative)]
    live._hands = list(hands)
    return live


class _Blob:
    def __init__(self, bbox, mask):
        self.bbox, self.mask = bbox, mask


def test_a_weak_hand_unchanged_since_a_ship_was_found_in_it_is_that_ship(lone):
    det, _ = lone
    mask = np.ones((10, 20), np.uint8)
    blob = _Blob((100, 50, 20, 10), mask)
    still = np.zeros((360, 640), bool)
    ship = ["a ship"]
    assert _live_with_entry(det, (104, 52, 20, 10), mask, ship)._judged(still, blob) is True
    moved = still.copy()
    moved[55, 110:113] = True  # three changed pixels in its box
    assert _live_with_entry(det, (104, 52, 20, 10), mask, [])._judged(still, blob) is None
    assert _live_with_entry(det, (104, 52, 20, 10), mask, ship,
                            tentative=True)._judged(still, blob) is None
    assert _live_with_entry(det, (200, 52, 20, 10), mask, ship)._judged(still, blob) is None
    assert _live_with_entry(det, (104, 52, 20, 10), mask, ship)._judged(None, blob) is None


def test_a_weak_hand_a_ship_was_found_in_is_searched_again_only_if_a_hand_could_have_come(lone):
    # A ship by the border is a hand by its size alone; a piece moved against it changes part
    # of the blob (fresh 7008: 0.23 of the largest base), a hand coming in at least its palm
    # (~1.15 large bases). Fewer changed pixels than HAND_ROOM_BASES of the largest base: the
    # rest was the ship's blob, so it is still a ship (no ~50 ms search of the blob).
    det, _ = lone
    room_px = detector_mod.HAND_ROOM_BASES * det.max_base_mm2 * (
        det.px_per_mm / det.factor()) ** 2
    side = int(math.ceil(math.sqrt(2.0 * room_px)))
    mask = np.ones((side, side), np.uint8)
    blob = _Blob((100, 50, side, side), mask)
    ship = ["a ship"]
    changed = np.zeros((360, 640), bool)
    changed[55, 110:113] = True  # three changed pixels in the blob
    assert _live_with_entry(det, (104, 52, side, side), mask, ship)._judged(
        changed, blob) is True
    n = int(room_px) - 1  # just under the room a hand needs
    changed[50:50 + side, 100:100 + side].flat[:n] = True
    assert 3 <= np.count_nonzero(changed) < room_px
    assert _live_with_entry(det, (104, 52, side, side), mask, ship)._judged(
        changed, blob) is True
    changed[50:50 + side, 100:100 + side].flat[:n + 2] = True  # room for a hand: searched
    assert _live_with_entry(det, (104, 52, side, side), mask, ship)._judged(
        changed, blob) is None
    # Changed pixels outside the blob's mask (its box's corners, a shadow beside it) are no
    # hand in it.
    ring = np.ones((side, side), np.uint8)
    ring[:, : side // 2] = 0
    half = _Blob((100, 50, side, side), ring)
    outside = np.zeros((360, 640), bool)
    outside[50:50 + side, 100:100 + side // 2] = True
    assert _live_with_entry(det, (104, 52, side, side), ring, ship)._judged(
        outside, half) is True
    # A few changed pixels but no ship found there before, or the last frame's hand in it:
    # searched.
    few = np.zeros((360, 640), bool)
    few[55, 110:113] = True
    assert _live_with_entry(det, (104, 52, side, side), mask, [])._judged(few, blob) is None
    assert _live_with_entry(det, (104, 52, side, side), mask, ship,
                            tentative=True)._judged(few, blob) is None
    assert _live_with_entry(det, (104, 52, side, side), mask, ship,
                            hands=[_Blob((98, 51, side, side), mask)])._judged(few, blob) is None


def test_a_weak_hand_unchanged_since_the_last_frame_found_it_a_hand_is_one(lone):
    det, _ = lone
    mask = np.ones((10, 20), np.uint8)
    blob = _Blob((100, 50, 20, 10), mask)
    hand = [_Blob((98, 51, 20, 10), mask)]
    still = np.zeros((360, 640), bool)
    assert _live_with_entry(det, (300, 52, 20, 10), mask, [], hands=hand)._judged(
        still, blob) is False
    moved = still.copy()
    moved[55, 110:113] = True  # three changed pixels in its box: searched again
    assert _live_with_entry(det, (300, 52, 20, 10), mask, [], hands=hand)._judged(
        moved, blob) is None
    assert _live_with_entry(det, (300, 52, 20, 10), mask, [],
                            hands=[_Blob((130, 51, 20, 10), mask)])._judged(still, blob) is None
    assert _live_with_entry(det, (300, 52, 20, 10), mask, [], hands=hand)._judged(
        None, blob) is None
    # A ship found there (not by a hand) and the last frame's hand: the ship stands.
    assert _live_with_entry(det, (104, 52, 20, 10), mask, ["a ship"], hands=hand)._judged(
        still, blob) is True


@pytest.fixture(scope="module")
def corner(catalog):
    """A large ship at the mat's corner on wood and a squadron."""
    opt = synth.RenderOptions(mat="wood")
    scene = Scene((ShipPose("mc80", "mc80-assault-cruiser", 2, 1740.0, 860.0, 20.0),),
                  (SquadronPose("x", "x-wing-squadron", 1, 900.0, 400.0),))
    img = synth.render(scene, CAMERA, catalog, opt, seed=1).image
    empty = synth.render(Scene(), CAMERA, catalog, opt, seed=1, noise_seed=7).image
    return Detector(catalog, CAMERA, background=BackgroundModel.learn(empty)), img


def test_a_weak_hand_known_to_be_a_ship_is_not_searched_and_one_not_known_is(corner,
                                                                                monkeypatch):
    det, img = corner
    largest = max(det.prepare(img).piece_blobs(), key=lambda b: b.area_px).bbox
    # The ship's blob taken for a weak hand (by the border and its size alone), as held-out
    # 5008's was; the rest as they are.
    evidence = detector_mod.hand_evidence
    monkeypatch.setattr(detector_mod, "hand_evidence", lambda cb, *a: "weak" if cb.bbox == largest
                        else evidence(cb, *a))
    searched = []
    monkeypatch.setattr(Detector, "_ship_not_hand",
                        lambda self, *a: searched.append(1) or False)
    fr = det.prepare(img, known=lambda cb: True)
    assert searched == [] and not fr.hands
    assert largest in [cb.bbox for cb in fr.piece_blobs()]
    fr = det.prepare(img, known=lambda cb: None)
    assert searched == [1] and [cb.bbox for cb in fr.hands] == [largest]
    fr = det.prepare(img)
    assert searched == [1, 1] and len(fr.hands) == 1


def test_a_weak_hand_is_searched_once_while_unchanged_and_again_once_it_changes(catalog,
                                                                             corner,
                                                                             monkeypatch):
    det, _ = corner
    opt = synth.RenderOptions(mat="wood")
    ship = ShipPose("mc80", "mc80-assault-cruiser", 2, 1740.0, 860.0, 20.0)
    sq = SquadronPose("x", "x-wing-squadron", 1, 900.0, 400.0)
    nudged = ShipPose("mc80", "mc80-assault-cruiser", 2, 1728.0, 856.0, 24.0)
    frames = [Scene((ship,), (sq,)), Scene((ship,), (sq,)),
              Scene((ship,), (SquadronPose("x", "x-wing-squadron", 1, 960.0, 430.0),)),
              Scene((nudged,), (SquadronPose("x", "x-wing-squadron", 1, 960.0, 430.0),))]
    imgs = [synth.render(sc, CAMERA, catalog, opt, seed=1, noise_seed=n).image
            for n, sc in enumerate(frames)]
    at = CAMERA.table_to_image(np.array([[1740.0, 860.0]]), 0.0)[0] / det.factor()
    evidence = detector_mod.hand_evidence

    def weak(cb, *a):  # the ship's blob taken for a weak hand, as held-out 5008's was
        x, y, w, h = cb.bbox
        return "weak" if x <= at[0] <= x + w and y <= at[1] <= y + h else evidence(cb, *a)

    monkeypatch.setattr(detector_mod, "hand_evidence", weak)
    searched = []
    monkeypatch.setattr(Detector, "_ship_not_hand",
                        lambda self, *a: searched.append(1) or False)
    live = det.live()
    hands = []
    for img in imgs:
        det_ = live.detect(img)
        hands.append(len(det_.hands))
        searched.append("|")
    # Frame 0 searched it; frame 1 did not change (nothing looked at); frame 2 changed
    # elsewhere (the squadron moved) but not there: still the hand, not searched; frame 3:
    # the ship nudged under it, searched again.
    assert searched == [1, "|", "|", "|", 1, "|"]
    assert hands == [1, 1, 1, 1]
    assert not live.stats.skipped
