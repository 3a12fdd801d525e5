"""The Phoenix Syndicate's entries in the contract tables."""

from __future__ import annotations

import gc
import itertools
import json
import random
import tracemalloc

import pytest
from rich.console import Console

import phoenixgames as pg
from phoenixgames.games.syndicate import actions as A
from phoenixgames.games.syndicate.components import CONTRACTS, TILES
from phoenixgames.games.syndicate.render import render_view
from tests.games.syndicate.helpers import arrange, new_state, play_random, tile
from tests.support.playthrough import random_points

from . import GameCases, Refusals, Spelling, Tamper, World

FORGED_ACTIONS = [
    A.Place(99),
    A.Place(-7),
    A.Place("C3"),
    A.Place(None),
    A.Place(2.5),
    A.Keep(5),
    A.Keep(-1),
    A.Keep("1"),
    A.Loot(99),
    A.Loot(-1),
    A.Loot(None),
    A.Loot("P1"),
    A.Loot(True),
    A.Loot((0, 5)),  # a whole path, as Loot once took: no longer its field's type
    A.LootTo(27),
    A.LootTo(-3),
    A.LootTo(True),
    A.LootTo("A2"),
    A.LootTo(2.0),
    A.Collect(99),
    A.Collect(-1),
    A.Expand(27),
    A.Expand("P1"),
    A.Gamble("yes"),
    A.Gamble(None),
    A.Scheme(999, 0),
    A.Scheme(0, 99),
    A.Scheme("P1C2O3", 0),
    A.ClaimContract(3),
    A.ClaimContract(-1),
    A.ClaimContract(10**30),
    A.Connect(0, 99),
    A.Connect(0, 0),
    A.Connect(None, 1),
    A.Join(-7),
    A.Join(5),
    A.Join("red"),
    A.CashIn(68),
    A.CashIn(-1),
    A.Bribe(5, 0),
    A.Bribe(0, 3),
    A.Bribe(-1, -1),
    A.Pay(5),
    A.Pay(-2),
    A.Pay(None),
    A.Exchange((0, 0), 1),
    A.Exchange((9, 9, 9), 1),
    A.Exchange((2, 0, 0), 1),
    A.Exchange((0, 0, 1), 7),
    A.Exchange(None, 1),
    A.Exchange([0, 0, 1], 3),
]


def moments():
    """States along a 3-player random game, one in each phase, and the finished game."""
    state = new_state(3, 21)
    rng = random.Random(21)
    seen, found = set(), []
    while not state.is_over:
        if state.phase not in seen:
            seen.add(state.phase)
            found.append(state.copy())
        state.apply(rng.choice(state.legal_actions()))
    return [*found, state]


def with_agent(**arranged):
    return lambda: arrange(new_state(2), agents={0: ["P1"]}, **arranged)


def looting_from(code, steps=(), also=(), **arranged):
    """Seat 0's loot begun from ``code`` (its agent there, and on ``also``), gone on by ``steps`` (the
    galaxy laid in tile order), the path still to finish."""

    def build():
        state = arrange(new_state(2), agents={0: [code, *also]}, **arranged)
        state.apply(f"loot from {code}")
        for step in steps:
            state.apply(f"to {step}")
        return state

    return build


def after_collect():
    state = with_agent()()
    state.apply("collect P1")
    return state


def placed_twice():
    state = new_state(2, 3)
    first = state.current_player
    state.apply("place C4")
    state.apply("place P2")
    assert state.current_player == first
    return state


def far_from_c4(state):
    codes = ("P1", "P3", "P4", "P5", "O6", "RE", "SC")
    return next(code for code in codes if not state.galaxy.adjacent(tile("C4"), tile(code)))


