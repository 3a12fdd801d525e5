"""What the view says the rules make of the table, so that a reader (the browser board) need not know
them: ``breakdown`` (each plumage's score slot by slot and pair by pair), ``gains`` (what each legal
action would add now), ``score_values``, ``token_rules`` and ``decided_by_tie_breaker``. Checked against
the scores and against what playing the actions does, over many random games, and on hand-made
positions."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

import phoenixgames as pg
from phoenixgames.games.phoenix.components import COLOUR_NAMES

from .helpers import arrange, new_state, play_random, with_plumages

RED, BLUE = COLOUR_NAMES.index("red"), COLOUR_NAMES.index("blue")
PHASES = ("colours", "symbols", "mirrors")
#: The new parts of the view: the same in every view of a moment, a spectator's included.
SHARED = ("breakdown", "score_values", "token_rules", "gains", "decided_by_tie_breaker")
GAMES = [
    (players, seed, options)
    for players in (2, 3, 4)
    for seed in (1, 2, 3)
    for options in ({}, {"token_elsewhere": "unchanged"})
]


def played(players, seed, options):
    """Every state of a random game, from the set-up to the end."""
    state = new_state(players, seed=seed, **options)
    rng = random.Random(seed)
    states = [state.copy()]
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        states.append(state.copy())
    return states


def check_adds_up(view):
    """Each seat's breakdown adds up to its score, phase by phase, and agrees with its plumage."""
    for phoenix, breakdown in zip(view["phoenixes"], view["breakdown"], strict=True):
        assert breakdown["seat"] == phoenix["seat"]
        slots, mirrors, score = breakdown["slots"], breakdown["mirrors"], phoenix["score"]
        assert [s["slot"] for s in slots] == list(range(1, len(phoenix["lower"]) + 1))
        assert sum(s["colours"] for s in slots) == score["colours"]
        assert sum(s["symbols"] for s in slots) == score["symbols"]
        assert sum(p["points"] for p in mirrors) == score["mirrors"]
        assert sum(s["own_colour"] for s in slots) == score["own_colour_feathers"]
        assert sum(s["colours"] + s["symbols"] for s in slots) + score["mirrors"] == score["total"]
        for s, lower, upper in zip(slots, phoenix["lower"], phoenix["upper"], strict=True):
            assert (s["feather"] is not None) == (upper is not None)
            assert s["free"] == ("lower" if lower is None else "upper" if upper is None else None)
            assert s["colours"] == (view["score_values"]["feathers"][s["feather"]] if s["feather"] else 0)
            assert not s["own_colour"] or s["feather"] == "own"
        assert [p["slots"] for p in mirrors] == view["mirror_pairs"]
        for pair in mirrors:
            a, b = pair["slots"]
            complete = phoenix["upper"][a - 1] is not None and phoenix["upper"][b - 1] is not None
            assert (pair["status"] != "open") == complete
            assert pair["points"] == (view["score_values"]["mirror"] if pair["status"] == "mirror" else 0)


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_the_breakdown_adds_up_to_the_scores_in_every_view_of_random_games(players, seed, options):
    for state in played(players, seed, options):
        public = state.view(pg.PUBLIC)
        check_adds_up(public)
        for viewer in [None, *range(players)]:
            view = state.view(viewer)
            assert {key: view[key] for key in SHARED} == {key: public[key] for key in SHARED}
        # The free places are those the legal actions fill: lower halves into empty slots, upper halves
        # onto lone lower ones.
        if not state.is_over:
            seat = state.current_player
            free = {(s["free"], s["slot"]) for s in public["breakdown"][seat]["slots"] if s["free"]}
            offered = {(a.split()[1], int(a.split()[-1][4:])) for a in state.view(seat)["legal_actions"]}
            assert offered == free


