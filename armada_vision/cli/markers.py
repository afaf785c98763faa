"""`armada-vision markers` (not built yet)."""

from __future__ import annotations

import sys


def add_parser(sub, common) -> None:
    p = sub.add_parser("markers", parents=[common], help="(not built yet)")
    p.set_defaults(func=run)


def run(args) -> int:
    print("armada-vision: markers is not built yet", file=sys.stderr)
    return 2
