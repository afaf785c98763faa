"""User-facing errors.

Anything the user supplied (a file, a field, a frame, a command-line value) that is wrong raises
:class:`InputError` with a one-line message naming what is wrong and where. The CLI prints it as
``armada-vision: error: <message>`` and exits with status 2; it never shows a traceback for bad
input.

A refused action or move is a :class:`RuleViolation` (or, for a maneuver the speed chart does
not allow, ``rules.movement.IllegalManeuver``, which is both): its reason is a literal English
**template** with ``{name}`` fields plus its **arguments**, so that the window can show it in the
players' language. The window translates the template (Qt context ``"Rules"``), every argument
that is a :class:`Term` (a game term: hull zone, defense token, command, phase, size class;
context ``"Terms"``) or a nested :class:`Reason`, and formats. Ids of pieces and numbers stay as
they are. The i18n extractor collects the templates from the AST of ``game/*.py`` and
``rules/movement/*.py``, so every template must be a string literal at its call.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any


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


class Term(str):
    """A game term inside a reason (``"front"``, ``"brace"``, ``"navigate"``, ``"Ship Phase"``,
    ``"huge"``): formats as itself in English; the window translates it (context ``"Terms"``)."""

    __slots__ = ()


def term(value: Any) -> Any:
    """``Term(value)`` for a string, ``value`` unchanged otherwise (``None`` stays ``None``)."""
    return Term(value) if isinstance(value, str) else value


def terms(values: Any) -> tuple[Any, ...]:
    """A tuple of :func:`term` values; a tuple argument formats as ``"a, b, c"``."""
    return tuple(term(v) for v in values)


def plain_arg(value: Any) -> Any:
    """The English form of one argument: tuples joined with ``", "``, reasons formatted."""
    if isinstance(value, (tuple, list)):
        return ", ".join(str(plain_arg(v)) for v in value)
    if isinstance(value, Reason):
        return str(value)
    return value


def format_reason(template: str, args: Mapping[str, Any]) -> str:
    """``template`` formatted with ``args`` in English (see :func:`plain_arg`)."""
    return template.format(**{k: plain_arg(v) for k, v in args.items()})


class Reason:
    """A reason that is not (yet) an exception: a nested part of one (``pending.reason``, why a
    phase cannot end, one item of a list). ``str(reason)`` is the English text without page.

    ``Reason(template, page=None, **args)``, like :class:`RuleViolation`.
    """

    __slots__ = ("template", "page", "_args")

    def __init__(self, template: str, page: str | int | None = None, **args: Any):
        self.template = template
        self.page = None if page is None else str(page)
        self._args = dict(args)

    @property
    def args(self) -> Mapping[str, Any]:
        """The template's arguments (read-only)."""
        return MappingProxyType(self._args)

    def __str__(self) -> str:
        return format_reason(self.template, self.args)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Reason({self.template!r}, page={self.page!r}, **{dict(self.args)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Reason):
            return NotImplemented
        return (self.template, self.page, self._args) == (other.template, other.page, other._args)

    def __hash__(self) -> int:
        return hash((self.template, self.page))

    def with_page(self) -> str:
        """The English text with ``" (RRG p.N)"`` when the reason has a page."""
        return f"{self} (RRG p.{self.page})" if self.page else str(self)


class RuleViolation(ValueError):
    """An action the rules forbid; the message is the rule's reason and its RRG page.

    ``RuleViolation(template, page=None, **args)``: ``template`` is a literal English string with
    ``{name}`` fields, ``args`` their values (game terms as :class:`Term`, nested reasons as
    :class:`Reason`, lists as tuples). ``str(exc)`` reads like ``"a ship at speed 0 cannot spend
    defense tokens (RRG p.4)"``. ``reason`` is the formatted English text, ``page`` the RRG page
    (a string, or ``None``); ``template`` and ``args`` let a window translate the message.
    """

    def __init__(self, template: str, page: str | int | None = None, **args: Any):
        self.template = template
        self.page = None if page is None else str(page)
        self._args = dict(args)
        self.reason = format_reason(template, args)
        super().__init__(f"{self.reason} (RRG p.{self.page})" if self.page else self.reason)

    @property  # type: ignore[override]
    def args(self) -> Mapping[str, Any]:  # the template's arguments (not the exception's tuple)
        return MappingProxyType(self._args)

    def as_reason(self) -> Reason:
        """The same reason as a :class:`Reason` (to nest it in another one)."""
        return Reason(self.template, self.page, **self._args)
