"""A game state's fields, declared once.

A game's state class lists its fields as class annotations, each with a comment saying what it holds,
and nothing else: :class:`StateMeta` turns them into ``__slots__``, and the engine derives from their
types how a copy copies each field and which fields a save writes.

- A list, dict or set is copied: a list of lists (or of components with a ``copy`` method) level by
  level, a list of numbers with one ``copy()``.
- A component class with a ``copy`` method (a settlement, an auction) is copied with it; ``None`` too,
  where the type allows it.
- A number, a bool, a string or a tuple is shared: nothing changes it in place.
- ``Shared[T]``: a value the rules never change in place (the galaxy as laid): copies share it; saved.
- ``Derived[T]``: worked out from the options at set-up and never changed (a table of combo values):
  copies share it, saves leave it out, and reading a save back works it out again.

The copy function is generated once per class, as straight-line code: as fast as one written by hand.
"""

from __future__ import annotations

import sys
import types
import typing
from typing import Annotated, Any, ClassVar, TypeVar, get_args, get_origin

T = TypeVar("T")

_SHARED = "phoenixgames:shared"
_DERIVED = "phoenixgames:derived"

#: ``Shared[T]``: never changed in place by the rules, so copies share it; saved like any field.
Shared = Annotated[T, _SHARED]
#: ``Derived[T]``: worked out at set-up and never changed: shared by copies, left out of saves.
Derived = Annotated[T, _DERIVED]

_IMMUTABLE = (int, float, bool, str, bytes, tuple, frozenset, type(None))
_CONTAINERS = (list, dict, set)


class StateMeta(type):
    """The metaclass of game states: a class that declares no ``__slots__`` gets one slot per field it
    annotates (``ClassVar`` annotations aside)."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> StateMeta:
        if "__slots__" not in namespace:
            annotations = namespace.get("__annotations__", {})
            namespace["__slots__"] = tuple(
                field for field, kind in annotations.items() if not _is_class_var(kind)
            )
            namespace["_declared"] = tuple(namespace["__slots__"])
        return super().__new__(mcs, name, bases, namespace)


def _is_class_var(kind: object) -> bool:
    if isinstance(kind, str):
        return kind.startswith(("ClassVar", "typing.ClassVar"))
    return get_origin(kind) is ClassVar or kind is ClassVar


class FieldPlan:
    """What the engine does with each declared field of one state class."""

    def __init__(self, cls: type) -> None:
        kinds: dict[str, object] = {}
        for klass in reversed(cls.__mro__):
            annotations = klass.__dict__.get("__annotations__", {})
            for name in klass.__dict__.get("_declared", ()):
                kinds[name] = _resolve(annotations[name], klass)
        names = list(kinds)
        self.names: tuple[str, ...] = tuple(names)
        self.kinds: dict[str, object] = kinds
        self.saved: tuple[str, ...] = tuple(name for name in names if not _marked(self.kinds[name], _DERIVED))
        self.copy_fields = self._compile_copy(cls)

    def _compile_copy(self, cls: type) -> Any:
        lines = ["def copy_fields(self, other):"]
        helpers: dict[str, Any] = {}
        for name in self.names:
            lines.append(f"    other.{name} = {_copy_expression(f'self.{name}', self.kinds[name], cls, name)}")
        if len(lines) == 1:
            lines.append("    pass")
        exec("\n".join(lines), helpers)  # noqa: S102  (code written above, from the class's own field names)
        return helpers["copy_fields"]

    def to_saved(self, state: object) -> dict[str, Any]:
        """The saved fields of ``state`` as JSON-able data (a component is saved with its ``to_dict``)."""
        return {name: _saved(getattr(state, name)) for name in self.saved}


def _resolve(kind: object, klass: type) -> object:
    """The type an annotation names (annotations are text under ``from __future__ import annotations``)."""
    if not isinstance(kind, str):
        return kind
    try:
        return eval(kind, vars(sys.modules[klass.__module__]), dict(vars(klass)))  # noqa: S307
    except NameError as exc:
        raise TypeError(f"{klass.__name__}: a field's type must be importable at run time: {exc}") from None


def _saved(value: Any) -> Any:
    if value.__class__ is list:
        return [_saved(v) for v in value]
    to_dict = getattr(value, "to_dict", None)
    return to_dict() if to_dict is not None else value


def _marked(kind: object, mark: str) -> bool:
    return get_origin(kind) is Annotated and mark in kind.__metadata__  # type: ignore[attr-defined]


def _copy_expression(source: str, kind: object, cls: type, name: str, depth: int = 0) -> str:
    """Python code that copies ``source``, a value of type ``kind``."""
    if _marked(kind, _SHARED) or _marked(kind, _DERIVED):
        return source
    if get_origin(kind) is Annotated:
        kind = get_args(kind)[0]
    origin = get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        members = [k for k in get_args(kind) if k is not type(None)]
        if len(members) == 1:
            inner = _copy_expression(source, members[0], cls, name, depth)
            return source if inner == source else f"(None if {source} is None else {inner})"
        if all(_copy_expression("x", k, cls, name) == "x" for k in members):
            return source
        raise TypeError(f"{cls.__name__}.{name}: a field of several mutable types cannot be copied")
    container = origin if origin in _CONTAINERS else (kind if kind in _CONTAINERS else None)
    if container is not None:
        args = get_args(kind)
        item = args[-1] if args else Any
        if item is Any:
            raise TypeError(f"{cls.__name__}.{name}: say what the {container.__name__} holds")
        var = f"v{depth}"
        inner = _copy_expression(var, item, cls, name, depth + 1)
        if inner == var:
            return f"{source}.copy()"
        if container is list:
            return f"[{inner} for {var} in {source}]"
        if container is dict:
            return f"{{k{depth}: {inner} for k{depth}, {var} in {source}.items()}}"
        raise TypeError(f"{cls.__name__}.{name}: a set holds only values that never change")
    base = origin or kind
    if isinstance(base, type):
        if issubclass(base, _IMMUTABLE):
            return source
        if callable(getattr(base, "copy", None)):
            return f"{source}.copy()"
    raise TypeError(
        f"{cls.__name__}.{name}: {kind!r} has no copy method; mark it Shared[...] if the rules never change it"
    )


_PLANS: dict[type, FieldPlan] = {}


def plan(cls: type) -> FieldPlan:
    """The field plan of a state class, worked out the first time it is asked for."""
    found = _PLANS.get(cls)
    if found is None:
        found = _PLANS[cls] = FieldPlan(cls)
    return found


def shape(kind: object) -> str | None:
    """``"number"``, ``"list"`` or ``"nested"`` for a field of type ``int``, ``list[int]`` or
    ``list[list[int]]`` (marks aside); ``None`` for any other type."""
    if get_origin(kind) is Annotated:
        kind = get_args(kind)[0]
    if kind is int:
        return "number"
    if get_origin(kind) is list:
        (item,) = get_args(kind)
        if item is int:
            return "list"
        if get_origin(item) is list and get_args(item) == (int,):
            return "nested"
    return None
