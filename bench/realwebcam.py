"""The detector on the real overhead webcam frames (../shared/realdata/overhead-webcam-board).

640x480 frames of a painted board with a 7 x 4 yarn grid and one small toy ship (or none); each
capture day has one Empty frame. The file name is the label: the grid cell (row 1-7 from the top
of the picture, column A-D from the left) and the heading, East or West (along the picture's x
axis). The ships are toy boats about 25 x 70 px, not Armada pieces, and the board's real size
is not published: this is a look at what the detector does with a real camera's picture, not a
measure of its accuracy.

The table: the yarn grid's corners clicked on the first day's Empty frame (the board moves
1-5 px between shots), as ``calibrate table --corners`` would, with a play area of
``--play-mm W,H`` (default 552 x 361 mm: the grid's 1.53 : 1 shape at ~1 px/mm, what a webcam of
~60 deg field of view sees from the gantry's ~0.55 m), or ``--layout 3x3`` with ``--camera
FILE`` to repeat a mis-calibration. Per frame it prints whether one piece was found in the
labelled cell, its kind, the heading error against East-West (ships; modulo 180) and the
confidence, with the day's Empty frame as the background or (``--no-background``) without.

Run: python bench/realwebcam.py [--no-background] [--play-mm 552,361] [--camera FILE]
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from armada_vision.catalog import get_catalog  # noqa: E402
from armada_vision.vision.calibration import load_camera, manual_fit  # noqa: E402
from armada_vision.vision.detect import BackgroundModel, Detector  # noqa: E402

NAME = re.compile(r"(\d{8})_\d{6}_(?:Empty|Location-(\d)([A-D])_Heading-(East|West)_Ship-([\w-]+))\.jpg")
GRID_CORNERS_PX = np.array([[42.0, 424.0], [594.0, 424.0], [594.0, 63.0], [42.0, 63.0]])


def _realdata() -> Path:
    env = os.environ.get("ARMADA_REALDATA")
    if env:
        return Path(env)
    for parent in Path(__file__).resolve().parents:
        if (parent / "shared" / "realdata").is_dir():
            return parent / "shared" / "realdata"
    raise SystemExit("real photos not found: set ARMADA_REALDATA or put shared/realdata beside the checkout")


def _cell(x_mm: float, y_mm: float, play: tuple[float, float]) -> str:
    w, h = play
    col = int(np.clip(x_mm // (w / 4), 0, 3))
    row = int(np.clip((h - y_mm) // (h / 7), 0, 6))
    return f"{row + 1}{'ABCD'[col]}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--no-background", action="store_true", help="estimate the mat per frame")
    ap.add_argument("--play-mm", default="552,361", help="play area W,H mm of the grid")
    ap.add_argument("--camera", help="a camera file (intrinsics) for the table fit")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    play = tuple(float(v) for v in args.play_mm.split(","))
    frames = sorted((_realdata() / "overhead-webcam-board" / "frames").glob("*.jpg"))
    labels = [(p, NAME.fullmatch(p.name)) for p in frames]
    intrinsics = load_camera(args.camera) if args.camera else None
    fit = manual_fit(GRID_CORNERS_PX, play, (640, 480), intrinsics)
    for w in fit.warnings[1:]:
        print(f"table: {w}")
    catalog = get_catalog()
    empties = {m.group(1): p for p, m in labels if m.group(2) is None}
    models = {}
    print(f"{'frame':44s} {'label':9s} {'found':22s} {'cell':5s} {'head err':>8s} {'conf':>5s} hands")
    n_ship, n_right, n_empty_ok, n_empty, errors = 0, 0, 0, 0, []
    for path, m in labels:
        day = m.group(1)
        bg = None
        if not args.no_background:
            bg = models.setdefault(day, BackgroundModel.learn(cv2.imread(str(empties[day]))))
        det = Detector(catalog, fit.camera, background=bg, play_area_mm=play).detect(cv2.imread(str(path)))
        pieces = [("ship " + s.size_class, s.x_mm, s.y_mm, s.heading_deg, s.confidence) for s in det.ships]
        pieces += [("squadron", q.x_mm, q.y_mm, None, q.confidence) for q in det.squadrons]
        pieces += [("obstacle", o.x_mm, o.y_mm, None, o.confidence) for o in det.obstacles]
        if m.group(2) is None:
            n_empty += 1
            n_empty_ok += not pieces and not det.hands
            found = ", ".join(p[0] for p in pieces) or "-"
            print(f"{path.name[:44]:44s} {'Empty':9s} {found:22s} {'':5s} {'':>8s} {'':>5s} {len(det.hands)}")
            continue
        n_ship += 1
        label = f"{m.group(2)}{m.group(3)} {m.group(4)[0]}"
        cells = [_cell(p[1], p[2], play) for p in pieces]
        right = len(pieces) == 1 and cells[0] == f"{m.group(2)}{m.group(3)}"
        n_right += right
        err = ""
        if len(pieces) == 1 and pieces[0][3] is not None:
            e = abs(((pieces[0][3] % 180.0) + 90.0) % 180.0 - 90.0)
            errors.append(e)
            err = f"{e:.1f}"
        found = ", ".join(p[0] for p in pieces) or "-"
        conf = f"{pieces[0][4]:.2f}" if len(pieces) == 1 else ""
        print(f"{path.name[:44]:44s} {label:9s} {found[:22]:22s} {','.join(cells)[:5]:5s} {err:>8s} "
              f"{conf:>5s} {len(det.hands)}")
    print(f"\nplay area {play[0]:g} x {play[1]:g} mm, {'no background' if args.no_background else 'day Empty frame as background'}"
          f"{', camera ' + args.camera if args.camera else ''}: one piece in the labelled cell {n_right}/{n_ship}, "
          f"empty frames with nothing found {n_empty_ok}/{n_empty}"
          + (f"; ship heading error median {np.median(errors):.1f} deg, max {max(errors):.1f} (n={len(errors)})"
             if errors else ""))


if __name__ == "__main__":
    main()
