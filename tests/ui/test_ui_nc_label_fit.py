"""A piece's label near the edge of the video stays readable: the Czech overlap label of a ship
at the table's right edge ran off the view (demo --lang cs)."""

from __future__ import annotations

import numpy as np
from PyQt6.QtGui import QImage, QPainter

from armada_vision.ui.app import application
from armada_vision.ui.overlay_shapes import Label, Overlay, Shape
from armada_vision.ui.painter import fit_text_origin, paint_overlay


def test_a_text_inside_the_area_stays_where_it_was_anchored():
    assert fit_text_origin(50.0, 40.0, 100.0, 10.0, 3.0, 400.0, 300.0) == (50.0, 40.0)


def test_a_text_running_off_the_right_or_bottom_is_moved_in_by_its_overhang():
    # 100 px of text anchored 20 px from the right edge of a 400 px area: 3 px pad from the edge
    x, y = fit_text_origin(380.0, 299.0, 100.0, 10.0, 3.0, 400.0, 300.0)
    assert (x, y) == (400.0 - 100.0 - 3.0, 300.0 - 3.0 - 3.0)


def test_a_text_above_or_left_of_the_area_is_moved_in():
    assert fit_text_origin(-40.0, 2.0, 100.0, 10.0, 3.0, 400.0, 300.0) == (3.0, 13.0)


def test_a_text_wider_than_the_area_starts_at_its_left_edge():
    assert fit_text_origin(10.0, 40.0, 500.0, 10.0, 3.0, 400.0, 300.0)[0] == 3.0


def test_a_long_label_anchored_at_the_right_edge_is_painted_whole():
    app = application("en")  # kept alive: painting text needs it
    text = "překrytí: karta poškození lícem dolů pro raider, afmk2"
    ov = Overlay([Shape("labels", "text", (np.array([[395.0, 30.0]]),), "overlap", None, Label(text))])
    image = QImage(400, 60, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    p = QPainter(image)
    paint_overlay(p, ov)
    p.end()
    assert app is not None
    alpha = np.array([[image.pixelColor(x, y).alpha() for x in range(400)] for y in range(60)])
    cols = np.flatnonzero(alpha.max(axis=0) > 0)
    # anchored at x = 395 it used to show 5 px of its first letter; now all of it is in view
    assert cols.min() < 200 and cols.max() < 400
    assert cols.max() - cols.min() > 150


def test_a_label_over_an_earlier_one_moves_a_line_down_or_up():
    from armada_vision.ui.painter import clear_of_labels

    placed = [(40.0, 30.0, 140.0, 43.0)]                 # a label whose baseline is at y 40
    assert clear_of_labels(200.0, 40.0, 100.0, 10.0, 3.0, placed, 300.0) == (200.0, 40.0)
    assert clear_of_labels(60.0, 40.0, 100.0, 10.0, 3.0, placed, 300.0) == (60.0, 54.0)
    # no room below (the area ends): one line up
    assert clear_of_labels(60.0, 40.0, 100.0, 10.0, 3.0, placed, 50.0) == (60.0, 26.0)


def test_two_pieces_labels_at_one_place_are_painted_on_two_lines():
    app = application("en")
    shapes = [Shape("labels", "text", (np.array([[100.0, 40.0 + dy]]),), "text", None,
                    Label(text)) for dy, text in ((0.0, "unknown small ship"),
                                                  (2.0, "unknown medium ship"))]
    image = QImage(400, 120, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    p = QPainter(image)
    paint_overlay(p, Overlay(shapes))
    p.end()
    assert app is not None
    alpha = np.array([[image.pixelColor(x, y).alpha() for x in range(0, 400, 2)]
                      for y in range(120)])
    rows = np.flatnonzero(alpha.max(axis=1) > 0)
    # one label's ink spans ~15 px: the two of them ~30 px apart, not on top of each other
    assert rows.max() - rows.min() > 22


def test_with_no_free_line_a_label_takes_the_least_covered_one_not_its_own():
    from armada_vision.ui.painter import clear_of_labels

    # labels on every line from y 1 to 115 except one that only half covers the line at y 82
    placed = [(0.0, y - 10.0, 400.0, y + 3.0) for y in (12.0, 26.0, 40.0, 54.0, 68.0)]
    placed.append((0.0, 82.0 - 10.0, 110.0, 82.0 + 3.0))    # covers half the label's width
    placed += [(0.0, y - 10.0, 400.0, y + 3.0) for y in (96.0, 110.0)]
    # before: no free line within 3 each way, so it stayed on the label at y 40 exactly
    assert clear_of_labels(60.0, 40.0, 100.0, 10.0, 3.0, placed, 120.0) == (60.0, 82.0)
