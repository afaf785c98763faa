"""A dark token candidate (``_darktoken``) of no catalog token's area is not matched to the
catalog: the plain IoU it must reach is at most the smaller area over the larger."""

from __future__ import annotations

import math

import numpy as np

from armada_vision.vision.detect._explain_token import DARK_TOKEN_PLAIN, _plain_iou_possible
from armada_vision.vision.detect._obstacles import _model, match_obstacle


def test_a_dark_candidate_of_no_tokens_area_cannot_match_it(catalog):
    obstacles = dict(catalog.obstacles)
    oid = "asteroid-field-1"
    model, mc, _ = _model(oid, obstacles[oid], False)
    outline = np.asarray(model.exterior.coords)[:-1] + (600.0, 400.0) - mc
    assert _plain_iou_possible(outline, obstacles, DARK_TOKEN_PLAIN)
    areas = sorted(_model(o, ob, False)[0].area for o, ob in obstacles.items())
    # A region 0.75 of the smallest token's area: no outline is near its area.
    k = math.sqrt(0.75 * areas[0] / model.area)
    small = (outline - (600.0, 400.0)) * k + (600.0, 400.0)
    assert not _plain_iou_possible(small, obstacles, DARK_TOKEN_PLAIN)
    m = match_obstacle(small, obstacles)
    assert m is None or m[7] < DARK_TOKEN_PLAIN  # what the match would have said
    # The bound allows for the match's simplification: 0.86 of the area is still possible.
    k = math.sqrt(0.86)
    assert _plain_iou_possible((outline - (600.0, 400.0)) * k + (600.0, 400.0), obstacles,
                               DARK_TOKEN_PLAIN)
    assert not _plain_iou_possible(np.array([[0.0, 0.0], [5.0, 0.0], [0.0, 5.0]]), obstacles,
                                   DARK_TOKEN_PLAIN)
