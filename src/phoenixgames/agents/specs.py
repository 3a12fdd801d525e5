"""Agent specs: reading them, tidying them, and building the agent a spec names.

A spec is an agent's name, optionally followed by a colon and ``setting=value`` pairs separated by
commas: ``random``, ``greedy``, ``ismcts:iterations=2000``, ``ismcts:seconds=1,c=0.7``. Names are read
in lower case (``Greedy`` is ``greedy``); so are the values of a built-in agent's settings, while an
outside agent's values keep their case (a file name survives).
"""

from __future__ import annotations

from ..engine.errors import shown
from .base import Agent
from .kinds import BUILTIN_AGENTS, AgentKind, BadAgentSpec
from .levels import LEVELS
from .outside import find, outside_names, said


def agent_kind(name: str) -> AgentKind | None:
    """The kind of agent called ``name`` (built-in, or from outside the package), or ``None``."""
    kind = BUILTIN_AGENTS.get(name)
    return kind if kind is not None else find(name)


def agent_names() -> list[str]:
    """Every agent a spec can name: the built-in ones and those from outside the package (registered, in
    the environment, or of an entry point), in alphabetical order, then the difficulty levels, easiest
    first."""
    return sorted({*BUILTIN_AGENTS, *outside_names()} - set(LEVELS)) + list(LEVELS)


def _choices() -> str:
    return ", ".join(agent_names())


def _pieces(spec: str) -> tuple[str, bool, list[tuple[str, str, bool]], AgentKind]:
    """The name, whether there is a colon, the (key, text, has '=') pieces and the kind of ``spec``."""
    if not isinstance(spec, str) or not spec.strip():
        raise BadAgentSpec(f"no agent given: choose from {_choices()}")
    head, colon, rest = spec.strip().partition(":")
    name = head.strip().lower()
    kind = agent_kind(name)
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
        if key in settings:
            raise BadAgentSpec(f"the {name} setting {key} is given twice in {spec.strip()!r}: give it once")
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
    """``spec`` in its tidy form: no spaces, in lower case but for the values of an agent from outside the
    package (a file name, say); raises :class:`BadAgentSpec` if it is bad."""
    parse_agent_spec(spec)
    name, colon, pieces, _ = _pieces(spec)
    return name + (":" + ",".join(f"{key}={text}" for key, text, _ in pieces) if colon else "")


def check_agent_spec(spec: str) -> str:
    """Raise :class:`BadAgentSpec` if ``spec`` names no agent; return it tidied."""
    return tidy_spec(spec)


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

    An agent from outside the package is built by its factory; one that raises, or returns something that
    is not an :class:`Agent`, is reported as :class:`BadAgentSpec`. ``human`` is refused: a person's seat
    is seated by the command line or the server, never built by a program.
    """
    name, settings = parse_agent_spec(spec)
    kind = agent_kind(name)
    if kind is None:  # never: parse_agent_spec found it
        raise BadAgentSpec(f"unknown agent {spec.strip()!r}: choose from {_choices()}")
    extra = {"build": _build} if kind.builds_others else {}
    if name in BUILTIN_AGENTS:
        return kind.factory(seed=seed, **extra, **settings)
    try:
        agent = kind.factory(seed=seed, **extra, **settings)
    except BadAgentSpec:
        raise
    except Exception as exc:
        raise BadAgentSpec(f"the {name} agent could not be built from {spec.strip()!r}: {said(exc)}") from exc
    if not isinstance(agent, Agent):
        raise BadAgentSpec(
            f"the factory of the {name} agent returned {shown(agent)}, not an Agent (a subclass of "
            "phoenixgames.agents.Agent with a choose method)"
        )
    return agent


def _build(spec: str, seed: int) -> Agent:
    return make_agent(spec, seed)


__all__ = [
    "agent_kind",
    "agent_names",
    "check_agent_spec",
    "make_agent",
    "parse_agent_spec",
    "split_agent_list",
    "tidy_spec",
]
