"""The ``armada-vision`` command line (also ``python -m armada_vision``); table in DESIGN.md.

Each command lives in its own module here with ``add_parser(subparsers, common)`` and
``run(args) -> int``. Modules import their heavy dependencies (OpenCV, Qt) inside ``run`` so that
``check`` and ``move`` start fast and never load Qt. Bad input (:class:`InputError`) prints one
line, ``armada-vision: error: ...``, and exits with status 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from armada_vision import __version__
from armada_vision.errors import InputError

# command name -> module in this package
COMMANDS = {
    "demo": "demo",
    "run": "run",
    "calibrate": "calibrate",
    "markers": "markers",
    "analyze": "analyze",
    "check": "check",
    "move": "move",
    "replay": "replay",
    "export": "export",
}


def build_parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--models", metavar="DIR",
        help="add or override piece classes from DIR/ships, DIR/squadrons, DIR/obstacles",
    )
    common.add_argument(
        "--ruleset", metavar="NAME", default="rrg-1.6",
        help="rules reading: rrg-1.6 (default) or rrg-1.5, house rules appended with '+', "
        "e.g. rrg-1.6+squadrons-obstruct",
    )
    parser = argparse.ArgumentParser(
        prog="armada-vision",
        description="Camera assistant for Star Wars: Armada.",
    )
    parser.add_argument("--version", action="version", version=f"armada-vision {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMANDS.values():
        mod = importlib.import_module(f"armada_vision.cli.{module}")
        mod.add_parser(sub, common)
    return parser


def _check_common(args: argparse.Namespace) -> None:
    """Refuse a bad ``--ruleset`` or ``--models`` before any command runs, whether or not the
    command uses them, so a typo is never silently ignored."""
    from armada_vision.rules import parse_ruleset

    if getattr(args, "ruleset", None) is not None:
        parse_ruleset(args.ruleset)
    if getattr(args, "models", None) is not None:
        from armada_vision.catalog import get_catalog

        get_catalog(args.models)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    try:
        _check_common(args)
        status = int(args.func(args) or 0)
        # A pipe buffers what was printed: flush here, so a reader that stopped (`| head`) is
        # caught below rather than at the interpreter's exit ("Exception ignored", status 120).
        sys.stdout.flush()
        return status
    except InputError as exc:
        print(f"armada-vision: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("armada-vision: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into `head` that stopped reading: not an error
        _quiet_stdout()
        return 0


def _quiet_stdout() -> None:
    """Point stdout at the null device, so that the interpreter's last flush of the closed
    pipe prints no "Exception ignored ... BrokenPipeError" either."""
    import os

    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass
