"""Learning the empty table during play, and keeping it for the next game (no Qt).

The detector compares each frame with a picture of the empty table (``BackgroundModel``,
docs/detection.md); without one it estimates the mat from each frame, which misses pieces on
dark or patterned mats. :func:`learn_empty_table` makes the model from a few consecutive
frames, refusing frames that are obviously not of an empty table: the table markers out of
view, a table that is not still (a hand moving), or ship bases, squadrons or hands that the
detector finds against its own estimate. Obstacle tokens are only warned about: on a
starfield mat the estimate's nebulae can look like one (bench figures in docs/detection.md).

The learned picture is kept per calibration file in the user's data folder
(:func:`store_dir`: ``$XDG_DATA_HOME/armada-vision/backgrounds/``, by default
``~/.local/share/armada-vision/backgrounds/``), as ``<calibration stem>-<hash>.png`` (the
mean of the frames, lossless) and a ``.json`` beside it (``armada-background/1``: the
calibration file's absolute path and SHA-256, ``image_size`` [w, h] px, ``noise_sigma``,
``frames``, ``saved_at``). :func:`load_background` gives it back for the same calibration
file and resolution; a stale one (another resolution, the calibration file changed since)
is ignored with a note, never an exception.

Messages are English templates with ``{name}`` fields (:data:`MESSAGES`), translated by the
window in context ``EmptyTable``.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from armada_vision.vision.detect import BackgroundModel, Detector, estimate_noise

FORMAT = "armada-background/1"
LEARN_FRAMES = 8  # consecutive frames averaged (noise down by ~sqrt(8))
# Stillness: a frame differs from the first where its grey level (1/4 size, so ~1/4 of the
# sensor noise) changed by more than this many levels after the overall brightness is matched
# (a webcam's auto exposure); more than STILL_FRACTION of the play area so changed is a hand or
# a piece moving, not noise.
STILL_GREY_LEVELS = 12.0
STILL_FRACTION = 0.003
MIN_MARKERS = 3  # fewer and the table tracker cannot fit the table either (calibration.md)


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name the extractor finds
    return text


MESSAGES = {
    "learned": QT_TRANSLATE_NOOP(
        "EmptyTable", "Learned the empty table from {frames} frames."),
    "obstacles": QT_TRANSLATE_NOOP(
        "EmptyTable", "Learned the empty table from {frames} frames, but {obstacles} shapes "
        "like obstacle tokens were seen: if tokens lay on the table, take them off and learn "
        "again."),
    "no_frames": QT_TRANSLATE_NOOP(
        "EmptyTable", "Not learned: no picture came from the camera."),
    "no_calibration": QT_TRANSLATE_NOOP(
        "EmptyTable", "Not learned: the table is not calibrated (the table markers are not "
        "found)."),
    "no_detector": QT_TRANSLATE_NOOP(
        "EmptyTable", "Not learned: piece detection is off in this window."),
    "markers": QT_TRANSLATE_NOOP(
        "EmptyTable", "Not learned: only {seen} of the {total} table markers are in view. "
        "Is a hand or a piece over them?"),
    "not_still": QT_TRANSLATE_NOOP(
        "EmptyTable", "Not learned: the table was not still ({percent:.1f} % of it changed "
        "while learning). Keep hands off the table and try again."),
    "not_empty": QT_TRANSLATE_NOOP(
        "EmptyTable", "Not learned: the table is not empty (seen: ship bases {ships}, squadrons "
        "{squadrons}, hands {hands}; one at x {x_mm:.0f} mm, y {y_mm:.0f} mm). Clear the "
        "table and try again, or learn it anyway if it is empty."),
    "size": QT_TRANSLATE_NOOP(
        "EmptyTable", "Not learned: the frames are {w}x{h} px, the calibration is for "
        "{cw}x{ch} px."),
}
NOTES = {
    "saved_to": QT_TRANSLATE_NOOP("EmptyTable", "Saved for the next game: {path}"),
    "not_saved": QT_TRANSLATE_NOOP(
        "EmptyTable", "Used for this game, not saved: {reason}"),
    "stale_size": QT_TRANSLATE_NOOP(
        "EmptyTable", "The saved empty table {path} is ignored: it was learned at {w}x{h} "
        "px, the camera gives {fw}x{fh} px."),
    "stale_file": QT_TRANSLATE_NOOP(
        "EmptyTable", "The saved empty table {path} is ignored: {file} changed since it was "
        "learned (calibrated again?)."),
    "unreadable": QT_TRANSLATE_NOOP(
        "EmptyTable", "The saved empty table {path} is ignored: {reason}."),
    "moved": QT_TRANSLATE_NOOP(
        "EmptyTable", "The empty table is not used: the camera's picture is {shift:.1f} px off "
        "it (the camera moved since it was learned?). Clear the table and learn it again."),
    "mismatch": QT_TRANSLATE_NOOP(
        "EmptyTable", "The empty table is not used: it does not match the camera's picture "
        "(the camera moved or looks elsewhere?). Clear the table and learn it again."),
}


@dataclass
class Learned:
    """What :func:`learn_empty_table` made of the frames. ``model`` is ``None`` when refused;
    ``key`` (one of :data:`MESSAGES`) and ``args`` say why or what was learned;
    ``mean_bgr`` (H, W, 3) uint8 is the picture to save and ``noise_sigma`` the frames' noise
    (grey levels)."""

    model: BackgroundModel | None
    key: str
    args: dict[str, Any] = field(default_factory=dict)
    mean_bgr: np.ndarray | None = None
    noise_sigma: float = 1.0

    @property
    def template(self) -> str:
        return MESSAGES[self.key]

    @property
    def message(self) -> str:
        return self.template.format(**self.args)


def model_from_mean(mean_bgr: np.ndarray, noise_sigma: float) -> BackgroundModel:
    """The ``BackgroundModel`` of an averaged empty-table picture ((H, W, 3) BGR uint8) whose
    frames had ``noise_sigma`` grey levels of noise: the same model whether just learned or
    loaded from the saved PNG (learning from one picture would take the average's lower noise)."""
    model = BackgroundModel.learn([np.ascontiguousarray(mean_bgr, np.uint8)])
    model.noise_sigma = max(float(noise_sigma), 1.0)
    return model


def _still_fraction(frames: list[np.ndarray], inside: np.ndarray) -> float:
    """The largest fraction of the play area (``inside`` (H, W) uint8 mask) changed between
    the first frame and any later one (see ``STILL_GREY_LEVELS``)."""
    def small(img: np.ndarray) -> np.ndarray:
        h, w = img.shape[:2]
        grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
        return cv2.resize(grey, (max(w // 4, 1), max(h // 4, 1)),
                          interpolation=cv2.INTER_AREA).astype(np.float32)

    sel = cv2.resize(inside, small(frames[0]).shape[::-1], interpolation=cv2.INTER_NEAREST) > 0
    if not sel.any():
        return 0.0
    first = small(frames[0])
    worst = 0.0
    for f in frames[1:]:
        g = small(f)
        gain = float(np.median(first[sel])) / max(float(np.median(g[sel])), 1.0)
        changed = np.abs(g * gain - first) > STILL_GREY_LEVELS
        worst = max(worst, float(np.count_nonzero(changed & sel)) / float(sel.sum()))
    return worst


def pieces_seen(found: Any) -> dict[str, Any] | None:
    """What a detection (``Detections``) of a table that should be empty found: ``{"ships",
    "squadrons", "hands"}`` counts and ``"x_mm"``, ``"y_mm"`` of the first (a ship base, else a
    squadron, else a hand's middle), or ``None`` when it found none of them. The refusal of
    :func:`learn_empty_table` and ``analyze --background``'s warning both read it."""
    pieces = [(p.x_mm, p.y_mm) for p in (*found.ships, *found.squadrons)]
    pieces += [tuple(np.mean(np.asarray(hd.outline_mm, float), axis=0)) for hd in found.hands]
    if not pieces:
        return None
    return {"ships": len(found.ships), "squadrons": len(found.squadrons),
            "hands": len(found.hands), "x_mm": float(pieces[0][0]), "y_mm": float(pieces[0][1])}


def learn_empty_table(frames: list[np.ndarray], camera: Any, catalog: Any, *,
                      play_area_mm: tuple[float, float] = (1828.8, 914.4),
                      layout: Any = None, anyway: bool = False) -> Learned:
    """The empty table's model from consecutive ``frames`` ((H, W, 3) BGR uint8 each), or the
    reason it was refused.

    ``camera``: the current table calibration (``table_to_image``/``image_to_table``; ``None``
    refuses); ``layout`` (a ``TableLayout``, optional): its markers must be in view (at least
    ``MIN_MARKERS``). Then the frames must be still (``STILL_FRACTION``) and the detector,
    estimating the mat from the averaged picture itself, must find no ship base, squadron or
    hand on it, unless ``anyway`` (the player says it is empty: the estimate can mistake a
    mat's own pattern for a base, bench/empty_table.py; what was seen is then kept in
    ``args["seen"]``: :func:`pieces_seen`). Never raises for what a camera gives; takes about a
    second of CPU at 1080p.
    """
    frames = [np.asarray(f) for f in frames if f is not None]
    if not frames:
        return Learned(None, "no_frames")
    if camera is None:
        return Learned(None, "no_calibration")
    h, w = frames[0].shape[:2]
    frames = [f for f in frames if f.shape == frames[0].shape]
    size = getattr(camera, "image_size", None)
    if size is not None and tuple(size) != (w, h):
        return Learned(None, "size", {"w": w, "h": h, "cw": size[0], "ch": size[1]})
    mean = np.round(np.mean(np.stack(frames).astype(np.float32), axis=0)).astype(np.uint8)
    if layout is not None:
        from armada_vision.vision.calibration import detect_layout_markers

        seen = len(detect_layout_markers(mean, layout))
        total = len(layout.markers)
        if seen < min(MIN_MARKERS, total):
            return Learned(None, "markers", {"seen": seen, "total": total})
    det = Detector(catalog, camera, play_area_mm=play_area_mm)
    moved = _still_fraction(frames, det.area_mask((h, w)))
    if moved > STILL_FRACTION:
        return Learned(None, "not_still", {"percent": 100.0 * moved})
    noise = float(np.median([estimate_noise(f) for f in frames]))
    args: dict[str, Any] = {"frames": len(frames)}
    key = "learned"
    found = det.detect(mean)
    seen = pieces_seen(found)
    if seen is not None:
        if not anyway:
            return Learned(None, "not_empty", seen)
        args["seen"] = seen  # kept as the player says, with what was seen for them to check
    if found.obstacles:
        key, args["obstacles"] = "obstacles", len(found.obstacles)
    return Learned(model_from_mean(mean, noise), key, args, mean, max(noise, 1.0))


# ---------------------------------------------------------------------- the saved picture

def store_dir() -> Path:
    """``$XDG_DATA_HOME/armada-vision/backgrounds``, by default
    ``~/.local/share/armada-vision/backgrounds`` (beside the game log)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                           "share")
    return Path(base) / "armada-vision" / "backgrounds"


def entry_paths(calibration_file: str | os.PathLike,
                folder: str | os.PathLike | None = None) -> tuple[Path, Path]:
    """(picture .png, description .json) kept for ``calibration_file`` (keyed by its
    absolute path) in ``folder`` (default :func:`store_dir`)."""
    path = Path(calibration_file).expanduser().resolve()
    digest = hashlib.sha1(str(path).encode("utf-8")).hexdigest()[:10]
    base = Path(folder) if folder is not None else store_dir()
    stem = f"{path.stem}-{digest}"
    return base / f"{stem}.png", base / f"{stem}.json"


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def save_background(learned: Learned, calibration_file: str | os.PathLike,
                    folder: str | os.PathLike | None = None) -> tuple[Path | None, str]:
    """Keep ``learned`` (accepted) for ``calibration_file``; replaces an earlier one.

    Returns ``(png path, "")`` or ``(None, reason)`` when it cannot be written (a read-only
    home, a full disk): the game goes on with the model in memory.
    """
    if learned.model is None or learned.mean_bgr is None:
        return None, "nothing learned"
    png, meta = entry_paths(calibration_file, folder)
    h, w = learned.mean_bgr.shape[:2]
    try:
        desc = {"format": FORMAT, "calibration_file": str(Path(calibration_file).expanduser()
                                                          .resolve()),
                "calibration_sha256": _sha256(Path(calibration_file).expanduser()),
                "image_size": [w, h], "noise_sigma": round(float(learned.noise_sigma), 4),
                "frames": int(learned.args.get("frames", 1)),
                "saved_at": time.strftime("%Y-%m-%d %H:%M"), "image": png.name}
        png.parent.mkdir(parents=True, exist_ok=True)
        ok, data = cv2.imencode(".png", learned.mean_bgr)
        if not ok:
            return None, "the picture could not be encoded"
        for path, payload in ((png, data.tobytes()), (meta, json.dumps(desc, indent=1).encode())):
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_bytes(payload)
            os.replace(tmp, path)
    except OSError as exc:
        return None, f"{exc.strerror or exc} ({exc.filename or png.parent})"
    return png, ""


@dataclass
class Loaded:
    """:func:`load_background`'s answer: ``model`` (``None``: nothing usable), ``path`` of
    the picture, ``saved_at`` (local time, ``YYYY-MM-DD HH:MM``), and a note for the user
    when a saved picture was ignored (``note_key`` in :data:`NOTES`, ``note_args``)."""

    model: BackgroundModel | None = None
    path: Path | None = None
    saved_at: str = ""
    note_key: str = ""
    note_args: dict[str, Any] = field(default_factory=dict)

    @property
    def note(self) -> str:
        return NOTES[self.note_key].format(**self.note_args) if self.note_key else ""


def load_background(calibration_file: str | os.PathLike, image_size: tuple[int, int] | None,
                    folder: str | os.PathLike | None = None) -> Loaded:
    """The empty table saved for ``calibration_file``, if it fits frames of ``image_size``
    (w, h px; ``None``: not checked) and the file is unchanged since. Never raises: a stale
    or unreadable one gives ``Loaded(None, ...)`` with a note; none saved gives ``Loaded()``."""
    png, meta = entry_paths(calibration_file, folder)
    if not meta.exists():
        return Loaded()
    shown = str(png)
    try:
        desc = json.loads(meta.read_text(encoding="utf-8"))
        if not isinstance(desc, dict) or desc.get("format") != FORMAT:
            raise ValueError(f"{meta.name} is not an {FORMAT} file")
        sw, sh = (int(v) for v in desc["image_size"])
        if image_size is not None and (sw, sh) != tuple(image_size):
            return Loaded(None, png, note_key="stale_size", note_args={
                "path": shown, "w": sw, "h": sh, "fw": image_size[0], "fh": image_size[1]})
        cal = Path(calibration_file).expanduser()
        if desc.get("calibration_sha256") != _sha256(cal):
            return Loaded(None, png, note_key="stale_file",
                          note_args={"path": shown, "file": str(calibration_file)})
        image = cv2.imread(str(png), cv2.IMREAD_COLOR)
        if image is None:
            raise ValueError(f"{png.name} is missing or not a picture")
        if image.shape[:2] != (sh, sw):
            raise ValueError(f"{png.name} is {image.shape[1]}x{image.shape[0]} px, "
                             f"not {sw}x{sh}")
        model = model_from_mean(image, float(desc.get("noise_sigma", 1.0)))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return Loaded(None, png, note_key="unreadable", note_args={"path": shown,
                                                                   "reason": reason})
    return Loaded(model, png, str(desc.get("saved_at", "")))
