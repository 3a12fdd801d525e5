"""What each seat, and a spectator, saw happen in a game of The Phoenix Syndicate.

Each action gives a few events, each a small dict with ``kind``, ``seat`` (who acted or whom it
concerns) and ``text`` in the player's terms: "you" for the seat itself, "seat 2" for the others. An
action's own event says what it paid and gained (resources and credits, by colour), the agents placed,
the contracts claimed, cashed in or kept (a kept contract only to its seat: "seat 2 kept a contract");
then come its consequences: a reshuffle of the discards, the slot dealt again, the last round starting,
the cards turned face up, and at the end every hand cashed in and the final scoring broken down.

Nothing here shows what the audience may not know: an event is built from what changed between the
state before the action and after it, and a contract from a hand, an offer or a Gamble's draw is named
only to its own seat (two states a seat cannot tell apart give it the same events).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import Action
from ...engine.events import Event
from ...engine.events import who as _who
from .actions import (
    Bribe,
    CashIn,
    ClaimContract,
    Collect,
    Connect,
    Exchange,
    Expand,
    Gamble,
    Join,
    Keep,
    Loot,
    LootTo,
    OpenExchange,
    Pay,
    Place,
    Scheme,
    Stop,
)
from .components import COLOURS, CONTRACT, CONTRACTS, IS_PLANET, LETTERS, NUM_COLOURS, TILES
from .parameters import in_words, tables
from .phases import CHOOSE, GAME_OVER, KEEP_START, NO_CARD
from .scoring import final_awards

if TYPE_CHECKING:
    from .state import SyndicateState


def public_notation(action: Action) -> str:
    """An action's notation as the other seats see it: every action but a keep names only what all
    saw, and ``keep 2`` names a place in a random order, so it too tells them nothing."""
    return str(action)


def undo_refusal(before: SyndicateState, action: Action) -> str | None:
    """Why ``action`` (which drew nothing and left its seat to act) cannot be taken back: a Scheme or a
    cash-in turned a contract from the hand face up (or face down on the discards, known to all), so
    every seat has seen it. Anything else may be: a loot's steps, a connection, a guild, a payment, an
    exchange, a keep of a Gamble's contracts."""
    match action:
        case Scheme(contract=contract) | CashIn(contract=contract):
            return f"{action} showed {CONTRACTS[contract].code} from your hand to every seat: it cannot be taken back"
    return None


def _codes(contracts: list[int]) -> str:
    return ", ".join(CONTRACTS[c].code for c in contracts)


def _removed(before: list[int], after: list[int]) -> list[int]:
    """What ``before`` holds that ``after`` does not (as multisets)."""
    rest = list(after)
    gone = []
    for item in before:
        if item in rest:
            rest.remove(item)
        else:
            gone.append(item)
    return gone


def _changes(before: SyndicateState, after: SyndicateState, seat: int) -> tuple[dict[str, int], int, str]:
    """How ``seat``'s resources (by colour letter) and credits changed, and the words for it."""
    delta = {LETTERS[c]: after.res[seat][c] - before.res[seat][c] for c in range(NUM_COLOURS)}
    delta = {letter: n for letter, n in delta.items() if n}
    credits = after.credits[seat] - before.credits[seat]
    words = []
    gained = "".join(letter * n for letter, n in delta.items() if n > 0)
    paid = "".join(letter * -n for letter, n in delta.items() if n < 0)
    if gained:
        words.append(f"gained {gained}")
    if paid:
        words.append(f"paid {paid}")
    if credits:
        words.append(f"+{credits} credit{'s' if credits != 1 else ''}")
    return delta, credits, "; ".join(words)


def _event(kind: str, seat: int, text: str, **fields: Any) -> Event:
    return {"kind": kind, "seat": seat, "text": text, **fields}


def _placed(before: SyndicateState, after: SyndicateState, seat: int) -> list[str]:
    """The tiles where ``seat`` has an agent now and had none before, or one more agent."""
    tiles = []
    for tile in range(len(after.agents)):
        new = after.owned[seat] >> tile & 1 and not before.owned[seat] >> tile & 1
        more = after.stacked[seat].count(tile) > before.stacked[seat].count(tile)
        if new or more:
            tiles.append(TILES[tile].code)
    return tiles


def _cash_text(before: SyndicateState, after: SyndicateState, seat: int, contract: int) -> str:
    code = CONTRACTS[contract].code
    if contract in after.cashed[seat] and contract not in before.cashed[seat]:
        return f"cashed in {code} face up"
    return f"cashed in {code}, with no agent on its planets: discarded"


