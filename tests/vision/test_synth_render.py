"""The synthetic renderer's ground truth agrees with its pixels (armada_vision.vision.synth)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from armada_vision.errors import InputError
from armada_vision.geometry import to_table
from armada_vision.scene import ObstaclePose, Scene, ShipPose, SquadronPose
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.synth import RenderOptions, default_layout, render

C920_DIST = np.array([0.057, -0.203, -0.0014, 0.0004, 0.159])   # cv-notes 2.3
CLEAN = RenderOptions(minis=False, shadows=False, light=0.0, noise_sigma=0.0, blur_sigma=0.0,
                      jpeg_quality=None)


@pytest.fixture(scope="module")
def camera():
    return TableCamera.looking_down((960, 540), dist_coeffs=C920_DIST, tilt_deg=4.0)


@pytest.fixture(scope="module")
def ship_class(catalog):
    return next(iter(catalog.ships.values()))


@pytest.fixture(scope="module")
def squadron_class(catalog):
    return next(iter(catalog.squadrons.values()))


def _pixel(img, px):
    x, y = np.round(px).astype(int)
    return img[y, x].astype(int)


def _is_yellow(bgr) -> bool:
    b, g, r = bgr
    return r > 170 and g > 140 and b < 110


@pytest.fixture(scope="module")
def close_camera():
    """About 4 px/mm over the play area's corner region (0..300, 0..150 mm), with distortion."""
    return TableCamera.looking_down((960, 540), play_area_mm=(300.0, 150.0), margin_mm=20.0,
                                    dist_coeffs=C920_DIST)


def test_base_rim_is_dark_plastic_and_targeting_points_are_yellow(close_camera, catalog, ship_class):
    # The base is wider than the token; between the token's long side and the base's long side
    # the black plastic shows. The targeting points are printed yellow on the token's top.
    camera = close_camera
    pose = ShipPose("s", ship_class.id, 1, 150.0, 75.0, 25.0)
    r = render(Scene(ships=(pose,)), camera, catalog, CLEAN, seed=1)
    rim_y = (ship_class.base.width_mm + ship_class.token.width_mm) / 4.0
    rim = to_table(np.array([[0.0, rim_y], [0.0, -rim_y]]), pose.x_mm, pose.y_mm, pose.heading_deg)
    for px in camera.table_to_image(rim, ship_class.base.height_mm):
        assert _pixel(r.image, px).max() < 50
    top = ship_class.base.height_mm + ship_class.token.thickness_mm
    for zone, tp in ship_class.targeting_points.items():
        at = to_table(np.array([tp]), pose.x_mm, pose.y_mm, pose.heading_deg)
        assert _is_yellow(_pixel(r.image, camera.table_to_image(at, top)[0])), zone


def test_raised_token_appears_where_its_height_plane_projects(close_camera, catalog, ship_class):
    # Off to the side of the camera, a point 7 mm above the mat lands several px further out
    # than the same point on the mat (cv-notes 3.3: z r / (h - z)). The yellow print is at the
    # raised position, not the flat one.
    cam = close_camera
    pose = ShipPose("s", ship_class.id, 1, 45.0, 35.0, 0.0)
    r = render(Scene(ships=(pose,)), cam, catalog, CLEAN, seed=2)
    top = ship_class.base.height_mm + ship_class.token.thickness_mm
    tp = to_table(np.array([ship_class.targeting_points["rear"]]), pose.x_mm, pose.y_mm, 0.0)
    raised, flat = cam.table_to_image(tp, top)[0], cam.table_to_image(tp, 0.0)[0]
    assert np.linalg.norm(raised - flat) > 2.5
    assert _is_yellow(_pixel(r.image, raised))
    assert not _is_yellow(_pixel(r.image, flat))


def test_miniature_hides_part_of_the_token_and_shifts_with_height(catalog, ship_class):
    cam = TableCamera.looking_down((960, 540))
    pose = ShipPose("s", ship_class.id, 1, 300.0, 200.0, 90.0)
    opts = RenderOptions(shadows=False, light=0.0, noise_sigma=0.0, blur_sigma=0.0, jpeg_quality=None)
    r = render(Scene(ships=(pose,)), cam, catalog, opts, seed=3)
    t = r.truth.pieces["s"]
    assert 0.05 < t.visibility < 0.95
    # The miniature's outline is drawn raised: its centre lies further from the image centre
    # than the base's (parallax pushes raised things outwards).
    centre = np.array(cam.image_size) / 2.0
    mini_c = t.occluder_px[0].mean(axis=0)
    assert np.linalg.norm(mini_c - centre) > np.linalg.norm(t.centre_px - centre) + 5.0


