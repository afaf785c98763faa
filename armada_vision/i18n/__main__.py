"""``python -m armada_vision.i18n update|release|check``: maintain the window's translations."""

from __future__ import annotations

import sys

from armada_vision.i18n import LANGUAGES, extra_strings, qm_path, source_files, ts_path
from armada_vision.i18n._build import extract, read_ts, update_ts, write_qm


def _found() -> dict[str, list[str]]:
    found = extract(source_files())
    for ctx, texts in extra_strings().items():
        found.setdefault(ctx, []).extend(t for t in texts if t not in found.get(ctx, []))
    return found


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "check"
    if cmd == "update":
        found = _found()
        for code, lang in LANGUAGES.items():
            msgs = update_ts(ts_path(code), found, lang)
            todo = sum(v is None for c in msgs.values() for v in c.values())
            print(f"{ts_path(code).name}: {sum(len(c) for c in msgs.values())} strings, {todo} unfinished")
        return 0
    if cmd == "release":
        for code, lang in LANGUAGES.items():
            write_qm(qm_path(code), read_ts(ts_path(code)), lang)
            print(f"wrote {qm_path(code).name}")
        return 0
    if cmd == "check":
        found = _found()
        bad = 0
        for code in LANGUAGES:
            msgs = read_ts(ts_path(code))
            for ctx, srcs in found.items():
                for src in srcs:
                    if not msgs.get(ctx, {}).get(src):
                        print(f"{code}: untranslated [{ctx}] {src!r}")
                        bad += 1
        return 1 if bad else 0
    print("usage: python -m armada_vision.i18n update|release|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