def action_events(before: SyndicateState, after: SyndicateState, action: Action, audience: int | str) -> list[Event]:
    """What ``audience`` (a seat or ``PUBLIC``) saw when ``action`` took ``before`` to ``after``."""
    seat = before.turn
    who = _who(seat, audience)
    delta, credits, changed = _changes(before, after, seat)
    tail = f" ({changed})" if changed else ""
    gains: dict[str, Any] = {"resources": delta, "credits": credits}
    events: list[Event] = []
    match action:
        case Place(tile=tile):
            events.append(
                _event(
                    "place", seat, f"{who} placed an agent on {TILES[tile].code}{tail}", tile=TILES[tile].code, **gains
                )
            )
        case Keep(index=index) if before.phase == KEEP_START:
            kept = before.offers[seat][index]
            other = [c for c in before.offers[seat] if c != kept]
            if audience == seat:
                text = f"you kept {CONTRACTS[kept].code} and discarded {_codes(other)} face down"
            else:
                text = f"{who} kept a starting contract and discarded the other face down"
            events.append(_event("keep", seat, text))
        case Keep(index=index):
            kept = before.pending[index]
            others = [c for i, c in enumerate(before.pending) if i != index]
            if audience == seat:
                text = f"you kept {CONTRACTS[kept].code}" + (
                    f" and discarded {_codes(others)} face down" if others else ""
                )
            else:
                text = f"{who} kept a contract" + (f" and discarded {len(others)} face down" if others else "")
            events.append(_event("keep", seat, text))
        case Loot(tile=tile):
            events.append(_event("loot", seat, f"{who} chose Loot, from {TILES[tile].code}", tile=TILES[tile].code))
        case LootTo(tile=tile) if not IS_PLANET[tile]:
            events.append(_event("loot", seat, f"{who} looted on through {TILES[tile].code}", tile=TILES[tile].code))
        case LootTo(tile=tile):
            path = ">".join(TILES[t].code for t in [*before.route, tile])
            placed = ", ".join(_placed(before, after, seat))
            text = f"{who} looted {TILES[tile].code} along {path}, placing agents on {placed}{tail}"
            events.append(_event("loot", seat, text, path=path, **gains))
        case Collect(tile=tile):
            events.append(
                _event("collect", seat, f"{who} collected at {TILES[tile].code}{tail}", tile=TILES[tile].code, **gains)
            )
        case Expand(tile=tile):
            text = f"{who} chose Expand and acquired at {TILES[tile].code}{tail}"
            events.append(_event("expand", seat, text, tile=TILES[tile].code, **gains))
        case Connect(origin=origin, tile=tile):
            text = f"{who} connected {TILES[origin].code}>{TILES[tile].code}{tail}"
            events.append(_event("connect", seat, text, tile=TILES[tile].code, **gains))
        case Stop():
            events.append(_event("stop", seat, f"{who} made no more connections"))
        case Gamble(three=True):
            drawn = after.pending
            if audience == seat:
                text = f"you gambled and drew {_codes(drawn)}: keep one"
            else:
                text = f"{who} gambled and drew {len(drawn)} contracts, to keep one"
            events.append(_event("gamble", seat, text))
        case Gamble():
            top = _removed(after.hands[seat], before.hands[seat])
            shown = _codes(after.revealed) or "nothing"
            if audience == seat and top:
                text = f"you gambled: kept {CONTRACTS[top[0]].code} and revealed {shown}{tail}"
            else:
                text = f"{who} gambled: kept {'the top contract' if top else 'nothing'} and revealed {shown}{tail}"
            revealed = [CONTRACTS[c].code for c in after.revealed]
            events.append(_event("gamble", seat, text, revealed=revealed, **gains))
        case Scheme(contract=contract, tile=tile):
            cashed = _cash_text(before, after, seat, contract)
            text = f"{who} schemed: {cashed}, and acquired at {TILES[tile].code}{tail}"
            events.append(_event("scheme", seat, text, contract=CONTRACTS[contract].code, **gains))
        case Join(colour=colour) if colour >= 0:
            events.append(
                _event("join", seat, f"{who} joined the {COLOURS[colour]} guild{tail}", guild=COLOURS[colour], **gains)
            )
        case Join():
            events.append(_event("join", seat, f"{who} joined no guild"))
        case ClaimContract(slot=slot):
            contract = before.slots[slot]
            text = f"{who} took the Contract action: claimed {CONTRACTS[contract].code} from slot {slot + 1}{tail}"
            events.append(_event("contract", seat, text, contract=CONTRACTS[contract].code, **gains))
            dealt = after.slots[slot]
            if dealt != NO_CARD:
                events.append(
                    _event(
                        "deal",
                        seat,
                        f"{CONTRACTS[dealt].code} was dealt to slot {slot + 1}",
                        contract=CONTRACTS[dealt].code,
                    )
                )
            else:
                events.append(_event("deal", seat, f"slot {slot + 1} stays empty: no contract is left to deal"))
        case CashIn(contract=contract):
            limit = after.rules.hand_limit
            left_in_hand = f"{in_words(limit)} contract{'' if limit == 1 else 's'}"
            text = f"{who} {_cash_text(before, after, seat, contract)}, down to {left_in_hand}{tail}"
            events.append(_event("cash", seat, text, contract=CONTRACTS[contract].code, **gains))
        case Bribe(colour=colour, slot=slot):
            text = f"{who} paid a {COLOURS[colour]} resource of the bribe onto slot {slot + 1}"
            events.append(_event("bribe", seat, text, **gains))
        case Pay(colour=colour):
            events.append(_event("bribe", seat, f"{who} paid a {COLOURS[colour]} resource of the bribe", **gains))
        case OpenExchange():
            events.append(_event("exchange", seat, f"{who} opened an exchange"))
        case Exchange(give=give, take=take):
            given = "".join(LETTERS[c] for c in give)
            events.append(_event("exchange", seat, f"{who} turned in {given} for {COLOURS[take]}", **gains))
        case _:  # pragma: no cover - every action is one of the above
            events.append(_event("action", seat, f"{who} played {public_notation(action)}"))
    events.extend(_consequences(before, after, seat, audience))
    return events


