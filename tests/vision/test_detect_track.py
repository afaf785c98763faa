"""Tracker rules (vision/track.py) on hand-made detections: identities, jitter, hands, moves."""

from __future__ import annotations

import numpy as np
import pytest

from armada_vision.vision.detect import (
    Detections,
    HandDetection,
    ShipDetection,
    SquadronDetection,
    roster_from_dict,
)
from armada_vision.vision.track import Tracker


def ship(x, y, h, size="small", **kw):
    return ShipDetection(x, y, h, size, 0.9, **kw)


def frame(*pieces, hands=()):
    d = Detections()
    for p in pieces:
        (d.ships if isinstance(p, ShipDetection) else d.squadrons).append(p)
    d.hands.extend(hands)
    return d


def hand_over(x, y, r=80.0):
    t = np.linspace(0, 2 * np.pi, 24, endpoint=False)
    mm = np.column_stack([x + r * np.cos(t), y + r * np.sin(t)])
    return HandDetection(mm * 1.0, mm, 20000.0)


def test_a_still_piece_does_not_jitter():
    # Measurements scatter by ~0.4 mm (detector noise); the reported pose must not follow each
    # frame: after a few frames it moves by well under a millimetre from frame to frame.
    rng = np.random.default_rng(0)
    tr = Tracker()
    xs = []
    for i in range(30):
        n = rng.normal(0, 0.4, 3)
        scene, _ = tr.update(frame(ship(500 + n[0], 300 + n[1], 80 + n[2])), i / 10)
        xs.append((scene.ships[0].x_mm, scene.ships[0].y_mm, scene.ships[0].heading_deg))
    steps = np.abs(np.diff(np.array(xs[5:]), axis=0))
    assert steps[:, :2].max() < 0.2
    assert steps[:, 2].max() < 0.2
    assert abs(xs[-1][0] - 500) < 0.3 and abs(xs[-1][1] - 300) < 0.3


def test_first_frame_adds_every_piece_with_stable_ids():
    tr = Tracker()
    _, ev = tr.update(frame(ship(100, 100, 90), SquadronDetection(400, 400, 30.0, 0.8)), 0.0)
    assert sorted(e.kind for e in ev) == ["added", "added"]
    s1, ev2 = tr.update(frame(ship(100.3, 100, 90), SquadronDetection(400, 400.2, 30.0, 0.8)), 0.1)
    assert ev2 == []
    assert {s.id for s in s1.ships} == {e.id for e in ev if e.piece == "ship"}


def test_a_moved_piece_keeps_its_identity_and_moves_forwards():
    # A small ship at y=200 (player 1's side) facing +y moves 120 mm ahead: same id, one
    # "moved" event, and the bow is the end it travelled towards.
    tr = Tracker()
    s0, _ = tr.update(frame(ship(600, 200, 90)), 0.0)
    sid = s0.ships[0].id
    events = []
    for i, y in enumerate([200, 260, 320, 320, 320]):
        _, ev = tr.update(frame(ship(600, y, 90)), 0.1 * (i + 1))
        events += ev
    scene = tr.scene()
    assert [s.id for s in scene.ships] == [sid]
    assert scene.ships[0].y_mm == pytest.approx(320, abs=0.5)
    assert scene.ships[0].heading_deg == pytest.approx(90, abs=0.5)
    assert [e.kind for e in events if e.kind != "added"] == ["moved", "moved"]
    assert all(e.id == sid for e in events)


def test_picked_up_and_put_down_elsewhere_is_a_move_not_remove_and_add():
    tr = Tracker(remove_after_s=0.5)
    s0, _ = tr.update(frame(ship(300, 300, 45, "medium")), 0.0)
    sid = s0.ships[0].id
    _, ev1 = tr.update(frame(hands=[hand_over(300, 300)]), 0.2)  # hand covers it
    assert ev1 == [] and tr.scene().ships[0].x_mm == pytest.approx(300)
    _, ev2 = tr.update(frame(ship(900, 600, 135, "medium")), 0.4)  # hand gone, piece elsewhere
    assert [(e.kind, e.id) for e in ev2] == [("moved", sid)]
    assert tr.scene().ships[0].x_mm == pytest.approx(900)


def test_a_different_size_class_elsewhere_is_not_the_same_piece():
    tr = Tracker(remove_after_s=0.3, confirm_frames=2)
    tr.update(frame(ship(300, 300, 45, "small")), 0.0)
    events = []
    for i in range(1, 6):
        _, ev = tr.update(frame(ship(900, 600, 135, "large")), 0.2 * i)
        events += ev
    kinds = sorted(e.kind for e in events)
    assert kinds == ["added", "removed"]


def test_a_hand_freezes_pieces_instead_of_deleting_or_inventing():
    tr = Tracker(remove_after_s=0.2)
    tr.update(frame(ship(500, 400, 0), ship(1200, 400, 0)), 0.0)
    events = []
    for i in range(1, 20):  # two seconds with a hand over the first ship; a hand-shaped
        # false detection under the hand must not become a piece
        scene, ev = tr.update(frame(ship(1200, 400, 0), SquadronDetection(520, 420, 30.0, 0.5),
                                    hands=[hand_over(500, 400)]), 0.1 * i)
        events += ev
    assert events == []
    assert len(scene.ships) == 2 and not scene.squadrons
    assert scene.extra.get("hands") == 1


