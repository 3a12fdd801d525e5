"""Agents defined outside the package, and how every process finds them by their import path.

An outside agent is found, by its name, in one of three places (the first that has it wins):

1. :func:`register_agent` in this process: a factory (or an :class:`AgentKind`) with its settings.
2. The environment variable :data:`ENVIRONMENT`, written by a person: entries separated by spaces,
   each ``name=module:attribute`` (the factory, or an :class:`AgentKind` for declared settings).
3. An entry point of an installed package, in the group :data:`ENTRY_POINTS`
   (``[project.entry-points."phoenixgames.agents"]`` ``mybot = "mypackage.bots:make_bot"``).

Worker processes (``run_games`` and tournaments on several processes, a Ray cluster) are handed this
process's registrations as import paths, text only (:func:`carried`), and import the factories
themselves (:func:`adopt`); the environment and the entry points they read for themselves. A factory
that no import path names (a lambda, a function defined inside another) plays in its own process only,
and a worker refuses it with that reason.
"""

from __future__ import annotations

import functools
import importlib
import os
import re
from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from typing import Any

from ..engine.errors import shown
from .base import Agent
from .kinds import BUILTIN_AGENTS, AgentKind, BadAgentSpec, Reader

#: The environment variable that names outside agents for every process that reads it. Only a person
#: writes it; :func:`register_agent` never does.
ENVIRONMENT = "PHOENIXGAMES_AGENTS"

#: The entry point group of packages that bring agents: each entry ``name = "module:attribute"``.
ENTRY_POINTS = "phoenixgames.agents"

#: The agents registered in this process, by name.
REGISTERED: dict[str, AgentKind] = {}

#: Names registered in another process whose factory no import path names, with the reason, by name.
_NOT_CARRIED: dict[str, str] = {}

_NAME = re.compile(r"[a-z0-9][a-z0-9_.+-]*\Z")

#: What :func:`carried` hands a worker, for each registration: its name, the import path of its factory
#: (``None`` if none names it), its declared settings as (setting, import path of its reader, what it
#: takes) or ``None`` for any settings, and whether the factory builds others (``AgentKind.builds_others``).
Carried = tuple[tuple[str, str | None, tuple[tuple[str, str, str], ...] | None, bool], ...]


def _check_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise BadAgentSpec(f"an agent's name must be a word, like mybot, not {shown(name)}")
    for mark in ":,=":
        if mark in name:
            raise BadAgentSpec(
                f"an agent's name cannot hold {mark!r} (':', ',' and '=' separate the parts of a spec): {shown(name)}"
            )
    if not _NAME.match(name):
        raise BadAgentSpec(
            f"an agent's name is lower-case letters and digits, and - _ . + after the first (specs are read "
            f"in lower case): not {shown(name)}"
        )
    if name in BUILTIN_AGENTS:
        raise BadAgentSpec(f"{name!r} is a built-in agent ({', '.join(sorted(BUILTIN_AGENTS))}): choose another name")
    return name


def _check_settings(name: str, settings: object) -> dict[str, tuple[Reader, str]]:
    if not isinstance(settings, Mapping):
        raise BadAgentSpec(f"the settings of agent {name!r} must be a dict of setting -> reader, not {shown(settings)}")
    declared: dict[str, tuple[Reader, str]] = {}
    for key, entry in settings.items():
        if not isinstance(key, str) or not key.isidentifier() or key != key.lower():
            raise BadAgentSpec(f"agent {name!r}: a setting's name must be a lower-case identifier, not {shown(key)}")
        if isinstance(entry, tuple):
            if len(entry) != 2 or not isinstance(entry[1], str):
                raise BadAgentSpec(
                    f"agent {name!r}: setting {key} is a reader or a pair (reader, 'what it takes'), like "
                    f"(int, 'a whole number'): not {shown(entry)}"
                )
            reader, wanted = entry
        else:
            reader, wanted = entry, ""
        if not callable(reader):
            raise BadAgentSpec(f"agent {name!r}: setting {key} needs a callable reader, like int: {shown(reader)}")
        declared[key] = (reader, wanted or f"what {getattr(reader, '__name__', 'its reader')} reads")
    return declared


def said(exc: BaseException) -> str:
    """An error's type and message, cut short, for a message of ours."""
    text = str(exc)
    return f"{type(exc).__name__}: {text if len(text) <= 200 else text[:200] + '...'}"