@pytest.mark.parametrize(("players", "seed", "options"), GAMES[::3])
def test_the_gains_are_what_each_legal_action_adds(players, seed, options):
    """For every legal action at every fifth turn: playing it adds what ``gains`` says, phase by phase,
    and completes the kind of feather it says; the game over, there is none."""
    states = played(players, seed, options)
    for state in states[:-1:5]:
        seat = state.current_player
        view = state.view(seat)
        assert list(view["gains"]) == view["legal_actions"]
        before = view["phoenixes"][seat]["score"]
        for action, gain in view["gains"].items():
            after_state = state.copy()
            after_state.apply(action)
            after = after_state.view(pg.PUBLIC)
            score = after["phoenixes"][seat]["score"]
            assert {k: gain[k] for k in PHASES} == {k: score[k] - before[k] for k in PHASES}, action
            assert gain["total"] == score["total"] - before["total"]
            slot = int(action.split()[-1][4:])
            feather = after["breakdown"][seat]["slots"][slot - 1]["feather"]
            assert gain["feather"] == (feather if " upper " in action else None), action
    end = states[-1]
    assert end.is_over and end.view(pg.PUBLIC)["gains"] == {} and end.view(None)["gains"] == {}


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_the_token_rules_say_what_a_laid_token_turns_to(players, seed, options):
    states = played(players, seed, options)
    rules = states[0].view(pg.PUBLIC)["token_rules"]
    in_play = states[0].view(pg.PUBLIC)["tokens"]
    assert len(rules["white"]) == len(rules["black"]) == len(in_play) == (3 if players == 3 else 4)
    assert rules["laid_on_own_nest"] == "black"
    assert rules["laid_elsewhere"] == (None if options else "white")
    for before, after in pairwise(states):
        seen = before.view(pg.PUBLIC)
        laid = seen["turn_order"][0]
        token = next(t for t in seen["tokens"] if t["showing"] == laid["token"] and t["holder"] == laid["seat"])
        action = after.history[-1]
        nest = next(n for n in seen["nests"] if n["nest"] == str(action).split()[3])
        side = next(t["side"] for t in after.view(pg.PUBLIC)["tokens"] if t["token"] == token["token"])
        if nest["owner"] == laid["seat"]:
            assert side == rules["laid_on_own_nest"]
        else:
            assert side == (rules["laid_elsewhere"] or token["side"])
        for t in after.view(pg.PUBLIC)["tokens"]:
            assert t["showing"] == rules[t["side"]][rules["white"].index(t["token"])]


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_decided_by_tie_breaker_is_what_the_game_over_event_says(players, seed, options):
    for state in played(players, seed, options):
        decided = state.view(pg.PUBLIC)["decided_by_tie_breaker"]
        if not state.is_over:
            assert decided is False
            continue
        over = state.events(pg.PUBLIC)[-1]
        assert over["kind"] == "game_over" and decided is over["tie_breaker"]


def finished(plumages, phoenix):
    """A two-player game played out, then arranged with these phoenix colours and plumages."""
    state = new_state(2, seed=3)
    play_random(state, random.Random(0))
    return with_plumages(state.arranged(phoenix=phoenix), plumages)


def test_a_hand_made_plumage_is_broken_down_slot_by_slot_and_pair_by_pair():
    plumage = {1: "Rf/R", 8: "R/Rm", 2: "*/*", 7: "Y/K", 3: "Kd/K", 6: "K/Kd", 4: "B/*", 5: "*/B"}
    view = finished({0: plumage}, [RED, BLUE]).view(1)
    slots = [
        (s["slot"], s["feather"], s["colours"], s["symbols"], s["own_colour"]) for s in view["breakdown"][0]["slots"]
    ]
    assert slots == [
        (1, "own", 4, 3, True),  # red with a red flame, on the red phoenix
        (2, "rainbow", 12, 0, False),  # a full rainbow feather does not count for the tie-breaker
        (3, "other", 2, 1, False),
        (4, "other", 2, 0, False),  # blue with rainbow counts as blue
        (5, "other", 2, 0, False),
        (6, "other", 2, 1, False),
        (7, "mixed", 0, 0, False),
        (8, "own", 4, 2, True),
    ]
    assert all(s["free"] is None for s in view["breakdown"][0]["slots"])
    mirrors = [(p["slots"], p["status"], p["points"]) for p in view["breakdown"][0]["mirrors"]]
    assert mirrors == [
        ([1, 8], "mirror", 5),  # red/red facing red/red: symbols may differ
        ([2, 7], "unlike", 0),
        ([3, 6], "mirror", 5),
        ([4, 5], "unlike", 0),  # blue/rainbow facing rainbow/blue: rainbow must face rainbow
    ]
    assert view["phoenixes"][0]["score"] == {
        "colours": 28,
        "symbols": 7,
        "mirrors": 10,
        "total": 45,
        "own_colour_feathers": 2,
    }
    assert view["score_values"] == {
        "feathers": {"own": 4, "other": 2, "rainbow": 12, "mixed": 0},
        "symbols": {"flame": 3, "moon": 2, "diamond": 1},
        "mirror": 5,
    }


