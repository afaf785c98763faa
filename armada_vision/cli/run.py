"""`armada-vision run`: the live window on a webcam, video file, image folder or network stream."""

from __future__ import annotations

import sys
from typing import Any


def add_parser(sub, common) -> None:
    from armada_vision.ui.app import add_log_args, add_window_args

    p = sub.add_parser("run", parents=[common],
                       help="live window on a webcam, video file, image folder or network stream")
    p.add_argument("--source", required=True, metavar="0|FILE|URL|FOLDER",
                   help="webcam index, video file, folder of images, http:// MJPEG or rtsp:// URL")
    p.add_argument("--loop", action="store_true",
                   help="play a video file or image folder over and over (default: once, then keep "
                   "its last frame; a loop would log every piece removed and added again)")
    p.add_argument("--camera", metavar="camera.json",
                   help="camera intrinsics: the table is fitted from its markers every frame")
    p.add_argument("--layout", metavar="LAYOUT",
                   help="table marker layout file, or 6x3 / 3x3 for the bundled ones (with "
                   "--camera; default 6x3, as analyze and calibrate table)")
    p.add_argument("--table", metavar="table.json", help="a fixed table calibration")
    p.add_argument("--background", metavar="EMPTY", nargs="+",
                   help="image(s) of the empty table from the same camera, to learn the "
                   "background from (detection is weaker without)")
    p.add_argument("--scene", metavar="SCENE.json",
                   help="draw this scene instead of detecting pieces")
    p.add_argument("--uncertainty-mm", type=float, default=None, metavar="MM",
                   help="'too close to call' below this margin (default: the saved setting, else "
                   "2 mm; 0 with --scene)")
    add_window_args(p)
    add_log_args(p)
    p.set_defaults(func=run)


def learn_background(paths: list[str] | None):
    """The empty table's ``BackgroundModel`` from image files (``None`` without any). Raises
    ``InputError`` naming a file that cannot be read or whose size differs from the first."""
    if not paths:
        return None
    from armada_vision.errors import InputError
    from armada_vision.vision.calibration import read_image
    from armada_vision.vision.detect import BackgroundModel

    images = [read_image(p, "--background") for p in paths]
    for p, im in zip(paths, images):
        if im.shape != images[0].shape:
            raise InputError(f"is {im.shape[1]}x{im.shape[0]}, {paths[0]} "
                             f"{images[0].shape[1]}x{images[0].shape[0]}", source=p,
                             field="--background")
    return BackgroundModel.learn(images)


def first_frame_size(source) -> tuple[int, int] | None:
    """(width, height) px of a recorded source's first frame; ``None`` for a live source (a
    camera may come up later) or one that yields no frame."""
    if source.live:
        return None
    try:
        frame = source.read() if source.open() else None
    finally:
        source.close()
    return None if frame is None else (int(frame.image.shape[1]), int(frame.image.shape[0]))


def check_sizes(source_name: str, frame_wh: tuple[int, int] | None,
                calibrated: tuple[str, str, tuple[int, int]] | None, background: Any,
                background_path: str | None) -> None:
    """Raise ``InputError`` when the calibration (``(option, file, (w, h))``) or the background
    model was made at another resolution than the frames (``frame_wh``; with a live source,
    the background is held against the calibration). Either would be used silently: a table
    calibration applied to frames of another size maps every piece to the wrong millimetres,
    and a background of another size is never compared, so nothing is detected."""
    from armada_vision.errors import InputError

    if frame_wh is not None and calibrated is not None and tuple(calibrated[2]) != frame_wh:
        option, path, (cw, ch) = calibrated
        raise InputError(f"calibrated for {cw}x{ch} px frames, but {source_name} gives "
                         f"{frame_wh[0]}x{frame_wh[1]} px: calibrate again at this resolution",
                         source=path, field=option)
    if background is None:
        return
    bh, bw = background.shape[:2]
    want, what = (frame_wh, f"the frames of {source_name} are") if frame_wh is not None else (
        (tuple(calibrated[2]), f"{calibrated[1]} is calibrated for") if calibrated else (None, ""))
    if want is not None and (bw, bh) != tuple(want):
        raise InputError(f"is {bw}x{bh} px, but {what} {want[0]}x{want[1]} px: take the empty "
                         "table with the same camera at the same resolution",
                         source=background_path, field="--background")


def saved_background(args, wanted: bool, image_size: tuple[int, int] | None):
    """The empty table an earlier game saved for ``--table`` (or ``--camera``) at this
    resolution (``vision.empty_table.load_background``), when ``wanted`` (no ``--background``,
    no ``--scene``); ``None`` when not wanted or without a calibration file. A stale one is
    ignored: its note is printed here and shown in the window."""
    key = args.table or args.camera
    if not wanted or not key:
        return None
    from armada_vision.vision.empty_table import load_background

    loaded = load_background(key, image_size)
    if loaded.note:
        print(f"armada-vision: note: {loaded.note}", file=sys.stderr)
    elif loaded.model is not None:
        print(f"armada-vision: using the empty table saved {loaded.saved_at}: {loaded.path}",
              file=sys.stderr)
    return loaded


def _calibrated_size(args, calib, tracker) -> tuple[str, str, tuple[int, int]] | None:
    if args.table and getattr(calib.camera, "image_size", None):
        return "--table", args.table, tuple(calib.camera.image_size)
    size = getattr(getattr(tracker, "intrinsics", None), "image_size", None)
    if args.camera and size:
        return "--camera", args.camera, tuple(size)
    return None


def run(args) -> int:
    from armada_vision.catalog import get_catalog, require_known_classes
    from armada_vision.errors import InputError
    from armada_vision.scene import load_scene
    from armada_vision.ui.app import application, open_log, prepare_rules, run_window
    from armada_vision.ui.calib_source import load_table_calibration, tracker_from_files
    from armada_vision.ui.capture import CaptureThread, check_recorded_source, parse_source
    from armada_vision.ui.i18n import camera_uncertainty_mm
    from armada_vision.ui.pipeline import Calibration, Pipeline
    from armada_vision.ui.session import Session
    from armada_vision.ui.window import MainWindow

    if args.uncertainty_mm is not None and not args.uncertainty_mm >= 0.0:
        raise InputError(f"expected a margin of 0 mm or more, got {args.uncertainty_mm}",
                         field="--uncertainty-mm")
    if args.table and (args.camera or args.layout):  # named first: it said "give --camera
        # and --layout together" to a --table with --camera
        raise InputError("give either --table (the file has its camera and layout) or --camera "
                         "with --layout", field="--table")
    if args.layout and not args.camera:
        raise InputError("--layout needs --camera (a --table file holds its own camera and "
                         "layout: give it alone)", field="--layout")
    layout_note = None
    if args.camera:  # the same default as `analyze` and `calibrate table`
        from armada_vision.vision.calibration import DEFAULT_LAYOUTS

        if not args.layout:
            layout_note = (f"no --layout: using the bundled 6x3 layout "
                           f"({DEFAULT_LAYOUTS['6x3']})")
        args.layout = str(DEFAULT_LAYOUTS.get((args.layout or "6x3").lower(), args.layout))
    catalog = get_catalog(args.models)
    from armada_vision.cli._paths import check_screenshot_args, refuse_overwriting_inputs

    refuse_overwriting_inputs(args.screenshot, "--screenshot", {
        "--source": args.source, "--scene file": args.scene, "--table file": args.table,
        "--camera file": args.camera, "--layout file": args.layout, "game log": args.log})
    check_screenshot_args(args)
    source = parse_source(args.source, loop=args.loop)
    check_recorded_source(source)
    tracker = None
    calib = Calibration()
    if args.camera:
        tracker = tracker_from_files(args.camera, args.layout)
    elif args.table:
        calib, tracker = load_table_calibration(args.table)
    fixed = load_scene(args.scene) if args.scene else None
    if fixed is not None:
        require_known_classes(fixed, catalog, args.scene)
    unc = args.uncertainty_mm if args.uncertainty_mm is not None else (
        0.0 if fixed else camera_uncertainty_mm())
    layout = getattr(tracker, "layout", None)
    play_area = tuple(getattr(layout, "play_area_mm", None) or (1828.8, 914.4))
    background = learn_background(args.background)
    frame_wh, calibrated = first_frame_size(source), _calibrated_size(args, calib, tracker)
    check_sizes(args.source, frame_wh, calibrated, background,
                args.background[0] if args.background else None)
    saved = saved_background(args, fixed is None and background is None,
                             frame_wh or (calibrated[2] if calibrated else None))
    background = background if saved is None else saved.model
    pipeline = Pipeline.with_available_detector(catalog, calib, fixed_scene=fixed,
                                                play_area_mm=play_area, background=background)
    pipeline.tracker = tracker
    app = application(args.lang)
    prepare_rules(app, catalog, detection=True)
    session = Session(catalog, args.ruleset, uncertainty_mm=unc)
    capture = CaptureThread(source)
    window = MainWindow(session, capture, pipeline, log=open_log(args, f"live: {args.source}", {"ruleset": args.ruleset}),
                        title=f"armada-vision: {args.source}")
    window.empty_table.store_key = args.table or args.camera
    if layout_note:  # after every refusal: those stay one line
        print(f"armada-vision: note: {layout_note}", file=sys.stderr)
    if not (args.table or args.camera):  # after every refusal: those stay one line
        print("armada-vision: note: no table calibration (--table, or --camera with --layout): "
              "the window shows the video but cannot place pieces on the table; run "
              "`armada-vision calibrate table` first (README, step 4)", file=sys.stderr)
    if fixed is None:
        window.empty_table.show_loaded(args.background, saved)
    window.start()
    return run_window(app, window, args)