def imported(path: str) -> Any:
    """The object an import path ``module:attribute`` (``attribute`` may be dotted) names."""
    module, colon, attribute = path.partition(":")
    if not colon or not module or not attribute:
        raise ValueError(f"an import path is module:attribute, like mybots.simple:FirstAgent, not {path!r}")
    found: Any = importlib.import_module(module)
    for part in attribute.split("."):
        found = getattr(found, part)
    return found


def import_path(thing: object) -> str | None:
    """``module:qualified.name`` of ``thing`` if importing that gives ``thing`` back, else ``None``."""
    module = getattr(thing, "__module__", None)
    qualname = getattr(thing, "__qualname__", None)
    if not isinstance(module, str) or not isinstance(qualname, str) or "<" in qualname:
        return None
    path = f"{module}:{qualname}"
    try:
        return path if imported(path) is thing else None
    except Exception:  # noqa: BLE001  (a module that cannot be imported again names nothing)
        return None


def _describe(factory: object) -> str:
    return import_path(factory) or repr(factory)


def _kind_of(name: str, found: object, where: str) -> AgentKind:
    if isinstance(found, AgentKind):
        return found
    if callable(found):
        return AgentKind(found, any_settings=True)
    raise BadAgentSpec(f"the agent {name!r} {where} is not callable: {shown(found)}")


def register_agent(
    name: str,
    factory: Callable[..., Agent] | AgentKind | str,
    settings: Mapping[str, Reader | tuple[Reader, str]] | None = None,
    *,
    replace: bool = False,
) -> str:
    """Make ``name`` an agent spec, built by ``factory``, wherever specs are read; return ``name``.

    ``factory`` is a callable, ``factory(seed=..., **settings)``, that returns an :class:`Agent`; or an
    :class:`AgentKind`; or the import path of either, ``"module:attribute"``, imported now. With
    ``settings=None`` the agent takes any ``setting=value`` whose name is an identifier, passed to the
    factory as the text typed (its case kept); with a dict, only the settings it names, each read by its
    reader (``int``, or ``(reader, "what it takes")``; a reader's ``ValueError`` is a bad spec).
    Registering the same factory again changes nothing; another factory under a registered name needs
    ``replace=True``.

    Worker processes started for a run (``run_games``, tournaments, Ray) import the factory by its import
    path, so it must be defined at the top level of an importable module (or of the script run); one that
    is not (a lambda, a function inside another) plays in this process only, and a worker refuses it with
    that reason.

    Raises :class:`BadAgentSpec` for a name that is empty, holds ``:``, ``,``, ``=`` or anything but
    lower-case letters, digits and ``- _ . +``, is a built-in agent's or already registered; for a
    factory that is not callable or an import path that names nothing; for settings that are not a
    dict of identifiers and readers (or pairs of a reader and its words); for a ``replace`` that is
    not ``True`` or ``False``.
    """
    name = _check_name(name)
    if not isinstance(replace, bool):
        raise BadAgentSpec(f"replace must be True or False, not {shown(replace)}")
    if isinstance(factory, str):
        try:
            factory = imported(factory)
        except Exception as exc:
            raise BadAgentSpec(f"the factory of agent {name!r} cannot be imported: {said(exc)}") from None
    if isinstance(factory, AgentKind):
        if settings is not None:
            raise BadAgentSpec(f"agent {name!r}: an AgentKind declares its own settings: leave out settings")
        kind = factory
    elif callable(factory):
        declared = {} if settings is None else _check_settings(name, settings)
        kind = AgentKind(factory, declared, any_settings=settings is None)
    else:
        raise BadAgentSpec(
            f"the factory of agent {name!r} must be callable (a class or function taking seed= and its "
            f"settings), not {shown(factory)}"
        )
    known = REGISTERED.get(name)
    if known is not None and known != kind and not replace:
        raise BadAgentSpec(
            f"an agent named {name!r} is already registered ({_describe(known.factory)}): "
            "pass replace=True, or unregister_agent it first"
        )
    REGISTERED[name] = kind
    _NOT_CARRIED.pop(name, None)
    return name


def unregister_agent(name: str) -> None:
    """Forget the agent registered as ``name`` in this process; built-in agents stay."""
    if name in BUILTIN_AGENTS:
        raise BadAgentSpec(f"{name!r} is a built-in agent: it cannot be unregistered")
    REGISTERED.pop(name, None)
    _NOT_CARRIED.pop(name, None)


