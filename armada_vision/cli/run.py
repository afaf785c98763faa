"""`armada-vision run`: the live window on a webcam, video file, image folder or network stream."""

from __future__ import annotations


def add_parser(sub, common) -> None:
    from armada_vision.ui.app import add_log_args, add_window_args

    p = sub.add_parser("run", parents=[common],
                       help="live window on a webcam, video file, image folder or network stream")
    p.add_argument("--source", required=True, metavar="0|FILE|URL|FOLDER",
                   help="webcam index, video file, folder of images, http:// MJPEG or rtsp:// URL")
    p.add_argument("--camera", metavar="camera.json", help="camera intrinsics (with --layout)")
    p.add_argument("--layout", metavar="LAYOUT",
                   help="table marker layout, e.g. calibration/layout-6x3.json (with --camera)")
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

    images = [read_image(p) for p in paths]
    for p, im in zip(paths, images):
        if im.shape != images[0].shape:
            raise InputError(f"is {im.shape[1]}x{im.shape[0]}, {paths[0]} "
                             f"{images[0].shape[1]}x{images[0].shape[0]}", source=p)
    return BackgroundModel.learn(images)


def run(args) -> int:
    from armada_vision.catalog import get_catalog
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
    if bool(args.camera) != bool(args.layout):
        raise InputError("give --camera and --layout together", field="--camera")
    if args.table and args.camera:
        raise InputError("give either --table or --camera/--layout", field="--table")
    catalog = get_catalog(args.models)
    from armada_vision.cli._paths import refuse_overwriting_inputs

    refuse_overwriting_inputs(args.screenshot, "--screenshot", {
        "--source": args.source, "--scene file": args.scene, "--table file": args.table,
        "--camera file": args.camera, "--layout file": args.layout, "game log": args.log})
    source = parse_source(args.source)
    check_recorded_source(source)
    tracker = None
    calib = Calibration()
    if args.camera:
        tracker = tracker_from_files(args.camera, args.layout)
    elif args.table:
        calib, tracker = load_table_calibration(args.table)
    fixed = load_scene(args.scene) if args.scene else None
    unc = args.uncertainty_mm if args.uncertainty_mm is not None else (
        0.0 if fixed else camera_uncertainty_mm())
    layout = getattr(tracker, "layout", None)
    play_area = tuple(getattr(layout, "play_area_mm", None) or (1828.8, 914.4))
    pipeline = Pipeline.with_available_detector(catalog, calib, fixed_scene=fixed,
                                                play_area_mm=play_area,
                                                background=learn_background(args.background))
    pipeline.tracker = tracker
    app = application(args.lang)
    prepare_rules(app, catalog, detection=True)
    session = Session(catalog, args.ruleset, uncertainty_mm=unc)
    capture = CaptureThread(source)
    window = MainWindow(session, capture, pipeline, log=open_log(args, f"live: {args.source}", {"ruleset": args.ruleset}),
                        title=f"armada-vision: {args.source}")
    window.start()
    return run_window(app, window, args)
