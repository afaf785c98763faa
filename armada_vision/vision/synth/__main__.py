"""Render a Scene file to an image: ``python -m armada_vision.vision.synth SCENE.json OUT.png``.

Also writes, on request, the exact camera (``--camera-out``, ``armada-camera/1`` plus the table
pose) and the truth (``--truth-out``: per-piece outline px, centre px, visibility; marker
corners px). A random scene instead of a file: ``--random SHIPS,SQUADRONS,OBSTACLES``.
"""

from __future__ import annotations

import argparse
import json
import sys

import numpy as np


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m armada_vision.vision.synth", description=__doc__.split("\n")[0])
    p.add_argument("scene", help="armada-scene/1 JSON file, or - with --random")
    p.add_argument("out", help="output image (.png, .jpg)")
    p.add_argument("--size", default="1920x1080", help="WxH in px (default 1920x1080)")
    p.add_argument("--mat", default="starfield", choices=["starfield", "cloth", "wood"])
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--hands", type=int, default=0)
    p.add_argument("--no-minis", action="store_true")
    p.add_argument("--tilt", type=float, default=0.0, help="camera tilt towards player 1, deg")
    p.add_argument("--distortion", type=float, default=1.0, help="C920 lens distortion scale")
    p.add_argument("--random", metavar="S,Q,O", help="render a random scene of S ships, Q squadrons, O obstacles")
    p.add_argument("--models", help="piece catalog folder (default: the bundled models/)")
    p.add_argument("--camera-out")
    p.add_argument("--truth-out")
    p.add_argument("--scene-out", help="write the rendered Scene (useful with --random)")
    a = p.parse_args(argv)

    import cv2

    from armada_vision.catalog import get_catalog
    from armada_vision.errors import InputError
    from armada_vision.scene import load_scene, save_scene
    from armada_vision.vision.camera import TableCamera

    from . import C920_DIST, RenderOptions, random_scene, render
    from .demo import camera_to_json

    try:
        w, h = (int(v) for v in a.size.lower().split("x"))
        catalog = get_catalog(a.models) if a.models else get_catalog()
        if a.random:
            n = [int(v) for v in a.random.split(",")]
            scene = random_scene(catalog, np.random.default_rng(a.seed), *n)
        else:
            scene = load_scene(a.scene)
        cam = TableCamera.looking_down((w, h), scene.play_area_mm, tilt_deg=a.tilt,
                                       dist_coeffs=np.asarray(C920_DIST) * a.distortion)
        r = render(scene, cam, catalog, RenderOptions(mat=a.mat, hands=a.hands, minis=not a.no_minis),
                   seed=a.seed)
    except (InputError, ValueError) as exc:
        print(f"armada-vision synth: {exc}", file=sys.stderr)
        return 2
    if not cv2.imwrite(a.out, r.image):
        print(f"armada-vision synth: cannot write {a.out}", file=sys.stderr)
        return 2
    if a.camera_out:
        with open(a.camera_out, "w", encoding="utf-8") as f:
            json.dump(camera_to_json(cam), f, indent=1)
    if a.scene_out:
        save_scene(scene, a.scene_out)
    if a.truth_out:
        truth = {"format": "armada-synth-truth/1",
                 "pieces": {k: {"kind": t.kind, "height_mm": t.height_mm, "centre_px": t.centre_px.tolist(),
                                "visibility": round(t.visibility, 4), "outline_px": t.outline_px.round(3).tolist()}
                            for k, t in r.truth.pieces.items()},
                 "markers": {str(k): v.round(4).tolist() for k, v in r.truth.markers.items()}}
        with open(a.truth_out, "w", encoding="utf-8") as f:
            json.dump(truth, f)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