def test_squadron_disc_truth(camera, catalog, squadron_class):
    q = SquadronPose("q", squadron_class.id, 2, 900.0, 450.0)
    r = render(Scene(squadrons=(q,)), camera, catalog, CLEAN, seed=4)
    t = r.truth.pieces["q"]
    assert t.kind == "squadron" and t.visibility == pytest.approx(1.0)
    # The rim pixel 1 mm inside the disc's edge is dark plastic.
    edge = np.array([[q.x_mm + squadron_class.radius_mm - 0.7, q.y_mm]])
    assert _pixel(r.image, camera.table_to_image(edge, squadron_class.base_height_mm)[0]).max() < 60
    # Its outline is a circle of the catalog radius on the base's top plane.
    back = camera.image_to_table(t.outline_px, squadron_class.base_height_mm)
    radii = np.hypot(back[:, 0] - q.x_mm, back[:, 1] - q.y_mm)
    assert radii == pytest.approx(squadron_class.radius_mm, abs=0.05)


def test_markers_decode_at_their_projected_corners():
    # Every default marker decodes to its id with its corners within 1 px of the truth, through a
    # lens with C920 distortion (1080p, supersampled rendering).
    cam = TableCamera.looking_down((1920, 1080), dist_coeffs=C920_DIST)
    r = render(Scene(), cam, _catalog(), RenderOptions(noise_sigma=1.0, jpeg_quality=95), seed=5)
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    det = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), params)
    corners, ids, _ = det.detectMarkers(cv2.cvtColor(r.image, cv2.COLOR_BGR2GRAY))
    assert ids is not None
    found = {int(i): c.reshape(4, 2) for c, i in zip(corners, ids.ravel())}
    assert set(found) == {m["id"] for m in default_layout()["markers"]}
    for mid, c in found.items():
        assert np.abs(c - r.truth.markers[mid]).max() < 1.0, mid


def _catalog():
    from armada_vision.catalog import get_catalog

    return get_catalog()


def test_hand_hides_the_piece_under_it(camera, catalog, ship_class):
    pose = ShipPose("s", ship_class.id, 1, 900.0, 450.0, 0.0)
    opts = RenderOptions(minis=False, hands=((900.0, 450.0),))
    r = render(Scene(ships=(pose,)), camera, catalog, opts, seed=6)
    assert r.truth.hands_px
    assert r.truth.pieces["s"].visibility < 0.5


def test_obstacle_truth_and_flip(camera, catalog):
    ob = next(iter(catalog.obstacles.values()))
    plain = ObstaclePose("o", ob.id, 700.0, 400.0, 30.0, False)
    flipped = ObstaclePose("o", ob.id, 700.0, 400.0, 30.0, True)
    a = render(Scene(obstacles=(plain,)), camera, catalog, CLEAN, seed=7)
    b = render(Scene(obstacles=(flipped,)), camera, catalog, CLEAN, seed=7)
    # The truth outline back-projected is the catalog outline (mirrored when flipped), posed.
    for r, pose, sign in ((a, plain, 1.0), (b, flipped, -1.0)):
        back = camera.image_to_table(r.truth.pieces["o"].outline_px, ob.thickness_mm)
        expected = to_table(np.asarray(ob.outline_mm) * [1.0, sign], pose.x_mm, pose.y_mm, pose.heading_deg)
        assert back[0] == pytest.approx(expected[0], abs=0.01)
    # The pixel at the centre differs from the empty mat.
    empty = render(Scene(), camera, catalog, CLEAN, seed=7)
    c = a.truth.pieces["o"].centre_px
    assert np.abs(_pixel(a.image, c) - _pixel(empty.image, c)).sum() > 30


def test_same_seed_same_frame_and_unknown_class_is_input_error(camera, catalog, ship_class):
    sc = Scene(ships=(ShipPose("s", ship_class.id, 1, 400.0, 400.0, 10.0),))
    assert np.array_equal(render(sc, camera, catalog, seed=8).image, render(sc, camera, catalog, seed=8).image)
    bad = Scene(ships=(ShipPose("x", "no-such-ship", 1, 400.0, 400.0, 0.0),))
    with pytest.raises(InputError, match="no-such-ship"):
        render(bad, camera, catalog)
    with pytest.raises(InputError):
        render(sc, camera, catalog, layout="/nonexistent/layout.json")


@pytest.mark.parametrize("mat", ["starfield", "cloth", "wood"])
def test_every_mat_renders_pieces_visibly(camera, catalog, ship_class, mat):
    # Inside the base's outline the frame differs clearly from the empty mat, on a dark or a
    # bright mat alike; outside it (beyond shadow reach) it does not.
    pose = ShipPose("s", ship_class.id, 1, 900.0, 450.0, 0.0)
    opts = RenderOptions(mat=mat, cloth_colour=(178, 180, 176), shadows=False)
    r = render(Scene(ships=(pose,)), camera, catalog, opts, seed=9)
    empty = render(Scene(), camera, catalog, opts, seed=9)
    assert r.image.shape == (540, 960, 3) and r.image.dtype == np.uint8
    inside = np.zeros((540, 960), np.uint8)
    cv2.fillPoly(inside, [np.round(r.truth.pieces["s"].outline_px).astype(np.int32)], 1)
    inside = cv2.erode(inside, np.ones((3, 3), np.uint8)).astype(bool)
    diff = np.abs(r.image.astype(int) - empty.image.astype(int)).sum(axis=2)
    assert diff[inside].mean() > 40
    far = camera.table_to_image([[pose.x_mm + 200.0, pose.y_mm + 150.0]], 0.0)[0]
    assert diff[int(far[1]), int(far[0])] < 30


