"""Searches the live path no longer makes in a changed blob whose contents it knows: the other
parts of a coarse blob are not searched for the hinted sizes found in one of them."""

from __future__ import annotations

import numpy as np

from armada_vision.vision.detect._explain_token import _rest_of_plan


def test_the_rest_of_a_blob_holds_only_its_seeds_once_every_hint_is_found():
    small = ("rect", "small-spec")
    medium = ("rect", "medium-spec")
    seed = (*small, np.array([857.0, 171.0, 10.0]))
    plan = {"seeds": (seed,), "seeds_complete": False, "hints": (medium,),
            "hints_complete": True}
    # The part held the moved medium ship: the other parts hold the held small one alone.
    rest = _rest_of_plan(plan, [(*medium, np.zeros(3))])
    assert rest == {"seeds": (seed,), "seeds_complete": True, "hints": (),
                    "hints_complete": False}
    # The part held the small seed alone: the medium is still to be looked for.
    assert _rest_of_plan(plan, [(*small, np.zeros(3))]) is plan
    # A second small piece beside the small seed: the hint was a small size, so it is found.
    plan_small = {**plan, "hints": (small,)}
    assert _rest_of_plan(plan_small, [(*small, np.zeros(3))]) is plan_small
    assert _rest_of_plan(plan_small, [(*small, np.zeros(3))] * 2)["hints"] == ()
    # Hints that need not be all the blob holds, or none: the plan stands.
    loose = {**plan, "hints_complete": False}
    assert _rest_of_plan(loose, [(*medium, np.zeros(3))]) is loose
    assert _rest_of_plan({"seeds": (seed,)}, [seed]) == {"seeds": (seed,)}
    # Seeds that are the hinted piece's predicted pose (``seeds_complete``): found as a seed.
    predicted = {"seeds": (seed,), "seeds_complete": True, "hints": (small,),
                 "hints_complete": True}
    assert _rest_of_plan(predicted, [(*small, np.zeros(3))])["hints"] == ()
