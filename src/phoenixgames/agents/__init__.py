"""Agents and the specs that name them.

A spec is an agent's name, optionally followed by a colon and ``setting=value`` pairs separated by
commas: ``random``, ``greedy``, ``ismcts``, ``ismcts:iterations=2000``, ``ismcts:seconds=1,c=0.7``,
``ismcts:iterations=500,rollout=greedy,depth=none``, or a difficulty level: ``easy``, ``medium``,
``hard``, ``expert`` (:mod:`phoenixgames.agents.levels`). Specs work the same everywhere an agent is
named (``play --seats``, ``simulate --agents``, ``tournament --agents``, :func:`make_agent`).
"""

from __future__ import annotations

import base64
import importlib
import os
import pickle
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine import PhoenixGamesError
from ..engine.errors import shown
from .base import Agent
from .greedy import SETTINGS as CARELESS_SETTINGS
from .greedy import GreedyAgent
from .hint import Hint, hint
from .ismcts import SETTINGS as ISMCTS_SETTINGS
from .ismcts import ISMCTSAgent
from .levels import FACTORIES as LEVEL_FACTORIES
from .levels import LEVELS, OFFERED_LEVELS, LevelAgent, level_spec, level_specs
from .random_agent import RandomAgent


class BadAgentSpec(PhoenixGamesError, ValueError):
    """An agent spec that names no agent, or gives it settings it does not take; an agent that cannot be
    registered, or whose factory fails to build it."""


def _human(seed: int = 0) -> Agent:
    from .human import HumanAgent

    return HumanAgent(seed)


#: A setting's reader: its text (as typed in a spec) -> its value; raises ``ValueError`` for a bad one.
Reader = Callable[[str], object]


@dataclass(frozen=True)
class AgentKind:
    """An agent that specs can name: how to build it, and the settings it takes.

    ``factory(seed=..., **settings)`` builds the agent. ``settings`` maps each setting it takes to the
    reader of its text and what it takes, in words. With ``any_settings``, the agent takes any setting
    whose name is a Python identifier, passed to the factory as the text typed.
    """

    factory: Callable[..., Agent]
    #: setting name -> (reader of its text, what it takes, in words)
    settings: dict[str, tuple[Reader, str]] = field(default_factory=dict)
    any_settings: bool = False


AGENTS: dict[str, AgentKind] = {
    "random": AgentKind(RandomAgent),
    "greedy": AgentKind(GreedyAgent),
    "human": AgentKind(_human),
    "ismcts": AgentKind(ISMCTSAgent, dict(ISMCTS_SETTINGS)),
    "easy": AgentKind(LEVEL_FACTORIES["easy"], dict(CARELESS_SETTINGS)),
    **{level: AgentKind(LEVEL_FACTORIES[level]) for level in LEVELS if level != "easy"},
}

#: The agents this package defines: :func:`register_agent` takes none of these names.
BUILTIN_AGENTS = frozenset(AGENTS)

#: The bot ``play`` seats by default: the ``hard`` level, a search that answers within a second a move
#: (in each game the spec :func:`~phoenixgames.agents.levels.level_spec` names).
DEFAULT_BOT = "hard"


def default_bot(game: str) -> str:
    """The spec of the bot ``play`` seats in ``game`` by default: the ``hard`` level, in every game
    (``level_spec("hard", game)`` spells out what it stands for there)."""
    return DEFAULT_BOT


# ---------------------------------------------------------------------------------- outside agents
#: The environment variable that names agents defined outside the package, for every process that reads
#: it: entries separated by spaces, each ``name=module:factory`` (written by a person: the factory, or an
#: :class:`AgentKind`, found by importing ``module``) or written by :func:`register_agent` itself, so
#: that worker processes started after a registration know the agent too.
ENVIRONMENT = "PHOENIXGAMES_AGENTS"

#: The entries of :data:`ENVIRONMENT` not yet loaded into :data:`AGENTS`: name -> its text.
_PENDING: dict[str, str] = {}
_SEEN_ENVIRONMENT: list[str | None] = [None]

_NAME = re.compile(r"[a-z0-9][a-z0-9_.+-]*\Z")
_NOT_CARRIED = ""


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


