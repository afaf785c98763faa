"""merge_overlapping_boxes: the live detector's windows and the window's patched layer share it."""

from armada_vision.geometry._boxes import merge_overlapping_boxes


def test_a_chain_of_overlaps_becomes_one_box_and_touching_boxes_stay_apart():
    # a overlaps b, b overlaps c (not a): one box; d touches c's right edge only (x1 exclusive)
    a, b, c, d = (0, 0, 10, 10), (8, 8, 20, 20), (18, 0, 30, 9), (30, 0, 40, 5)
    assert merge_overlapping_boxes([a, b, c, d]) == [(0, 0, 30, 20), d]


def test_apart_boxes_and_the_input_list_are_left_as_they_are():
    boxes = [(0, 0, 5, 5), (5, 5, 9, 9)]
    assert merge_overlapping_boxes(boxes) == boxes
    assert merge_overlapping_boxes([]) == []
    nested = [(0, 0, 5, 5), (1, 1, 2, 2)]
    assert merge_overlapping_boxes(nested) == [(0, 0, 5, 5)]
    assert nested == [(0, 0, 5, 5), (1, 1, 2, 2)]      # the caller's list is not changed
