"""Translation tooling without Qt's lupdate/lrelease (PyQt6 ships no lrelease).

* ``extract``: finds translatable strings in the window's Python sources by their AST:
  ``QCoreApplication.translate("Context", "text")``, ``QT_TRANSLATE_NOOP("Context", "text")``
  and ``tr("text")`` in a module that sets ``_CONTEXT = "Context"``.
* ``extract_reasons``: the rules' reasons in ``armada_vision/game/*.py`` and
  ``rules/movement/*.py``: the literal template (first argument) of every ``RuleViolation(...)``,
  ``Reason(...)`` and ``IllegalManeuver(...)`` call (context ``Rules``).
* ``.ts`` files (Qt Linguist's XML) are the translation sources; ``update_ts`` adds new strings
  as unfinished and drops strings the code no longer uses, keeping every translation.
* ``write_qm``: a small writer of Qt's binary ``.qm`` format (the subset lrelease writes for
  non-plural messages: a sorted ELF-hash table, then per message its translation (UTF-16BE),
  context and source text (UTF-8)), which ``QTranslator.load`` reads.
"""

from __future__ import annotations

import ast
import struct
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from pathlib import Path

QM_MAGIC = bytes([0x3C, 0xB8, 0x64, 0x18, 0xCA, 0xEF, 0x9C, 0x95,
                  0xCD, 0x21, 0x1C, 0xBF, 0x60, 0xA1, 0xBD, 0xDD])
TAG_HASHES, TAG_MESSAGES, TAG_LANGUAGE = 0x42, 0x69, 0xA7
TAG_END, TAG_TRANSLATION, TAG_SOURCE, TAG_CONTEXT, TAG_COMMENT = 1, 3, 6, 7, 8

Messages = dict[str, dict[str, str | None]]  # context -> source -> translation (None: unfinished)


def _literal(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def extract_file(path: Path) -> list[tuple[str, str]]:
    """(context, source text) pairs found in one Python file, in source order."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    module_ctx = None
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "_CONTEXT" for t in stmt.targets):
            module_ctx = _literal(stmt.value)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        fn = node.func
        name = fn.attr if isinstance(fn, ast.Attribute) else fn.id if isinstance(fn, ast.Name) else ""
        args = [_literal(a) for a in node.args]
        if name in ("translate", "QT_TRANSLATE_NOOP") and len(args) >= 2 and args[0] and args[1]:
            found.append((args[0], args[1]))
        elif name == "tr" and isinstance(fn, ast.Name) and module_ctx and args and args[0]:
            found.append((module_ctx, args[0]))
    return found


def extract(paths: Iterable[Path]) -> dict[str, list[str]]:
    """Context -> source texts (unique, first-seen order) over ``paths``."""
    out: dict[str, list[str]] = {}
    for path in paths:
        for ctx, text in extract_file(path):
            lst = out.setdefault(ctx, [])
            if text not in lst:
                lst.append(text)
    return out


REASON_CALLS = ("RuleViolation", "Reason", "IllegalManeuver")


def extract_reasons(paths: Iterable[Path]) -> list[str]:
    """The literal templates of every ``RuleViolation(...)`` / ``Reason(...)`` / ``IllegalManeuver(...)`` call in ``paths``
    (unique, source order); calls whose template is not a literal are left out (a test in
    tests/game makes sure there are none but the pass-through ones)."""
    out: list[str] = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
        for node in sorted(calls, key=lambda n: (n.lineno, n.col_offset)):
            fn = node.func
            name = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else ""
            text = _literal(node.args[0]) if name in REASON_CALLS and node.args else None
            if text and text not in out:
                out.append(text)
    return out


def read_ts(path: Path) -> Messages:
    if not path.exists():
        return {}
    root = ET.parse(path).getroot()
    out: Messages = {}
    for ctx in root.findall("context"):
        name = ctx.findtext("name") or ""
        for msg in ctx.findall("message"):
            src = msg.findtext("source") or ""
            tr = msg.find("translation")
            if tr is not None and tr.get("type") not in ("unfinished", "obsolete", "vanished"):
                out.setdefault(name, {})[src] = tr.text or ""
            else:
                out.setdefault(name, {})[src] = None
    return out


def write_ts(path: Path, messages: Messages, language: str) -> None:
    root = ET.Element("TS", version="2.1", language=language)
    for ctx in sorted(messages):
        c = ET.SubElement(root, "context")
        ET.SubElement(c, "name").text = ctx
        for src, trans in messages[ctx].items():
            m = ET.SubElement(c, "message")
            ET.SubElement(m, "source").text = src
            t = ET.SubElement(m, "translation")
            if trans is None:
                t.set("type", "unfinished")
            else:
                t.text = trans
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    path.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n",
                    encoding="utf-8")


def update_ts(path: Path, found: dict[str, list[str]], language: str) -> Messages:
    """Merge the strings in the code into ``path``: new ones unfinished, unused ones dropped."""
    old = read_ts(path)
    new: Messages = {ctx: {src: old.get(ctx, {}).get(src) for src in srcs}
                     for ctx, srcs in found.items()}
    write_ts(path, new, language)
    return new


def elf_hash(data: bytes) -> int:
    """Qt's ``elfHash`` of the source text (+ comment), as QTranslator looks messages up."""
    h = 0
    for byte in data:
        h = ((h << 4) + byte) & 0xFFFFFFFF
        g = h & 0xF0000000
        if g:
            h ^= g >> 24
        h &= ~g & 0xFFFFFFFF
    return h or 1


def _bytes_field(tag: int, data: bytes) -> bytes:
    return struct.pack(">BI", tag, len(data)) + data


def qm_bytes(messages: Messages, language: str) -> bytes:
    """The ``.qm`` file for the finished translations in ``messages``."""
    blob = bytearray()
    hashes: list[tuple[int, int]] = []
    for ctx in sorted(messages):
        for src, trans in messages[ctx].items():
            if not trans:
                continue
            offset = len(blob)
            blob += _bytes_field(TAG_TRANSLATION, trans.encode("utf-16-be"))
            blob += _bytes_field(TAG_CONTEXT, ctx.encode("utf-8"))
            blob += _bytes_field(TAG_SOURCE, src.encode("utf-8"))
            blob += _bytes_field(TAG_COMMENT, b"")
            blob.append(TAG_END)
            hashes.append((elf_hash(src.encode("utf-8")), offset))
    hashes.sort()
    table = b"".join(struct.pack(">II", h, o) for h, o in hashes)
    out = bytearray(QM_MAGIC)
    out += _bytes_field(TAG_LANGUAGE, language.encode("utf-8"))
    out += _bytes_field(TAG_HASHES, table)
    out += _bytes_field(TAG_MESSAGES, bytes(blob))
    return bytes(out)


def write_qm(path: Path, messages: Messages, language: str) -> None:
    path.write_bytes(qm_bytes(messages, language))
