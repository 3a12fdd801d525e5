"""What each seat and the spectators saw happen (``SchatzState._events`` and ``_undo_refusal``
delegate here).

Every action of Schatz des Phönix is public but one part of one: the card a ``draw deck`` drew is
seen by the seat that drew it alone ("you drew R5"; the others read "seat 2 drew a card from the
deck"). The rest is seen by all: the cards laid, the face-up card taken and the one turned up in its
place, the discards shuffled into a new deck, and at the end of a round the combos at each nest, the
tokens each seat picked or was given when no choice was left, the start player token passing, the
treasures of the next round and, after the last, the final scoring broken down.

Each event is a small dict: ``kind``, ``text`` in the audience's own terms ("you" for itself) and
the facts the text tells (``seat``, ``card``, ``nest`` numbered 1 to 3, ``token``...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action
from ...engine.events import Event, who
from .actions import DrawFromDeck, PickTreasure, PlayCard, TakeFaceUp
from .components import CARD_TYPES, NESTS, SCORING_ORDER, TOKENS
from .phases import NO_CARD, PICK_PHASE

if TYPE_CHECKING:
    from .state import SchatzState


def _was(seat: int, audience: int | str) -> str:
    return "you were" if seat == audience else f"seat {seat} was"


def _names(seats: list[int], audience: int | str) -> str:
    names = [who(seat, audience) for seat in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _code(card: int) -> str:
    return CARD_TYPES[card].code


def events(before: SchatzState, after: SchatzState, action: Action, audience: int | str) -> list[Event]:
    """What ``audience`` (a seat or ``PUBLIC``) saw when ``action`` took ``before`` to ``after``."""
    seat = before.current_player
    if seat is None:  # pragma: no cover - no action is applied once the game is over
        return []
    found: list[Event] = []
    sides = before.sides
    match action:
        case PlayCard(card=card, nest=nest):
            found.append(
                {
                    "kind": "play",
                    "seat": seat,
                    "card": card.code,
                    "nest": nest + 1,
                    "text": f"{who(seat, audience)} laid {card.code} beside nest {nest + 1}",
                }
            )
            sides = [side.copy() for side in sides]
            sides[nest * before.num_players + seat].append(card.id)
        case DrawFromDeck():
            found.extend(_reshuffled(before))
            drawn = _drawn(before.hands[seat], after.hands[seat])
            if seat == audience:
                found.append({"kind": "draw", "seat": seat, "card": drawn, "text": f"you drew {drawn}"})
            else:
                found.append({"kind": "draw", "seat": seat, "text": f"seat {seat} drew a card from the deck"})
        case TakeFaceUp(card=card):
            found.append(
                {
                    "kind": "take",
                    "seat": seat,
                    "card": card.code,
                    "text": f"{who(seat, audience)} took the face-up {card.code}",
                }
            )
            found.extend(_reshuffled(before))
            found.append(_revealed(after.face_up))
    distributing = before.phase == PICK_PHASE
    ended = after.round != before.round
    if not distributing and (after.phase == PICK_PHASE or ended):
        found.extend(_combos(before, sides, audience))
    if distributing or after.phase == PICK_PHASE or ended:
        found.extend(_tokens(before, after, sides, action, audience))
    if ended:
        found.extend(_round_end(before, after, action, audience))
    return found


def _drawn(hand: list[int], new_hand: list[int]) -> str:
    """The card that joined ``hand`` to make ``new_hand`` (both sorted)."""
    for i, card in enumerate(new_hand):
        if i >= len(hand) or hand[i] != card:
            return _code(card)
    return "nothing"  # pragma: no cover - a draw always adds a card


def _reshuffled(before: SchatzState) -> list[Event]:
    """The discards shuffled into a new deck, if the deck was empty when a card was drawn from it."""
    if before.deck or not before.discards:
        return []
    count = len(before.discards)
    return [{"kind": "reshuffle", "cards": count, "text": f"the {count} discards were shuffled into a new deck"}]


def _revealed(face_up: int) -> Event:
    if face_up == NO_CARD:
        return {"kind": "reveal", "card": None, "text": "no card is left to turn face up"}
    return {"kind": "reveal", "card": _code(face_up), "text": f"{_code(face_up)} was turned face up"}


def _combo(before: SchatzState, sides: list[list[int]], nest: int, seat: int) -> int:
    cards = sides[nest * before.num_players + seat]
    return before._combo[cards[0]][cards[1]] if len(cards) == 2 else 0


def _ranking(before: SchatzState, sides: list[list[int]], nest: int) -> list[int]:
    """As ``SchatzState.ranking``, from ``sides`` (the cards laid once the round's last card is down)."""
    n, start = before.num_players, before.start_player
    return sorted(range(n), key=lambda s: (-_combo(before, sides, nest, s), (s - start) % n))


def _combos(before: SchatzState, sides: list[list[int]], audience: int | str) -> list[Event]:
    """The combos at each nest, in the order the seats pick there, once every card of the round is laid."""
    n = before.num_players
    found = []
    for nest in SCORING_ORDER:
        order = _ranking(before, sides, nest)
        values = [_combo(before, sides, nest, seat) for seat in range(n)]
        parts = [
            f"{who(seat, audience)} {values[seat]} ({' '.join(_code(c) for c in sides[nest * n + seat])})"
            for seat in order
        ]
        found.append(
            {
                "kind": "combos",
                "nest": nest + 1,
                "combos": values,
                "order": order,
                "text": f"combos at nest {nest + 1}: " + ", ".join(parts),
            }
        )
    return found


def _tokens(
    before: SchatzState, after: SchatzState, sides: list[list[int]], action: Action, audience: int | str
) -> list[Event]:
    """Each token handed out during ``action``, nest by nest in scoring order: the one picked, and
    those given when every token left was alike."""
    n = before.num_players
    new = [after.won[seat][len(before.won[seat]) :] for seat in range(n)]
    taken = [0] * n
    picked = isinstance(action, PickTreasure)
    same_round = after.round == before.round
    first = before.scoring if before.phase == PICK_PHASE else 0
    found: list[Event] = []
    for order in range(first, NESTS):
        nest = SCORING_ORDER[order]
        tokens = list(before.nest_tokens[nest])
        if order == first and before.phase == PICK_PHASE:
            queue = list(before.pick_queue)
        else:
            queue = _ranking(before, sides, nest)[: len(tokens)]
        left = len(after.nest_tokens[nest]) if same_round and order == after.scoring else 0
        for _ in range(len(tokens) - left):
            seat = queue.pop(0)
            token = new[seat][taken[seat]]
            taken[seat] += 1
            tokens.remove(token)
            shown = str(TOKENS[token])
            if picked:
                text = f"{who(seat, audience)} picked {shown} from nest {nest + 1}"
                found.append({"kind": "pick", "seat": seat, "token": shown, "nest": nest + 1, "text": text})
                picked = False
            else:
                text = f"{_was(seat, audience)} given {shown} from nest {nest + 1} (no choice was left)"
                found.append({"kind": "given", "seat": seat, "token": shown, "nest": nest + 1, "text": text})
        if same_round and order == after.scoring:
            break
    return found


def _round_end(before: SchatzState, after: SchatzState, action: Action, audience: int | str) -> list[Event]:
    """The start player token passing to whoever took the large 10; then the next round's treasures,
    or the final scoring."""
    holder = after.start_player
    passes = "stays with" if holder == before.start_player else "passes to"
    found: list[Event] = [
        {
            "kind": "start_player",
            "seat": holder,
            "text": f"the start player token {passes} {who(holder, audience)} (who took the large 10)",
        }
    ]
    if after.is_over:
        return found + _final_scoring(after, audience)
    treasures = [[str(TOKENS[t]) for t in tokens] for tokens in after.nest_tokens]
    held = "; ".join(f"nest {nest + 1} holds {', '.join(tokens)}" for nest, tokens in enumerate(treasures))
    found.append(
        {
            "kind": "round",
            "round": after.round + 1,
            "treasures": treasures,
            "text": f"round {after.round + 1} begins: {held}",
        }
    )
    if not isinstance(action, TakeFaceUp) and before.face_up == NO_CARD and after.face_up != NO_CARD:
        found.append(_revealed(after.face_up))  # the face-up place was empty: a card is turned up
    return found


def _final_scoring(after: SchatzState, audience: int | str) -> list[Event]:
    found: list[Event] = []
    for seat, (won, score) in enumerate(zip(after.won, after.scores, strict=True)):
        tokens = [str(TOKENS[t]) for t in won]
        text = f"{who(seat, audience)} scored {score}" + (f": {' + '.join(tokens)}" if tokens else "")
        found.append({"kind": "score", "seat": seat, "score": score, "treasures": tokens, "text": text})
    winners = after.winners
    if len(winners) == 1:
        text = f"{who(winners[0], audience)} won the game with {after.scores[winners[0]]}"
    else:
        text = f"{_names(winners, audience)} share the victory with {after.scores[winners[0]]} each"
    found.append({"kind": "winners", "seats": winners, "text": text})
    return found


def undo_refusal(before: SchatzState, after: SchatzState, action: Action) -> str | None:
    """Why ``action`` cannot be taken back though it drew nothing at random and its seat is still to
    act: a card drawn or taken was seen; a pick after which tokens were handed out without a choice
    settled more than the pick. A card laid before the draw can be taken back."""
    match action:
        case DrawFromDeck() | TakeFaceUp():
            return f"{action}: the card drawn has been seen, so it cannot be taken back"
        case PickTreasure():
            handed = sum(len(w) for w in after.won) - sum(len(w) for w in before.won)
            if handed > 1:
                return f"{action}: tokens were handed out after it without a choice, so it cannot be taken back"
    return None
