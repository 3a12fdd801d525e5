"""The numbers one game of Phoenicia is played with: the printed components with its parameters applied.

A game's :class:`Ruleset` is worked out once from its ``state.rules`` (``ruleset_for``) and shared by
the state, its settlements and its auction, and by every copy (a ``Derived`` field: never saved, worked
out again when a save is read). Every rule reads the goal, the limits, the costs and the development
cards from it, never from a module constant, so a changed parameter changes the game everywhere.

The action table is the printed game's (every bid up to ``actions.highest_bid``): where parameters let a
settlement hold more than that (more storehouses, a larger treasury, larger discounts), bids stop at
the table's last bid (``top_bid``), which no settlement of the printed game can reach.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .components import ACTIVITIES, CARDS, PRODUCTION_VALUES, DevelopmentCard
from .parameters import CARD_PARAMETER_NAMES, PARAMETERS

if TYPE_CHECKING:
    from ...engine.parameters import Rules


@dataclass(frozen=True, eq=False)
class Ruleset:
    """Every number of one game's rules and components (the printed ones where none was changed)."""

    vp_goal: int
    start_storehouses: int
    start_disks: int
    treasury_limit: int
    improved_treasury_limit: int
    start_untrained: int
    start_trained: int
    training_cost: int
    improved_training_cost: int
    vp_price: int
    vp_limit: int
    #: The development card types, by id, with their minimum bid, VP, production and discounts.
    cards: tuple[DevelopmentCard, ...]

    def __post_init__(self) -> None:
        cards = self.cards
        # Per card type: (the card giving the discount, its cube sizes) for each discount on it.
        object.__setattr__(
            self,
            "discounts_on",
            tuple(
                tuple((d.id, sizes) for d in cards for target, sizes in d.discounts if target == c.id) for c in cards
            ),
        )
        object.__setattr__(self, "min_bid", tuple(c.min_bid for c in cards))
        object.__setattr__(self, "card_vp", tuple(c.vp for c in cards))
        best = max(PRODUCTION_VALUES)
        start_means = best * self.start_storehouses + self.treasury_limit
        # The card types that a settlement as it starts cannot pay for (every other one, every seat can).
        object.__setattr__(self, "pricey", tuple(c.id for c in cards if c.min_bid > start_means))
        start = self.start_untrained + self.start_trained + sum(a.start_workers for a in ACTIVITIES)
        object.__setattr__(self, "start_workers", start)

    # Worked out in __post_init__ (declared for the type checker).
    discounts_on: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = field(init=False, default=())
    min_bid: tuple[int, ...] = field(init=False, default=())
    card_vp: tuple[int, ...] = field(init=False, default=())
    pricey: tuple[int, ...] = field(init=False, default=())
    start_workers: int = field(init=False, default=0)

    @property
    def ability_text(self) -> dict[str, str]:
        """What each ability does, in the player's terms, with this game's numbers."""
        return {
            "mining": "adds the mining tile",
            "clothmaking": "adds the clothmaking tile (each clothmaker brings a storehouse)",
            "improved hunting": "turns hunting to its improved side (a second copy: advanced)",
            "improved mining": "turns mining to its improved side (a second copy: advanced)",
            "improved storage": f"the treasury holds {self.improved_treasury_limit} disks",
            "improved training": f"training a worker costs {self.improved_training_cost}",
            "city centre": f"buy up to {self.vp_limit} victory points at {self.vp_price} each",
        }

    def effect_text(self, card: DevelopmentCard) -> str:
        """All that a development card brings besides its production and victory points, in words:
        storehouses, workers, its ability and the discounts it grants (the first cube, then the next)."""
        parts = []
        if card.storehouses:
            parts.append(f"+{card.storehouses} storehouse{'s' if card.storehouses > 1 else ''}")
        for count, kind in ((card.untrained, "untrained"), (card.trained, "trained")):
            if count:
                parts.append(f"+{count} {kind} worker{'s' if count > 1 else ''}")
        if card.ability:
            parts.append(self.ability_text[card.ability])
        for target, sizes in card.discounts:
            later = f" (next copy -{sizes[1]})" if len(sizes) > 1 and sizes[1] != sizes[0] else ""
            parts.append(f"-{sizes[0]} on {self.cards[target].name}{later}")
        return "; ".join(parts)


def _card(card: DevelopmentCard, rules: Rules) -> DevelopmentCard:
    cost, vp, production, discount = CARD_PARAMETER_NAMES[card.id]
    changed: dict[str, Any] = {}
    if getattr(rules, cost) != card.min_bid:
        changed["min_bid"] = getattr(rules, cost)
    if getattr(rules, vp) != card.vp:
        changed["vp"] = getattr(rules, vp)
    if getattr(rules, production) != card.production:
        changed["production"] = getattr(rules, production)
    if discount and getattr(rules, discount) != card.discounts[0][1][0]:
        shift = getattr(rules, discount) - card.discounts[0][1][0]  # every cube changes by as much
        changed["discounts"] = tuple(
            (target, tuple(max(0, size + shift) for size in sizes)) for target, sizes in card.discounts
        )
    return replace(card, **changed) if changed else card


def _build(rules: Rules) -> Ruleset:
    return Ruleset(
        vp_goal=rules.vp_goal,
        start_storehouses=rules.start_storehouses,
        start_disks=rules.start_disks,
        treasury_limit=rules.treasury_limit,
        improved_treasury_limit=rules.improved_treasury_limit,
        start_untrained=rules.start_untrained,
        start_trained=rules.start_trained,
        training_cost=rules.training_cost,
        improved_training_cost=rules.improved_training_cost,
        vp_price=rules.vp_price,
        vp_limit=rules.vp_limit,
        cards=tuple(_card(card, rules) for card in CARDS),
    )


def ruleset_for(rules: Rules) -> Ruleset:
    """The :class:`Ruleset` of a game with ``rules`` (built once, shared by every game with them)."""
    return rules.derived(_build)


def printed() -> Ruleset:
    """The ruleset of the printed game."""
    from ...engine.parameters import rules_for

    return ruleset_for(rules_for(PARAMETERS, {}))
