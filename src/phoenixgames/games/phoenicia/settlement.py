"""One player's settlement: village tiles, workers, storehouses, treasury, production cards in hand,
the development cards bought and the discounts they grant.

Production and victory points are kept as running totals and can always be recounted from the
settlement (``count_production``, ``count_vp``), as the rulebook suggests checking them.
"""

from __future__ import annotations

from ...engine.fields import Component, Derived
from .components import (
    ACTIVITIES,
    CARD_VALUE,
    CITY_CENTRE,
    GRANARY,
    NUM_ACTIVITIES,
    NUM_CARDS,
    PRESET,
    PUBLIC_WORKS,
    TILE_GIVER,
    TILE_IMPROVER,
)
from .ruleset import Ruleset


class Settlement(Component):
    """A player's settlement. Plain ints and lists, copied field by field."""

    untrained: int  # workers in the upper (untrained) section of the training ground
    trained: int  # workers in the trained section
    workers: list[int]  # workers[activity]: workers employed there
    tools: list[int]  # tools[activity]: neutral tool disks lying there
    owned: list[int]  # owned[card type]: development cards bought
    discount: list[int]  # discount[card type]: the total discount this settlement has on that card
    cubes: list[int]  # cubes[card type]: discount cubes on that card's boxes
    storehouses: int  # storehouses, from the start, the cards bought and the workers employed
    disks: int  # disks in the treasury
    hand: list[int]  # production cards held, sorted codes (see components)
    vp: int  # victory points, a running total (count_vp recounts it)
    production: int  # production, a running total (count_production recounts it)
    bought_vp: int  # victory points bought at the City Centre
    won_auction: bool  # won an auction this round (first-game rule)
    received: int  # wealth received from production, in card values and disks
    spent: int  # wealth paid out (payments net of change, disks turned in for cards)
    lost: int  # wealth lost to the storage and treasury limits
    ruleset: Derived[Ruleset]  # the game's numbers (``ruleset.py``): shared, never saved

    @classmethod
    def starting(cls, ruleset: Ruleset) -> Settlement:
        """The starting village: a hunter, a farmer, an untrained worker, two storehouses, two disks
        (as printed; the game's ruleset says how many)."""
        s = cls()
        s.ruleset = ruleset
        s.untrained, s.trained = ruleset.start_untrained, ruleset.start_trained
        s.workers = [a.start_workers for a in ACTIVITIES]
        s.tools = [0] * NUM_ACTIVITIES
        s.owned = [0] * NUM_CARDS
        s.discount = [0] * NUM_CARDS
        s.cubes = [0] * NUM_CARDS
        s.storehouses = ruleset.start_storehouses
        s.disks = ruleset.start_disks
        s.hand = []
        s.bought_vp = 0
        s.won_auction = False
        s.received = s.spent = s.lost = 0
        s.production = s.count_production()
        s.vp = s.count_vp()
        return s

    # ------------------------------------------------------------------ what the settlement has
    @property
    def wealth(self) -> int:
        """Production cards in hand plus disks in the treasury."""
        return sum(CARD_VALUE[c] for c in self.hand) + self.disks

    def has_tile(self, activity: int) -> bool:
        giver = TILE_GIVER[activity]
        return giver < 0 or self.owned[giver] > 0

    def side(self, activity: int) -> int:
        """0 basic, 1 improved, 2 advanced."""
        improver = TILE_IMPROVER[activity]
        return 0 if improver < 0 else min(self.owned[improver], 2)

    @property
    def treasury_limit(self) -> int:
        ruleset = self.ruleset
        return ruleset.improved_treasury_limit if self.owned[GRANARY] else ruleset.treasury_limit

    @property
    def training_cost(self) -> int:
        ruleset = self.ruleset
        return ruleset.improved_training_cost if self.owned[PUBLIC_WORKS] else ruleset.training_cost

    @property
    def vp_for_sale(self) -> int:
        """Victory points still to be bought at the City Centre (none without one)."""
        return self.ruleset.vp_limit - self.bought_vp if self.owned[CITY_CENTRE] else 0

    def count_production(self) -> int:
        """Production recounted: the activities' running totals plus the development cards."""
        cards = self.ruleset.cards
        total = sum(cards[c].production * n for c, n in enumerate(self.owned) if n)
        for a in ACTIVITIES:
            total += a.tile_production(self.workers[a.id], self.side(a.id))
        return total

    def count_vp(self) -> int:
        """Victory points recounted: activities, development cards and VP bought at the City Centre."""
        cards = self.ruleset.cards
        total = sum(cards[c].vp * n for c, n in enumerate(self.owned) if n)
        total += sum(a.vp * self.workers[a.id] for a in ACTIVITIES)
        return total + self.bought_vp

    def count_storehouses(self) -> int:
        cards = self.ruleset.cards
        total = self.ruleset.start_storehouses + sum(cards[c].storehouses * n for c, n in enumerate(self.owned) if n)
        return total + sum(a.storehouse_per_worker * self.workers[a.id] for a in ACTIVITIES)

    def rescore(self) -> None:
        self.production = self.count_production()
        self.vp = self.count_vp()

    # ------------------------------------------------------------------ paying
    def pay(self, amount: int) -> list[int]:
        """Pay ``amount`` (at most the wealth) with production cards and disks, change in disks.

        The cards kept are those worth the most that the wealth left over allows (fewest cards on a
        tie; preset cards are spent before ordinary fives); the rest of what is left is disks.
        Returns the cards paid out, which leave the hand.
        """
        left = self.wealth - amount
        hand = self.hand
        count4, count6 = hand.count(4), hand.count(6)
        count5 = len(hand) - count4 - count6
        best = (-1, 0, 0, 0, 0)
        for k6 in range(count6 + 1):
            for k5 in range(count5 + 1):
                base = 6 * k6 + 5 * k5
                if base > left:
                    break
                k4 = min(count4, (left - base) // 4)
                kept = base + 4 * k4
                key = (kept, -(k4 + k5 + k6), k6, k5, k4)
                if key > best:
                    best = key
        kept_value, _, k6, k5, k4 = best
        presets = hand.count(PRESET)
        ordinary5 = count5 - presets
        keep_presets = max(0, k5 - ordinary5)
        new_hand = [PRESET] * keep_presets + [4] * k4 + [5] * min(k5, ordinary5) + [6] * k6
        paid = [PRESET] * (presets - keep_presets) + [4] * (count4 - k4) + [5] * (ordinary5 - min(k5, ordinary5))
        paid += [6] * (count6 - k6)
        self.hand = new_hand
        self.disks = left - kept_value
        self.spent += amount
        return paid

    def take_card(self, code: int) -> None:
        hand = self.hand
        i = 0
        while i < len(hand) and hand[i] < code:
            i += 1
        hand.insert(i, code)