def _consequences(before: SyndicateState, after: SyndicateState, seat: int, audience: int | str) -> list[Event]:
    """What followed by itself: the slots dealt, reshuffles, the last round, cards turned up, the end."""
    events: list[Event] = []
    if before.phase == KEEP_START and after.phase == CHOOSE:
        dealt = _codes([c for c in after.slots if c != NO_CARD])
        events.append(_event("deal", seat, f"the contracts {dealt} were turned face up on the slots"))
    if after.reshuffles > before.reshuffles:
        events.append(
            _event("reshuffle", seat, "the contract deck ran out: the discard pile was shuffled into a new deck")
        )
    if after.end_triggered and not before.end_triggered:
        if after.pool == 0:
            why = "the credit pool is empty"
        elif after.reshuffles >= 2:
            why = "the deck was reshuffled a second time"
        else:
            why = "no contract is left to draw"
        last = (after.start_player - 1) % after.num_players
        events.append(_event("last round", seat, f"the last round has begun ({why}): it ends with seat {last}'s turn"))
    if before.card == CONTRACT and after.card != CONTRACT and before.flipped[seat] and not after.flipped[seat]:
        events.append(_event("unflip", seat, f"{_who(seat, audience)} turned every action card face up again"))
    if after.phase == GAME_OVER:
        events.extend(_final(before, after, audience))
        return events
    if after.turn != before.turn or after.turns != before.turns:
        nxt = after.turn
        if after.unflipped_by_rule > before.unflipped_by_rule:
            text = f"{_who(nxt, audience)} could choose no action card: every card was turned face up"
            events.append(_event("unflip", nxt, text))
        if after.phase == CHOOSE:
            whose = "your" if audience == nxt else f"seat {nxt}'s"
            events.append(_event("turn", nxt, f"it is {whose} turn"))
    return events


def _final(before: SyndicateState, after: SyndicateState, audience: int | str) -> list[Event]:
    """The end (SYN-52 to SYN-57): every hand cashed in, then colours, variety and guilds, and the winners."""
    events: list[Event] = []
    for seat in range(after.num_players):
        who = _who(seat, audience)
        hand = before.hands[seat]
        if not hand:
            continue
        up = [c for c in after.cashed[seat] if c not in before.cashed[seat]]
        down = [c for c in hand if c not in up]
        text = f"{who} cashed in {_codes(hand)} at the end"
        if down:
            text += f" ({_codes(down)} with no agent on its planets, discarded)"
        events.append(_event("final cash", seat, text, contracts=[CONTRACTS[c].code for c in hand]))
    awards = final_awards(after.cashed, after.owned, after.guilds, tables(after.rules).scoring)
    for seat, award in enumerate(awards):
        parts = ", ".join(f"{kind} {n}" for kind, n in award.items())
        score = after.scores[seat]
        text = f"{_who(seat, audience)} scored {score} credits: {after.credits[seat]} earned, and at the end {parts}"
        events.append(_event("score", seat, text, credits=after.credits[seat], awards=award, score=score))
    winners = after.winners
    names = " and ".join(_who(s, audience) for s in winners)
    events.append({"kind": "winners", "seat": winners[0], "winners": winners, "text": f"{names} won the game"})
    return events
