"""Phoenicia's parameters: the numbers of its rules and components a designer may change.

Every default is read from ``data.toml`` (never written again here), and its source is what the data
file says for it. Besides the rule constants (the victory-point goal, the starting storage, disks and
workers, the treasury limits, the training costs, the City Centre's price and limit), each of the 19
development cards has its minimum bid (``<card>_cost``), victory points (``<card>_vp``) and production
(``<card>_production``), and each card that grants discounts the size of its first cube
(``<card>_discount``; the later cubes change by as much). A game reads them all from its
:class:`~phoenixgames.games.phoenicia.ruleset.Ruleset` (``ruleset.py``).

The ranges keep the spec's facts true for every value: no card's minimum bid goes below 2, the lowest
printed one, so the action table keeps its first bid (its last bid caps the bids: ``ruleset.py``).
"""

from __future__ import annotations

from ...engine.parameters import Parameter, Rules, rules_for
from .components import CARDS, DATA


def _source(text: str) -> str:
    """A data file's source note as a parameter's source: its first word."""
    for source in ("assumed", "rulebook", "reference"):
        if text.startswith(source):
            return source
    raise ValueError(f"data.toml: {text!r} names no source")


def _card_name(name: str) -> str:
    return name.lower().replace(" ", "_")


def _discount_source(text: str) -> str:
    """Where a card's first discount cube comes from: the data file marks an assumed size, or the
    rulebook's examples ("-1 on Smelters: rulebook"), else the card's own source."""
    if "discount" in text and "assumed" in text:
        return "assumed"
    return "rulebook" if "rulebook" in text else _source(text)


_GAME, _STORAGE, _TRAINING, _CITY = (DATA[k] for k in ("game", "storage", "training", "city_centre"))

GENERAL: tuple[Parameter, ...] = (
    Parameter(
        "vp_goal",
        _GAME["victory_points"],
        "victory points that end the game at the victory check",
        16,
        60,
        _source(_GAME["source"]),
    ),
    Parameter(
        "start_storehouses",
        _STORAGE["storehouses"],
        "storehouses each settlement starts with (one production card each)",
        2,
        5,
        _source(_STORAGE["source"]),
    ),
    Parameter(
        "start_disks",
        _STORAGE["disks"],
        "disks in each treasury at the start (the starting wealth beside one production card)",
        0,
        6,
        _source(_STORAGE["source"]),
    ),
    Parameter(
        "treasury_limit",
        _STORAGE["treasury_limit"],
        "disks a treasury keeps at the end of a turn (at least 1, or the starting production could never "
        "make a production card, and the game would stall)",
        1,
        8,
        _source(_STORAGE["source"]),
    ),
    Parameter(
        "improved_treasury_limit",
        _STORAGE["improved_treasury_limit"],
        "disks a treasury keeps with a Granary (at least 1, as without one)",
        1,
        12,
        _source(_STORAGE["source"]),
    ),
    Parameter(
        "start_untrained",
        _TRAINING["untrained"],
        "untrained workers each settlement starts with",
        0,
        4,
        _source(_TRAINING["source"]),
    ),
    Parameter(
        "start_trained",
        _TRAINING["trained"],
        "trained workers each settlement starts with",
        0,
        4,
        _source(_TRAINING["source"]),
    ),
    Parameter(
        "training_cost",
        _TRAINING["cost"],
        "what training a worker costs",
        0,
        6,
        _source(_TRAINING["source"]),
    ),
    Parameter(
        "improved_training_cost",
        _TRAINING["improved_cost"],
        "what training a worker costs with Public Works",
        0,
        6,
        _source(_TRAINING["source"]),
    ),
    Parameter(
        "vp_price",
        _CITY["vp_price"],
        "what a victory point costs at the City Centre",
        1,
        8,
        _source(_CITY["source"]),
    ),
    Parameter(
        "vp_limit",
        _CITY["vp_limit"],
        "victory points a settlement may buy at its City Centre in a game",
        0,
        8,
        _source(_CITY["source"]),
    ),
)


def _card_parameters() -> tuple[Parameter, ...]:
    found: list[Parameter] = []
    for card, data in zip(CARDS, DATA["card"], strict=True):
        name, source = _card_name(card.name), _source(data["source"])
        found.append(
            Parameter(
                f"{name}_cost",
                data["min_bid"],
                f"the {card.name}'s minimum bid",
                2,
                data["min_bid"] + max(4, data["min_bid"]),
                source,
            )
        )
        found.append(
            Parameter(f"{name}_vp", data["vp"], f"victory points a {card.name} brings", 0, data["vp"] + 5, source)
        )
        found.append(
            Parameter(
                f"{name}_production",
                data["production"],
                f"production a {card.name} brings",
                0,
                data["production"] + 3,
                source,
            )
        )
        if data.get("discounts"):
            first = data["discounts"][0]["sizes"][0]
            targets = " and ".join(d["on"] for d in data["discounts"])
            found.append(
                Parameter(
                    f"{name}_discount",
                    first,
                    f"the first discount cube a {card.name} places on {targets} (later cubes change as much)",
                    0,
                    first + 4,
                    _discount_source(data["source"]),
                )
            )
    return tuple(found)


CARD_PARAMETERS = _card_parameters()

#: Every parameter of Phoenicia, registered in its GameSpec.
PARAMETERS: tuple[Parameter, ...] = GENERAL + CARD_PARAMETERS

#: Per card type: the names of its cost, victory points, production and discount parameters ("" for none).
CARD_PARAMETER_NAMES: tuple[tuple[str, str, str, str], ...] = tuple(
    (
        f"{_card_name(card.name)}_cost",
        f"{_card_name(card.name)}_vp",
        f"{_card_name(card.name)}_production",
        f"{_card_name(card.name)}_discount" if card.discounts else "",
    )
    for card in CARDS
)


#: The printed game's rules: what the observation's scales are reasoned from, whatever a game changed.
PRINTED_RULES: Rules = rules_for(PARAMETERS, {})
