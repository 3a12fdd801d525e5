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

A part of a state with fields of its own (Phoenicia's settlement, its auction) is a :class:`Component`:
it declares its fields the same way, and its slots, ``copy()`` and ``to_dict()`` follow from them.
:func:`type_mismatch` checks a value against a declared field's type (``arranged`` refuses a value of
the wrong type at once, rather than let the game break on it later).
"""

from __future__ import annotations

import sys
import types
import typing
from typing import Annotated, Any, ClassVar, TypeVar, get_args, get_origin

from .errors import shown

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

    def compile_component_copy(self, cls: type) -> Any:
        """A ``copy`` method for the component class ``cls``: a new instance with each field copied."""
        lines = ["def copy(self):", "    other = new(cls)"]
        for name in self.names:
            lines.append(f"    other.{name} = {_copy_expression(f'self.{name}', self.kinds[name], cls, name)}")
        lines.append("    return other")
        helpers: dict[str, Any] = {"new": object.__new__, "cls": cls}
        exec("\n".join(lines), helpers)  # noqa: S102  (code written above, from the class's own field names)
        copy = helpers["copy"]
        copy.__doc__ = f"An exact, independent copy of this {cls.__name__} (each field copied by its type)."
        return copy

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


class Component(metaclass=StateMeta):
    """A part of a game's state with fields of its own (a settlement, an auction), declared once as
    annotations with a comment each, as a state's are: its slots, :meth:`copy` and :meth:`to_dict`
    follow from them. A field of a state may be a component (or a list of them): copies copy it with
    its ``copy``."""

    __slots__ = ()

    def copy(self: C) -> C:
        """An exact, independent copy (each field copied by its type). The first call puts the copy
        function written from the declared fields in place of this one."""
        cls = self.__class__
        copier = plan(cls).compile_component_copy(cls)
        cls.copy = copier  # type: ignore[method-assign]
        copy: C = copier(self)
        return copy

    def to_dict(self) -> dict[str, Any]:
        """The fields as JSON-able data, by name."""
        return plan(self.__class__).to_saved(self)


C = TypeVar("C", bound=Component)


def copied(value: Any) -> Any:
    """A copy of a field's value that shares nothing that changes: lists and dicts level by level,
    components by their ``copy``; numbers, text, tuples and other values as they are."""
    cls = value.__class__
    if cls is list:
        return [copied(item) for item in value]
    if cls is dict:
        return {key: copied(item) for key, item in value.items()}
    if isinstance(value, Component):
        return value.copy()
    return value

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


def type_mismatch(kind: object, value: object, where: str) -> str | None:
    """Why ``value`` is not of the declared type ``kind`` (a field's, as :class:`FieldPlan` resolves it),
    in words naming ``where`` it lies (``"hands[2]"``); ``None`` if it is. Whole numbers are ``int`` and
    not ``bool``; a list is a list (of its items' type); a component has each of its declared fields."""
    if get_origin(kind) is Annotated:
        kind = get_args(kind)[0]
    origin = get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        answers = [type_mismatch(member, value, where) for member in get_args(kind)]
        if None in answers:
            return None
        deeper = [text for text in answers if text is not None and not text.startswith(f"{where} must be ")]
        return deeper[0] if deeper else f"{where} must be {_described(kind)}, not {_shown(value)}"
    if kind is type(None) or kind is None:
        return None if value is None else f"{where} must be None, not {_shown(value)}"
    if kind in (int, bool, str, float):
        exact = value.__class__ is kind or (kind is float and value.__class__ is int)
        return None if exact else f"{where} must be {_described(kind)}, not {_shown(value)}"
    if origin in (list, tuple, dict, set, frozenset) or kind in (list, tuple, dict, set, frozenset):
        container = origin or kind
        if value.__class__ is not container:
            return f"{where} must be {_described(kind)}, not {_shown(value)}"
        args = get_args(kind)
        if container is dict:
            if len(args) == 2:
                for key, item in value.items():  # type: ignore[attr-defined]
                    found = type_mismatch(args[0], key, f"a key of {where}") or type_mismatch(
                        args[1], item, f"{where}[{key!r}]"
                    )
                    if found:
                        return found
            return None
        items = list(value)  # type: ignore[call-overload]
        if container is tuple and args and args[-1] is not Ellipsis:
            if len(items) != len(args):
                return f"{where} must be {_described(kind)}, not {_shown(value)}"
            pairs = list(zip(args, items, strict=True))
        else:
            pairs = [(args[0], item) for item in items] if args else []
        for number, (member, item) in enumerate(pairs):
            found = type_mismatch(member, item, f"{where}[{number}]")
            if found:
                return found
        return None
    if isinstance(kind, type):
        if not isinstance(value, kind):
            return f"{where} must be {_described(kind)}, not {_shown(value)}"
        if isinstance(value, Component):
            declared = plan(kind)
            for name in declared.names:
                if not hasattr(value, name):
                    return f"{where} has no {name}"
                found = type_mismatch(declared.kinds[name], getattr(value, name), f"{where}.{name}")
                if found:
                    return found
        return None
    return None  # a type no check is written for (a type variable, Any): taken as it is


def _described(kind: object, plural: bool = False) -> str:
    """A type in words: ``a whole number``, ``a list of lists of whole numbers``, ``an Auction or None``
    (``plural``: ``whole numbers``, ``lists of whole numbers``)."""
    if get_origin(kind) is Annotated:
        kind = get_args(kind)[0]
    origin = get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_described(member, plural) for member in get_args(kind))
    words = {
        int: ("a whole number", "whole numbers"),
        bool: ("true or false", "true or false values"),
        str: ("text", "texts"),
        float: ("a number", "numbers"),
        type(None): ("None", "None"),
    }
    if kind in words:
        return words[kind][plural]
    if origin in (list, tuple, set, frozenset, dict) or kind in (list, tuple, set, frozenset, dict):
        container = origin or kind
        name = {list: "list", tuple: "tuple", set: "set", frozenset: "set", dict: "dict"}[container]  # type: ignore[index]
        args = get_args(kind)
        head = f"{name}s" if plural else f"a {name}"
        if not args or container is dict:
            return head
        return f"{head} of {_described(args[0], plural=True)}"
    if isinstance(kind, type):
        name = kind.__name__
        if plural:
            return f"{name}s"
        return f"{'an' if name[:1] in 'AEIOU' else 'a'} {name}"
    return str(kind)


def _shown(value: object) -> str:
    return shown(value, 60)
