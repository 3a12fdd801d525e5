"""The figures of the rules that a view carries for a board (``view.py``): the end-of-game scoring broken
down, what acquiring gives, what each connection costs, each seat's bribes, the guilds' costs, what
cashing in brings, the reshuffle that starts the last round. They add up to the scores, say what the
rules then do, and are public: every view holds the same."""

import random

import pytest

import phoenixgames as pg
from phoenixgames.games.syndicate.components import COLOURS, CONTRACTS, LETTERS, TILE_BY_CODE
from phoenixgames.games.syndicate.scoring import final_awards

from .helpers import arrange, new_state, pay_bribe

#: The fields this file is about, every one of them public.
FIGURES: tuple[str, ...]
FIGURES = ("scoring", "acquire", "acquire_now", "connect_costs", "bribes", "guild_costs", "cash_in", "scoring_awards")
FIGURES += ("last_reshuffle",)


def games() -> list[tuple[str, list[pg.GameState]]]:
    """Whole random games at every player count, a state every few actions and the last."""
    played = []
    for players in range(2, 6):
        for seed in range(3):
            state = pg.new_game("syndicate", players=players, seed=seed)
            choose = random.Random(seed)
            states = []
            while not state.is_over:
                if len(state.history) % 9 == 0:
                    states.append(state.copy())
                state.apply(choose.choice(state.legal_actions()))
            states.append(state)
            played.append((f"{players}p seed {seed}", states))
    return played


GAMES = games()


def counts(text: str) -> dict[str, int]:
    """``"RRB"`` as resources by letter."""
    return {letter: text.count(letter) for letter in LETTERS}


@pytest.mark.parametrize(("name", "states"), GAMES, ids=[name for name, _ in GAMES])
def test_the_final_scoring_broken_down_adds_up_to_the_scores(name, states):
    end = states[-1]
    assert end.is_over
    awards = final_awards(end.cashed, end.owned, end.guilds)
    views = [end.view(None), end.view(pg.PUBLIC), *(end.view(seat) for seat in range(len(end.scores)))]
    for view in views:
        assert view["scoring"] == views[0]["scoring"], name
        for seat, row in enumerate(view["scoring"]):
            assert row["seat"] == seat
            assert row["total"] == view["scores"][seat], (name, seat)
            assert row["total"] == row["credits"] + row["colours"] + row["variety"] + row["guild_credits"]
            assert row["colours"] == sum(row["colour_awards"].values()) == awards[seat]["colours"]
            assert row["variety"] == awards[seat]["variety"] and row["guild_credits"] == awards[seat]["guilds"]
            assert row["guild_credits"] == sum(row["guilds"].values())
            assert sorted(row["guilds"]) == sorted(view["seats"][seat]["guilds"])
            assert sum(row["contracts"].values()) == len(view["seats"][seat]["cashed"])
            assert row["kinds"] == sum(1 for count in row["contracts"].values() if count)
    best = max((row["total"], row["agents_at_planets"]) for row in views[0]["scoring"])
    assert views[0]["winners"] == [
        row["seat"] for row in views[0]["scoring"] if (row["total"], row["agents_at_planets"]) == best
    ]


@pytest.mark.parametrize(("name", "states"), GAMES[::3], ids=[name for name, _ in GAMES[::3]])
def test_the_figures_are_public_and_say_what_the_rules_then_do(name, states):
    """Every view holds the same figures; a Collect or an Expand gives what ``acquire_now`` said, a Scheme
    the planet's figure alone; a connection costs what ``connect_costs`` said."""
    acquired = connected = 0
    for state in states[:-1]:
        players = len(state.scores)
        public = state.view(pg.PUBLIC)
        for seat in [None, *range(players)]:
            view = state.view(seat)
            assert {key: view[key] for key in FIGURES} == {key: public[key] for key in FIGURES}, name
        seat = state.current_player
        for action in state.legal_actions():
            notation = str(action)
            verb, *words = notation.split()
            if verb in ("collect", "expand", "scheme"):
                after = state.copy()
                after.apply(notation)
                gained = {
                    letter: after.res[seat][i] - state.res[seat][i] for i, letter in enumerate(LETTERS)
                }  # before the bribe is paid
                expected = (
                    public["acquire"][words[-1]]["alone"] if verb == "scheme" else public["acquire_now"][words[-1]]
                )
                assert gained == expected, (name, notation)
                acquired += 1
            elif verb == "connect":
                origin, tile = (TILE_BY_CODE[code.lower()].id for code in words[0].split(">"))
                cost = public["connect_costs"][notation]["cost"]
                assert cost == dict(zip(LETTERS, state.galaxy.link_cost[origin, tile], strict=True)), notation
                connected += 1
        if public["phase"] == "connect":
            legal = {str(a) for a in state.legal_actions() if str(a).startswith("connect ")}
            assert legal <= set(public["connect_costs"]), name
        else:
            assert public["connect_costs"] == {}
    assert acquired > 10 and connected > 10, (acquired, connected)


