"""Schatz des Phönix's parameters: the numbers of its rules and components a designer may change.

Every default is read from ``data.toml`` (never written again here), and its source is what the data
file says for it: the rounds and the hand size; the large treasure's value; how many small treasure
tokens carry each value (``tokens_2`` to ``tokens_10``); how many small tokens each nest gets beyond the
rulebook's count (``extra_nest_tokens``); and the deck's make-up, the copies of each kind of equipment
card (``number_copies``, ``seven_copies``, ``wild_copies``, ``x2_copies``). A game reads them from its
:class:`~phoenixgames.games.schatz.ruleset.Ruleset`.

The ranges keep the spec's facts true for every value: the rounds stop at the printed three (the
observation has a place for each round), and neither the large token's value nor the count of the
most valuable small token goes above the printed one (so the highest score, 88, and the observation's
scale stay as they are). A set of values the box cannot deal (too few equipment cards for the hands
and the nests, too few small tokens for the rounds) is refused at set-up with one line naming the
parameters (``ruleset.py``).
"""

from __future__ import annotations

from ...engine.parameters import Parameter, Rules, rules_for
from .components import DATA


def _source(text: str) -> str:
    """A data file's source note as a parameter's source: its first word."""
    for source in ("assumed", "rulebook", "reference"):
        if text.startswith(source):
            return source
    raise ValueError(f"data.toml: {text!r} names no source")


_GAME, _LARGE, _NESTS = DATA["game"], DATA["large_treasure"], DATA["nests"]
_SMALL = DATA["small_treasure"]

#: The parameter of each ``[[equipment]]`` group's copies, in the data file's order, with its meaning.
EQUIPMENT_PARAMETERS: tuple[tuple[str, str], ...] = (
    ("number_copies", "copies of each number card 2 to 6 in each colour"),
    ("seven_copies", "copies of the 7 in each colour"),
    ("wild_copies", "copies of each wild card (wild 2, wild 3)"),
    ("x2_copies", "copies of the x2 card in each colour"),
)
_EQUIPMENT_RANGES = ((1, 4), (0, 3), (0, 4), (0, 4))

#: The parameter of each small token value: ``tokens_2`` ... ``tokens_10``, by value.
TOKEN_PARAMETERS: dict[int, str] = {v: f"tokens_{v}" for group in _SMALL for v in group["values"]}

PARAMETERS: tuple[Parameter, ...] = (
    Parameter(
        "rounds",
        _GAME["rounds"],
        "rounds in a game (each with new treasures)",
        1,
        _GAME["rounds"],
        _source(_GAME["source"]),
    ),
    Parameter("hand_size", _GAME["hand_size"], "equipment cards in each hand", 2, 8, _source(_GAME["source"])),
    Parameter(
        "large_token_value",
        _LARGE["value"],
        "what each large treasure token (one in the big nest each round) is worth",
        0,
        _LARGE["value"],
        _source(_LARGE["source"]),
    ),
    *(
        Parameter(
            TOKEN_PARAMETERS[v],
            group["copies"],
            f"small treasure tokens worth {v}",
            0,
            group["copies"] if v == max(group["values"]) else 2 * group["copies"],
            _source(group["source"]),
        )
        for group in _SMALL
        for v in group["values"]
    ),
    Parameter(
        "extra_nest_tokens",
        0,
        "small tokens each nest gets beyond the rulebook's (one less than the players; four at six), "
        "never more than one less than the players",
        -1,
        2,
        _source(_NESTS["source"]),
    ),
    *(
        Parameter(name, group["copies"], meaning, low, high, _source(group["source"]))
        for (name, meaning), (low, high), group in zip(
            EQUIPMENT_PARAMETERS, _EQUIPMENT_RANGES, DATA["equipment"], strict=True
        )
    ),
)


#: The printed game's rules: what the observation's scales are reasoned from, whatever a game changed.
PRINTED_RULES: Rules = rules_for(PARAMETERS, {})
