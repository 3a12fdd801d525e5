"""A tournament's report: ``report.html`` with its plots, and ``report.json`` with the same numbers.

The HTML page needs nothing but the files beside it (its style is inline, its plots are PNG files
in the same folder). Every number on the page is written in an element carrying the JSON path it
comes from (``data-key="agents.0.win_rate"``), exactly as it is in ``report.json`` or, for a share,
as a percentage with one decimal (``95.7%``, as the command line shows it), so that a reader or a test
can check one against the other. The page names the game, the player count and every option and
parameter the games were played with, each with its default.
"""

from __future__ import annotations

import html
import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..engine import PhoenixGamesError
from .analysis import analyse

PLOTS = {
    "scores": "scores.png",
    "seats": "win_rate_by_seat.png",
    "ratings": "ratings.png",
    "length": "game_length.png",
}

STYLE = """
body { font-family: sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 0.3em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; border: 1px solid #eee; margin: 0.5em 0; }
.note { color: #555; }
"""


def lookup(data: Any, key: str) -> Any:
    """The value at a dotted path such as ``agents.0.rating.mu`` in ``data``."""
    for part in key.split("."):
        data = data[int(part)] if isinstance(data, list) else data[part]
    return data


def _number(data: dict[str, Any], key: str) -> str:
    value = lookup(data, key)
    return f'<span class="n" data-key="{html.escape(key)}">{html.escape(json.dumps(value))}</span>'


def _interval(data: dict[str, Any], key: str) -> str:
    return f"{_number(data, key + '.0')} to {_number(data, key + '.1')}"


def percent_text(value: float, signed: bool = False) -> str:
    """A share as the command line shows it: ``38.2%`` (``+4.1%`` when ``signed``)."""
    return f"{100 * value:+.1f}%" if signed else f"{100 * value:.1f}%"


def _percent(data: dict[str, Any], key: str, signed: bool = False) -> str:
    value = lookup(data, key)
    return f'<span class="p" data-key="{html.escape(key)}">{percent_text(value, signed)}</span>'


def _percent_interval(data: dict[str, Any], key: str, signed: bool = False) -> str:
    return f"{_percent(data, key + '.0', signed)} to {_percent(data, key + '.1', signed)}"


def setup_html(data: dict[str, Any]) -> str:
    """The table of every option and parameter of the games, its value and its default (changed ones
    in bold): a report says what it was played with."""
    rows = ["<table><tr><th>kind</th><th>name</th><th>value</th><th>default</th></tr>"]
    for kind, values, defaults in (("option", "options", "option_defaults"), ("parameter", "params", "param_defaults")):
        for name in data.get(values, {}):
            changed = data[values][name] != data[defaults].get(name)
            value = _number(data, f"{values}.{name}")
            rows.append(
                f"<tr><td>{kind}</td><td>{_name(name)}</td><td>{'<b>' + value + '</b>' if changed else value}</td>"
                f"<td>{_number(data, f'{defaults}.{name}')}</td></tr>"
            )
    rows.append("</table>")
    if not data.get("options") and not data.get("params"):
        return '<p class="note">The game has no options or parameters.</p>'
    changed = [*data.get("options_changed", {}), *data.get("params_changed", {})]
    note = (
        f'<p class="note">Changed from the game as printed: {", ".join(_name(n) for n in changed)}.</p>'
        if changed
        else '<p class="note">Played as printed: every option and parameter at its default.</p>'
    )
    return "\n".join(rows) + "\n" + note


def _text(value: object) -> str:
    return html.escape(str(value))


def _name(name: str) -> str:
    """An option's or a parameter's name, marked as a name (``tokens_2``: its digits are no figure)."""
    return f'<span class="name">{html.escape(name)}</span>'


def _agent(name: str) -> str:
    """An agent's spec, marked as a name (its digits are settings, not figures of the report)."""
    return f'<span class="agent">{html.escape(name)}</span>'


class ReportUnavailable(PhoenixGamesError, RuntimeError):
    """A report that cannot be drawn here: matplotlib, which draws its plots, is not installed."""


