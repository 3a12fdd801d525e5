"""What a move does for the seat making it, and what it expects, in words: the "why" of a hint and of a
learning game's advice.

The words are made from two views of the seat alone, before the move and after it, never from the
state: :func:`explain` applies the move to the seat's own perspective copy (so that even a card the move
draws is one of a re-dealt world, not the real one) and hands both views to the game's explainer,
``phoenixgames.games.<game>.advice.explain(before, after, action, seat, options=...)``, which returns short phrases
("makes a combo of 12 beside nest 2, the best there"); where the seat's score changed, where it then
stands is added. A game without an explainer, or a move its explainer has nothing to say about, is told
by what the view counts: the seat's score before and after.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

from ..engine import Action, GameSpec, GameState

log = logging.getLogger("phoenixgames.advice")

#: A game's explainer: ``(before, after, action, seat, options=...) -> phrases``, each a clause without a
#: full stop (``options``: the game's options, which every seat knows).
Explainer = Callable[..., list[str]]

_EXPLAINERS: dict[str, Explainer | None] = {}


def explainer_of(spec: GameSpec[Any]) -> Explainer | None:
    """The ``explain`` function of the game's ``advice`` module, if it has one."""
    if spec.name not in _EXPLAINERS:
        package = spec.state_class.__module__.rpartition(".")[0]
        try:
            module = import_module(f"{package}.advice")
        except ImportError:
            module = None
        _EXPLAINERS[spec.name] = getattr(module, "explain", None) if module is not None else None
    return _EXPLAINERS[spec.name]


def sentence(phrases: list[str]) -> str:
    """Phrases as sentences: each begun with a capital, ended with a full stop."""
    said = []
    for phrase in phrases:
        phrase = phrase.strip().rstrip(".")
        if phrase:
            said.append(phrase[0].upper() + phrase[1:] + ".")
    return " ".join(said)


def explain(state: GameState, seat: int, action: Action | str) -> str:
    """What ``action`` does for ``seat`` in ``state`` and what it expects, in words, from the seat's own
    views before and after it. ``state`` is left as it was.

    The move is made in three of the seat's perspective copies, re-dealt differently, and only what all
    say is said: what the move drew or revealed by chance (a card, a production) differs between them
    and is left out, so the words tell nothing of a deal, real or re-dealt."""
    said = [_phrases(state, seat, str(action), deal) for deal in (0, 1, 2)]
    return sentence([phrase for phrase in said[0] if all(phrase in other for other in said[1:])])


def _phrases(state: GameState, seat: int, action: str, deal: int) -> list[str]:
    world = state.copy(perspective=seat, seed=deal)
    before = world.view(seat)
    world.apply(action)
    after = world.view(seat)
    phrases: list[str] = []
    explainer = explainer_of(state.spec)
    if explainer is not None:
        try:
            phrases = explainer(before, after, str(action), seat, options=dict(state.options))
        except Exception:  # noqa: BLE001  (words that fail are left out: the move and its figures still stand)
            log.exception("the %s explainer failed on %s", state.game, action)
            phrases = []
    if not phrases:
        return score_change(before, after, seat)
    old, new = scores_of(before), scores_of(after)
    if old is not None and new is not None and seat < len(new) and new[seat] != old[seat]:
        phrases.append(standing(new, seat))
    return phrases


def scores_of(view: Mapping[str, Any]) -> list[int] | None:
    scores = view.get("scores")
    if isinstance(scores, list) and all(isinstance(score, int | float) for score in scores):
        return [int(score) for score in scores]
    return None


def score_change(before: Mapping[str, Any], after: Mapping[str, Any], seat: int) -> list[str]:
    """What the move does to the seat's score as its view counts it, and where that leaves it."""
    old, new = scores_of(before), scores_of(after)
    if old is None or new is None or seat >= len(new):
        return ["it changes nothing that counts yet: the search expects it to pay off later"]
    gained = new[seat] - old[seat]
    if gained == 0:
        return ["it scores nothing now: the search expects it to pay off later"]
    said = [f"it {'adds' if gained > 0 else 'costs'} {points(abs(gained))} (your score: {new[seat]})"]
    place = standing(new, seat)
    if place:
        said.append(place)
    return said


def standing(scores: list[int], seat: int) -> str:
    """Where ``seat`` stands among ``scores``: in the lead, level, or behind whom and by how much."""
    others = [(score, other) for other, score in enumerate(scores) if other != seat]
    if not others:
        return ""
    best, leader = max(others)
    mine = scores[seat]
    if mine > best:
        return f"that puts you in the lead, {points(mine - best)} ahead"
    if mine == best:
        return "that puts you level with the leader"
    return f"that leaves you {points(best - mine)} behind seat {leader}"


def points(number: int) -> str:
    return "1 point" if number == 1 else f"{number} points"


__all__ = ["Explainer", "explain", "explainer_of", "points", "score_change", "sentence", "standing"]
