"""The ladder's summary: one line a game and number of players, each step of the difficulty ladder
(easy over random, medium over easy, hard over medium) with its win share, interval and games, read
from the strength tables' JSON document (``docs/strength.json``) and written between the markers
``<!-- ladder-summary -->`` and ``<!-- /ladder-summary -->`` of the strength document."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..engine.registry import games, get_spec

#: The ladder, easiest first: each step is a level against the one below it.
LADDER = ("random", "easy", "medium", "hard")

#: Where the summary sits in the strength document.
START, END = "<!-- ladder-summary -->", "<!-- /ladder-summary -->"

#: The player counts ``make strength`` plays; the others are ``make strength-more``'s.
FIRST_COUNTS = (2, 3, 4)


def _step(tables: dict[str, Any], key: str, upper: str, lower: str) -> tuple[str, bool | None]:
    """The cell of ``upper`` against ``lower`` in the table ``key``, and whether its interval lies wholly
    above a fair share (None: not played)."""
    table = tables.get(key) or {}
    for pairing in table.get("pairings", ()):
        if pairing.get("agents") == [upper, lower]:
            share = pairing["shares"][0]
            low, high = share["ci95"]
            cell = f"{share['win_share']:.1%} ({low * 100:.1f}-{high * 100:.1f}), {pairing['games']} games"
            return cell, bool(pairing["above_fair_share"])
    return "", None


def ladder_summary(document: dict[str, Any]) -> str:
    """The summary table (Markdown) of ``document``, the strength tables' JSON document."""
    tables = document.get("tables", {})
    steps = list(zip(LADDER[1:], LADDER[:-1], strict=True))
    head = " | ".join(f"{upper} vs {lower}" for upper, lower in steps)
    lines = [
        f"| game | players | fair share | {head} | every step above a fair share |",
        "|---|---:|---:|" + "---|" * len(steps) + ":---:|",
    ]
    for game in games():
        spec = get_spec(game)
        for players in range(spec.min_players, spec.max_players + 1):
            make = "make strength" if players in FIRST_COUNTS else "make strength-more"
            cells, above = [], []
            for upper, lower in steps:
                cell, holds = _step(tables, f"{game}-{players}p", upper, lower)
                cells.append(cell or f"not yet played (`{make}`)")
                above.append(holds)
            verdict = "not yet" if None in above else ("yes" if all(above) else "no")
            lines.append(f"| {game} | {players} | {1 / players:.1%} | " + " | ".join(cells) + f" | {verdict} |")
    return "\n".join(lines) + "\n"


def write_ladder_summary(doc: str | Path, json_path: str | Path) -> bool:
    """Write the summary of ``json_path`` between the markers of ``doc``; False (nothing written) when
    the document has no such markers."""
    doc = Path(doc)
    text = doc.read_text(encoding="utf-8") if doc.exists() else ""
    start, end = text.find(START), text.find(END)
    if start < 0 or end < start:
        return False
    document = json.loads(Path(json_path).read_text(encoding="utf-8"))
    text = text[: start + len(START)] + "\n" + ladder_summary(document) + text[end:]
    doc.write_text(text, encoding="utf-8")
    return True


__all__ = ["END", "LADDER", "START", "ladder_summary", "write_ladder_summary"]
