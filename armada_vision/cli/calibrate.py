"""`armada-vision calibrate camera|table`: camera intrinsics from a ChArUco board, and the
table's pose from the printed table markers (files: DESIGN.md "Calibration files")."""

from __future__ import annotations

import argparse
import os
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from armada_vision.errors import InputError

from ._options import add_board_options, board_from_args
from ._paths import check_output_file, refuse_overwriting_inputs

MIN_VIEWS = 4  # CharucoCalibrator's min_views: fewer cannot fit a lens


def _views(text: str) -> int:
    """``--views``: a whole number of views, at least :data:`MIN_VIEWS` (argparse type)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < MIN_VIEWS:
        raise argparse.ArgumentTypeError(f"expected at least {MIN_VIEWS} views (a lens "
                                         f"calibration needs them), got {value}")
    return value


def add_parser(sub, common) -> None:
    p = sub.add_parser("calibrate", parents=[common],
                       help="camera intrinsics (ChArUco) or the table's pose (table markers)")
    what = p.add_subparsers(dest="what", metavar="camera|table")
    cam = what.add_parser(
        "camera", parents=[common], help="intrinsics from a ChArUco board; writes a camera file",
        description="Calibrate the camera's lens from views of the ChArUco board that "
        "'armada-vision markers' prints. With a folder every image is used; with a webcam or "
        "video, views are taken when the board is still and new.")
    cam.add_argument("--source", required=True,
                     help="webcam index (0, 1, ...), video file or folder of images")
    cam.add_argument("--out", default="camera.json", help="camera file to write (default camera.json)")
    cam.add_argument("--views", type=_views, default=15,
                     help="views to gather from a webcam or video (default 15)")
    add_board_options(cam)
    cam.set_defaults(func=run_camera)
    tab = what.add_parser(
        "table", parents=[common], help="the table's pose from the table markers; writes table.json",
        description="Find the table markers of LAYOUT and fit the camera's pose over the table.")
    tab.add_argument("--source", required=True, help="image, folder of images, video or webcam index")
    tab.add_argument("--camera", metavar="FILE",
                     help="camera file from 'calibrate camera' (without: homography, lower accuracy)")
    tab.add_argument("--layout", metavar="FILE", default="6x3",
                     help="table layout file, or 6x3 / 3x3 for the bundled ones (default 6x3)")
    tab.add_argument("--out", default="table.json", help="table file to write (default table.json)")
    tab.add_argument("--corners", metavar="X,Y;X,Y;X,Y;X,Y",
                     help="no printed markers: the play area's corners in image pixels, player 1's "
                     "left first, counter-clockwise seen from above (lower accuracy)")
    tab.add_argument("--empty-anyway", action="store_true",
                     help="the table in --source is empty: keep its picture as the empty table "
                     "for 'run --table OUT' even where the detector sees pieces on it (a "
                     "patterned mat can look like bases); markers and stillness are still checked")
    tab.set_defaults(func=run_table)
    p.set_defaults(func=lambda args: _usage(p))


def _usage(p) -> int:
    p.print_help(sys.stderr)
    return 2


#: a webcam that opens but sends nothing is given up after this long (ms), not waited on forever
WEBCAM_TIMEOUT_MS = 5000


@contextmanager
def _native_logs_hidden():
    """Hide what OpenCV and FFmpeg print themselves on file descriptor 2 ("can't open camera by
    index", "moov atom not found") while a source is opened: our own one-line error says it."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def frames(source: str, limit: int | None = None):
    """Yield (name, BGR frame) from a webcam index, a video file, a folder or one image file."""
    import cv2

    from armada_vision.vision.calibration import read_image
    from armada_vision.vision.calibration._intrinsics import IMAGE_SUFFIXES, image_files

    if not source.strip():  # Path("") is the current folder
        raise InputError("empty; expected a webcam index (0, 1, ...), a video file, a folder of "
                         "photos or one photo", field="--source")
    path = Path(source)
    if source.isdigit() and not path.exists():
        with _native_logs_hidden():
            cap = cv2.VideoCapture(int(source), cv2.CAP_ANY, [
                cv2.CAP_PROP_OPEN_TIMEOUT_MSEC, WEBCAM_TIMEOUT_MS,
                cv2.CAP_PROP_READ_TIMEOUT_MSEC, WEBCAM_TIMEOUT_MS])
        what = f"webcam {source}"
    elif path.is_dir():
        for f in image_files(path)[:limit]:
            yield str(f), read_image(f)
        return
    elif path.suffix.lower() in IMAGE_SUFFIXES:
        yield str(path), read_image(path)
        return
    elif not path.exists():
        raise InputError("no such file, folder or webcam", source=source)
    else:
        with _native_logs_hidden():
            cap = cv2.VideoCapture(str(path))
        what = str(path)
    if not cap.isOpened():
        raise InputError("cannot open as a video or webcam", source=what)
    try:
        n = 0
        while limit is None or n < limit:
            ok, frame = cap.read()
            if not ok:
                if n == 0:
                    raise InputError("no frame could be read", source=what)
                return
            yield f"{what} frame {n}", frame
            n += 1
    finally:
        cap.release()


def run_camera(args) -> int:
    from armada_vision.vision.calibration import CharucoCalibrator, save_camera
    from armada_vision.vision.calibration._intrinsics import IMAGE_SUFFIXES, image_files

    refuse_overwriting_inputs(args.out, "--out", {"--source": args.source})
    check_output_file(args.out, "--out", "camera.json")
    board = board_from_args(args)
    source = Path(args.source)
    # a folder or a single photo: stills, every usable one taken (a photo cannot "hold still")
    still_images = source.is_dir() or source.suffix.lower() in IMAGE_SUFFIXES
    n_images = len(image_files(source)) if source.is_dir() else 0
    seen = [0]  # images of the folder read so far
    last = [0.0]

    latest: list = [None]

    def show(p) -> None:
        # every view taken, else at most one line a second (a webcam gives 30 frames a second)
        latest[0] = p
        now = time.monotonic()
        if still_images or p.accepted or p.enough or now - last[0] >= 1.0:
            where = f"image {seen[0]}/{n_images} " if n_images else ""
            print(where + p.line(), file=sys.stderr)
            last[0] = now

    cal = CharucoCalibrator(board, progress=show, target_views=args.views)
    try:
        for name, frame in frames(args.source):
            if still_images:
                seen[0] += 1
                cal.add_image(frame, name)
            elif cal.add_frame(frame, name).enough:
                break
    except KeyboardInterrupt:
        print("stopped: calibrating with the views taken", file=sys.stderr)
    intrinsics = cal.calibrate(source=args.source)
    save_camera(intrinsics, args.out)
    K = intrinsics.camera_matrix
    print(f"wrote {args.out}: {intrinsics.image_size[0]}x{intrinsics.image_size[1]} px, "
          f"fx {K[0, 0]:.1f} fy {K[1, 1]:.1f} px, rms {intrinsics.rms_px:.3f} px "
          f"from {len(cal.views)} views")
    p = latest[0]
    if p is not None and not p.enough:
        # A low rms from few, similar views fits those views, not the lens: say so.
        print(f"armada-vision: warning: only {p.views} views, {p.coverage:.0%} of the image "
              f"covered and {p.tilt_span_deg:.0f} deg of tilt variety (enough: {p.target_views} views, 60 %, "
              "20 deg); the focal length and distortion may be off by a few percent: add views "
              "at other places and tilts", file=sys.stderr)
    if intrinsics.rms_px > 1.0:
        print("armada-vision: warning: rms above 1 px; check the printed scale, keep the board "
              "flat and still, lock autofocus", file=sys.stderr)
    return 0


def parse_corners(text: str):
    """``"x,y;x,y;x,y;x,y"`` -> (4, 2) floats; InputError otherwise."""
    import numpy as np

    try:
        pts = np.array([[float(v) for v in p.split(",")] for p in text.replace(" ", ";").split(";") if p])
    except ValueError:
        pts = np.zeros((0,))
    if pts.shape != (4, 2) or not np.all(np.isfinite(pts)):
        raise InputError("expected four corners as x,y;x,y;x,y;x,y (pixels)", field="--corners")
    return pts


def check_corners_in_image(corners, image_size: tuple[int, int], name: str) -> None:
    """InputError naming the first corner outside the ``(w, h)`` px picture: a corner must be
    where it is seen (a typo such as 9000 for 900 made a calibration of nonsense millimetres)."""
    w, h = image_size
    for i, (x, y) in enumerate(corners, start=1):
        if not (0.0 <= x <= w and 0.0 <= y <= h):
            raise InputError(f"corner {i} ({x:g}, {y:g}) is outside the {w}x{h} px picture "
                             f"{name}: give the play area's corners as seen in it",
                             field="--corners")


def run_table(args) -> int:
    from armada_vision.vision.calibration import (
        DEFAULT_LAYOUTS,
        TableFit,
        fit_table,
        load_camera,
        load_layout,
        manual_fit,
    )
    from armada_vision.vision.calibration._tablefile import save_table

    layout_file = str(DEFAULT_LAYOUTS.get(args.layout, args.layout))
    refuse_overwriting_inputs(args.out, "--out", {
        "--source": args.source, "--camera file": args.camera, "--layout file": layout_file})
    check_output_file(args.out, "--out", "table.json")
    layout = load_layout(layout_file)
    intrinsics = load_camera(args.camera) if args.camera else None
    if args.corners:
        corners = parse_corners(args.corners)
        name, frame = next(frames(args.source, limit=1))
        h, w = frame.shape[:2]
        if intrinsics is not None:
            intrinsics.check_frame((w, h), name)
        check_corners_in_image(corners, (w, h), name)
        manual = manual_fit(corners, layout.play_area_mm, (w, h), intrinsics, field="--corners")
        save_table(args.out, manual, layout, intrinsics, args.camera, layout_file)
        for warning in manual.warnings:
            print(f"armada-vision: warning: {warning}", file=sys.stderr)
        print(f"wrote {args.out}: from the 4 corners given (see the warning above)")
        save_empty_table(args, [frame], manual.camera, None, layout.play_area_mm)
        return 0
    best: TableFit | None = None
    problems: list[str] = []
    seen = []
    for name, frame in frames(args.source, limit=15):
        seen.append(frame)
        try:
            fit = fit_table(frame, intrinsics, layout, frame=name)
        except InputError as exc:
            if intrinsics is not None and exc.field == "image_size":
                raise
            problems.append(str(exc))
            continue
        if best is None or (len(fit.marker_ids), -fit.reprojection_px) > (
                len(best.marker_ids), -best.reprojection_px):
            best = fit
    if best is None:
        raise InputError(problems[-1] if problems else "no frame", source=None)
    save_table(args.out, best, layout, intrinsics, args.camera, layout_file)
    for w in best.warnings:
        print(f"armada-vision: warning: {w}", file=sys.stderr)
    print(f"wrote {args.out}: markers {', '.join(map(str, best.marker_ids))}; reprojection "
          f"{best.reprojection_px:.2f} px, {best.reprojection_mm:.2f} mm ({best.accuracy})")
    save_empty_table(args, seen, best.camera, layout, layout.play_area_mm)
    return 0


def save_empty_table(args, images: list, camera, layout, play_area_mm) -> None:
    """Keep the calibration frames as the empty table for ``run --table OUT``
    (``vision.empty_table``: the last frames of the first one's size, refused with a note
    when they show pieces or hands). One line either way; never fails the calibration."""
    from armada_vision.catalog import get_catalog
    from armada_vision.vision.empty_table import LEARN_FRAMES, learn_empty_table, save_background

    same = [im for im in images if im.shape == images[0].shape][-LEARN_FRAMES:]
    try:
        learned = learn_empty_table(same, camera, get_catalog(args.models),
                                    play_area_mm=play_area_mm, layout=layout,
                                    anyway=bool(getattr(args, "empty_anyway", False)))
    except Exception as exc:  # noqa: BLE001 - the table file is written; this is a bonus
        print(f"armada-vision: note: the empty table was not learned ({exc})", file=sys.stderr)
        return
    if learned.model is None:
        # "learn it anyway": this command's --empty-anyway, the window's button
        how = (" Calibrate again with --empty-anyway (or in the window: Table > Learn the "
               "empty table now, then 'Learn it anyway')." if learned.key == "not_empty"
               else " The window learns it too (Table > Learn the empty table now).")
        print(f"armada-vision: note: {learned.message}{how}", file=sys.stderr)
        return
    path, why = save_background(learned, args.out)
    if path is None:
        print(f"armada-vision: note: the empty table was not saved: {why}", file=sys.stderr)
        return
    print(f"saved the empty table for 'run --table {args.out}': {path}")
    seen = learned.args.get("seen")
    if seen:  # --empty-anyway over what the detector saw: say what, so a full table is noticed
        print(f"armada-vision: warning: kept as empty (--empty-anyway) although the detector "
              f"saw ship bases {seen['ships']}, squadrons {seen['squadrons']}, hands "
              f"{seen['hands']} on it (one at x {seen['x_mm']:.0f} mm, y {seen['y_mm']:.0f} "
              "mm): if pieces were on the table, nothing will be found there; calibrate again "
              "without them", file=sys.stderr)