def test_a_tie_on_points_is_said_to_be_broken_only_when_the_tie_breaker_chose():
    red = {1: "R/R", 2: "K/K", 3: "Ym/Km", 4: "Yd/K", 5: "Rm/Bm", 6: "K/Bm", 7: "R/Y", 8: "Rd/Bd"}
    blue = {1: "B/B", 2: "Y/Y", 3: "Bd/Y", 4: "Bm/Ym", 5: "Rd/Kd", 6: "Yd/Rm", 7: "Yd/Kd", 8: "B/Yd"}
    drawn = finished({0: red, 1: blue}, [RED, BLUE]).view(pg.PUBLIC)
    assert drawn["scores"] == [19, 19] and drawn["winners"] == [0, 1]
    assert drawn["decided_by_tie_breaker"] is False  # still tied: a shared victory
    red = {1: "R/R", 2: "K/K", 3: "Y/Y", 4: "K/K", 5: "Yd/Rd", 6: "R/Y", 7: "Ym/Bm", 8: "Ym/Km"}
    blue = {1: "B/B", 2: "Y/Y", 3: "B/*", 4: "K/R", 5: "Bm/Kd", 6: "Bd/Ym", 7: "Rm/Yd", 8: "Yd/K"}
    broken = finished({0: red, 1: blue}, [RED, BLUE]).view(pg.PUBLIC)
    assert broken["scores"] == [20, 20] and broken["winners"] == [1]
    assert broken["decided_by_tie_breaker"] is True


def test_the_gain_of_a_half_that_completes_a_mirrored_pair():
    """The seat to act lays yellow halves into slots 1 and 8 (the nest it takes from arranged to hold
    them); the others play at random. Then an upper yellow half for slot 8 completes a feather and the
    pair 1-8: the view says so before it is played."""
    state = new_state(2, seed=3)
    seat = state.current_player
    rng = random.Random(4)
    plan = [("lower", 1), ("upper", 1), ("lower", 8)]
    while plan or state.current_player != seat:
        if state.current_player != seat:
            state.apply(rng.choice(state.legal_actions()))
            continue
        position, slot = plan.pop(0)
        nest = next(n["nest"] for n in state.view(seat)["nests"] if n["token"] is None)
        number = 0 if nest == "centre" else int(nest[4:])
        halves = ["l:Y", "l:R", "u:R", "u:B"] if position == "lower" else ["l:R", "l:B", "u:Y", "u:R"]
        state = arrange(state, {number: halves})
        state.apply(f"take {position} Y {nest} slot{slot}")
    nest = next(n["nest"] for n in state.view(seat)["nests"] if n["token"] is None)
    number = 0 if nest == "centre" else int(nest[4:])
    state = arrange(state, {number: ["l:R", "l:B", "u:Y", "u:Rf"]})
    view = state.view(seat)
    yellow = state.phoenix[seat] == COLOUR_NAMES.index("yellow")
    assert view["gains"][f"take upper Y {nest} slot8"] == {
        "colours": 4 if yellow else 2,
        "symbols": 0,
        "mirrors": 5,
        "total": (4 if yellow else 2) + 5,
        "feather": "own" if yellow else "other",
    }
    # A red flame on yellow: a two-colour feather (0), its flame (3), and no mirror.
    assert view["gains"][f"take upper Rf {nest} slot8"] == {
        "colours": 0,
        "symbols": 3,
        "mirrors": 0,
        "total": 3,
        "feather": "mixed",
    }
    assert view["gains"][f"take lower R {nest} slot2"] == {
        "colours": 0,
        "symbols": 0,
        "mirrors": 0,
        "total": 0,
        "feather": None,
    }
    slots = view["breakdown"][seat]["slots"]
    assert [slots[0]["free"], slots[7]["free"], slots[1]["free"]] == [None, "upper", "lower"]