def _plots(lines: Sequence[dict[str, Any]], data: dict[str, Any], folder: Path) -> None:
    try:
        import matplotlib
    except ImportError:
        raise ReportUnavailable(
            "the report's plots need matplotlib: pip install 'phoenixgames[report]' (make test installs it)"
        ) from None

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    agents = [a["agent"] for a in data["agents"]]

    figure, axes = plt.subplots(figsize=(8, 4))
    by_agent: dict[str, list[float]] = {agent: [] for agent in agents}
    for line in lines:
        for agent, score in zip(line["seats"], line["scores"], strict=True):
            by_agent[agent].append(score)
    axes.boxplot([by_agent[agent] for agent in agents], tick_labels=agents)
    axes.set_title("Score distribution per agent")
    axes.set_ylabel("final score")
    figure.tight_layout()
    figure.savefig(folder / PLOTS["scores"], dpi=90)
    plt.close(figure)

    figure, axes = plt.subplots(figsize=(8, 4))
    seats = data["seats"]
    rates = [s["win_rate"] for s in seats]
    errors = [
        [s["win_rate"] - s["win_rate_ci95"][0] for s in seats],
        [s["win_rate_ci95"][1] - s["win_rate"] for s in seats],
    ]
    axes.bar([str(s["number"]) for s in seats], rates, yerr=errors, capsize=4, color="#4878a8")
    axes.axhline(1 / data["players"], color="#c44", linestyle="--", label="fair share")
    axes.set_title("Win rate by seat, with 95% intervals")
    axes.set_xlabel("seat")
    axes.set_ylabel("win rate")
    axes.legend()
    figure.tight_layout()
    figure.savefig(folder / PLOTS["seats"], dpi=90)
    plt.close(figure)

    figure, axes = plt.subplots(figsize=(8, 4))
    mus = [a["rating"]["mu"] for a in data["agents"]]
    spans = [
        [a["rating"]["mu"] - a["rating"]["ci95"][0] for a in data["agents"]],
        [a["rating"]["ci95"][1] - a["rating"]["mu"] for a in data["agents"]],
    ]
    axes.errorbar(agents, mus, yerr=spans, fmt="o", capsize=5)
    axes.set_title(f"Rating ({data['rating_model']}), with 95% intervals")
    axes.set_ylabel("mu")
    figure.tight_layout()
    figure.savefig(folder / PLOTS["ratings"], dpi=90)
    plt.close(figure)

    figure, axes = plt.subplots(figsize=(8, 4))
    axes.hist([line["length"] for line in lines], bins=30, color="#6a9f58")
    axes.set_title("Game length")
    axes.set_xlabel("actions in the game")
    axes.set_ylabel("games")
    figure.tight_layout()
    figure.savefig(folder / PLOTS["length"], dpi=90)
    plt.close(figure)


