"""Combo values: what the two cards one player laid beside one nest are worth (rulebook: Combo Values).

Wild cards take part in the rulebook's own example ("a wild 2 and a 2 ... 22"), which only works if a
wild card matches every colour. The default ``wild_colour="any"`` follows that through everywhere; the
option ``wild_colour="none"`` lets a wild card match no colour except in that one two-digit rule.
See docs/rules/schatz.md, open question 1 and 2.
"""

from __future__ import annotations

from .components import CARD_TYPES, EquipmentCard

WILD_COLOUR_CHOICES = ("any", "none")


def same_colour(a: EquipmentCard, b: EquipmentCard, wild_colour: str = "any") -> bool:
    if wild_colour == "any" and (a.is_wild or b.is_wild):
        return True
    return not (a.is_wild or b.is_wild) and a.colour == b.colour


def combo_value(a: EquipmentCard, b: EquipmentCard, wild_colour: str = "any") -> int:
    """The value of the combo ``a`` + ``b``, in the order the rulebook lists the cases."""
    if a.is_double and b.is_double:
        return 0  # No equipment: 2x & 2x is zero
    if a.is_double or b.is_double:
        card, double = (b, a) if a.is_double else (a, b)
        if same_colour(card, double, wild_colour):
            return 2 * card.value  # One match: 2x & same colour doubles the value
        return card.value  # No match: 2x & different colour, only the value counts
    colour_match = same_colour(a, b, wild_colour)
    number_match = a.value == b.value
    if number_match and (colour_match or a.is_wild or b.is_wild):
        return 11 * a.value  # Two matches: a two-digit value (33, 22)
    if colour_match or number_match:
        return a.value + b.value  # One match: add the values together
    return max(a.value, b.value)  # No matches: only the higher value counts


def combo_table(wild_colour: str = "any") -> tuple[tuple[int, ...], ...]:
    """``table[a][b]``: the combo value of card types ``a`` and ``b``, for fast lookup."""
    return tuple(tuple(combo_value(a, b, wild_colour) for b in CARD_TYPES) for a in CARD_TYPES)


COMBO_TABLES = {choice: combo_table(choice) for choice in WILD_COLOUR_CHOICES}
