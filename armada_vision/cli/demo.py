"""`armada-vision demo`: the window on the bundled sample game (no camera, nothing to download)."""

from __future__ import annotations

import sys
import time
from typing import Any

# the sample game's own log beside the players' games.sqlite: the demo never becomes the
# latest game that replay and export open by default
DEMO_LOG = "demo-games.sqlite"


def add_parser(sub, common) -> None:
    from armada_vision.ui.app import add_log_args, add_window_args

    p = sub.add_parser("demo", parents=[common],
                       help="open the window on the bundled sample game (no camera needed)")
    add_window_args(p)
    add_log_args(p, DEMO_LOG)
    p.add_argument("--detect", action="store_true",
                   help="run the piece detector on the sample's frames (default: draw the "
                   "sample's exact ground truth, which the scripted shots refer to)")
    p.add_argument("--uncertainty-mm", type=float, default=None, metavar="MM",
                   help="show 'too close to call' below this margin (default: the saved "
                   "setting, else 2 mm)")
    p.add_argument("--sample-size", metavar="WxH", default=None,
                   help="render a smaller sample (for tests; default 1280x720)")
    p.add_argument("--sample-frames", type=int, default=None, metavar="N",
                   help="render about N frames only (for tests)")
    p.set_defaults(func=run)


def run(args) -> int:
    from PyQt6.QtCore import QCoreApplication, Qt
    from PyQt6.QtWidgets import QProgressDialog

    from armada_vision.catalog import get_catalog
    from armada_vision.cli._paths import check_screenshot_args, refuse_overwriting_inputs
    from armada_vision.cli.run import learn_background
    from armada_vision.errors import InputError
    from armada_vision.gamelog import default_log_path
    from armada_vision.ui.app import application, open_log, prepare_rules, run_window
    from armada_vision.ui.capture import CaptureThread
    from armada_vision.ui.demo_script import DemoScript
    from armada_vision.ui.demo_source import load_demo
    from armada_vision.ui.fleet_list import roster_from_scene
    from armada_vision.ui.i18n import camera_uncertainty_mm
    from armada_vision.ui.pipeline import Calibration, Pipeline
    from armada_vision.ui.session import Session
    from armada_vision.ui.window import MainWindow

    refuse_overwriting_inputs(args.screenshot, "--screenshot", {"game log": args.log})
    check_screenshot_args(args)
    catalog = get_catalog(args.models)
    options: dict[str, Any] = {}  # checked before the window and the render start
    if args.sample_size:
        try:
            w, h = (int(v) for v in args.sample_size.lower().split("x"))
        except ValueError:
            raise InputError(f"expected WxH, got {args.sample_size!r}", field="--sample-size") from None
        if not (64 <= w <= 7680 and 64 <= h <= 4320):
            raise InputError(f"expected 64x64 to 7680x4320 px, got {args.sample_size!r}",
                             field="--sample-size")
        options["size"] = (w, h)
    if args.uncertainty_mm is not None and not args.uncertainty_mm >= 0.0:
        raise InputError(f"expected a margin of 0 mm or more, got {args.uncertainty_mm}",
                         field="--uncertainty-mm")
    if args.sample_frames is not None:
        if args.sample_frames < 1:  # 0 rendered the whole sample, -5 about 11 frames
            raise InputError(f"expected 1 or more frames, got {args.sample_frames}",
                             field="--sample-frames")
        options["frame_budget"] = args.sample_frames
    app = application(args.lang)
    dlg = QProgressDialog(QCoreApplication.translate("Demo", "Rendering the sample game (first run only)..."),
                          None, 0, 100)
    dlg.setWindowModality(Qt.WindowModality.ApplicationModal)
    dlg.setMinimumDuration(500)

    started: list[float] = []

    def progress(done: int, total: int) -> None:
        if not started:  # the terminal said nothing for the minute or more the render takes
            started.append(time.monotonic())
            print(f"armada-vision: rendering the sample game ({total} frames, first run only); "
                  "the window opens when it is done...", file=sys.stderr, flush=True)
        dlg.setMaximum(max(int(total), 1))
        dlg.setValue(int(done))
        app.processEvents()

    if not args.log and not args.no_log:
        # The sample game goes to its own log so that it never becomes the players' latest game
        # in the real one (replay and export default to the latest game).
        args.log = str(default_log_path().with_name(DEMO_LOG))
    demo = load_demo(catalog, progress, **options)
    dlg.close()
    if started:
        print(f"armada-vision: sample game rendered in {time.monotonic() - started[0]:.0f} s and "
              f"kept in {getattr(demo.sample, 'cache_dir', None) or 'the cache'}", file=sys.stderr)
    prepare_rules(app, catalog, detection=bool(args.detect))
    calib = Calibration(demo.camera, "exact")
    if args.detect:
        truths = getattr(demo.source, "truths", None) or [None]
        roster = roster_from_scene(truths[0], catalog) if demo.bundled and truths[0] else None
        # The sample's empty table, as a player learns it before the game (README, Game night).
        empty = getattr(demo.sample, "empty_path", None)
        background = learn_background([str(empty)]) if empty is not None else None
        pipeline = Pipeline.with_available_detector(catalog, calib, roster=roster, use_truth=False,
                                                    background=background)
    else:
        pipeline = Pipeline(catalog, calib)
    unc = args.uncertainty_mm if args.uncertainty_mm is not None else camera_uncertainty_mm()
    session = Session(catalog, args.ruleset, uncertainty_mm=unc)
    capture = CaptureThread(demo.source)
    window = MainWindow(session, capture, pipeline, log=open_log(args, "sample game", {"ruleset": args.ruleset}),
                        title="armada-vision: " + QCoreApplication.translate("Demo", "sample game"))
    if demo.bundled and demo.steps:
        window.set_script(DemoScript(list(demo.steps), getattr(demo.source, "frame_steps", []), catalog))
    window.start()
    return run_window(app, window, args)
