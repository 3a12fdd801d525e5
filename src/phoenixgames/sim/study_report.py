"""A study's report: ``study.html`` (one self-contained page, its plots inline), ``study.json`` with the
same figures, and the games as tables for other tools: ``games.csv``, ``games.parquet`` (one row a
game) and ``settings.csv`` (one row a setting).

The page names the game, the player count, the agents, the seed and every option and parameter the games were
played with (typed, defaults included; those at their printed values folded away); then a table of the
settings with the first player's win share and its interval (by turn position: the seat that acted first,
whichever it was), plain sentences saying what each setting did to it, how many games a question needs for a
given interval width, the search's trials and its best setting played again, and plots of each figure against
each varied option or parameter with 95% intervals (numbers to scale; a figure the same in every setting named
with its value instead of drawn flat).

The page is drawn from ``study.json`` alone: ``render_study_html(data, plots(data))`` draws it again without
playing a game.
"""

from __future__ import annotations

import base64
import html
import io
import json
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .analysis import setup_of
from .figures import setting_figures
from .report import STYLE, ReportUnavailable
from .search import Objective, SearchResult
from .study import Setting, Study, games_for_width, kind_of, typed_text

#: The interval widths the report says the games needed for (a share's 95% interval, in points).
WIDTHS = (0.10, 0.05, 0.02)

#: The figures of a game's length and course shown in the table of settings, where the games give them.
LENGTH_FIGURES = ("rounds", "decisions", "lead_changes", "margin")

#: The figures by seat not set beside winning: the score decides who wins, so it goes with winning trivially.
NOT_BESIDE_WINNING = frozenset({"score"})

#: The most plots a varied option or parameter gets (the figures most worth a look first).
MAX_PANELS = 12


#: The page's own layout over the shared one: a readable column with room at the sides, text cells
#: left-aligned and only numbers right-aligned.
STUDY_STYLE = """
body { max-width: 72em; margin: 1.5em auto; padding: 0 2em; line-height: 1.4; }
th, td, th:first-child, td:first-child { text-align: left; vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
details { margin: 0.5em 0 1em; }
summary { cursor: pointer; color: #555; }
"""

#: A cell that holds a number (a count, a share, an interval, a signed advantage), perhaps marked.
_NUMBER = re.compile(r"<td>([+\-]?\d[\d,.]*%?(?:-[\d.]+%)?(?: \([^<]*\))?(?: \*)?)</td>")


def _numbers_right(table: str) -> str:
    """The table with its number cells marked to be right-aligned."""
    return _NUMBER.sub(r'<td class="num">\1</td>', table)


def _pc(value: float) -> str:
    return f"{100 * value:.1f}%"


def _pcs(interval: Sequence[float]) -> str:
    return f"{100 * interval[0]:.1f}-{100 * interval[1]:.1f}%"


def setting_label(values: dict[str, Any]) -> str:
    """A setting's values as typed: ``vp_goal=28, preset_cards=true``."""
    return ", ".join(f"{k}={typed_text(v)}" for k, v in values.items()) or "as set"


def study_data(
    study: Study,
    settings: Sequence[Setting],
    vary: Sequence[str],
    search: SearchResult | None = None,
    until_width: float | None = None,
) -> dict[str, Any]:
    """Every figure of a study, as JSON-able data (what ``study.json`` holds)."""
    rows = []
    for setting in settings:
        if not setting.lines:
            continue
        plan = setting.plan
        setup = setup_of(plan.game, plan.players, plan.options, plan.params)
        rows.append(
            {
                "setting": setting.number + 1,
                "label": setting.label(),
                "values": setting.values,
                "players": plan.players,
                "seed": plan.seed,
                "options": setup["options"],
                "params": setup["params"],
                "stopped_early": setting.stopped_early,
                "figures": setting_figures(setting.lines),
            }
        )
    base = setup_of(study.game, study.players, study.options, study.params)
    data: dict[str, Any] = {
        "game": study.game,
        "title": base["title"],
        "players": sorted({row["players"] for row in rows}) if rows else [study.players],
        "agents": list(study.agents),
        "seed": study.seed,
        "setup": {k: base[k] for k in ("options", "option_defaults", "params", "param_defaults")},
        "varied": [{"name": name, "kind": kind_of(study.game, name)} for name in vary],
        "settings": rows,
        "until_width": until_width,
        "games_for_width": _games_needed(rows, until_width),
        "sentences": sentences(rows, vary),
    }
    if search is not None:
        data["search"] = search.to_dict()
    return data


