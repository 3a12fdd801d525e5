"""The exchange in its two steps (SYN-34, docs/rules/syndicate.md choice 4): ``exchange`` at a decision of
the seat's own turn opens it, the next decision is which three resources for which one, and then the
seat is back at the decision it was at."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

import phoenixgames as pg
from phoenixgames.games.syndicate import actions as A
from phoenixgames.games.syndicate.exchange import resources_to_keep
from phoenixgames.games.syndicate.phases import BRIBING, CASHING, CHOOSE, CONNECTING, GAMBLE_KEEP, JOINING, TURN_PHASES
from phoenixgames.games.syndicate.render import render_view
from phoenixgames.games.syndicate.rules import choose_actions

from .helpers import arrange, legal, new_state


def exchanges_the_rules_allow(state) -> list[A.Exchange]:
    """Worked out from the rule itself, one exchange at a time: three resources held turned in for a
    colour not among them, leaving the bribe still due payable ("You may not select or perform an action
    that leaves you unable to pay the bribe") and, when choosing a card, some card to choose."""
    p = state.turn
    allowed = []
    for action in A.EXCHANGES:
        after = state.res[p].copy()
        for colour in action.give:
            after[colour] -= 1
        after[action.take] += 1
        if min(after) < 0 or sum(after) < resources_to_keep(state):
            continue
        if state.phase == CHOOSE:
            res = [held.copy() for held in state.res]
            res[p] = after
            made, spent = state.made.copy(), state.spent.copy()  # the books as the exchange keeps them
            made[action.take] += 1
            for colour in action.give:
                spent[colour] += 1
            exchanged = state.arranged(res=res, made=made, spent=spent, exchanging=False)  # made, and back
            if not choose_actions(exchanged, p):
                continue
        allowed.append(action)
    return allowed


def decision(state) -> tuple:
    """Where a seat stands in its turn, resources aside."""
    return (state.turn, state.turns, state.phase, state.card, state.bribe_total, state.bribe_left, len(state.history))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_choice_4_exchange_is_offered_exactly_when_an_exchange_is_legal_and_opens_exactly_those(players):
    """At every decision of three random games: ``exchange`` is offered (last) exactly when the rule
    allows some exchange; once open, the decision is exactly the exchanges it allows; each one made
    turns in its three resources for one and brings the seat back to the decision it opened from."""
    phases_seen = set()
    for seed in range(3):
        state = new_state(players, 100 + seed)
        rng = random.Random(seed)
        while not state.is_over:
            offered = state.legal_actions()
            allowed = exchanges_the_rules_allow(state) if state.phase in TURN_PHASES else []
            if state.exchanging:  # opened by the random choice below
                assert offered == allowed
                state.apply(rng.choice(offered))
                continue
            assert (A.OPEN_EXCHANGE in offered) == bool(allowed)
            assert A.OPEN_EXCHANGE not in offered[:-1] and not any(isinstance(a, A.Exchange) for a in offered)
            if allowed and rng.random() < 0.3:
                where, held = decision(state), state.res[state.turn].copy()
                state.apply("exchange")
                assert state.legal_actions() == allowed and state.exchanging
                made = rng.choice(allowed)
                state.apply(made)
                phases_seen.add(state.phase)
                assert not state.exchanging and decision(state)[:-1] == where[:-1]
                for colour in made.give:
                    held[colour] -= 1
                held[made.take] += 1
                assert state.res[state.turn] == held
                state.check_invariants()
                continue
            state.apply(rng.choice(offered))
    assert {CHOOSE, CONNECTING, BRIBING} <= phases_seen


def test_choice_4_an_exchange_is_opened_and_made_at_every_kind_of_decision():
    """Choosing a card, connecting, keeping a gambled contract, joining, cashing in, paying the bribe:
    an exchange may come at each, and the same decision follows it."""
    seen: set[int] = set()
    for seed in range(40):
        state = new_state(3, seed)
        rng = random.Random(seed)
        while not state.is_over and len(seen) < 6:
            if "exchange" in legal(state, exchanges=True) and state.phase not in seen:
                where = decision(state)
                state.apply("exchange")
                state.apply(rng.choice(state.legal_actions()))
                assert decision(state)[:-1] == where[:-1] and legal(state)
                seen.add(state.phase)
            state.apply(rng.choice(state.legal_actions()))
        if len(seen) == 6:
            break
    assert seen == {CHOOSE, CONNECTING, GAMBLE_KEEP, JOINING, CASHING, BRIBING}


def test_choice_4_the_full_notation_where_only_exchange_is_offered_is_refused_saying_what_to_type():
    state = arrange(new_state(2), agents={0: ["P1"]}, res={0: "RRRYB"})
    before = state.to_json()
    with pytest.raises(pg.IllegalAction, match="an exchange takes two steps: type 'exchange' first, then 'exchange R"):
        state.apply("exchange RRY for purple")
    with pytest.raises(pg.IllegalAction, match="type 'exchange' first, then 'exchange RRY for purple'"):
        state.apply(A.exchange_of((0, 0, 1), 4))
    with pytest.raises(pg.IllegalAction, match=r"you do not hold GGG .*two steps: 'exchange', then which three"):
        state.apply("exchange GGG for purple")
    assert state.to_json() == before
    state.apply("exchange")
    assert state.view(0)["exchange_open"] and state.view(1)["exchange_open"]  # what all may see
    with pytest.raises(pg.IllegalAction, match="you opened an exchange: name it first, the three resources you turn"):
        state.apply("collect P1")
    with pytest.raises(pg.IllegalAction, match="you opened an exchange already: now name it"):
        state.apply("exchange")
    state.apply("exchange RRY for purple")
    assert not state.view(0)["exchange_open"]


def test_choice_4_an_exchange_opened_cannot_be_taken_back():
    """The rulebook's "turn in any three resources for one": ``exchange`` is that decision, and its
    second step only says which; nothing but an exchange is offered, so every game still ends."""
    state = arrange(new_state(2), agents={0: ["P1"]}, res={0: "RRRYB"})
    state.apply("exchange")
    assert state.legal_actions() and all(isinstance(a, A.Exchange) for a in state.legal_actions())
    for typed in ("exchange none", "keep 1", "stop"):
        with pytest.raises(pg.IllegalAction):
            state.apply(typed)


def test_choice_4_the_notation_help_and_the_board_say_how_to_write_an_exchange():
    assert "'exchange' and then" in A.NOTATION_HELP and "'exchange RRY for green'" in A.NOTATION_HELP
    assert A.parse_action("exchange") is A.OPEN_EXCHANGE and str(A.OPEN_EXCHANGE) == "exchange"
    with pytest.raises(pg.IllegalAction, match="'exchange' and then"):
        A.parse_action("swap")
    state = arrange(new_state(2), agents={0: ["P1"]}, res={0: "RRRYB"})
    assert "type 'exchange', then name them" in rendered(state.view(0))
    state.apply("exchange")
    shown = rendered(state.view(0))
    assert "exchange open" in shown and "name the three resources you turn in" in shown
    assert "exchange open" in rendered(state.view(1))  # the other seat sees it too, without the hint
    assert "name the three resources" in rendered(state.view(1))


def rendered(view) -> str:
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(render_view(view))
    return console.export_text()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_choice_4_random_games_end_and_every_exchange_opened_is_made_next(players):
    for seed in range(5):
        state = new_state(players, 200 + seed)
        rng = random.Random(seed)
        while not state.is_over:
            assert len(state.history) < 3000, "a random game that does not end"
            state.apply(rng.choice(state.legal_actions()))
        history = state.history
        for before, after in zip(history, history[1:], strict=False):
            assert isinstance(after, A.Exchange) == isinstance(before, A.OpenExchange)
        assert pg.replay(state.record).to_json() == state.to_json()
