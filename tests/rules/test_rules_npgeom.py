"""The numpy geometry behind the attack checks agrees with shapely on random layouts."""

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from armada_vision.rules._npgeom import (
    arc_distance,
    clipped_range,
    convex_inside_length,
    ring_closest_points,
    ring_distance,
    segment_ring,
)

angle = st.floats(0.0, 2 * np.pi)
coord = st.floats(-150.0, 150.0)


def _box(cx, cy, a, w=40.0, h=20.0):
    c, s = np.cos(a), np.sin(a)
    pts = np.array([[w / 2, h / 2], [-w / 2, h / 2], [-w / 2, -h / 2], [w / 2, -h / 2]])
    pts = pts @ np.array([[c, s], [-s, c]]) + [cx, cy]
    return np.vstack([pts, pts[:1]])


def _wedge(half_deg, turn):
    """A 2*half_deg arc from the origin around direction ``turn``, as rays and a polygon."""
    rays = []
    for sgn in (1, -1):
        a = turn + sgn * np.radians(half_deg)
        d = np.array([np.cos(a), np.sin(a)])
        n = -sgn * np.array([-d[1], d[0]])          # into the arc
        rays.append([[0.0, 0.0], d, n])
    far = [6000 * np.array([np.cos(turn + t), np.sin(turn + t)])
           for t in np.linspace(-np.radians(half_deg), np.radians(half_deg), 40)]
    return np.array(rays)[None], shapely.Polygon([(0, 0), *far])


@settings(max_examples=60, deadline=None)
@given(coord, coord, angle, coord, coord, angle)
def test_ring_distance_and_closest_points(x1, y1, a1, x2, y2, a2):
    ra, rb = _box(x1, y1, a1)[None], _box(x2 + 200, y2, a2)[None]
    pa, pb = shapely.Polygon(ra[0]), shapely.Polygon(rb[0])
    if pa.intersects(pb):
        return
    assert ring_distance(ra, rb)[0] == np.float64(pa.distance(pb)) or \
        abs(ring_distance(ra, rb)[0] - pa.distance(pb)) < 1e-9
    p, q = ring_closest_points(ra, rb)
    assert abs(np.hypot(*(p - q)[0]) - pa.distance(pb)) < 1e-9


@settings(max_examples=60, deadline=None)
@given(coord, coord, angle, st.floats(10, 80), angle)
def test_arc_distance_matches_shapely(x, y, a, half, turn):
    rays, wedge = _wedge(half, turn)
    ring = _box(x, y, a)[None]
    want = wedge.distance(shapely.Polygon(ring[0]))
    assert abs(arc_distance(ring, np.zeros(1), rays)[0] - want) < 1e-6


@settings(max_examples=60, deadline=None)
@given(coord, coord, coord, coord, coord, coord, angle)
def test_segment_against_polygon(x0, y0, x1, y1, cx, cy, a):
    ring = _box(cx, cy, a)[None]
    p0, p1 = np.array([[x0, y0]]), np.array([[x1, y1]])
    poly, line = shapely.Polygon(ring[0]), shapely.LineString([(x0, y0), (x1, y1)])
    touches, dist, _ = segment_ring(p0, p1, ring)
    assert touches[0] == line.intersects(poly)
    assert abs(dist[0] - line.distance(poly)) < 1e-9
    assert abs(convex_inside_length(p0, p1, ring)[0] - line.intersection(poly).length) < 1e-6


@settings(max_examples=80, deadline=None)
@given(coord, coord, angle, st.floats(15, 70), angle, st.booleans(), st.floats(8, 40))
def test_clipped_range_matches_shapely(x, y, a, half, turn, disc, radius):
    # attacker: a small box just behind the arc's apex; defender somewhere in front of it
    rays, wedge = _wedge(half, turn)
    att = _box(-15 * np.cos(turn), -15 * np.sin(turn), turn, 20, 10)[None]
    cx, cy = x + 120 * np.cos(turn), y + 120 * np.sin(turn)
    if disc:
        d_geom = shapely.Point(cx, cy).buffer(radius, quad_segs=256)
        ring = np.repeat([[cx, cy]], 5, axis=0)[None]
    else:
        ring = _box(cx, cy, a)[None]
        d_geom = shapely.Polygon(ring[0])
    a_geom = shapely.Polygon(att[0])
    part = d_geom.intersection(wedge)
    if part.is_empty or a_geom.intersects(d_geom):
        return
    q_star = np.array(shapely.shortest_line(a_geom, d_geom).coords[1])[None]
    rng, frm, to, closest_in = clipped_range(att, q_star, rays, ring, np.array([disc]),
                                             np.array([[cx, cy]]), np.array([radius]))
    got = a_geom.distance(d_geom) if closest_in[0] else rng[0]
    assert abs(got - a_geom.distance(part)) < 0.01   # 0.01: shapely's disc is a polygon
    if not closest_in[0]:
        assert abs(np.hypot(*(frm - to)[0]) - rng[0]) < 1e-9