def _check_settings(name: str, settings: Mapping[str, Reader | tuple[Reader, str]]) -> dict[str, tuple[Reader, str]]:
    if not isinstance(settings, Mapping):
        raise BadAgentSpec(f"the settings of agent {name!r} must be a dict of setting -> reader, not {shown(settings)}")
    declared: dict[str, tuple[Reader, str]] = {}
    for key, entry in settings.items():
        if not isinstance(key, str) or not key.isidentifier() or key != key.lower():
            raise BadAgentSpec(f"agent {name!r}: a setting's name must be a lower-case identifier, not {shown(key)}")
        reader, wanted = entry if isinstance(entry, tuple) else (entry, "")
        if not callable(reader):
            raise BadAgentSpec(f"agent {name!r}: setting {key} needs a callable reader, like int: {shown(reader)}")
        declared[key] = (reader, wanted or f"what {getattr(reader, '__name__', 'its reader')} reads")
    return declared


def _said(exc: BaseException) -> str:
    """An error's type and message, cut short, for a message of ours."""
    text = str(exc)
    return f"{type(exc).__name__}: {text if len(text) <= 200 else text[:200] + '...'}"


def _describe(factory: object) -> str:
    module = getattr(factory, "__module__", None)
    qualname = getattr(factory, "__qualname__", None)
    return f"{module}:{qualname}" if module and qualname else repr(factory)


def register_agent(
    name: str,
    factory: Callable[..., Agent],
    settings: Mapping[str, Reader | tuple[Reader, str]] | None = None,
    *,
    replace: bool = False,
) -> str:
    """Make ``name`` an agent spec, built by ``factory``, wherever specs are read; return ``name``.

    ``factory(seed=..., **settings)`` must return an :class:`Agent`. With ``settings=None`` the agent
    takes any ``setting=value`` whose name is an identifier, passed to the factory as the text typed
    (its case kept); with a dict, only the settings it names, each read by its reader (``int``, or
    ``(reader, "what it takes")``; a reader's ``ValueError`` is a bad spec). Registering the same
    factory again changes nothing; another factory under a registered name needs ``replace=True``.

    The registration is written into :data:`ENVIRONMENT`, so that processes started afterwards (the
    ``workers`` of ``run_games`` and tournaments, a local Ray cluster, ``phoenixgames`` run as a command)
    know the agent too: they import the factory by its module and name, so it must be defined at the top
    level of an importable module (or script); one that is not (a lambda, a function inside another)
    plays in this process only, and another process refuses it with that reason.

    Raises :class:`BadAgentSpec` for a name that is empty, holds ``:``, ``,``, ``=`` or anything but
    lower-case letters, digits and ``- _ . +``, is a built-in agent's or already registered; for a
    factory that is not callable; for settings that are not a dict of identifiers and readers.
    """
    name = _check_name(name)
    if not callable(factory):
        raise BadAgentSpec(
            f"the factory of agent {name!r} must be callable (a class or function taking seed= and its "
            f"settings), not {shown(factory)}"
        )
    declared = {} if settings is None else _check_settings(name, settings)
    kind = AgentKind(factory, declared, any_settings=settings is None)
    _load_environment()
    _PENDING.pop(name, None)
    known = AGENTS.get(name)
    if known is not None and known != kind and not replace:
        raise BadAgentSpec(
            f"an agent named {name!r} is already registered ({_describe(known.factory)}): "
            "pass replace=True, or unregister_agent it first"
        )
    AGENTS[name] = kind
    _carry(name, kind)
    return name


def unregister_agent(name: str) -> None:
    """Forget the agent registered as ``name`` (here and in :data:`ENVIRONMENT`); built-in agents stay."""
    if name in BUILTIN_AGENTS:
        raise BadAgentSpec(f"{name!r} is a built-in agent: it cannot be unregistered")
    _load_environment()
    AGENTS.pop(name, None)
    _PENDING.pop(name, None)
    _write_entry(name, None)


def registered_agents() -> dict[str, AgentKind]:
    """The agents registered from outside the package (loaded from :data:`ENVIRONMENT` too), by name."""
    _load_environment()
    for name in list(_PENDING):
        _kind(name)
    return {name: kind for name, kind in AGENTS.items() if name not in BUILTIN_AGENTS}


