"""``make play`` installs only what playing needs; the heavy parts are extras that ``make test`` adds.

What a plain install requires, what the Makefile installs for each command, and what playing,
simulating and the help actually import are checked against each other.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("ray", "matplotlib", "pytest", "hypothesis", "xdist", "numpy", "pandas", "pyarrow", "optuna", "torch")


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def requirement_name(requirement: str) -> str:
    return requirement.split(";")[0].split("[")[0].split("<")[0].split(">")[0].split("=")[0].strip().lower()


def recipe(target: str) -> str:
    lines = (ROOT / "Makefile").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{target}:"))
    body = []
    for line in lines[start + 1 :]:
        if not line.startswith("\t"):
            break
        body.append(line.strip())
    return "\n".join(body)


def test_a_plain_install_requires_nothing_heavy_and_the_extras_hold_it():
    required = {requirement_name(r) for r in project()["dependencies"]}
    assert required and not required & set(HEAVY), required
    extras = {name: {requirement_name(r) for r in reqs} for name, reqs in project()["optional-dependencies"].items()}
    assert "ray" in extras["ray"] and "matplotlib" in extras["report"]
    assert {"gymnasium", "pettingzoo", "open-spiel"} <= {name.replace("_", "-") for name in extras["rl"]}
    assert {"pytest", "hypothesis", "pytest-xdist"} <= extras["dev"]


def test_make_play_installs_the_plain_package_and_make_test_the_extras():
    play = recipe("$(PLAY_STAMP)")
    assert "-e ." in play and "[" not in play, play
    assert "$(PIP) -e '.[dev,ray,report,rl,postgres,study]'" in recipe("$(TEST_STAMP)")
    assert "--progress-bar on" in (ROOT / "Makefile").read_text(encoding="utf-8")
    assert recipe("play").count("$(BIN)/phoenixgames serve") == 1, "make play starts the game server"
    first = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "play: $(PLAY_STAMP)" in first and "test: $(TEST_STAMP)" in first


#: Plays a whole game of bots, simulates a few games and shows the help, then prints the heavy modules loaded.
_USE = """
import json, sys
from typer.testing import CliRunner
from phoenixgames.cli import app
runner = CliRunner()
play = ["play", "schatz", "--players", "3", "--seats", "greedy,random,random", "--seed", "1", "--save", sys.argv[1]]
simulate = ["simulate", "phoenix", "--players", "2", "--games", "3", "--seed", "1"]
for args in (play, simulate, ["--help"], ["rules", "schatz"]):
    done = runner.invoke(app, args)
    assert done.exit_code == 0, (args, done.output)
print(json.dumps(sorted({name.split(".")[0] for name in sys.modules})))
"""


def test_playing_and_simulating_import_nothing_heavy(tmp_path):
    done = subprocess.run(
        [sys.executable, "-c", _USE, str(tmp_path / "game.json")], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    loaded = set(json.loads(done.stdout.splitlines()[-1]))
    assert "phoenixgames" in loaded
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))


@pytest.mark.parametrize("requirement", ["ray>=2.9", "Matplotlib[all]>=3.8; python_version>'3'", "pytest==8"])
def test_requirement_names_are_read_as_pip_reads_them(requirement):
    assert requirement_name(requirement) in {"ray", "matplotlib", "pytest"}


def test_importing_the_package_imports_neither_rich_nor_matplotlib():
    """A server, an RL environment or a script that only plays games pays for no terminal and no plots:
    the renderers are imported when a view is first drawn."""
    code = (
        "import sys, phoenixgames as pg\n"
        "state = pg.new_game('schatz', players=3, seed=1)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'matplotlib', 'typer')))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]", loaded
    draw = code + "\nprint(type(pg.get_spec('schatz').render_view(state.view(0))).__module__.split('.')[0])"
    drawn = subprocess.run([sys.executable, "-c", draw], capture_output=True, text=True, check=True).stdout
    assert drawn.split()[-1] == "rich", drawn


def test_the_type_checker_is_configured_and_run_by_make_lint_and_by_ci():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["tool"]["mypy"]["files"] == ["src/phoenixgames"]
    assert "mypy" in {requirement_name(r) for r in project()["optional-dependencies"]["dev"]}
    assert "mypy" in recipe("lint") and "ruff check" in recipe("lint")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").split()
    assert "lint" in ci and "test" in ci


def test_every_browser_page_file_ships_with_the_package():
    """``make play`` serves ``phoenixgames/web`` from the installed package: every file of the pages
    (HTML, CSS, the JavaScript modules in every folder) must match the package data of pyproject.toml."""
    from fnmatch import fnmatch

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    patterns = data["phoenixgames.web"]
    folder = ROOT / "src" / "phoenixgames" / "web"
    files = [path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file()]
    assert any(name.startswith("js/boards/") and name.count("/") == 3 for name in files)
    # fnmatch's * also crosses a "/", which setuptools' does not: match folder by folder.
    left_out = [
        name for name in files if not any(fnmatch(name, p) and name.count("/") == p.count("/") for p in patterns)
    ]
    assert not left_out, f"not shipped with the package: {left_out}"
