"""What a move of The Phoenix Syndicate does for the seat making it, in words, from the seat's views before
and after it (``phoenixgames.agents.advice`` asks here): the resources and credits it gains or spends,
contracts cashed, guilds joined, and the parts of the score it moves (colour awards, variety, guilds).
"""

from __future__ import annotations

from typing import Any

RESOURCE_WORDS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "P": "purple"}
#: The parts of a seat's scoring a move may change, and their words.
SCORE_PARTS = (
    ("credits", "credits"),
    ("colours", "colour awards"),
    ("variety", "variety"),
    ("guild_credits", "guild credits"),
)
#: What each kind of move sets out to do, where the numbers alone do not say it.
AIMS = {
    "keep": "keeps the contract that suits your resources best",
    "gamble": "draws on the contract deck for a contract that fits",
    "stop": "stops connecting: another link would cost more than it brings",
    "exchange": "opens an exchange to turn three resources into the one you lack",
}


def _seat(view: dict[str, Any], seat: int) -> dict[str, Any]:
    return next((s for s in view.get("seats") or [] if s.get("seat") == seat), {})


def _scoring(view: dict[str, Any], seat: int) -> dict[str, Any]:
    return next((s for s in view.get("scoring") or [] if s.get("seat") == seat), {})


def _resources(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {RESOURCE_WORDS.get(letter, letter)}" for letter, n in counts.items() if n)


def explain(
    before: dict[str, Any], after: dict[str, Any], action: str, seat: int, options: dict[str, Any] | None = None
) -> list[str]:
    said = []
    verb = action.split()[0]
    if verb in AIMS and (verb != "exchange" or action == "exchange"):
        said.append(AIMS[verb])
    old, new = _seat(before, seat), _seat(after, seat)
    had, has = old.get("resources") or {}, new.get("resources") or {}
    gained = {k: has.get(k, 0) - had.get(k, 0) for k in RESOURCE_WORDS if has.get(k, 0) > had.get(k, 0)}
    spent = {k: had.get(k, 0) - has.get(k, 0) for k in RESOURCE_WORDS if has.get(k, 0) < had.get(k, 0)}
    if gained:
        said.append(f"it brings you {_resources(gained)}")
    if spent:
        said.append(f"it spends {_resources(spent)}")
    cashed = [c for c in new.get("cashed") or [] if c not in (old.get("cashed") or [])]
    if cashed:
        said.append(f"it cashes in {' and '.join(cashed)}")
    guilds = [g for g in new.get("guilds") or [] if g not in (old.get("guilds") or [])]
    if guilds:
        said.append(f"it joins the {' and '.join(guilds)} guild")
    was, now = _scoring(before, seat), _scoring(after, seat)
    for key, words in SCORE_PARTS:
        a, b = was.get(key), now.get(key)
        if isinstance(a, int) and isinstance(b, int) and a != b:
            said.append(f"your {words} go from {a} to {b}")
    return said
