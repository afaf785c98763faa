"""What the live path looks for in a changed blob (``_liveplan.plan_blob``), and an obstacle
held in a merged blob: a ship moved next to an obstacle token makes one blob of both; the
token, whose outline saw no change, stands as it was measured and only the ship's size is
searched in what it leaves (no catalog match of the merged blob, which lost the token)."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from vision_helpers import table_box_blob  # noqa: E402

from armada_vision.scene import ObstaclePose, Scene, ShipPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detector, ObstacleDetection
from armada_vision.vision.detect import _explain_match as match_mod
from armada_vision.vision.detect._livebox import _Entry
from armada_vision.vision.detect._liveplan import BlobPlan, covered_by, plan_blob, pre_hand_entry
from armada_vision.vision.detect._specs import RectSpec

CAMERA = TableCamera.looking_down((1920, 1080))
F = 3
SMALL = RectSpec("small", 71.0, 43.0, 5.0)
SQUARE = ((-20.0, -20.0), (20.0, -20.0), (20.0, 20.0), (-20.0, 20.0))


def _box(x0_mm, y0_mm, x1_mm, y1_mm):
    """A full blob (small px) over a table rectangle (mm)."""
    return table_box_blob(CAMERA, F, x0_mm, y0_mm, x1_mm, y1_mm)


def _pieces(catalog):
    """An entry holding a small base at (500, 450) and one holding an obstacle (a 40 mm square
    outline) at (600, 450), and a blob over both."""
    ob = ObstacleDetection("station", 600.0, 450.0, 0.0, False, 0.98,
                           tuple((600.0 + x, 450.0 + y) for x, y in SQUARE))
    ship_blob, ob_blob = _box(460.0, 425.0, 540.0, 475.0), _box(578.0, 428.0, 622.0, 472.0)
    ship = _Entry(ship_blob.bbox, ship_blob.mask, ship_blob.area_px,
                  [("rect", SMALL, np.array([500.0, 450.0, 0.0]))])
    token = _Entry(ob_blob.bbox, ob_blob.mask, ob_blob.area_px,
                   [("obstacle", ("station", False), np.array([600.0, 450.0, 0.0]))],
                   obstacles=[ob])
    merged = _box(478.0, 425.0, 622.0, 475.0)  # the ship moved 18 mm towards the token
    merged.area_px = ship.area_px + token.area_px  # about the area the two had
    return ship, token, ob, merged


def _changed_at(*pts_mm):
    changed = np.zeros((1080 // F, 1920 // F), bool)
    for x, y in pts_mm:
        u, v = (CAMERA.table_to_image(np.array([[x, y]]), 5.0)[0] / F).astype(int)
        changed[v - 1:v + 2, u - 1:u + 2] = True
    return changed


def _changed_in(*boxes_mm):
    """Changed pixels over table rectangles (x0, y0, x1, y1 mm) on a base's top plane."""
    changed = np.zeros((1080 // F, 1920 // F), bool)
    for x0, y0, x1, y1 in boxes_mm:
        px = CAMERA.table_to_image(np.array([[x0, y0], [x1, y1]]), 5.0) / F
        (u0, v0), (u1, v1) = np.floor(px.min(axis=0)).astype(int), np.ceil(px.max(axis=0)).astype(int)
        changed[v0:v1, u0:u1] = True
    return changed


def test_an_obstacle_whose_outline_saw_no_change_is_held_and_the_ship_searched_at_its_size(
        catalog):
    ship, token, ob, merged = _pieces(catalog)
    # The ship moved 18 mm: the strips its base left and entered changed.
    changed = _changed_in((464.5, 428.5, 482.5, 471.5), (535.5, 428.5, 553.5, 471.5))
    plan = plan_blob(merged, [ship, token], {}, changed, F, CAMERA, catalog)
    assert [s[0] for s in plan.seeds] == ["obstacle"] and plan.seeds[0][3] is ob
    assert plan.hints == (("rect", SMALL),) and plan.hints_complete and not plan.complete


def test_an_obstacle_the_ship_moved_onto_stands_if_the_change_is_under_the_ship(catalog):
    ship, token, ob, merged = _pieces(catalog)
    changed = _changed_at((470.0, 450.0), (590.0, 450.0))  # inside the token's outline
    plan = plan_blob(merged, [ship, token], {}, changed, F, CAMERA, catalog)
    # Cardboard does not move by itself: the token stands on condition (covered), its
    # earlier detection as a fourth item, beside the ship (nearly held: confirmed).
    assert plan.covered == tuple(token.placed)
    assert sorted((s[0], len(s)) for s in plan.seeds) == [("obstacle", 4), ("rect", 3)]
    assert [s[3] for s in plan.seeds if s[0] == "obstacle"] == [ob]
    (piece,) = plan.covered
    # Found with a base over the changed pixels (the ship's end on the token's edge): it
    # stands; with the base elsewhere, or not placed again, it does not (the full search).
    over = [piece, ("rect", SMALL, np.array([560.0, 450.0, 0.0]))]
    away = [piece, ("rect", SMALL, np.array([480.0, 450.0, 0.0]))]
    assert covered_by(changed, piece, over, F, CAMERA, catalog, [ship, token])
    assert not covered_by(changed, piece, away, F, CAMERA, catalog, [ship, token])
    assert not covered_by(changed, piece, over[1:], F, CAMERA, catalog, [ship, token])


def test_pieces_merged_without_a_change_in_either_footprint_are_all_it_holds(catalog):
    ship, token, ob, merged = _pieces(catalog)
    changed = _changed_at((550.0, 450.0))  # a shadow between them
    plan = plan_blob(merged, [ship, token], {}, changed, F, CAMERA, catalog)
    assert sorted(s[0] for s in plan.seeds) == ["obstacle", "rect"] and plan.complete
    assert not plan.hints
    merged.area_px *= 1.1  # grown: something else may be there too
    assert not plan_blob(merged, [ship, token], {}, changed, F, CAMERA, catalog).complete


def test_a_blob_of_another_area_gets_the_full_search(catalog):
    ship, token, ob, merged = _pieces(catalog)
    merged.area_px *= 1.3  # something came into it
    # The ship moved 18 mm: nothing stands as it was but the token, which is held; the full
    # search (no sizes hinted, not complete) runs on what it leaves.
    changed = _changed_in((464.5, 428.5, 482.5, 471.5), (535.5, 428.5, 553.5, 471.5))
    plan = plan_blob(merged, [ship, token], {}, changed, F, CAMERA, catalog)
    assert plan == BlobPlan(plan.seeds, known=1) and [s[3] for s in plan.seeds] == [ob]
    # The token's outline changed too: it stands only if that lies under what is found.
    changed |= _changed_at((590.0, 450.0), (610.0, 450.0))
    plan = plan_blob(merged, [ship, token], {}, changed, F, CAMERA, catalog)
    assert plan == BlobPlan(plan.seeds, covered=tuple(token.placed), known=1)


def test_a_token_whose_outline_barely_changed_stands_in_a_blob_a_piece_came_into(catalog):
    ship, token, ob, merged = _pieces(catalog)
    merged.area_px *= 1.3
    # 3 of the token's 169 px (a shadow's edge crossing it) and a 3 mm strip of the base changed.
    changed = _changed_in((532.0, 428.5, 535.5, 471.5))
    u, v = (CAMERA.table_to_image(np.array([[590.0, 450.0]]), 5.0)[0] / F).astype(int)
    changed[v, u - 1:u + 2] = True
    plan = plan_blob(merged, [ship, token], {}, changed, F, CAMERA, catalog)
    assert sorted((s[0], len(s)) for s in plan.seeds) == [("obstacle", 4), ("rect", 3)]
    assert not plan.complete and not plan.hints


@pytest.fixture(scope="module")
def beside(catalog):
    """A small ship 25 mm from an obstacle token, then moved to 1 mm from it (one blob of
    both on the cloth); and the background."""
    opt = synth.RenderOptions(mat="cloth", light=0.2)
    left = 600.0 + float(np.min(np.asarray(catalog.obstacles["debris-field-1"].outline_mm)[:, 0]))
    ship = ShipPose("cr90", "cr90-corvette-a", 1, left - 35.5 - 25.0, 450.0, 0.0)
    token = ObstaclePose("ob", "debris-field-1", 600.0, 450.0, 0.0)
    moved = dataclasses.replace(ship, x_mm=left - 35.5 - 1.0)
    imgs = [synth.render(Scene((s,), (), (token,)), CAMERA, catalog, opt, seed=43,
                         noise_seed=n).image for n, s in enumerate((ship, moved))]
    empty = synth.render(Scene(), CAMERA, catalog, opt, seed=43, noise_seed=9).image
    return imgs, BackgroundModel.learn(empty), moved


def test_a_ship_moved_against_an_obstacle_leaves_the_obstacle_as_it_was(
        beside, catalog, monkeypatch):
    imgs, bg, moved = beside
    live = Detector(catalog, CAMERA, background=bg).live()
    first = live.detect(imgs[0])
    assert len(first.ships) == 1 and len(first.obstacles) == 1 and not first.squadrons
    matches = []
    match = match_mod.match_obstacle
    monkeypatch.setattr(match_mod, "match_obstacle",
                        lambda *a, **k: matches.append(1) or match(*a, **k))
    det = live.detect(imgs[1])
    assert live.stats.searched == 1 and matches == []
    assert det.obstacles == first.obstacles  # the very same measurement
    assert len(det.ships) == 1 and not det.squadrons
    s = det.ships[0]
    assert np.hypot(s.x_mm - moved.x_mm, s.y_mm - moved.y_mm) < 2.0


def test_a_base_whose_outline_barely_changed_is_confirmed_where_it_stood(catalog):
    ship, token, ob, merged = _pieces(catalog)
    # A 3 mm strip of the base's 71 mm changed (a neighbour's shadow, a 1-2 mm nudge): it is
    # confirmed by one refinement from its pose, not searched for.
    changed = _changed_in((532.0, 428.5, 535.5, 471.5))
    plan = plan_blob(merged, [ship, token], {}, changed, F, CAMERA, catalog)
    assert sorted((s[0], len(s)) for s in plan.seeds) == [("obstacle", 4), ("rect", 3)]
    assert plan.complete and not plan.hints
    # Moved 18 mm (the strips it left and entered changed): searched at its size.
    changed = _changed_in((464.5, 428.5, 482.5, 471.5), (535.5, 428.5, 553.5, 471.5))
    plan = plan_blob(merged, [ship, token], {}, changed, F, CAMERA, catalog)
    assert [s[0] for s in plan.seeds] == ["obstacle"] and plan.hints == (("rect", SMALL),)


def test_a_piece_standing_in_the_blob_beside_is_not_looked_for_here(catalog):
    ship, token, ob, _ = _pieces(catalog)
    both = _box(460.0, 425.0, 622.0, 475.0)  # they were one blob; now the ship's and the token's
    held = _Entry(both.bbox, both.mask, ship.area_px + token.area_px,
                  ship.placed + token.placed, obstacles=[ob])
    ship_blob, token_blob = _box(460.0, 425.0, 540.0, 475.0), _box(578.0, 428.0, 622.0, 472.0)
    touching = {id(held): [ship_blob, token_blob]}
    changed = _changed_in((532.0, 428.5, 535.5, 471.5))  # the ship nudged
    plan = plan_blob(token_blob, [held], touching, changed, F, CAMERA, catalog)
    assert [s[0] for s in plan.seeds] == ["obstacle"] and plan.complete and not plan.hints
    plan = plan_blob(ship_blob, [held], touching, changed, F, CAMERA, catalog)
    assert [s[0] for s in plan.seeds] == ["rect"] and plan.complete and not plan.hints


def test_the_same_blob_keeps_its_obstacle_beside_a_confirmed_ship(catalog):
    ship, token, ob, _ = _pieces(catalog)
    both = _box(460.0, 425.0, 622.0, 475.0)
    was = _Entry(both.bbox, both.mask, both.area_px, ship.placed + token.placed, obstacles=[ob])
    changed = _changed_in((532.0, 428.5, 535.5, 471.5))
    plan = plan_blob(both, [was], {}, changed, F, CAMERA, catalog)
    # The token cannot be refined: it stands as it was measured (a fourth item) beside the
    # ship confirmed by one refinement, and nothing else is searched.
    assert sorted((s[0], len(s)) for s in plan.seeds) == [("obstacle", 4), ("rect", 3)]
    assert [s[3] for s in plan.seeds if s[0] == "obstacle"] == [ob] and plan.complete
    changed = _changed_at((590.0, 450.0))  # something changed inside the token's outline
    assert plan_blob(both, [was], {}, changed, F, CAMERA, catalog) == BlobPlan()


def test_a_lone_squadron_whose_blob_grew_is_first_looked_for_where_its_move_puts_it(catalog):
    # Held-out 5001's squadron moved 25 mm: its blob grew from 177 to 217 px (1.23, more than
    # a base's blob does): refined once from the blob's move before the full search.
    from armada_vision.vision.detect._specs import DiscSpec

    disc = DiscSpec("30mm", 30.0, 3.0)
    was = _box(485.0, 435.0, 515.0, 465.0)
    entry = _Entry(was.bbox, was.mask, was.area_px, [("circle", disc, np.array([500., 450., 15.]))])
    now = _box(505.0, 435.0, 540.0, 468.0)
    now.area_px = 1.23 * was.area_px
    changed = _changed_in((485.0, 435.0, 540.0, 468.0))
    touching = {id(entry): [now]}  # the blob now sharing its pixels (the live path's)
    plan = plan_blob(now, [entry], touching, changed, F, CAMERA, catalog)
    (seed,) = plan.seeds
    assert seed[0] == "circle" and not plan.complete and not plan.hints
    assert 510.0 < seed[2][0] < 530.0 and abs(seed[2][1] - 451.5) < 3.0  # the blob's shift
    now.area_px = 1.6 * was.area_px  # something else came into it: the full search alone
    assert plan_blob(now, [entry], touching, changed, F, CAMERA, catalog) == BlobPlan()


def test_a_ship_moved_onto_an_obstacles_edge_leaves_the_obstacle_as_it_was(
        catalog, monkeypatch):
    opt = synth.RenderOptions(mat="cloth", light=0.2)
    left = 600.0 + float(np.min(np.asarray(catalog.obstacles["debris-field-1"].outline_mm)[:, 0]))
    ship = ShipPose("cr90", "cr90-corvette-a", 1, left - 35.5 - 25.0, 450.0, 0.0)
    token = ObstaclePose("ob", "debris-field-1", 600.0, 450.0, 0.0)
    moved = dataclasses.replace(ship, x_mm=left - 35.5 + 8.0)  # its end 8 mm over the token
    imgs = [synth.render(Scene((s,), (), (token,)), CAMERA, catalog, opt, seed=43,
                         noise_seed=n).image for n, s in enumerate((ship, moved))]
    empty = synth.render(Scene(), CAMERA, catalog, opt, seed=43, noise_seed=9).image
    live = Detector(catalog, CAMERA, background=BackgroundModel.learn(empty)).live()
    first = live.detect(imgs[0])
    assert len(first.ships) == 1 and len(first.obstacles) == 1
    matches = []
    match = match_mod.match_obstacle
    monkeypatch.setattr(match_mod, "match_obstacle",
                        lambda *a, **k: matches.append(1) or match(*a, **k))
    det = live.detect(imgs[1])
    assert det.obstacles == first.obstacles and matches == []  # no catalog match
    (s,) = det.ships
    assert np.hypot(s.x_mm - moved.x_mm, s.y_mm - moved.y_mm) < 2.0


# ---------------------------------------------------------------- a hand passing by

def test_a_blob_unchanged_since_before_a_hand_came_is_the_entry_measured_then():
    # A hand passed over a small base and went on (still in view): the base's blob changed
    # against the last frame (the hand's shadow was on it) but not against the frame from
    # before the hand came, so its pieces are the ones measured then (tuning 1005's last hand
    # frame: a search under the hand's shadow placed the ship 3.3 mm off, the entry from before
    # it 0.5 mm; 44-60 ms of search on tuning 1002, 1005, 1011).
    blob = _box(460.0, 425.0, 540.0, 475.0)
    was = _Entry(blob.bbox, blob.mask, blob.area_px,
                 [("rect", SMALL, np.array([500.0, 450.0, 0.0]))], ships=["the small ship"])
    other = _box(700.0, 425.0, 780.0, 475.0)
    beside = _Entry(other.bbox, other.mask, other.area_px, [])
    still = np.zeros((1080 // F, 1920 // F), bool)
    assert pre_hand_entry(still, blob, [beside, was], F, CAMERA) is was
    # Not measured against that reference this frame, or pixels changed in its box since then
    # (the hand or its shadow is still on it, or the piece moved): searched.
    assert pre_hand_entry(None, blob, [beside, was], F, CAMERA) is None
    assert pre_hand_entry(_changed_at((500.0, 450.0)), blob, [beside, was], F, CAMERA) is None
    # Three changed pixels just outside the box (its 2 px margin) count too.
    x, y, w, h = blob.bbox
    edge = still.copy()
    edge[y + h // 2, x + w:x + w + 2] = True
    edge[y + h // 2 + 1, x + w] = True
    assert pre_hand_entry(edge, blob, [was], F, CAMERA) is None
    # Measured by a hand then, or another blob then (merged, or moved 4 mm: not the same
    # blob), or two entries sharing its pixels: searched.
    by_hand = _Entry(blob.bbox, blob.mask, blob.area_px, was.placed, tentative=True)
    assert pre_hand_entry(still, blob, [by_hand], F, CAMERA) is None
    shifted = _box(464.0, 425.0, 544.0, 475.0)
    assert pre_hand_entry(still, shifted, [was], F, CAMERA) is None
    left, right = _box(460.0, 425.0, 500.0, 475.0), _box(500.0, 425.0, 540.0, 475.0)
    halves = [_Entry(b.bbox, b.mask, b.area_px, []) for b in (left, right)]
    assert pre_hand_entry(still, blob, halves, F, CAMERA) is None


def test_a_piece_moved_off_a_neighbour_is_first_looked_for_where_its_own_part_moved(catalog):
    # A small ship and a squadron were one blob; the ship moved 40 mm off it (fresh 7006,
    # 7011). The squadron stands in its own blob now; the ship's blob is refined once from
    # where the move of the ship's part of the earlier blob (less the squadron's outline)
    # puts it, not searched at its size (~10 ms), nor shifted by the whole blob's move.
    from armada_vision.vision.detect._specs import DiscSpec

    disc = DiscSpec("30mm", 30.0, 3.0)
    ship_was, squadron = _box(460.0, 425.0, 545.0, 475.0), _box(545.0, 435.0, 575.0, 465.0)
    both = _box(460.0, 425.0, 575.0, 475.0)
    both.mask[:] = 0
    for x, y, w, h in (ship_was.bbox, squadron.bbox):  # the two boxes, touching: one blob
        both.mask[y - both.bbox[1]:y - both.bbox[1] + h, x - both.bbox[0]:x - both.bbox[0] + w] = 1
    ship_now = _box(420.0, 425.0, 505.0, 475.0)
    entry = _Entry(both.bbox, both.mask, int(both.mask.sum()),
                   [("rect", SMALL, np.array([500.0, 450.0, 0.0])),
                    ("circle", disc, np.array([560.0, 450.0, 15.0]))])
    touching = {id(entry): [ship_now, squadron]}
    changed = _changed_in((420.0, 425.0, 540.0, 475.0))
    plan = plan_blob(ship_now, [entry], touching, changed, F, CAMERA, catalog)
    (seed,) = plan.seeds
    assert seed[0] == "rect" and plan.complete and plan.hints_complete and plan.known == 1
    assert [k for k, _ in plan.hints] == ["rect"]
    assert abs(seed[2][0] - 460.0) < 3.0 and abs(seed[2][1] - 450.0) < 1.5
    assert min(seed[2][2] % 180.0, 180.0 - seed[2][2] % 180.0) < 3.0