def _environment() -> dict[str, str]:
    """The entries of :data:`ENVIRONMENT`: name -> import path."""
    entries: dict[str, str] = {}
    for entry in os.environ.get(ENVIRONMENT, "").split():
        key, _, value = entry.partition("=")
        if key.strip():
            entries[key.strip().lower()] = value
    return entries


@functools.cache
def _entry_points() -> dict[str, Any]:
    """The installed packages' entry points of :data:`ENTRY_POINTS`, by name (read once a process)."""
    return {point.name.strip().lower(): point for point in entry_points(group=ENTRY_POINTS)}


def forget_entry_points() -> None:
    """Read the installed packages' entry points again at the next look-up (after installing one)."""
    _entry_points.cache_clear()


def outside_names() -> set[str]:
    """The names of every outside agent known here, loaded or not."""
    names = {*REGISTERED, *_NOT_CARRIED, *_environment(), *_entry_points()}
    return {name for name in names if name not in BUILTIN_AGENTS}


def find(name: str) -> AgentKind | None:
    """The outside agent called ``name`` (imported from the environment or an entry point if need be), or
    ``None``; raises :class:`BadAgentSpec` saying why one that is named cannot be loaded here."""
    kind = REGISTERED.get(name)
    if kind is not None:
        return kind
    if name in _NOT_CARRIED:
        raise BadAgentSpec(_NOT_CARRIED[name])
    path = _environment().get(name)
    if path is not None:
        where = f"named in {ENVIRONMENT}"
        try:
            return _kind_of(name, imported(path), where)
        except BadAgentSpec:
            raise
        except Exception as exc:
            raise BadAgentSpec(
                f"the agent {name!r} {where} cannot be loaded here: {said(exc)} (its factory must be importable "
                "in this process)"
            ) from None
    point = _entry_points().get(name)
    if point is not None:
        where = f"of the entry point {point.value!r}"
        try:
            return _kind_of(name, point.load(), where)
        except BadAgentSpec:
            raise
        except Exception as exc:
            raise BadAgentSpec(f"the agent {name!r} {where} cannot be loaded here: {said(exc)}") from None
    return None


def registered_agents() -> dict[str, AgentKind]:
    """The outside agents known here (registered, named in the environment, or of an entry point), loaded."""
    found: dict[str, AgentKind] = {}
    for name in sorted(outside_names()):
        kind = find(name)
        if kind is not None:
            found[name] = kind
    return found


def carried() -> Carried:
    """This process's registrations as import paths, for a worker process to :func:`adopt`."""
    entries = []
    for name, kind in REGISTERED.items():
        path = import_path(kind.factory)
        settings: tuple[tuple[str, str, str], ...] | None = None
        if not kind.any_settings:
            readers = [(key, import_path(reader), wanted) for key, (reader, wanted) in kind.settings.items()]
            if any(reader is None for _, reader, _ in readers):
                path = None
            settings = tuple((key, reader or "", wanted) for key, reader, wanted in readers)
        entries.append((name, path, settings, kind.builds_others))
    return tuple(entries)


def adopt(registrations: Carried) -> None:
    """Register in this (worker) process the agents another process :func:`carried` over: each factory
    and reader is imported by its path; one that has none is refused here, when named, with the reason."""
    for name, path, settings, builds_others in registrations:
        if path is None:
            _NOT_CARRIED[name] = (
                f"the agent {name!r} was registered in another process with a factory that cannot be sent to this "
                "one (a lambda, or a function defined inside another): define it at the top level of a module, "
                "or play on one process"
            )
            continue
        try:
            factory = imported(path)
            declared = None
            if settings is not None:
                declared = {key: (imported(reader), wanted) for key, reader, wanted in settings}
        except Exception as exc:
            _NOT_CARRIED[name] = f"the agent {name!r} cannot be loaded in this process: {said(exc)}"
            continue
        REGISTERED[name] = AgentKind(factory, declared or {}, declared is None, builds_others)


__all__ = [
    "ENTRY_POINTS",
    "ENVIRONMENT",
    "REGISTERED",
    "Carried",
    "adopt",
    "carried",
    "find",
    "forget_entry_points",
    "import_path",
    "imported",
    "outside_names",
    "register_agent",
    "registered_agents",
    "said",
    "unregister_agent",
]