def _carry(name: str, kind: AgentKind) -> None:
    """Write ``name``'s registration into the environment, pickled (by reference) if it can be."""
    try:
        text = base64.urlsafe_b64encode(pickle.dumps(kind, protocol=4)).decode("ascii")
    except Exception:  # a lambda, a local function, an object pickle cannot name
        text = _NOT_CARRIED
    _write_entry(name, text)


def _entries(text: str) -> dict[str, str]:
    entries: dict[str, str] = {}
    for entry in text.split():
        key, _, value = entry.partition("=")
        entries[key.strip().lower()] = value
    return entries


def _write_entry(name: str, text: str | None) -> None:
    entries = _entries(os.environ.get(ENVIRONMENT, ""))
    if text is None:
        entries.pop(name, None)
    else:
        entries[name] = text
    value = " ".join(f"{key}={value}" for key, value in entries.items())
    if value:
        os.environ[ENVIRONMENT] = value
    else:
        os.environ.pop(ENVIRONMENT, None)
    _SEEN_ENVIRONMENT[0] = os.environ.get(ENVIRONMENT)


def _load_environment() -> None:
    """Note the agents :data:`ENVIRONMENT` names that this process has not registered (loaded lazily)."""
    text = os.environ.get(ENVIRONMENT)
    if text == _SEEN_ENVIRONMENT[0]:
        return
    _SEEN_ENVIRONMENT[0] = text
    _PENDING.clear()
    for name, value in _entries(text or "").items():
        if name and name not in AGENTS:
            _PENDING[name] = value


def _decode(name: str, text: str) -> AgentKind:
    """The agent kind of an entry of :data:`ENVIRONMENT`; raises :class:`BadAgentSpec` saying why not."""
    if text == _NOT_CARRIED:
        raise BadAgentSpec(
            f"the agent {name!r} was registered in another process with a factory that cannot be sent to this "
            "one (a lambda, or a function defined inside another): define it at the top level of a module, or "
            "play on one process"
        )
    try:
        if ":" in text:  # module:factory, as a person writes it
            module, _, attribute = text.partition(":")
            found: Any = importlib.import_module(module)
            for part in attribute.split("."):
                found = getattr(found, part)
        else:
            found = pickle.loads(base64.urlsafe_b64decode(text.encode("ascii")))
    except Exception as exc:
        raise BadAgentSpec(
            f"the agent {name!r} named in {ENVIRONMENT} cannot be loaded here: {_said(exc)} "
            "(its factory must be importable in this process)"
        ) from None
    if isinstance(found, AgentKind):
        return found
    if callable(found):
        return AgentKind(found, any_settings=True)
    raise BadAgentSpec(f"the agent {name!r} named in {ENVIRONMENT} is not callable: {shown(found)}")


def _kind(name: str) -> AgentKind | None:
    """The agent kind called ``name`` (loading it from :data:`ENVIRONMENT` if need be), or ``None``."""
    kind = AGENTS.get(name)
    if kind is not None:
        return kind
    _load_environment()
    if name not in _PENDING:
        return None
    kind = _decode(name, _PENDING[name])
    del _PENDING[name]
    AGENTS[name] = kind
    return kind


def agent_names() -> list[str]:
    """Every agent a spec can name: the built-in ones and those registered (here or in the environment),
    in alphabetical order, then the difficulty levels, easiest first."""
    _load_environment()
    return sorted({*AGENTS, *_PENDING} - set(LEVELS)) + list(LEVELS)


def _choices() -> str:
    return ", ".join(agent_names())


def _pieces(spec: str) -> tuple[str, bool, list[tuple[str, str, bool]], AgentKind]:
    """The name, whether there is a colon, the (key, text, has '=') pieces and the kind of ``spec``."""
    if not isinstance(spec, str) or not spec.strip():
        raise BadAgentSpec(f"no agent given: choose from {_choices()}")
    head, colon, rest = spec.strip().partition(":")
    name = head.strip().lower()
    kind = _kind(name)
    if kind is None:
        raise BadAgentSpec(f"unknown agent {spec.strip()!r}: choose from {_choices()}")
    if colon and not rest.strip():
        raise BadAgentSpec(f"{spec.strip()!r} has a colon but no settings after it: like ismcts:iterations=2000")
    keep_case = name not in BUILTIN_AGENTS
    pieces = []
    if rest.strip():
        for pair in rest.split(","):
            key, equals, text = pair.partition("=")
            text = text.strip()
            pieces.append((key.strip().lower(), text if keep_case else text.lower(), bool(equals)))
    return name, bool(colon), pieces, kind


