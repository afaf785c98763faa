"""Command-line options shared by ``markers`` and ``calibrate camera`` (the board they agree on)."""

from __future__ import annotations

import argparse
import math
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from armada_vision.errors import InputError

# The board ``markers`` prints; equal to ``calibration.BoardSpec()`` (kept here so that building
# the parser does not import OpenCV; a test checks they agree).
DEFAULT_SQUARES = (5, 7)
DEFAULT_SQUARE_MM = 30.0
DEFAULT_MARKER_MM = 22.0
DEFAULT_DICTIONARY = "DICT_6X6_250"


def board_size(text: str) -> tuple[int, int]:
    """Parse ``"5x7"`` (columns x rows of squares)."""
    try:
        cols, rows = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected COLSxROWS such as 5x7, got {text!r}") from None
    if cols < 3 or rows < 3:
        raise argparse.ArgumentTypeError("a ChArUco board needs at least 3x3 squares")
    return cols, rows


def add_board_options(p: argparse.ArgumentParser) -> None:
    cols, rows = DEFAULT_SQUARES
    p.add_argument("--board", type=board_size, default=DEFAULT_SQUARES, metavar="COLSxROWS",
                   help=f"ChArUco squares (default {cols}x{rows}, the board 'markers' prints)")
    p.add_argument("--square-mm", type=float, default=DEFAULT_SQUARE_MM,
                   help=f"square side in mm (default {DEFAULT_SQUARE_MM:g})")
    p.add_argument("--marker-mm", type=float, default=DEFAULT_MARKER_MM,
                   help=f"marker side in mm (default {DEFAULT_MARKER_MM:g})")
    p.add_argument("--dictionary", default=DEFAULT_DICTIONARY,
                   help=f"ArUco dictionary of the board (default {DEFAULT_DICTIONARY})")
    p.add_argument("--legacy-pattern", action="store_true",
                   help="a board with an even row count printed by OpenCV before 4.6, whose "
                        "corners are laid out the old way (CharucoBoard.setLegacyPattern)")


def board_from_args(args):
    from armada_vision.vision.calibration._files import BoardSpec, aruco_dictionary

    if not (math.isfinite(args.square_mm) and args.square_mm > 0):
        raise InputError(f"expected a positive length in mm, got {args.square_mm:g}",
                         field="--square-mm")
    if not (math.isfinite(args.marker_mm) and 0 < args.marker_mm < args.square_mm):
        raise InputError(f"expected a positive length smaller than --square-mm "
                         f"({args.square_mm:g} mm), got {args.marker_mm:g}", field="--marker-mm")
    try:
        n_ids = aruco_dictionary(args.dictionary).bytesList.shape[0]
    except InputError:
        raise InputError(f"unknown ArUco dictionary {args.dictionary!r} (expected an OpenCV "
                         f"name such as {DEFAULT_DICTIONARY})", field="--dictionary") from None
    cols, rows = args.board
    if cols * rows // 2 > n_ids:  # a ChArUco board has a marker in every other square
        raise InputError(f"a {cols}x{rows} board has {cols * rows // 2} markers but {args.dictionary} "
                         f"has {n_ids}: use a smaller board or a larger dictionary", field="--board")
    return BoardSpec(tuple(args.board), args.square_mm, args.marker_mm, args.dictionary,
                     args.legacy_pattern)


@contextmanager
def note_if_compiling(message: str, stream=None) -> Iterator[None]:
    """Print ``armada-vision: note: <message>`` to stderr once, when numba starts compiling a
    kernel inside the block (the rules kernels on the first run after an install: 10-20 s),
    so a user knows why a usually quick command waits. Loading kernels from numba's on-disk
    cache is no compile (``numba:compile`` events fire on a cache miss only), so a slow but
    cached run on a busy machine says nothing (timing the block said "compiling" there)."""
    from numba.core import event

    out = stream if stream is not None else sys.stderr
    said = threading.Event()

    class _Note(event.Listener):
        def on_start(self, ev) -> None:
            if not said.is_set():
                said.set()
                print(f"armada-vision: note: {message}", file=out, flush=True)

        def on_end(self, ev) -> None:
            pass

    with event.install_listener("numba:compile", _Note()):
        yield