def _games_needed(rows: Sequence[dict[str, Any]], asked: float | None = None) -> list[dict[str, Any]]:
    """For each interval width (the one ``asked`` first), the games a setting needs for the first
    player's win share (the most any setting needs, at the share it showed)."""
    needed = []
    for width in ([asked] if asked is not None and asked not in WIDTHS else []) + list(WIDTHS):
        per_setting = [games_for_width(row["figures"]["turn_positions"][0]["share"], width) for row in rows]
        needed.append({"width": width, "games": max(per_setting) if per_setting else 0})
    return needed


def sentences(rows: Sequence[dict[str, Any]], vary: Sequence[str]) -> list[str]:
    """What each setting did to the first player's chances, in words."""
    said = []
    for row in rows:
        first = row["figures"]["turn_positions"][0]
        fair = row["figures"]["fair_share"]
        low, high = first["ci95"]
        if low > fair:
            verdict = f"above a fair {_pc(fair)}"
        elif high < fair:
            verdict = f"below a fair {_pc(fair)}"
        else:
            verdict = f"no different from a fair {_pc(fair)} at this number of games"
        where = f"with {row['label']}" if row["values"] else "as set"
        others = [
            f"the {ORDINALS.get(p['position'], str(p['position']) + 'th')} to act wins {_pc(p['share'])} "
            f"({_pcs(p['ci95'])}), {'above' if p['ci95'][0] > fair else 'below'} it"
            for p in row["figures"]["turn_positions"][1:]
            if p["significant"]
        ]
        said.append(
            f"At {row['players']} players {where}, the first player to act wins {_pc(first['share'])} "
            f"({_pcs(first['ci95'])}) of {row['figures']['games']:,} games, {verdict}"
            + "".join(f"; {other}" for other in others)
            + "."
        )
    return said


#: How the turn positions are said in sentences.
ORDINALS = {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}


def _setup_table(setup: dict[str, Any], varied: set[str]) -> str:
    """The options and parameters played with: the varied and changed ones in a table, the rest (at their
    printed values) folded away below it, still each named with its value and default."""
    head = "<table><tr><th>kind</th><th>name</th><th>value</th><th>default</th></tr>"
    shown, folded = [head], [head]
    for kind, values, defaults in (("option", "options", "option_defaults"), ("parameter", "params", "param_defaults")):
        for name, value in setup[values].items():
            default = setup[defaults].get(name)
            text = "varied (see the settings)" if name in varied else html.escape(typed_text(value))
            changed = name not in varied and value != default
            row = (
                f"<tr><td>{kind}</td><td>{html.escape(name)}</td><td>{f'<b>{text}</b>' if changed else text}</td>"
                f"<td>{html.escape(typed_text(default))}</td></tr>"
            )
            (shown if name in varied or changed else folded).append(row)
    parts = []
    if len(shown) > 1:
        parts.append("\n".join(shown + ["</table>"]))
    else:
        parts.append('<p class="note">Every option and parameter at its printed value.</p>')
    if len(folded) > 1:
        parts.append(
            f"<details><summary>{len(folded) - 1} more at their printed values</summary>\n"
            + "\n".join(folded + ["</table>"])
            + "\n</details>"
        )
    return "\n".join(parts)