def render_html(data: dict[str, Any]) -> str:
    """The report page for the numbers ``data`` (as :func:`analyse` gives them)."""
    n: Callable[[str], str] = lambda key: _number(data, key)  # noqa: E731
    iv: Callable[[str], str] = lambda key: _interval(data, key)  # noqa: E731
    pc: Callable[[str], str] = lambda key: _percent(data, key)  # noqa: E731
    piv: Callable[[str], str] = lambda key: _percent_interval(data, key)  # noqa: E731
    spiv: Callable[[str], str] = lambda key: _percent_interval(data, key, signed=True)  # noqa: E731
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Tournament report: {_text(data['game'])}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>Tournament report: {_text(data['game'])}</h1>",
        f"<p>{_text(data['title'])}: {n('games')} games of {n('players')} players; agents in rotation: "
        f"{', '.join(_agent(a) for a in data['rotation'])}; seed {n('seed')}.",
        f" Intervals are at the {n('confidence')} per cent level (Wilson score intervals for rates).</p>",
        "<h2>Played with</h2>",
        setup_html(data),
        "<h2>Agents</h2>",
        "<table><tr><th>agent</th><th>seatings</th><th>wins</th><th>win rate</th><th>interval</th>"
        "<th>mean score</th><th>std</th><th>median</th><th>min</th><th>max</th>"
        "<th>rating mu</th><th>sigma</th><th>rating interval</th><th>seconds per decision</th></tr>",
    ]
    for i, agent in enumerate(data["agents"]):
        p = f"agents.{i}."
        parts.append(
            f"<tr><td>{_agent(agent['agent'])}</td><td>{n(p + 'seated')}</td><td>{n(p + 'wins')}</td>"
            f"<td>{pc(p + 'win_rate')}</td><td>{piv(p + 'win_rate_ci95')}</td><td>{n(p + 'mean_score')}</td>"
            f"<td>{n(p + 'score_std')}</td><td>{n(p + 'score_median')}</td><td>{n(p + 'score_min')}</td>"
            f"<td>{n(p + 'score_max')}</td><td>{n(p + 'rating.mu')}</td><td>{n(p + 'rating.sigma')}</td>"
            f"<td>{iv(p + 'rating.ci95')}</td><td>{n(p + 'seconds_per_decision')}</td></tr>"
        )
    parts.append("</table>")
    parts.append(
        f'<p class="note">Wins: a victory shared by several players is split evenly among them. '
        f"Ratings: {_text(data['rating_model'])}, each seat ranked by its score.</p>"
    )
    parts.append(f'<img src="{PLOTS["scores"]}" alt="Score distribution per agent">')
    parts.append(f'<img src="{PLOTS["ratings"]}" alt="Rating per agent with intervals">')
    parts.append("<h2>Seats</h2>")
    parts.append(
        "<table><tr><th>seat</th><th>games</th><th>wins</th><th>win rate</th><th>interval</th>"
        "<th>advantage over a fair share</th><th>interval</th><th>mean score</th></tr>"
    )
    for i in range(len(data["seats"])):
        p = f"seats.{i}."
        parts.append(
            f"<tr><td>{n(p + 'number')}</td><td>{n(p + 'games')}</td><td>{n(p + 'wins')}</td>"
            f"<td>{pc(p + 'win_rate')}</td><td>{piv(p + 'win_rate_ci95')}</td>"
            f"<td>{_percent(data, p + 'advantage', True)}</td>"
            f"<td>{spiv(p + 'advantage_ci95')}</td><td>{n(p + 'mean_score')}</td></tr>"
        )
    parts.append("</table>")
    parts.append("<h2>Turn positions</h2>")
    parts.append(
        '<p class="note">By the order in which the seats acted (the first to act is position one, whichever '
        "seat it was: in Phoenicia the first Overlord is drawn).</p>"
    )
    parts.append(
        "<table><tr><th>position</th><th>wins</th><th>win rate</th><th>interval</th>"
        "<th>advantage over a fair share</th><th>interval</th></tr>"
    )
    for i in range(len(data["turn_positions"])):
        p = f"turn_positions.{i}."
        parts.append(
            f"<tr><td>{n(p + 'position')}</td><td>{n(p + 'wins')}</td><td>{pc(p + 'win_rate')}</td>"
            f"<td>{piv(p + 'win_rate_ci95')}</td><td>{_percent(data, p + 'advantage', True)}</td>"
            f"<td>{spiv(p + 'advantage_ci95')}</td></tr>"
        )
    parts.append("</table>")
    parts.append(
        f"<p>First player advantage (the seat that acted first): "
        f"{_percent(data, 'first_player_advantage.value', True)} over a fair share of "
        f"{pc('first_player_advantage.fair_share')} (interval {spiv('first_player_advantage.ci95')}).</p>"
    )
    parts.append(f'<img src="{PLOTS["seats"]}" alt="Win rate by seat">')
    parts.append("<h2>Game length</h2>")
    parts.append(
        f"<p>Actions per game: mean {n('length.mean')}, std {n('length.std')}, "
        f"from {n('length.min')} to {n('length.max')}. Shared victories: {n('shared_victories.games')} games "
        f"({pc('shared_victories.share')}). Ended by a safety cap on their length, not by the rules: "
        f"{n('truncated.games')} games ({pc('truncated.share')}).</p>"
    )
    parts.append(f'<img src="{PLOTS["length"]}" alt="Game length">')
    parts.append("<h2>Time</h2>")
    parts.append(
        f"<p>Seconds of play: {n('time.game_seconds_total')} in all, {n('time.game_seconds_mean')} per game.</p>"
    )
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def write_report(lines: Sequence[dict[str, Any]], out: str | os.PathLike[str]) -> dict[str, Path]:
    """Write ``report.json``, ``report.html`` and the plots into the folder ``out``; return their paths."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    data = analyse(lines)
    _plots(lines, data, folder)
    (folder / "report.json").write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    (folder / "report.html").write_text(render_html(data), encoding="utf-8")
    paths = {"json": folder / "report.json", "html": folder / "report.html"}
    paths.update({name: folder / file for name, file in PLOTS.items()})
    return paths


__all__ = ["PLOTS", "ReportUnavailable", "lookup", "percent_text", "render_html", "setup_html", "write_report"]
