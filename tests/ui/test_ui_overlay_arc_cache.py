"""The firing arc and range bands are built once per class and hull zone in the ship's own frame
and placed at each pose: they are the same polygons as built at the pose (the hull zone's
reaches at the ruler's band edges, cut to the arc and the play area; RRG "Firing Arc" p.7,
"Measuring Firing Arc and Range" p.11), near the table's edge too."""

import dataclasses

import pytest
from shapely.geometry import box

from armada_vision.scene import Scene, ShipPose
from armada_vision.ui import overlay_model, zones

VSD = "victory-ii-star-destroyer"
TABLE_MM = (1830.0, 915.0)


def _built_at_pose(cls, pose, zone, edges, table):
    arc = zones.firing_arc(cls, pose, zone).intersection(table)
    zone_poly = zones.hull_zones(cls, pose)[zone]
    bands, inner = [], None
    for band in ("close", "medium", "long"):
        reach = zone_poly.buffer(edges[band], quad_segs=16)
        bands.append(arc.intersection(reach if inner is None else reach.difference(inner)))
        inner = reach
    return arc, bands


@pytest.mark.parametrize("x_mm, y_mm, heading_deg, zone", [
    (900.0, 450.0, 0.0, "front"),
    (300.0, 200.0, 200.0, "front"),     # near a corner: the long band is cut by the table's edge
    (1500.0, 700.0, 33.0, "left"),
    (700.0, 300.0, 301.5, "rear"),
])
def test_bands_placed_from_the_ship_frame_are_the_bands_built_at_the_pose(catalog, x_mm, y_mm, heading_deg, zone):
    cls = catalog.ships[VSD]
    edges = catalog.ruler.range_bands_mm
    table = box(0.0, 0.0, *TABLE_MM)
    pose = ShipPose("a", VSD, 1, x_mm, y_mm, heading_deg)
    arc_local, bands_local = overlay_model._arc_and_bands_local(cls, pose, zone, edges)
    arc, bands = _built_at_pose(cls, pose, zone, edges, table)
    placed = [overlay_model._on_table(g, pose, table) for g in (*bands_local, arc_local)]
    for want, got in zip((*bands, arc), placed):
        assert got.is_empty == want.is_empty
        if not want.is_empty:
            assert want.hausdorff_distance(got) < 1e-6          # mm
            assert got.area == pytest.approx(want.area, rel=1e-9)
    # the long band of the ship near a corner really is cut by the table
    if x_mm < 400.0:
        uncut = overlay_model._on_table(bands_local[2], pose, box(-1e4, -1e4, 1e4, 1e4))
        assert uncut.bounds[0] < 0.0
        assert not placed[2].is_empty and placed[2].bounds[0] >= 0.0


def test_the_overlay_draws_the_placed_bands_for_the_selected_zone(catalog):
    from armada_vision.ui.overlay_model import Selection, build_overlay
    from armada_vision.vision.camera import TableCamera

    cam = TableCamera.looking_down((1280, 720), TABLE_MM)
    ship = ShipPose("a", VSD, 1, 900.0, 300.0, 90.0)
    scene = Scene(ships=(ship, dataclasses.replace(ship, id="d", player=2, y_mm=600.0, heading_deg=270.0)),
                  play_area_mm=TABLE_MM)
    ov = build_overlay(scene, catalog, cam, selection=Selection("a", "front"))
    styles = [s.style for s in ov.shapes if s.layer == "range_bands"]
    assert styles == ["band-close", "band-medium", "band-long"]
