"""A base whose centre is off the play area is not a piece in play (RRG "Play Area"): off the
mat there are only the table markers and the mat's own edge, which must not become pieces."""

import pytest

from armada_vision.catalog import get_catalog
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import Detector
from armada_vision.vision.detect._fit import Fit

AREA_MM = (914.4, 914.4)


@pytest.fixture(scope="module")
def detector():
    camera = TableCamera.looking_down((1920, 1080), AREA_MM)
    return Detector(get_catalog(), camera, play_area_mm=AREA_MM)


def _disc(x_mm, y_mm):
    return Fit("circle", "squadron", x_mm, y_mm, 0.0, coverage=0.95, fill=1.0, rms_mm=0.2,
               size_mm=(30.0, 30.0), height_mm=4.0)


def _base(x_mm, y_mm):
    return Fit("rect", "small", x_mm, y_mm, 0.0, coverage=0.9, fill=1.0, rms_mm=0.3,
               size_mm=(71.0, 43.0), height_mm=5.0)


@pytest.mark.parametrize("x_mm, y_mm", [(457.2, -27.0), (-10.0, 300.0), (930.0, 500.0),
                                        (400.0, 920.0)])
def test_a_well_seen_piece_centred_off_the_play_area_is_refused(detector, x_mm, y_mm):
    assert not detector._acceptable(_disc(x_mm, y_mm), "circle", False)
    assert not detector._acceptable(_base(x_mm, y_mm), "rect", False)


@pytest.mark.parametrize("x_mm, y_mm", [(457.2, 10.0), (5.0, 5.0), (909.0, 900.0)])
def test_the_same_piece_on_the_play_area_even_hanging_over_its_edge_is_kept(detector, x_mm, y_mm):
    assert detector._acceptable(_disc(x_mm, y_mm), "circle", False)
    assert detector._acceptable(_base(x_mm, y_mm), "rect", False)