def _settings_table(data: dict[str, Any]) -> str:
    names = [v["name"] for v in data["varied"]]
    head = "".join(f"<th>{html.escape(n)}</th>" for n in names)
    shown = [m for m in LENGTH_FIGURES if any(m in row["figures"]["figures"] for row in data["settings"])]
    parts = [
        "<table><tr><th>setting</th><th>players</th>" + head + "<th>games</th><th>first player wins</th>"
        "<th>95% interval</th><th>advantage</th><th>significant</th>"
        + "".join(f"<th>{m.replace('_', ' ')}</th>" for m in shown)
        + "<th>capped</th></tr>"
    ]
    for row in data["settings"]:
        f = row["figures"]
        first = f["turn_positions"][0]

        def mean(name: str, figures: dict[str, Any] = f) -> str:
            found = figures["figures"].get(name)
            return "" if found is None else f"{found['mean']:.1f}"

        cells = "".join(f"<td>{html.escape(typed_text(row['values'][n]))}</td>" for n in names)
        parts.append(
            f"<tr><td>{row['setting']}</td><td>{row['players']}</td>{cells}<td>{f['games']:,}"
            f"{' (stopped early)' if row['stopped_early'] else ''}</td><td>{_pc(first['share'])}</td>"
            f"<td>{_pcs(first['ci95'])}</td><td>{100 * first['advantage']:+.1f}%</td>"
            f"<td>{'yes' if first['significant'] else 'no'}</td>"
            + "".join(f"<td>{mean(m)}</td>" for m in shown)
            + f"<td>{f['truncated']}</td></tr>"
        )
    parts.append("</table>")
    return "\n".join(parts)


def _positions_table(data: dict[str, Any]) -> str:
    players = max(data["players"])
    head = "".join(f"<th>position {p}</th>" for p in range(1, players + 1))
    head += "".join(f"<th>seat {s}</th>" for s in range(1, players + 1))
    parts = ["<table><tr><th>setting</th>" + head + "</tr>"]
    for row in data["settings"]:
        f = row["figures"]
        cells = [
            f"{_pc(p['share'])} ({_pcs(p['ci95'])}){' *' if p['significant'] else ''}" for p in f["turn_positions"]
        ]
        cells += [""] * (players - len(f["turn_positions"]))
        cells += [f"{_pc(s['share'])} ({_pcs(s['ci95'])}){' *' if s['significant'] else ''}" for s in f["seats"]]
        parts.append(f"<tr><td>{html.escape(row['label'])}</td>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    parts.append("</table>")
    return "\n".join(parts)


def _winning_table(data: dict[str, Any]) -> str:
    """The per-seat figures that go with winning most strongly, over all settings' games (not the score
    itself, which goes with winning by the rules)."""
    found: list[tuple[float, str, str, dict[str, Any]]] = []
    for row in data["settings"]:
        for name, figure in row["figures"]["figures"].items():
            r = figure.get("correlation_with_winning")
            if r is not None and name not in NOT_BESIDE_WINNING:
                found.append((abs(r), row["label"], name, figure))
    if not found:
        return '<p class="note">The games report no figures by seat to set beside winning.</p>'
    found.sort(key=lambda item: -item[0])
    parts = [
        "<table><tr><th>setting</th><th>figure (per seat)</th><th>correlation with winning</th>"
        "<th>mean of winners</th><th>mean of the others</th></tr>"
    ]
    for _r, label, name, figure in found[:15]:
        parts.append(
            f"<tr><td>{html.escape(label)}</td><td>{html.escape(name)}</td>"
            f"<td>{figure['correlation_with_winning']:+.3f}</td><td>{figure['mean_of_winners']:.2f}</td>"
            f"<td>{figure['mean_of_others']:.2f}</td></tr>"
        )
    parts.append("</table>")
    return "\n".join(parts)


def _search_html(search: dict[str, Any]) -> str:
    parts = [f"<h2>Search: {html.escape(search['objective'])}</h2>"]
    parts.append("<table><tr><th>trial</th><th>setting</th><th>figure</th><th>score (lower is better)</th></tr>")
    for trial in search["trials"]:
        parts.append(
            f"<tr><td>{trial['trial']}</td><td>{html.escape(setting_label(trial['values']))}</td>"
            f"<td>{trial['figure']:.4f}</td><td>{trial['score']:.4f}</td></tr>"
        )
    parts.append("</table>")
    best, confirmed = search.get("best"), search.get("confirmed")
    if best is not None and confirmed is not None:
        shown = Objective.parse(search["objective"]).shown(confirmed["figure"], confirmed["ci95"])
        parts.append(
            f"<p>Best: trial {best['trial']}, {html.escape(setting_label(best['values']))}. Played again with fresh "
            f"seeds over {confirmed['games']:,} games its figure is {html.escape(shown)}.</p>"
        )
    return "\n".join(parts)


def _plot_png(figure: Any) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=80)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def constant_figures(rows: Sequence[dict[str, Any]]) -> dict[str, float]:
    """The figures with the same mean in every setting (and the mean): a flat line says nothing, so they
    are left out of the plots and named instead."""
    values: dict[str, set[float]] = {}
    for row in rows:
        for name, figure in row["figures"]["figures"].items():
            values.setdefault(name, set()).add(round(float(figure["mean"]), 9))
    if len(rows) < 2:
        return {}
    return {
        name: next(iter(seen))
        for name, seen in values.items()
        if len(seen) == 1 and all(name in row["figures"]["figures"] for row in rows)
    }


