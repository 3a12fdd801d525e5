"""What a move of Schatz des Phönix does for the seat making it, in words, from the seat's views before
and after it (``phoenixgames.agents.advice`` asks here): the combo a card makes or may make beside its
nest and how it stands against the others there, the pair a hand keeps, what a drawn card pairs with,
the treasure a pick takes.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from .combos import combo_value
from .components import CARD_BY_CODE, EquipmentCard

COLOUR_WORDS = {"R": "red", "B": "blue", "Y": "yellow", "G": "green", "P": "purple"}


def card_words(code: str) -> str:
    """``R5`` -> "red 5", ``W3`` -> "wild 3", ``Gx2`` -> "green x2"."""
    if code.startswith("W"):
        return f"wild {code[1:]}"
    return f"{COLOUR_WORDS.get(code[0], code[0])} {code[1:]}"


def _card(code: str) -> EquipmentCard | None:
    return CARD_BY_CODE.get(code.lower())


def _value(a: str, b: str, options: dict[str, Any]) -> int:
    first, second = _card(a), _card(b)
    if first is None or second is None:
        return 0
    return combo_value(first, second, str(options.get("wild_colour", "any")))


def _nest(view: dict[str, Any], number: int) -> dict[str, Any] | None:
    return next((nest for nest in view.get("nests", []) if nest.get("nest") == number), None)


def _treasures(nest: dict[str, Any]) -> str:
    tokens = [str(t).replace("L10", "the large 10") for t in nest.get("treasures", [])]
    if not tokens:
        return "no treasure left"
    return "treasures " + (f"{', '.join(tokens[:-1])} and {tokens[-1]}" if len(tokens) > 1 else tokens[0])


def _pairs(hand: list[str]) -> list[str]:
    """The pairs of one colour a hand holds, in words ("your red pair (red 4, red 6)")."""
    said = []
    by_colour: dict[str, list[str]] = {}
    for code in hand:
        if code[0] in COLOUR_WORDS and "x" not in code:
            by_colour.setdefault(code[0], []).append(code)
    for letter, cards in by_colour.items():
        if len(cards) >= 2:
            said.append(f"your {COLOUR_WORDS[letter]} pair ({', '.join(card_words(c) for c in cards[:2])})")
    return said


def _best_with(card: str, hand: list[str], options: dict[str, Any]) -> tuple[int, str] | None:
    """The best combo ``card`` makes with one card of ``hand``, and that card."""
    best = None
    for other in hand:
        value = _value(card, other, options)
        if best is None or value > best[0]:
            best = (value, other)
    return best


def _best_pair(hand: list[str], options: dict[str, Any]) -> tuple[int, str, str] | None:
    best = None
    for a, b in combinations(hand, 2):
        value = _value(a, b, options)
        if best is None or value > best[0]:
            best = (value, a, b)
    return best


def explain(
    before: dict[str, Any], after: dict[str, Any], action: str, seat: int, options: dict[str, Any] | None = None
) -> list[str]:
    options = options or {}
    words = action.split()
    hand = list(after.get("hand") or [])
    if words[0] == "play" and len(words) == 3:
        return _play(after, words[1], int(words[2].removeprefix("nest")), seat, hand, options)
    if words[0] == "take" and len(words) == 2:
        best = _best_with(words[1], list(before.get("hand") or []), options)
        said = [f"takes the face-up {card_words(words[1])} rather than an unseen card"]
        if best is not None and best[0]:
            said.append(f"with your {card_words(best[1])} it makes a combo worth {best[0]}")
        return said
    if action == "draw deck":
        face_up = before.get("face_up")
        said = ["draws the top card of the deck, unseen"]
        if face_up:
            best = _best_with(face_up, list(before.get("hand") or []), options)
            worth = f" (a combo of {best[0]} at best with your hand)" if best is not None else ""
            said.append(f"the face-up {card_words(face_up)} is not worth taking{worth}")
        return said
    if words[0] == "pick" and len(words) == 2:
        picking = before.get("picking") or {}
        nest = picking.get("nest")
        token = words[1]
        value = "10" if token == "L10" else token
        large = " (and with it the start player token)" if token == "L10" else ""
        where = f" of nest {nest}" if nest else ""
        return [f"takes the {value}-point treasure{where}{large}"]
    return []


def _play(
    after: dict[str, Any], code: str, number: int, seat: int, hand: list[str], options: dict[str, Any]
) -> list[str]:
    nest = _nest(after, number)
    if nest is None:
        return []
    big = " (the big nest)" if nest.get("big") else ""
    sides = nest.get("sides", [])
    mine = sides[seat] if seat < len(sides) else []
    said = []
    if len(mine) == 2:
        value = _value(mine[0], mine[1], options)
        others = [(v, s) for s, v in enumerate(nest.get("combos", [])) if s != seat and v is not None]
        best = max(others, default=None)
        where = f"a combo worth {value} beside nest {number}{big}"
        if best is None:
            said.append(f"completes {where}, the first there: it picks first among {_treasures(nest)} if it holds")
        elif value > best[0]:
            said.append(f"completes {where}, the best there so far (seat {best[1]} has {best[0]})")
        elif value == best[0]:
            said.append(f"completes {where}, level with seat {best[1]}'s")
        else:
            said.append(f"completes {where}, behind seat {best[1]}'s {best[0]}: a later pick among {_treasures(nest)}")
    else:
        partner = _best_with(code, hand, options)
        said.append(f"starts your side of nest {number}{big}, which holds {_treasures(nest)}")
        if partner is not None and partner[0]:
            said.append(f"your {card_words(partner[1])} would make it a combo worth {partner[0]}")
    pairs = _pairs(hand)
    if pairs:
        said.append(f"it keeps {' and '.join(pairs)} in hand")
    else:
        best_pair = _best_pair(hand, options)
        if best_pair is not None and best_pair[0] >= 10:
            said.append(
                f"it keeps {card_words(best_pair[1])} and {card_words(best_pair[2])} (worth {best_pair[0]}) in hand"
            )
    return said
