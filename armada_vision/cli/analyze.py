"""`armada-vision analyze IMAGE --camera FILE --layout FILE --json`: the Scene of one still.

Finds the table from its printed markers in the image (calibration's ``fit_table``), then the
pieces (``vision.detect.Detector``), and prints the detected Scene (``armada-scene/1``).
``--debug OUT.png`` writes the image with every detection and the play area's edge drawn;
``--background EMPTY.jpg``
gives a frame of the empty table (same camera and size) to compare against, which is much
more reliable than estimating the mat from the frame itself (with ``--table`` and no
``--background``, the empty table saved for that file is used: ``vision.empty_table``). A
frame where the table cannot be found says so in one line and exits with status 2.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path


def _warn_pieces_on_empty(path, empty, camera, catalog, play_area_mm) -> None:
    """Warn when the detector, guessing the mat from the ``--background`` picture itself (as
    ``calibrate table`` does before keeping one), sees ship bases or squadrons on it: a game
    frame given as the empty table made ghosts of all its 8 ships and 11 squadrons (a breaker).
    About a second of CPU; hands are not counted (a patterned mat's print shows as one)."""
    from armada_vision.vision.detect import Detector
    from armada_vision.vision.empty_table import pieces_seen

    seen = pieces_seen(Detector(catalog, camera, play_area_mm=play_area_mm).detect(empty))
    if seen and (seen["ships"] or seen["squadrons"]):
        print(f"armada-vision: warning: {path}: the detector sees ship bases "
              f"{seen['ships']}, squadrons {seen['squadrons']} on this 'empty' table (one at "
              f"x {seen['x_mm']:.0f} mm, y {seen['y_mm']:.0f} mm): if pieces stood there, ghosts of "
              "them are reported here; give a photo of the clear table (a patterned mat can "
              "look like pieces too)", file=sys.stderr)


# a hand's outline over this share of the play area is no hand: two arms over a 3' x 3' table
# reach about a third of it
WIDE_HAND_SHARE = 0.4


def _hand_share(hands, play_area_mm) -> float:
    """The share (0..1) of the play area (width, height mm) under the detected hands' outlines."""
    if not hands:
        return 0.0
    from shapely import box, union_all
    from shapely.geometry import Polygon

    area = box(0.0, 0.0, *play_area_mm)
    under = union_all([Polygon(h.outline_mm).buffer(0) for h in hands]).intersection(area)
    return float(under.area / area.area)


def add_parser(sub, common) -> None:
    p = sub.add_parser("analyze", parents=[common], help="detect the pieces in one still image",
                       description="Detect the pieces in one still image of the table and print "
                       "the Scene.")
    p.add_argument("image", metavar="IMAGE", help="photo or frame of the table")
    p.add_argument("--camera", metavar="FILE",
                   help="camera file from 'calibrate camera' (without: homography, lower accuracy)")
    p.add_argument("--layout", metavar="FILE",
                   help="table layout file, or 6x3 / 3x3 for the bundled ones (default 6x3); "
                   "with --table only for an older table file that has no layout of its own")
    p.add_argument("--table", metavar="table.json",
                   help="a table calibration from 'calibrate table' (e.g. from --corners, for a "
                   "table without printed markers) instead of finding the markers in IMAGE")
    p.add_argument("--background", metavar="EMPTY", help="frame of the empty table (same camera)")
    p.add_argument("--roster", metavar="FILE", help="roster file naming the ships (armada-roster/1); "
                   "ship tags take ids other than the table markers' (DICT_4X4_50 0-5 in the "
                   "bundled layouts)")
    p.add_argument("--json", action="store_true", help="print the Scene as JSON")
    p.add_argument("--debug", metavar="OUT.png", help="write the image with the detections drawn")
    p.set_defaults(func=run)


def check_debug_path(path: str | None) -> None:
    """Refuse, before the detector runs, a ``--debug`` file OpenCV has no writer for (a folder,
    no or an unknown extension): ``cv2.imwrite`` raised a traceback there after the detection."""
    if not path:
        return
    import cv2

    from armada_vision.errors import InputError

    if Path(path).expanduser().is_dir():
        raise InputError("is a folder: give an image file such as debug.png", source=path,
                         field="--debug")
    if not cv2.haveImageWriter(path):
        raise InputError("no image writer for this file name: use .png or .jpg", source=path,
                         field="--debug")


def _write_markers_debug(path: str, image, layout, why: str) -> None:
    """Write the ``--debug`` picture of a photo whose table was not found: the layout's markers
    that were found, outlined and numbered (``vision.detect.draw.draw_markers``), and say so
    on stderr; a picture that cannot be written is said, not raised (the table error follows)."""
    import cv2

    from armada_vision.vision.calibration import detect_layout_markers
    from armada_vision.vision.detect.draw import draw_markers

    found = detect_layout_markers(image, layout)
    out = draw_markers(image, found, f"table not found: {len(found)} of "
                                     f"{len(layout.markers)} table markers")
    try:
        written = cv2.imwrite(path, out)
    except cv2.error:
        written = False
    seen = (f"with the table markers found (ids: {', '.join(str(i) for i in sorted(found))})"
            if found else "without markers (none found)")
    print(f"armada-vision: note: {path}: " + (
        f"written {seen}, as the table was not found" if written else
        "cannot write the debug image"), file=sys.stderr)


def run(args) -> int:
    import numpy as np

    from armada_vision.catalog import get_catalog
    from armada_vision.cli._paths import refuse_overwriting_inputs
    from armada_vision.errors import InputError
    from armada_vision.scene import scene_to_dict
    from armada_vision.vision.calibration import (
        DEFAULT_LAYOUTS,
        fit_table,
        load_camera,
        load_layout,
        load_table_file,
        read_image,
    )
    from armada_vision.vision.detect import BackgroundModel, Detector, load_roster

    refuse_overwriting_inputs(args.debug, "--debug", {
        "image": args.image, "--background image": args.background, "--camera file": args.camera,
        "--layout file": args.layout, "--roster file": args.roster, "--table file": args.table})
    check_debug_path(args.debug)
    layout_name = args.layout or "6x3"
    image = read_image(args.image)
    # every input file is read before the table is looked for: a broken --roster or --background
    # was reported only after the photo's table was found (or instead "table not found")
    catalog = get_catalog(args.models)
    if args.table:
        if args.camera:
            raise InputError("give either --table or --camera (the table file has its camera)",
                             field="--table")
        fit, table_layout, _intrinsics = load_table_file(args.table)  # as `run --table` reads it
        if table_layout is not None and args.layout is not None:  # it was ignored silently
            w, h = table_layout.play_area_mm
            raise InputError(f"the table file has its own layout (play area {w:g} x {h:g} mm), "
                             "which analyze uses: leave out --layout (it is for an older table "
                             "file without one), or calibrate the table again with that layout",
                             source=args.table, field="--layout")
        layout = table_layout or load_layout(str(DEFAULT_LAYOUTS.get(layout_name, layout_name)))
    else:
        intrinsics = load_camera(args.camera) if args.camera else None
        layout = load_layout(str(DEFAULT_LAYOUTS.get(layout_name, layout_name)))
    # after the layout: a ship's tag may not be one of its markers' ids
    roster = load_roster(args.roster, catalog, layout) if args.roster else None
    for note in roster.notes if roster is not None else ():
        print(f"armada-vision: warning: {note}", file=sys.stderr)
    empty = read_image(args.background, "--background") if args.background else None
    if empty is not None and empty.shape != image.shape:
        raise InputError(f"is {empty.shape[1]}x{empty.shape[0]}, the image "
                         f"{image.shape[1]}x{image.shape[0]}", source=args.background,
                         field="--background")
    if args.table:
        w, h = (int(v) for v in fit.camera.image_size)
        if (w, h) != (image.shape[1], image.shape[0]):
            raise InputError(f"calibrated at {w}x{h} px but {args.image} is "
                             f"{image.shape[1]}x{image.shape[0]} px", source=args.table,
                             field="image_size")
    else:
        if intrinsics is not None:  # a lens of another resolution is no missing table
            intrinsics.check_frame((image.shape[1], image.shape[0]), args.image)
        try:
            fit = fit_table(image, intrinsics, layout, frame=args.image)
        except InputError as exc:
            if args.debug:  # the picture of what was seen is what helps here most
                _write_markers_debug(args.debug, image, layout, str(exc))
            raise InputError(f"table not found: {exc}; without printed markers, give --table "
                             "from 'calibrate table --corners'") from None
    from armada_vision.vision.background_check import BackgroundCheck

    background, refused = None, False
    if empty is not None:
        background = BackgroundModel.learn(empty)
        check = BackgroundCheck(background)
        if check.update(image) != "fits":  # the user's own picture: used, with a warning
            off = (f"is {check.shift_px:.1f} px off" if check.key == "moved" else "does not match")
            print(f"armada-vision: warning: {args.background}: the empty table {off} this photo "
                  "(a moved camera?): expect missed or false pieces", file=sys.stderr)
    elif args.table:  # the empty table saved with this calibration, if any (vision.empty_table)
        from armada_vision.vision.empty_table import load_background

        loaded = load_background(args.table, (image.shape[1], image.shape[0]))
        if loaded.note:
            print(f"armada-vision: note: {loaded.note}", file=sys.stderr)
        elif loaded.model is not None:
            check = BackgroundCheck(loaded.model)
            if check.update(image) == "fits":
                print(f"armada-vision: using the empty table saved {loaded.saved_at}: "
                      f"{loaded.path}", file=sys.stderr)
            else:  # a still gets one look: what does not fit is not used
                check.key = check.key if check.key == "moved" else "mismatch"
                print(f"armada-vision: note: {loaded.path}: {check.note}", file=sys.stderr)
                loaded.model, refused = None, True
        background = loaded.model
    detector = Detector(catalog, fit.camera, background=background,
                        play_area_mm=layout.play_area_mm, roster=roster)
    detections = detector.detect(image)
    if empty is not None:
        _warn_pieces_on_empty(args.background, empty, fit.camera, catalog, layout.play_area_mm)
    scene = detections.to_scene()
    for w in fit.warnings:
        print(f"armada-vision: warning: {w}", file=sys.stderr)
    unnamed = sum(1 for s in scene.ships if s.ship_class is None)
    if roster is not None and unnamed:
        named = {s.id for s in scene.ships}
        unseen = [f"{r.id} (tag {r.tag})" for r in roster.ships
                  if r.tag is not None and r.id not in named]
        tags = (f"its tags not seen: {', '.join(unseen)}" if unseen else
                "it gives no tag for them")
        print(f"armada-vision: note: {args.roster}: {unnamed} ship(s) stay unnamed in one photo "
              f"({tags}; ship_class null, player_known false): name them in the scene JSON "
              "before `check`, or glue a tag on each token where the miniature leaves it in "
              "view (docs/detection.md, \"Roster file\"); in the window, A on a base gives its "
              "class and player (an imported fleet list's classes first)", file=sys.stderr)
    if background is None:
        why = ("the saved empty table does not fit it" if refused else
               "no --background (a photo of the empty table from this camera)" + (
                   " and none saved for --table" if args.table else ""))
        print(f"armada-vision: warning: {why}: the mat is guessed from this photo, and a "
              "patterned mat can show as false pieces of low confidence or as a hand over much "
              "of the table", file=sys.stderr)
    covered = _hand_share(detections.hands, layout.play_area_mm)
    if covered >= WIDE_HAND_SHARE:
        cause = ("the mat guessed from this photo is wrong (a patterned mat?)"
                 if background is None else "this photo differs from the empty table given "
                 "(another light, a moved camera or mat?)")
        print(f"armada-vision: warning: a 'hand' covers {covered:.0%} of the play area: more "
              f"likely {cause} than a hand is over it, and pieces under it are missed; give "
              "a photo of the empty table from this camera in this "
              "light (--background, or `calibrate table` on it, which keeps it for that "
              "table file)", file=sys.stderr)
    if args.debug:
        import cv2

        from armada_vision.vision.detect.draw import draw_detections

        out = draw_detections(image, detections, fit.camera, catalog,
                              play_area_mm=layout.play_area_mm)
        try:
            written = cv2.imwrite(args.debug, out)
        except cv2.error:
            written = False
        if not written:
            raise InputError("cannot write the debug image", source=args.debug, field="--debug")
    if args.json:
        print(json.dumps(scene_to_dict(scene), indent=2))
    else:
        quality = (f"table fit {fit.reprojection_mm:.2f} mm RMS ({fit.accuracy})"
                   if math.isfinite(fit.reprojection_mm) else f"table fit: {fit.accuracy}")
        print(f"{len(scene.ships)} ship(s), {len(scene.squadrons)} squadron(s), "
              f"{len(scene.obstacles)} obstacle(s), {len(detections.hands)} hand(s); {quality}")
        for s in scene.ships:
            bow = "" if s.bow_known else " (bow unknown)"
            print(f"  {s.id}: {s.ship_class or s.size_class} at ({s.x_mm:.1f}, {s.y_mm:.1f}) mm, "
                  f"heading {s.heading_deg:.1f} deg{bow}, confidence {s.confidence:.2f}")
        for q in scene.squadrons:
            print(f"  {q.id}: squadron at ({q.x_mm:.1f}, {q.y_mm:.1f}) mm, "
                  f"confidence {q.confidence:.2f}")
        for o in scene.obstacles:
            print(f"  {o.id}: {o.obstacle} at ({o.x_mm:.1f}, {o.y_mm:.1f}) mm, "
                  f"heading {o.heading_deg:.1f} deg{' flipped' if o.flipped else ''}")
        for hand in detections.hands:  # where, so that it can be found in the photo
            (x0, y0), (x1, y1) = np.min(hand.outline_mm, axis=0), np.max(hand.outline_mm, axis=0)
            print(f"  hand: over x {x0:.0f}-{x1:.0f} mm, y {y0:.0f}-{y1:.0f} mm (pieces under "
                  "it may be missed)")
    return 0