def test_a_piece_gone_without_a_hand_is_removed_after_a_while():
    tr = Tracker(remove_after_s=0.5)
    tr.update(frame(ship(500, 400, 0)), 0.0)
    _, ev = tr.update(frame(), 0.3)
    assert ev == []
    _, ev = tr.update(frame(), 0.7)
    assert [e.kind for e in ev] == ["removed"]
    assert tr.scene().ships == ()


def test_deployment_gives_the_bow_facing_the_opponent_or_says_unknown():
    tr = Tracker()
    scene, _ = tr.update(frame(ship(400, 150, 80.0), ship(400, 780, 100.0), ship(1200, 150, 5.0)),
                         0.0)
    p1 = [s for s in scene.ships if s.x_mm == 400 and s.y_mm == 150][0]
    p2 = [s for s in scene.ships if s.y_mm == 780][0]
    across = [s for s in scene.ships if s.x_mm == 1200][0]
    assert p1.bow_known and p1.heading_deg == pytest.approx(80.0)  # player 1 faces +y
    assert p2.bow_known and p2.heading_deg == pytest.approx(280.0)  # player 2 faces -y
    assert not across.bow_known  # lengthwise along the edge: either end could be the bow


def test_roster_names_a_base_by_size_class_and_side():
    roster = roster_from_dict({"format": "armada-roster/1", "ships": [
        {"id": "vsd-1", "ship_class": "victory-ii-star-destroyer", "player": 1},
        {"id": "cr90-1", "ship_class": "cr90-corvette-a", "player": 2}]},
        catalog=None)
    roster.size_of = {"victory-ii-star-destroyer": "medium", "cr90-corvette-a": "small"}
    tr = Tracker(roster)
    scene, _ = tr.update(frame(ship(400, 150, 90, "medium"), ship(400, 780, 90, "small")), 0.0)
    got = {s.id: (s.ship_class, s.player) for s in scene.ships}
    assert got == {"vsd-1": ("victory-ii-star-destroyer", 1), "cr90-1": ("cr90-corvette-a", 2)}


def test_an_unchanged_table_gives_the_same_scene_object_and_a_move_a_new_one():
    # The window compares scenes by identity first: the same measurements again must give the
    # very same Scene (and poses); a piece that moves gives a new scene in which only its pose
    # is new, and a hand coming in gives a new scene (its "hands" count) with the same poses.
    tr = Tracker()
    sq = SquadronDetection(400, 400, 30.0, 0.8)
    tr.update(frame(ship(100, 100, 90), sq), 0.0)
    s1, _ = tr.update(frame(ship(100, 100, 90), sq), 0.1)
    s2, _ = tr.update(frame(ship(100, 100, 90), sq), 0.2)
    assert s2 is s1 and len(s1.ships) == 1 and len(s1.squadrons) == 1
    for t in (0.3, 0.4):
        s3, _ = tr.update(frame(ship(160, 100, 90), sq), t)
    assert s3 is not s1 and s3.ships[0].x_mm == 160.0 and s3.squadrons[0] is s1.squadrons[0]
    s4, _ = tr.update(frame(ship(160, 100, 90), sq, hands=[hand_over(900, 700)]), 0.5)
    assert s4 is not s3 and s4.extra == {"hands": 1} and s4.ships[0] is s3.ships[0]


def test_a_hand_freezes_only_the_pieces_within_its_margin():
    # One shapely call tests every track and detection against the hands (hand_margin_mm 60 for
    # tracks, 10 mm for new detections under it).
    tr = Tracker()
    tr.update(frame(ship(100, 100, 90), ship(600, 100, 90), ship(900, 600, 90)), 0.0)
    tr.update(frame(ship(100, 100, 90), ship(600, 100, 90), ship(900, 600, 90)), 0.1)
    hand = hand_over(100, 100, r=80.0)  # covers the first ship; the second is 420 mm away
    tr.update(frame(ship(900, 600, 90), hands=[hand]), 0.2)
    assert [t.frozen for t in tr.tracks] == [True, False, False]
    scene, ev = tr.update(frame(ship(900, 600, 90), ship(130, 100, 0, size="large"), hands=[hand]), 3.0)
    assert sorted(s.x_mm for s in scene.ships) == [100.0, 900.0]  # under the hand: kept, not added
    assert [e.kind for e in ev] == ["removed"]  # the second ship, gone without a hand over it


def test_a_piece_seen_beside_a_hand_is_its_frozen_track_not_a_second_one():
    # The hand's outline passes 40 mm from the squadron: its track is frozen (within the
    # 60 mm margin), but the detector still sees it. It must not start a new track that
    # becomes a second copy of the squadron once the hand is gone.
    tr = Tracker()
    _, ev = tr.update(frame(SquadronDetection(845, 728, 30.0, 0.8)), 0.0)
    first = [e.id for e in ev]
    for i, hand in enumerate((hand_over(845, 728 + 40 + 80), hand_over(845, 728 + 45 + 80)), 1):
        _, ev = tr.update(frame(SquadronDetection(845, 728.5, 30.0, 0.8), hands=[hand]), i / 10)
        assert ev == []
    for i in range(3, 6):
        scene, ev = tr.update(frame(SquadronDetection(845, 728.3, 30.0, 0.8)), i / 10)
        assert ev == []
        assert [q.id for q in scene.squadrons] == first