REFUSALS = [
    Refusals(
        "an action for the wrong seat",
        lambda: arrange(new_state(3), agents={0: ["P1"]}),
        [
            ("collect P1", "it is seat 0's turn, not seat 2's", {"player": 2}),
            ("collect P1", "there is no seat 3", {"player": 3, "error": pg.NoSuchSeat}),
        ],
    ),
    Refusals(
        "an unaffordable connection, with its cost",
        # 9 resources: a loot from C3 can be paid (to C4, RY), the deep-space link to C8 (10) cannot
        looting_from("C3", res={0: "RRYYGGBBP"}),
        [("to C8", r"cannot pay for the path C3>C8 \(cost RRYYGGBBPP\)", {})],
    ),
    Refusals(
        "a loot's step that does not go on from where its path has reached",
        looting_from("O4", steps=["A1"], also=["A2"]),
        [
            ("to O4", "your loot's path has passed O4 already", {}),
            ("to A1", "A1 is not next to A1, where your loot's path has reached", {}),
            ("to P1", "P1 is not next to A1, where your loot's path has reached", {}),
            ("to A2", "you have an agent on A2 already: a loot passes only through asteroid fields without yours", {}),
            ("exchange", "no exchange in the middle of a loot's path", {}),
            ("collect P1", "an action card is chosen only at the start of a turn", {}),
        ],
    ),
    *[
        Refusals(
            f"the old whole-path loot ({name})",
            build,
            [
                (
                    "loot C3>A2>O4",
                    r"a loot is written a tile at a time: 'loot from C3' \(where it starts\), then 'to A2', 'to O4'",
                    {"error": pg.MalformedNotation},
                ),
                ("loot P1>P2", "a loot is written a tile at a time", {"error": pg.MalformedNotation}),
            ],
        )
        for name, build in [("choosing a card", with_agent()), ("a path begun", looting_from("P1"))]
    ],
    Refusals(
        "a flipped action",
        with_agent(flipped={0: ["loot", "expand"]}),
        [("loot from P1", "your loot card is face down", {}), ("expand P1", "your expand card is face down", {})],
    ),
    Refusals(
        "actions out of their moment say what is expected now",
        with_agent(),
        [
            ("stop", "there is nothing to stop: now choose a face-up action card", {}),
            ("pay red", "no bribe is due", {}),
            ("cash P1C2O3", "contracts are cashed in by Scheme", {}),
            ("connect P1>P2", "connections are made during Loot and Expand", {}),
            ("to P2", r"a loot's path is chosen after the Loot card \('loot from C3'\)", {}),
            ("join red", "a guild is joined only while scheming", {}),
            ("place P2", "agents are placed freely only before the first turn", {}),
        ],
    ),
    Refusals(
        "actions out of their moment during a bribe",
        after_collect,
        [
            ("collect P1", "an action card is chosen only at the start of a turn", {}),
            ("pay red", "the first resource of the bribe goes onto a contract slot", {}),
        ],
    ),
    Refusals(
        "a claim of an empty slot and a scheme without a contract",
        with_agent(slots=["P1C2O3", None, "P1C2O4"]),
        [
            ("contract slot2", "contract slot 2 is empty", {}),
            ("scheme P1C2O5 P1", "you hold no contract: Scheme begins by cashing one in", {}),
        ],
    ),
    Refusals(
        "a scheme with a contract not held",
        with_agent(hands={0: ["P1C2O3"]}),
        [("scheme P1C2O5 P1", "you hold no contract P1C2O5", {})],
    ),
    *[
        Refusals(f"odd notation ({text[:30]!r})", with_agent(), [(text, r"\w", {})])
        for text in [
            "place ²",
            "place ①",
            "collect p①",
            "contract slot²",
            "contract slot١",  # an Arabic-Indic digit one: not an ASCII digit
            "contract slot" + "9" * 900,
            "keep ²",
            "keep 99999999999999999999",
            "loot " + ">".join(["p1"] * 300),
            "loot " + ">".join(["c3", "a1"] * 20),
            "loot from " + "p1" * 300,
            "loot from p①",
            "to ①",
            "to a" + "1" * 900,
            "exchange ²²² for red",
            "exchange rry for ²",
            "exchange rryy for green",
            "exchange rry green",
            "exchange 3r for green",
            "bribe red slot①",
            "join ﬁ",
            "cash ",
        ]
    ],
]

SPELLINGS = [
    Spelling("case and spacing of a loot", with_agent(), "  LOOT   from p1 ", "loot from P1"),
    Spelling("case and spacing of a loot's step", looting_from("P1"), " TO   p2", "to P2"),
    Spelling("case of a collect", with_agent(), "Collect p1", "collect P1"),
    Spelling("case and spacing of a gamble", with_agent(), "GAMBLE  Three", "gamble three"),
]


def a_placement_away_from_the_first_agent_is_refused():
    state = placed_twice()
    far = far_from_c4(state)
    before = state.to_json()
    with pytest.raises(pg.IllegalAction, match="must go on a planet next to C4"):
        state.apply(f"place {far}")
    assert state.to_json() == before


def the_forged_actions_cover_every_action_class():
    assert {type(a) for a in FORGED_ACTIONS} | {A.Stop, A.OpenExchange} == set(A.ACTION_CLASSES)  # no fields
    assert A.LootTo in {type(a) for a in FORGED_ACTIONS}


def refused_loot_notation_leaves_nothing_behind():
    """Reading loot notation keeps nothing: 6,000 refused texts, each different (old whole paths, starts
    and steps naming no tile), leave under 100 kB (kept, as refused paths once were, they took about 140
    bytes each)."""
    state = arrange(new_state(2), agents={0: ["P1"]}, res={0: ""})
    codes = [t.code for t in TILES]
    triples = list(itertools.islice(itertools.permutations(codes, 3), 2_000))
    texts = [
        *("loot " + ">".join(path) for path in triples),
        *("loot from " + "".join(path) for path in triples),
        *("to " + "".join(path) for path in triples),
    ]
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for text in texts:
            with pytest.raises(pg.IllegalAction):
                state.parse(text)
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept < 100_000


