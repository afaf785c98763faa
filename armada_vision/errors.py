"""User-facing errors.

Anything the user supplied (a file, a field, a frame, a command-line value) that is wrong raises
:class:`InputError` with a one-line message naming what is wrong and where. The CLI prints it as
``armada-vision: error: <message>`` and exits with status 2; it never shows a traceback for bad
input.
"""

from __future__ import annotations


class InputError(ValueError):
    """Bad user input: a file, field, frame or option, named in the message (one line)."""

    def __init__(self, message: str, *, source: str | None = None, field: str | None = None):
        self.source = source
        self.field = field
        where = ""
        if source and field:
            where = f"{source}: {field}: "
        elif source:
            where = f"{source}: "
        elif field:
            where = f"{field}: "
        super().__init__(f"{where}{message}")
