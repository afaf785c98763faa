"""`armada-vision replay LOG`: step through a recorded game in the window."""

from __future__ import annotations

import sys


def add_parser(sub, common) -> None:
    from armada_vision.ui.app import add_window_args

    p = sub.add_parser("replay", parents=[common], help="step through a recorded game")
    p.add_argument("log", metavar="LOG", help="game log (SQLite)")
    p.add_argument("--game", type=int, default=None, metavar="ID",
                   help="game id (default: the latest game in the log)")
    p.add_argument("--event", type=int, default=None, metavar="N",
                   help="open at event N (1-based; default the first)")
    add_window_args(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from armada_vision.catalog import get_catalog
    from armada_vision.cli._paths import (
        check_screenshot_args,
        refuse_overwriting_inputs,
        require_game,
    )
    from armada_vision.errors import InputError
    from armada_vision.gamelog import GameLog
    from armada_vision.ui.app import application, prepare_rules, run_window
    from armada_vision.ui.replay_model import ReplayModel
    from armada_vision.ui.replay_window import ReplayWindow
    from armada_vision.ui.session import Session

    refuse_overwriting_inputs(args.screenshot, "--screenshot", {"game log": args.log})
    check_screenshot_args(args)
    catalog = get_catalog(args.models)
    # Closed when the window closes: SQLite removes the -wal and -shm files it makes beside
    # the log only when the last connection closes (they stayed after every replay).
    with GameLog(args.log, create=False) as log:
        require_game(log, args.game, args.log)
        model = ReplayModel(log, args.game)
        note = unknown_classes_note(model, catalog, args.log)
        if note:
            print(f"armada-vision: note: {note}", file=sys.stderr)
        n = len(model)
        if args.event is not None and not 1 <= args.event <= n:
            events = ("no events" if n == 0 else "1 event: give 1" if n == 1 else
                      f"{n} events: give 1 to {n}")
            raise InputError(f"no event {args.event}: the game has {events}", field="--event")
        if n == 0:
            print(f"armada-vision: note: {args.log}: game {model.game_id} has no events: "
                  "nothing to replay", file=sys.stderr)
        app = application(args.lang)
        prepare_rules(app, catalog)
        window = ReplayWindow(Session(catalog, args.ruleset, uncertainty_mm=0.0), model)
        if args.event is not None:
            window.show_step(args.event - 1)
        return run_window(app, window, args)


def unknown_classes_note(model, catalog, log_path: str) -> str:
    """A one-line note when the game's first or last scene names piece classes the catalog
    lacks (a game played with ``--models DIR`` replayed without it): the window draws them as
    plain bases of no class, as ``run --scene`` did without a word (``catalog.unknown_classes``).
    ``""`` when every class is known."""
    from armada_vision.catalog import unknown_classes
    from armada_vision.errors import InputError
    from armada_vision.scene import scene_from_dict

    found: dict[str, None] = {}
    for ev in (model.events[:1] + model.events[-1:]) if model.events else []:
        try:  # a damaged scene is named by the window at its event (ReplayModel.step)
            data = model.log.scene_at(model.game_id, ev.seq)
            scene = scene_from_dict(data, f"{log_path}: event {ev.seq}") if data else None
        except InputError:
            continue
        if scene is not None:
            found.update((message, None) for _, message in unknown_classes(scene, catalog))
    if not found:
        return ""
    first, more = next(iter(found)), len(found) - 1
    return (f"{log_path}: {first}{f'; {more} more' if more else ''}: drawn as plain bases; "
            "replay with the --models DIR the game was played with")