def test_random_cameras_keep_every_marker_in_view(catalog):
    # The benchmark's varied cameras (tilt, yaw, lens) must still see all six table markers.
    from armada_vision.vision.synth import random_camera

    rng = np.random.default_rng(11)
    for _ in range(20):
        cam = random_camera(rng, (1920, 1080))
        w, h = cam.image_size
        for m in default_layout()["markers"]:
            from armada_vision.vision.synth import marker_corners_mm

            px = cam.table_to_image(marker_corners_mm(m), 0.0)
            assert (px >= 0).all() and (px[:, 0] < w).all() and (px[:, 1] < h).all(), m["id"]


def test_empty_table_with_the_same_seed_is_lit_the_same(camera, catalog, ship_class):
    # A background model learnt on the empty table must match the lighting of later frames,
    # hands or not (the light does not depend on what is on the table).
    opts = RenderOptions(hands=((200.0, 200.0),), noise_sigma=0.0, jpeg_quality=None)
    sc = Scene(ships=(ShipPose("s", ship_class.id, 1, 1500.0, 700.0, 0.0),))
    full = render(sc, camera, catalog, opts, seed=12).image
    empty = render(Scene(), camera, catalog, RenderOptions(noise_sigma=0.0, jpeg_quality=None), seed=12).image
    far = camera.table_to_image([[900.0, 600.0]], 0.0)[0].astype(int)
    assert np.abs(full[far[1], far[0]].astype(int) - empty[far[1], far[0]].astype(int)).max() <= 1
    # With noise on, the two captures do not share their sensor noise (a new capture, new noise),
    # but the same capture rendered twice is identical.
    noisy = RenderOptions(noise_sigma=3.0, jpeg_quality=None)
    a = render(sc, camera, catalog, noisy, seed=12).image.astype(int)
    b = render(Scene(), camera, catalog, noisy, seed=12).image.astype(int)
    patch = (slice(far[1] - 10, far[1] + 10), slice(far[0] - 10, far[0] + 10))
    assert np.abs(a[patch] - b[patch]).mean() > 1.0
    assert np.array_equal(a, render(sc, camera, catalog, noisy, seed=12).image)


def test_token_tag_decodes_with_its_id_and_bow_up(close_camera, catalog, ship_class):
    # A tag printed on the token (top edge towards the bow) decodes to its id with its corners
    # within 1 px of the truth; its "up" direction on the token plane is the ship's heading.
    pose = ShipPose("s", ship_class.id, 1, 150.0, 75.0, 120.0)
    opts = RenderOptions(minis=False, token_tags={"s": 23})
    r = render(Scene(ships=(pose,)), close_camera, catalog, opts, seed=13)
    t = r.truth.pieces["s"]
    assert t.tag_id == 23 and t.tag_visibility == pytest.approx(1.0)
    det = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    corners, ids, _ = det.detectMarkers(r.image)
    assert ids is not None and 23 in ids.ravel()
    c = corners[list(ids.ravel()).index(23)].reshape(4, 2)
    assert np.abs(c - t.tag_px).max() < 1.0
    top = ship_class.base.height_mm + ship_class.token.thickness_mm
    mm = close_camera.image_to_table(c, top)
    up = (mm[0] + mm[1]) / 2.0 - (mm[2] + mm[3]) / 2.0
    assert np.degrees(np.arctan2(up[1], up[0])) % 360.0 == pytest.approx(120.0, abs=2.0)


def test_huge_ship_outline_covers_both_bases(camera, catalog, ship_class):
    # A huge ship stands on two bases end to end (catalog ``bases``); its truth outline spans
    # both: back on the base plane it reaches each base's far end.
    import dataclasses

    from armada_vision.catalog import TokenSpec

    L = ship_class.base.length_mm
    huge = dataclasses.replace(ship_class, id="huge-test", size_class="huge",
                               bases=((-L / 2.0, 0.0), (L / 2.0, 0.0)),
                               token=TokenSpec(ship_class.token.width_mm, 2 * L - 1.0))
    cat = dataclasses.replace(catalog, ships={**catalog.ships, "huge-test": huge})
    pose = ShipPose("h", "huge-test", 1, 900.0, 450.0, 0.0)
    r = render(Scene(ships=(pose,)), camera, cat, CLEAN, seed=14)
    back = camera.image_to_table(r.truth.pieces["h"].outline_px, ship_class.base.height_mm)
    assert back[:, 0].min() == pytest.approx(900.0 - L, abs=0.5)
    assert back[:, 0].max() == pytest.approx(900.0 + L, abs=0.5)
    assert r.truth.pieces["h"].visibility > 0.97
