"""Output paths that must not destroy an input: ``export LOG --html LOG``,
``analyze photo.jpg --debug photo.jpg`` or ``calibrate table --camera c.json --out c.json``
would overwrite the game log, the photo or the lens calibration the command just read."""

from __future__ import annotations

import os
from pathlib import Path

from armada_vision.errors import InputError

SQLITE_HEADER = b"SQLite format 3\x00"


def _same_file(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    pa, pb = Path(a).expanduser(), Path(b).expanduser()
    try:
        if pa.exists() and pb.exists():
            return os.path.samefile(pa, pb)
    except OSError:
        pass
    return pa.resolve() == pb.resolve()


def refuse_overwriting_inputs(out: str | os.PathLike | None, field: str,
                              inputs: dict[str, str | os.PathLike | None]) -> None:
    """Raise ``InputError`` (naming ``out`` and ``field``) when ``out`` is one of ``inputs``
    (``{what it is: path}``; ``None`` paths are skipped) or an existing SQLite file (a game log)."""
    if not out:
        return
    for what, path in inputs.items():
        if path and _same_file(out, path):
            raise InputError(f"is also the {what}: writing it would destroy it; choose another "
                             "file", source=str(out), field=field)
    p = Path(out).expanduser()
    try:
        with p.open("rb") as fh:
            is_db = fh.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return
    if is_db:
        raise InputError("is an SQLite database (a game log?): writing it would destroy it; "
                         "choose another file", source=str(out), field=field)


def check_screenshot_path(path: str | os.PathLike | None) -> None:
    """Refuse, before the window opens (and before the demo renders), a ``--screenshot`` that
    Qt cannot write: a folder, or a file name without an image format Qt knows (it said only
    "cannot write FILE" once the window had run)."""
    if not path:
        return
    p = Path(path).expanduser()
    if p.is_dir():
        raise InputError("is a folder: give an image file such as shot.png", source=str(path),
                         field="--screenshot")
    from PyQt6.QtGui import QImageWriter

    known = {bytes(f).decode().lower() for f in QImageWriter.supportedImageFormats()}
    if p.suffix.lower().lstrip(".") not in known:
        raise InputError("no image format for this file name: use .png or .jpg",
                         source=str(path), field="--screenshot")


def check_screenshot_args(args) -> None:
    """:func:`check_screenshot_path` of ``args.screenshot``, and a ``--screenshot`` without
    ``--exit-after`` refused: it is saved just before the window closes itself, so without
    that the window ran until closed and wrote nothing, without a word."""
    if args.screenshot and args.exit_after is None:
        raise InputError("is saved only with --exit-after SECONDS (just before the window "
                         "closes itself): add it", source=str(args.screenshot),
                         field="--screenshot")
    check_screenshot_path(args.screenshot)


def check_output_file(path: str | os.PathLike | None, field: str, example: str) -> None:
    """Refuse, before any work, an output file that cannot be written: a folder, or a file in a
    folder that does not exist (``calibrate camera --out`` said so only after the views were
    gathered, ``calibrate table --out`` after the markers were found). ``example`` is a file
    name to suggest (``camera.json``)."""
    if not path:
        return
    p = Path(path).expanduser()
    if p.is_dir():
        raise InputError(f"is a folder: give a file name such as {example}", source=str(path),
                         field=field)
    parent = p.parent
    if not parent.is_dir():
        what = "is a file, not a folder" if parent.exists() else "does not exist"
        raise InputError(f"cannot write here: the folder {parent} {what}", source=str(path),
                         field=field)


def check_output_folder(path: str | os.PathLike | None, field: str) -> None:
    """Refuse an output folder that is an existing file (``markers --out sheet.pdf``)."""
    if path and Path(path).expanduser().exists() and not Path(path).expanduser().is_dir():
        raise InputError("is a file, not a folder: give the folder to write into",
                         source=str(path), field=field)


def require_game(log, game_id: int | None, path: str) -> None:
    """Refuse a ``--game`` the log ``log`` (a ``GameLog``) does not hold, listing the games it
    holds (id, title, events): the log's ids are not shown anywhere else."""
    if game_id is None:
        return
    games = log.games()
    if game_id in {g.id for g in games}:
        return
    held = "; ".join(f"{g.id} {g.title!r} ({g.event_count} event{'' if g.event_count == 1 else 's'})" for g in games[-10:])
    more = f" (the last 10 of {len(games)})" if len(games) > 10 else ""
    raise InputError(f"no game {game_id} in this log; its games{more}: {held or 'none'}",
                     source=path, field="--game")