def an_object_equal_to_every_action_is_named_in_the_refusal():
    class Everything(A.Place):
        def __eq__(self, other):
            return True

        __hash__ = A.Place.__hash__

    with pytest.raises(pg.IllegalAction, match="Everything is not an action of The Phoenix Syndicate"):
        with_agent()().apply(Everything(0))


def swap_cells(state):
    """Two cells of the galaxy exchange their tiles (each keeps its turn)."""
    layout = state["galaxy"]["layout"]
    layout[0], layout[1] = layout[1], layout[0]


def turn_a_tile(state):
    rotation = state["galaxy"]["rotation"]
    rotation[0] = (rotation[0] + 1) % 6


#: The galaxy is saved as {"layout": a tile per cell, "rotation": a turn per cell}.
TAMPERED = [
    Tamper("two tiles of the galaxy swapped", swap_cells, "altered"),
    Tamper("a tile of the galaxy turned", turn_a_tile, "altered"),
    *[
        Tamper(name, change, "damaged", perspective=True)
        for name, change in [
            ("the galaxy as a bare list", lambda s: s.__setitem__("galaxy", s["galaxy"]["layout"])),
            ("a galaxy without its rotations", lambda s: s["galaxy"].pop("rotation")),
            ("a galaxy with a field too many", lambda s: s["galaxy"].__setitem__("seed", 1)),
            ("a galaxy a cell short", lambda s: s["galaxy"]["layout"].pop()),
            ("a tile laid twice", lambda s: s["galaxy"]["layout"].__setitem__(0, s["galaxy"]["layout"][1])),
            ("a tile laid that does not exist", lambda s: s["galaxy"]["layout"].__setitem__(0, 27)),
            ("a rotation out of range", lambda s: s["galaxy"]["rotation"].__setitem__(0, 6)),
            ("a rotation that is a flag", lambda s: s["galaxy"]["rotation"].__setitem__(0, True)),
            ("no loot path", lambda s: s.pop("route")),
            ("a loot path through one tile twice", lambda s: s.__setitem__("route", [0, 0])),
            ("a loot path that is text", lambda s: s.__setitem__("route", "P1")),
            ("no revealed contracts", lambda s: s.pop("revealed")),
            ("a revealed contract out of range", lambda s: s.__setitem__("revealed", [999, 998])),
        ]
    ],
]


# ---------------------------------------------------------------------------- two worlds (internals)
def swap_hidden(state, seat, rng):
    """A copy where a contract of ``seat``'s hand (one no one saw it claim) changed places with a deck
    contract: a world the other seats cannot tell from ``state``. Made with ``state.arranged`` (hands,
    the deck, the offers), so its invariants are checked."""
    hidden = [c for c in state.hands[seat] if c not in state.known[seat]]
    if not hidden or not state.deck:
        return None
    mine, theirs = rng.choice(hidden), rng.choice(state.deck)
    hands, deck, offers = [h.copy() for h in state.hands], state.deck.copy(), [o.copy() for o in state.offers]
    hands[seat].remove(mine)
    hands[seat].append(theirs)
    hands[seat].sort()
    deck[deck.index(theirs)] = mine
    if offers[seat]:
        offers[seat][offers[seat].index(mine)] = theirs
    return state.arranged(hands=hands, deck=deck, offers=offers)


def worlds(state, rng):
    for seat in range(state.num_players):
        world = swap_hidden(state, seat, rng)
        if world is not None:
            yield World(world, frozenset({seat, None}))


# ---------------------------------------------------------------------------- checks of the Syndicate's own
def refusals_and_renderings_never_name_another_seats_hidden_contract():
    for state in random_points("syndicate", 3, 95, 30):
        seat = state.current_player
        view = state.view(seat)
        others = set()
        for other in set(range(3)) - {seat}:
            others |= {
                c
                for c in map(str, (CONTRACTS[i] for i in state.hands[other]))
                if c not in view["seats"][other]["known_in_hand"]
            }
        others -= set(view["hand"]) | set(view.get("drawn", [])) | set(view["discards_seen"])
        for code in sorted(others):
            for text in (f"scheme {code} {code[:2]}", f"cash {code}"):
                if text in view.get("legal_actions", []):
                    continue
                with pytest.raises(pg.IllegalAction) as refused:
                    state.apply(text)
                assert code not in str(refused.value) or code in text
        console = Console(width=80, record=True)
        console.print(render_view(view))
        assert not others & set(console.export_text().split())
        assert not any(code in repr(state) for code in others)


