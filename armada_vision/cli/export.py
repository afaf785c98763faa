"""`armada-vision export LOG --html OUT [--game ID] [--lang en|de|cs]`: a shareable HTML report
of a logged game, in the players' language."""

from __future__ import annotations

import sys


def add_parser(sub, common) -> None:
    p = sub.add_parser(
        "export",
        parents=[common],
        help="write a self-contained HTML report of a logged game",
        description="Write one self-contained HTML file (snapshots inline) with the event list "
        "of a game from an armada-vision game log.",
    )
    p.add_argument(
        "log",
        metavar="LOG",
        help="game log (SQLite), e.g. ~/.local/share/armada-vision/games.sqlite",
    )
    p.add_argument("--html", metavar="OUT", required=True, help="HTML file to write")
    p.add_argument(
        "--game",
        metavar="ID",
        type=int,
        default=None,
        help="game id (default: the latest game in the log)",
    )
    p.add_argument(
        "--lang",
        choices=["en", "de", "cs"],
        default=None,
        help="language of the report (default: the window's: saved setting, else the system's)",
    )
    p.set_defaults(func=run)


def run(args) -> int:
    from pathlib import Path

    from armada_vision.cli._paths import check_output_file, refuse_overwriting_inputs, require_game
    from armada_vision.errors import InputError
    from armada_vision.gamelog import GameLog, render_html

    refuse_overwriting_inputs(args.html, "--html", {"game log": args.log})
    check_output_file(args.html, "--html", "game.html")
    lang, tr = _translation(args.lang)
    with GameLog(args.log, create=False) as log:
        require_game(log, args.game, args.log)
        text = render_html(log, args.game, tr=tr, lang=lang)
    out = Path(args.html)
    try:
        tmp = out.with_name(out.name + ".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(out)
    except OSError as exc:
        raise InputError(f"cannot write ({exc.strerror})", source=str(out)) from None
    print(f"wrote {out} ({len(text) // 1024} KiB)", file=sys.stderr)
    return 0


def _translation(lang: str | None):
    """The report's language and translate callable, chosen as the window chooses (Qt's
    QSettings and locale); English when PyQt6 is missing."""
    try:
        from armada_vision.ui.i18n import translate_function
    except ImportError:
        return "en", None
    return translate_function(lang)
