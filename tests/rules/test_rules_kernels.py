"""Edge cases of the compiled (numba) geometry kernels behind the attack checks."""

import numpy as np

from armada_vision import _jit
from armada_vision.rules._npgeom import clipped_range, convex_inside_length, segment_ring

SQUARE = np.array([[[0.0, 0.0], [10.0, 0.0], [10.0, 10.0], [0.0, 10.0], [0.0, 0.0]]])


def test_a_kernel_compiles_in_memory_when_no_cache_directory_is_writable(monkeypatch):
    # numba refuses cache=True where neither the package nor the user cache dir is writable
    # (a read-only install): the kernel must still work, compiled in memory
    real = _jit.njit

    def refusing(**opts):
        if opts.get("cache"):
            raise RuntimeError("cannot cache function: no locator available")
        return real(**opts)

    monkeypatch.setattr(_jit, "njit", refusing)

    def hypot_sum(a, b):
        return (a * a + b * b) ** 0.5

    k = _jit.kernel(hypot_sum)
    assert k(3.0, 4.0) == 5.0


def test_kernels_answer_zero_rows_with_empty_arrays():
    none = np.zeros((0, 2))
    touches, dist, depth = segment_ring(none, none, np.zeros((0, 5, 2)))
    assert touches.shape == dist.shape == depth.shape == (0,)
    assert convex_inside_length(none, none, np.zeros((0, 5, 2))).shape == (0,)
    rng, frm, to, inside = clipped_range(np.zeros((0, 5, 2)), none, np.zeros((0, 2, 3, 2)),
                                         np.zeros((0, 5, 2)), np.zeros(0, dtype=bool), none,
                                         np.zeros(0))
    assert rng.shape == inside.shape == (0,) and frm.shape == to.shape == (0, 2)


def test_a_segment_touching_a_corner_touches_and_one_a_millimetre_away_does_not():
    # obstruction (RRG p.13) counts any contact of the line with the piece, a corner included
    p0 = np.array([[10.0, 10.0], [11.0, 0.0]])
    p1 = np.array([[20.0, 20.0], [11.0, 10.0]])
    touches, dist, _ = segment_ring(p0, p1, np.repeat(SQUARE, 2, axis=0))
    assert touches.tolist() == [True, False]
    assert dist.tolist() == [0.0, 1.0]


def test_the_length_inside_is_that_of_the_chord():
    # a line through the square from (-5, 5) to (15, 5) runs 10 mm inside it
    inside = convex_inside_length(np.array([[-5.0, 5.0]]), np.array([[15.0, 5.0]]), SQUARE)
    assert inside.tolist() == [10.0]
