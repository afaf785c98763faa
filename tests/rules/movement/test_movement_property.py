"""Property: whatever the table, every suggested placement of a lifted squadron is legal
(RRG "Overlapping": touching the moved ship or a squadron touching it, overlapping no ship or
squadron, inside the play area), and the moved ship never ends overlapping another ship."""

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from armada_vision.rules.movement import execute_maneuver
from armada_vision.rules.movement._fast import penetration, place_rects, point_distance
from armada_vision.rules.movement._table import ship_local_rects

coord = st.tuples(st.floats(200.0, 600.0), st.floats(150.0, 500.0))


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(others=st.lists(st.tuples(coord, st.sampled_from([0.0, 30.0, 90.0])), max_size=3),
       squads=st.lists(coord, min_size=1, max_size=6), yaw=st.sampled_from([[0], [1], [-1]]))
def test_suggested_placements_are_always_legal(mcat, build, pieces, others, squads, yaw):
    ships = [pieces.ship("m", x=330.0, y=330.0, speed=1)]
    ships += [pieces.ship(f"o{k}", x=x, y=y, heading=h, player=2)
              for k, ((x, y), h) in enumerate(others)]
    sqs = [pieces.squad(f"q{k}", x, y) for k, (x, y) in enumerate(squads)]
    r = execute_maneuver(build(ships, sqs, area=(800.0, 650.0)), mcat, "m", 1, yaw)
    local = ship_local_rects(mcat.ship("test-medium"), with_shield_dials=True).tolist()
    moved = place_rects(local, r.final_pose.x_mm, r.final_pose.y_mm, r.final_pose.heading_deg)
    others_r = [place_rects(local, s.x_mm, s.y_mm, s.heading_deg)[0] for s in ships[1:]]
    if r.executed_speed > 0:  # at speed 0 the ship stays where it was, whatever is there
        assert all(penetration(moved[0], o) <= 1e-6 for o in others_r)
    spots = dict(r.displaced_squadron_placements)
    kept = [(q.x_mm, q.y_mm) for q in sqs if q.id not in r.displaced_squadrons]
    for sid, (x, y) in spots.items():
        assert 15.0 - 1e-6 <= x <= 800.0 - 15.0 + 1e-6 and 15.0 - 1e-6 <= y <= 650.0 - 15.0 + 1e-6
        assert point_distance(x, y, moved[0]) >= 15.0 - 1e-6
        assert all(point_distance(x, y, o) >= 15.0 - 1e-6 for o in others_r)
        assert all(math.dist((x, y), p) >= 30.0 - 1e-6 for p in kept)
        assert all(math.dist((x, y), p) >= 30.0 - 1e-6 for k, p in spots.items() if k != sid)
        touches_ship = abs(point_distance(x, y, moved[0]) - 15.0) < 1e-6
        on_ship = [p for p in kept + [p for k, p in spots.items() if k != sid]
                   if abs(point_distance(*p, moved[0]) - 15.0) < 0.01]
        touches_chain = any(abs(math.dist((x, y), p) - 30.0) < 1e-3 for p in on_ship)
        assert touches_ship or touches_chain
