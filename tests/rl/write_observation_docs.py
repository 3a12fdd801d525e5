"""Rewrite the observation fields of docs/rl.md from the games' layouts: ``python tests/rl/write_observation_docs.py``.

For each game, a table of its fields at its smallest player count, with each field's size at every
player count where it differs.
"""

from __future__ import annotations

import sys
from pathlib import Path

import phoenixgames as pg

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
BEGIN = "<!-- observation fields: begin -->"
END = "<!-- observation fields: end -->"


def fields_text() -> str:
    parts: list[str] = []
    for game in pg.games():
        spec = pg.get_spec(game)
        counts = list(spec.player_counts)
        layouts = {n: pg.observation_layout(game, n) for n in counts}
        sizes = ", ".join(f"{layouts[n].size:,} ({n} players)" for n in counts)
        parts.append(f"### {spec.title} (`{game}`)\n\nLength: {sizes}.\n")
        header = "| field | " + " | ".join(f"{n}p" for n in counts) + " | meaning |"
        parts.append(header)
        parts.append("|---|" + "---|" * len(counts) + "---|")
        meanings: dict[str, str] = {}
        for n in counts:
            for field in layouts[n].fields:
                meanings.setdefault(field.name, field.meaning)
        for name, meaning in meanings.items():
            cells = " | ".join(
                str(layouts[n].offsets[name].size) if name in layouts[n].offsets else "–" for n in counts
            )
            parts.append(f"| `{name}` | {cells} | {meaning} |")
        parts.append("")
    return "\n".join(parts)


def rewritten(text: str) -> str:
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    return f"{head}{BEGIN}\n{fields_text()}\n{END}{tail}"


if __name__ == "__main__":
    DOC.write_text(rewritten(DOC.read_text(encoding="utf-8")), encoding="utf-8")
    sys.exit(0)