def _panels(rows: Sequence[dict[str, Any]]) -> list[str]:
    """The figures worth a plot: the first player's win share, then every figure of the games that is not
    the same in every setting."""
    constant = constant_figures(rows)
    names: list[str] = []
    for row in rows:
        for name in row["figures"]["figures"]:
            if name not in names and name not in constant:
                names.append(name)
    preferred = [n for n in ("rounds", "decisions", "lead_changes", "margin") if n in names]
    return ["first player's win share"] + preferred + [n for n in names if n not in preferred]


def _numeric(values: Sequence[Any]) -> bool:
    """Whether the values are numbers to set on an axis to scale (not true/false, not words)."""
    return bool(values) and all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)


def plots(data: dict[str, Any]) -> list[tuple[str, str]]:
    """(title, base64 PNG) of each varied option or parameter: every figure against it, one line for each
    combination of the other varied values, with 95% intervals."""
    try:
        import matplotlib
    except ImportError:
        raise ReportUnavailable(
            "the study's plots need matplotlib: pip install 'phoenixgames[study]' (make test installs it)"
        ) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = data["settings"]
    names = [v["name"] for v in data["varied"]]
    if data.get("balance"):
        names = ["players"]
    drawn = []
    panels = _panels(rows)[:MAX_PANELS]
    for name in names:
        columns = 3
        lines_of_panels = -(-len(panels) // columns)
        figure, axes = plt.subplots(lines_of_panels, columns, figsize=(12, 3.2 * lines_of_panels), squeeze=False)
        xs_all = sorted({_key(row, name) for row in rows}, key=_order)
        to_scale = _numeric(xs_all)
        for number, panel in enumerate(panels):
            ax = axes[number // columns][number % columns]
            groups: dict[str, list[dict[str, Any]]] = {}
            for row in rows:
                others = {k: v for k, v in row["values"].items() if k != name}
                groups.setdefault(setting_label(others), []).append(row)
            for label, members in groups.items():
                members = sorted(members, key=lambda r: _order(_key(r, name)))
                xs, ys, lows, highs = [], [], [], []
                for row in members:
                    value, interval = _panel_value(row, panel)
                    if value is None:
                        continue
                    xs.append(_key(row, name) if to_scale else xs_all.index(_key(row, name)))
                    ys.append(value)
                    lows.append(value - interval[0])
                    highs.append(interval[1] - value)
                if xs:
                    ax.errorbar(
                        xs, ys, yerr=[lows, highs], fmt="o-", capsize=4, label=label if len(groups) > 1 else None
                    )
            if panel == "first player's win share" and rows:
                ax.axhline(rows[0]["figures"]["fair_share"], color="#c44", linestyle="--", linewidth=1)
            if not to_scale:
                ax.set_xticks(range(len(xs_all)), [typed_text(x) for x in xs_all])
            elif len(xs_all) <= 8:
                ax.set_xticks(xs_all, [typed_text(x) for x in xs_all])
            ax.set_title(panel, fontsize=9)
            ax.set_xlabel(name, fontsize=8)
            if number == 0 and len(groups) > 1:
                ax.legend(fontsize=7)
        for number in range(len(panels), lines_of_panels * columns):
            axes[number // columns][number % columns].axis("off")
        figure.tight_layout()
        drawn.append((f"Each figure against {name}, with 95% intervals", _plot_png(figure)))
        plt.close(figure)
    return drawn


def _key(row: dict[str, Any], name: str) -> Any:
    return row["players"] if name == "players" else row["values"].get(name)


def _order(value: Any) -> tuple[int, Any]:
    return (0, value) if isinstance(value, int | float) else (1, str(value))


def _panel_value(row: dict[str, Any], panel: str) -> tuple[float | None, list[float]]:
    figures = row["figures"]
    if panel == "first player's win share":
        first = figures["turn_positions"][0]
        return first["share"], first["ci95"]
    found = figures["figures"].get(panel)
    if found is None:
        return None, [0.0, 0.0]
    return found["mean"], found["ci95"]


def render_study_html(data: dict[str, Any], drawn: Sequence[tuple[str, str]]) -> str:
    """The report page of a study's figures ``data`` with its plots ``drawn`` (inline PNG)."""
    varied = {v["name"] for v in data["varied"]}
    players = ", ".join(str(p) for p in data["players"])
    kind = "Balance" if data.get("balance") else "Study"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{kind}: {html.escape(data['title'])}</title>",
        f"<style>{STYLE}{STUDY_STYLE}</style></head><body>",
        f"<h1>{kind}: {html.escape(data['title'])}</h1>",
        f"<p>{html.escape(data['title'])} ({html.escape(data['game'])}) at {players} players; agents "
        f"{html.escape(', '.join(data['agents']))} rotated through the seats; seed {data['seed']}; "
        f"{len(data['settings'])} settings. Shares are win shares (a victory shared by k counts 1/k) with "
        "95% Wilson intervals; means have 95% normal intervals. The first player is the seat that acted "
        "first in each game (in Phoenicia the first Overlord is drawn), not seat 1.</p>",
        "<h2>Played with</h2>",
        _setup_table(data["setup"], varied),
        "<h2>What the settings did</h2>",
        "<ul>" + "".join(f"<li>{html.escape(s)}</li>" for s in data["sentences"]) + "</ul>",
        "<h2>Settings</h2>",
        _numbers_right(_settings_table(data)),
        '<p class="note">Significant: the 95% interval of the first player\'s win share lies wholly above or '
        "below a fair share. Capped: games ended by a safety cap on their length, not by the rules.</p>",
        "<h2>Win share by turn position and by seat</h2>",
        _numbers_right(_positions_table(data)),
        '<p class="note">* the interval lies wholly above or below a fair share.</p>',
        "<h2>How many games a question needs</h2>",
        "<p>For the 95% interval of the first player's win share to be "
        + "; ".join(
            f"{100 * w['width']:g} points wide, {w['games']:,} games a setting" for w in data["games_for_width"]
        )
        + (
            f". This study stopped a setting once its interval was narrower than "
            f"{100 * data['until_width']:.1f} points."
            if data.get("until_width")
            else "."
        )
        + "</p>",
        "<h2>What goes with winning</h2>",
        _numbers_right(_winning_table(data)),
    ]
    if "search" in data:
        parts.append(_numbers_right(_search_html(data["search"])))
    constant = constant_figures(data["settings"])
    for number, (title, png) in enumerate(drawn):
        parts.append(f"<h2>{html.escape(title)}</h2>")
        if number == 0 and constant:
            parts.append(
                '<p class="note">The same in every setting, so not plotted: '
                + ", ".join(f"{html.escape(n)} {v:.3g}" for n, v in constant.items())
                + ".</p>"
            )
        parts.append(f'<img src="data:image/png;base64,{png}" alt="{html.escape(title)}">')
    parts.append(
        '<p class="note">The data: games.csv and games.parquet (one row a game), settings.csv (one row a '
        "setting), study.json (these figures).</p>"
    )
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def game_rows(settings: Sequence[Setting]) -> list[dict[str, Any]]:
    """One flat row a game: its setting, seed, seats, scores, winners and every figure (a figure by seat
    as one column a seat: ``margin``, ``vp_cards_seat1``...)."""
    rows = []
    for setting in settings:
        for line in setting.lines:
            row: dict[str, Any] = {"setting": setting.number + 1, "players": len(line["seats"])}
            row.update({name: value for name, value in setting.values.items()})
            row.update(
                {
                    "index": line["index"],
                    "seed": str(line["seed"]),
                    "first_player_seat": line["first_player"] + 1,
                    "winners": " ".join(str(w + 1) for w in line["winners"]),
                    "truncated": bool(line.get("truncated")),
                }
            )
            for seat, (agent, score) in enumerate(zip(line["seats"], line["scores"], strict=True)):
                row[f"agent_seat{seat + 1}"] = agent
                row[f"score_seat{seat + 1}"] = score
            for name, value in (line.get("metrics") or {}).items():
                if isinstance(value, list):
                    for seat, item in enumerate(value):
                        row[f"{name}_seat{seat + 1}"] = item
                else:
                    row[name] = value
            rows.append(row)
    return rows


def setting_rows(data: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for row in data["settings"]:
        f = row["figures"]
        first = f["turn_positions"][0]
        flat: dict[str, Any] = {"setting": row["setting"], "players": row["players"], **row["values"]}
        flat.update(
            {
                "games": f["games"],
                "first_player_share": first["share"],
                "first_player_low": first["ci95"][0],
                "first_player_high": first["ci95"][1],
                "first_player_significant": first["significant"],
                "truncated": f["truncated"],
            }
        )
        for name, figure in f["figures"].items():
            flat[f"{name}_mean"] = figure["mean"]
            flat[f"{name}_low"] = figure["ci95"][0]
            flat[f"{name}_high"] = figure["ci95"][1]
        rows.append(flat)
    return rows


def write_study_report(
    data: dict[str, Any], settings: Sequence[Setting], out: str | os.PathLike[str]
) -> dict[str, Path]:
    """Write ``study.html``, ``study.json``, ``games.csv``, ``games.parquet`` and ``settings.csv`` into the
    folder ``out``; return their paths."""
    try:
        import pandas
    except ImportError:
        raise ReportUnavailable(
            "the study's tables need pandas and pyarrow: pip install 'phoenixgames[study]' (make test installs it)"
        ) from None
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    paths = {
        "html": folder / "study.html",
        "json": folder / "study.json",
        "csv": folder / "games.csv",
        "parquet": folder / "games.parquet",
        "settings": folder / "settings.csv",
    }
    games = pandas.DataFrame(game_rows(settings))
    games.to_csv(paths["csv"], index=False)
    try:
        games.to_parquet(paths["parquet"], index=False)
    except ImportError:
        raise ReportUnavailable(
            "the study's Parquet table needs pyarrow: pip install 'phoenixgames[study]' (make test installs it)"
        ) from None
    pandas.DataFrame(setting_rows(data)).to_csv(paths["settings"], index=False)
    paths["json"].write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    paths["html"].write_text(render_study_html(data, plots(data)), encoding="utf-8")
    return paths


__all__ = [
    "MAX_PANELS",
    "constant_figures",
    "WIDTHS",
    "game_rows",
    "plots",
    "render_study_html",
    "sentences",
    "setting_label",
    "setting_rows",
    "study_data",
    "write_study_report",
]