def test_a_hand_made_position_shows_its_figures():
    """Seat 0 holds two red contracts and a yellow one face up, the red guild and agents on P1, C1,
    Reega and Sabean Core; seat 1 a red and a blue contract face up and an agent on P1 and P4."""
    red = [c.code for c in CONTRACTS if c.code.startswith("P1")]
    yellow = next(c.code for c in CONTRACTS if c.code.startswith("P2"))
    blue = next(c.code for c in CONTRACTS if c.code.startswith("P4"))
    state = arrange(
        new_state(2),
        agents={0: ["P1", "C1", "RE", "SC"], 1: ["P1", "P4"]},
        cashed={0: [red[0], red[1], yellow], 1: [red[2], blue]},
        guilds={0: [COLOURS.index("red")]},
        credits={0: 5, 1: 2},
        credit_on=["C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9"],  # C1's credit taken by seat 0
        flipped={0: ["loot", "gamble"]},
    )
    view = state.view(pg.PUBLIC)
    zero = dict.fromkeys(COLOURS, 0)
    assert view["scoring"] == [
        {
            "seat": 0,
            "credits": 5,
            "contracts": {**zero, "red": 2, "yellow": 1},
            "colour_awards": {**zero, "red": 3, "yellow": 3},  # no second place for yellow: seat 1 has none
            "colours": 6,
            "kinds": 2,
            "variety": 3,  # two colours each: both are first
            "guilds": {"red": 4},  # P1 and C1 red, Reega every colour, Sabean Core red and purple
            "guild_credits": 4,
            "total": 18,
            "agents_at_planets": 4,
        },
        {
            "seat": 1,
            "credits": 2,
            "contracts": {**zero, "red": 1, "blue": 1},
            "colour_awards": {**zero, "red": 1, "blue": 3},
            "colours": 4,
            "kinds": 2,
            "variety": 3,
            "guilds": {},
            "guild_credits": 0,
            "total": 9,
            "agents_at_planets": 2,
        },
    ]
    # seat 0 to act: P1 shared with seat 1 gives one of its moon's yellow, C1 alone two of its blue
    assert view["acquire_now"]["P1"] == counts("RRRRY")
    assert view["acquire_now"]["C1"] == counts("RRRRBB")
    assert view["acquire_now"]["RE"] == counts("RYGBP")
    assert view["acquire"]["P1"] == {"alone": counts("RRRRYY"), "shared": counts("RRRRY")}
    assert view["acquire"]["SC"] == {"alone": counts("RRRPPP"), "shared": counts("RRRPPP")}
    assert set(view["acquire"]) == {cell["tile"] for cell in view["galaxy"] if cell["kind"] != "asteroid"}
    assert view["bribes"][0] == {"loot": 1, "collect": 1, "expand": 3, "gamble": 0, "scheme": 1, "contract": 3}
    assert view["bribes"][1]["contract"] == 5  # one per other face-up card
    assert view["guild_costs"] == {"red": 4, "yellow": 4, "green": 4, "blue": 5, "purple": 4}
    assert view["cash_in"] == [
        {"face_up": False, "credits": 0},
        {"face_up": True, "credits": 0},
        {"face_up": True, "credits": 1},
        {"face_up": True, "credits": 3},
    ]
    assert view["scoring_awards"] == {"colour_first": 3, "colour_second": 1, "variety_first": 3, "variety_second": 1}
    assert view["last_reshuffle"] == 2
    assert view["connect_costs"] == {}
    assert state.view(0)["scoring"] == state.view(1)["scoring"] == state.view(None)["scoring"] == view["scoring"]


def test_a_hand_made_expansion_says_what_each_connection_costs():
    """The galaxy in tile order, unturned: P1 on the top row's first cell, P2 east of it, C1 south-east
    (whose north-west edge is a deep space gap) and P5 south-west. Once seat 0 has connected to P2, where
    seat 1's agent is, seat 1 shares P2: acquiring there gives it one of the moon's green, not two."""
    state = arrange(new_state(2), agents={0: ["P1"], 1: ["P2"]}, res={0: "RRRYYYGGGBBBPPP"})
    state.apply("expand P1")
    view = state.view(pg.PUBLIC)
    assert view["phase"] == "connect"
    assert view["connect_costs"] == {
        "connect P1>P2": {"cost": counts("BP"), "gaps": 0},  # P1's east edge P, P2's west edge B
        "connect P1>C1": {"cost": counts("RYGBPBP"), "gaps": 1},  # P1's BP and C1's gap: one of each
        "connect P1>P5": {"cost": counts("PY"), "gaps": 0},
    }
    state.apply("connect P1>P2")
    assert set(state.view(pg.PUBLIC)["connect_costs"]) >= {"connect P2>P1", "connect P2>P3"}
    state.apply("stop")
    pay_bribe(state)
    assert state.view(pg.PUBLIC)["connect_costs"] == {}
    assert state.current_player == 1
    assert state.view(pg.PUBLIC)["acquire_now"]["P2"] == counts("YYYYG")  # seat 1 shares P2 now: 1 green