def parse_agent_spec(spec: str) -> tuple[str, dict[str, object]]:
    """The agent name and its settings (read into values) of ``spec``; raises :class:`BadAgentSpec`."""
    name, _, pieces, kind = _pieces(spec)
    settings: dict[str, object] = {}
    if not pieces:
        return name, settings
    if not kind.settings and not kind.any_settings:
        raise BadAgentSpec(f"the {name} agent takes no settings (got {spec.strip().partition(':')[2].strip()!r})")
    valid = ", ".join(kind.settings)
    for key, text, equals in pieces:
        if kind.any_settings:
            if not key.isidentifier():
                raise BadAgentSpec(f"the {name} agent's settings are named by words, like depth=3: not {key!r}")
        elif key not in kind.settings:
            raise BadAgentSpec(f"the {name} agent has no setting {key!r}: its settings are {valid}")
        if not equals or not text:
            raise BadAgentSpec(f"the {name} setting {key} needs a value, like {key}=..., in {spec.strip()!r}")
        if kind.any_settings:
            settings[key] = text
            continue
        reader, wanted = kind.settings[key]
        try:
            settings[key] = reader(text)
        except ValueError:
            raise BadAgentSpec(f"the {name} setting {key} must be {wanted}, not {text!r}") from None
    return name, settings


def tidy_spec(spec: str) -> str:
    """``spec`` in its tidy form: no spaces, in lower case but for the values of an agent registered from
    outside the package (a file name, say); raises :class:`BadAgentSpec` if it is bad."""
    parse_agent_spec(spec)
    name, colon, pieces, _ = _pieces(spec)
    return name + (":" + ",".join(f"{key}={text}" for key, text, _ in pieces) if colon else "")


def split_agent_list(text: str) -> list[str]:
    """The specs in a comma-separated list such as ``random,ismcts:seconds=1,c=0.7,greedy``.

    A piece ``key=value`` that names no agent continues the settings of the spec before it.
    """
    specs: list[str] = []
    names = set(agent_names())
    for piece in text.split(","):
        head = piece.strip().lower().partition(":")[0]
        continues = "=" in piece and ":" not in piece and head.partition("=")[0].strip() not in names
        if continues and specs and ":" in specs[-1]:
            specs[-1] += "," + piece
            continue
        specs.append(piece)
    return specs


def make_agent(spec: str, seed: int = 0) -> Agent:
    """Build an agent from a spec such as ``random``, ``greedy`` or ``ismcts:iterations=2000``.

    An agent registered from outside (:func:`register_agent`) is built by its factory; one that raises,
    or returns something that is not an :class:`Agent`, is reported as :class:`BadAgentSpec`.
    """
    name, settings = parse_agent_spec(spec)
    kind = AGENTS[name]
    if name in BUILTIN_AGENTS:
        return kind.factory(seed=seed, **settings)
    try:
        agent = kind.factory(seed=seed, **settings)
    except BadAgentSpec:
        raise
    except Exception as exc:
        raise BadAgentSpec(f"the {name} agent could not be built from {spec.strip()!r}: {_said(exc)}") from exc
    if not isinstance(agent, Agent):
        raise BadAgentSpec(
            f"the factory of the {name} agent returned {shown(agent)}, not an Agent (a subclass of "
            "phoenixgames.agents.Agent with a choose method)"
        )
    return agent


def check_agent_spec(spec: str) -> str:
    """Raise :class:`BadAgentSpec` if ``spec`` names no agent; return it tidied."""
    return tidy_spec(spec)


__all__ = [
    "AGENTS",
    "BUILTIN_AGENTS",
    "DEFAULT_BOT",
    "ENVIRONMENT",
    "LEVELS",
    "OFFERED_LEVELS",
    "Agent",
    "AgentKind",
    "BadAgentSpec",
    "GreedyAgent",
    "Hint",
    "ISMCTSAgent",
    "LevelAgent",
    "RandomAgent",
    "Reader",
    "agent_names",
    "check_agent_spec",
    "default_bot",
    "hint",
    "level_spec",
    "level_specs",
    "make_agent",
    "parse_agent_spec",
    "register_agent",
    "registered_agents",
    "split_agent_list",
    "tidy_spec",
    "unregister_agent",
]