def hidden_in_other_hands(state, seat=0):
    """How many contracts in the other seats' hands ``seat`` did not see them take (internals)."""
    return sum(len(set(state.hands[o]) - set(state.known[o])) for o in range(state.num_players) if o != seat)


def a_perspective_copy_redeals_the_other_hands_and_the_deck():
    """Played on until another seat holds a contract seat 0 did not see it take (a loot's steps make the
    history longer, so a fixed number of actions may find only contracts all saw claimed)."""
    state = play_random(
        new_state(3, 96),
        random.Random(96),
        until=lambda s: len(s.history) >= 60 and hidden_in_other_hands(s) > 0,
    )
    assert not state.is_over
    hands, decks = set(), set()
    for _ in range(30):
        twin = state.copy(perspective=0)
        assert twin.hands[0] == state.hands[0]
        for other in (1, 2):
            assert set(state.known[other]) <= set(twin.hands[other])
            assert len(twin.hands[other]) == len(state.hands[other])
        hands.add(tuple(tuple(h) for h in twin.hands[1:]))
        decks.add(tuple(sorted(twin.deck)))
    assert len(decks) > 20
    assert len(hands) > 10


def a_perspective_copy_keeps_contracts_all_saw_claimed():
    state = new_state(2, 97)
    play_random(state, random.Random(97), until=lambda s: any(s.known[1]))
    for _ in range(10):
        assert set(state.known[1]) <= set(state.copy(perspective=0).hands[1])


def the_referee_view_alone_shows_every_hand_and_the_deck():
    state = play_random(new_state(3, 100), random.Random(100), until=lambda s: len(s.history) >= 30)
    referee = state.view(None)
    assert len(referee["hands"]) == 3 and len(referee["deck"]) == referee["deck_size"]
    for seat in range(3):
        view = state.view(seat)
        assert "hands" not in view and "deck" not in view and "discards" not in view
        assert view["hand"] == referee["hands"][seat]


def the_record_of_a_perspective_copy_names_no_hidden_contract_of_another_seat():
    """Keeps are written by place (keep 1, keep 2), so the history a bot is handed tells it nothing."""
    state = play_random(new_state(3, 101), random.Random(101), until=lambda s: len(s.history) >= 150)
    for seat in range(3):
        record = json.dumps(state.copy(perspective=seat).record)
        for other in set(range(3)) - {seat}:
            hidden = set(state.hands[other]) - set(state.known[other])
            assert not any(CONTRACTS[c].code in record for c in hidden)


CASES = GameCases(
    game="syndicate",
    variant={},
    bad_options=[],
    malformed=[
        ("loot", "cannot read 'loot'"),
        ("place Z9", "'z9' is not a tile"),
        ("keep P1C1O1", "keep names the contract by its place among those drawn"),
        ("keep 4", "keep names the contract by its place"),
        ("cash P1C1O1", "'p1c1o1' is not a contract"),
        ("loot P1", "cannot read 'loot p1'"),
        ("loot P1>P1", "a loot is written a tile at a time"),
        ("loot C3>A2>O4", r"a loot is written a tile at a time: 'loot from C3' \(where it starts\)"),
        ("loot from", "cannot read 'loot from'"),
        ("loot from Z9", "'z9' is not a tile"),
        ("loot from P1 P2", "cannot read 'loot from p1 p2'"),
        ("to Z9", "'z9' is not a tile"),
        ("to", "cannot read 'to'"),
        ("connect P1>P1", "two different tiles"),
        ("scheme P1C2O3 P2", "P2 is not one of the planets of contract P1C2O3"),
        ("contract slot4", "there is no slot 4"),
        ("contract 2", "is not a contract slot"),
        ("bribe pink slot1", "'pink' is not a resource colour"),
        ("join orange", "'orange' is not a resource colour"),
    ],
    odd_notation=[],
    moments=moments,
    forged=[(action, r"is not a possible action: ") for action in FORGED_ACTIONS],
    refusals=REFUSALS,
    spellings=SPELLINGS,
    tampered=TAMPERED,
    copies_every=10,
    worlds=worlds,
    checks=[
        a_placement_away_from_the_first_agent_is_refused,
        the_forged_actions_cover_every_action_class,
        refused_loot_notation_leaves_nothing_behind,
        an_object_equal_to_every_action_is_named_in_the_refusal,
        refusals_and_renderings_never_name_another_seats_hidden_contract,
        a_perspective_copy_redeals_the_other_hands_and_the_deck,
        a_perspective_copy_keeps_contracts_all_saw_claimed,
        the_referee_view_alone_shows_every_hand_and_the_deck,
        the_record_of_a_perspective_copy_names_no_hidden_contract_of_another_seat,
    ],
)
