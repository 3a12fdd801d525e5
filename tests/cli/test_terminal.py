"""Ctrl-C at the terminal reaches the game alone: under ``make play`` the game saves itself and make
reports no error, since the game stopped as asked."""

from __future__ import annotations

import os
import pty
import select
import shutil
import sys
import time
from pathlib import Path

import pytest

PROMPT = "Seat 0 ▸".encode()
MAKEFILE = Path(__file__).resolve().parents[2] / "Makefile"


def _play_recipe() -> str:
    """The recipe of the project's ``make play``, run by this interpreter on a two-player game."""
    lines = MAKEFILE.read_text(encoding="utf-8").splitlines()
    recipe = lines[lines.index("play: $(PLAY_STAMP)") + 1]
    program = f"{sys.executable} -c 'from phoenixgames.cli import main; main()'"
    return recipe.replace("$(BIN)/phoenixgames", program).replace("--players 4", "--players 2 --seed 3")


def _read_until(fd: int, wanted: bytes | None, seconds: float) -> bytes:
    """What the terminal shows until ``wanted`` appears (``None``: until it closes) or time is up."""
    seen = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and (wanted is None or wanted not in seen):
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the other end closed
                break
            if not chunk:
                break
            seen += chunk
    return seen


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
@pytest.mark.parametrize("key", [b"\x03", b"q\r"], ids=["ctrl-c", "q"])
def test_quitting_a_game_started_by_make_is_no_error_of_make(tmp_path: Path, key: bytes):
    (tmp_path / "Makefile").write_text(f"play:\n{_play_recipe()}\n", encoding="utf-8")
    pid, fd = pty.fork()
    if pid == 0:  # the child: make, on the new terminal, as a person would start it
        os.chdir(tmp_path)
        os.execvp("make", ["make", "play"])
    try:
        shown = _read_until(fd, PROMPT, 60)
        assert PROMPT in shown, shown.decode(errors="replace")
        os.write(fd, key)
        shown += _read_until(fd, None, 30)
        _, status = os.waitpid(pid, 0)
    finally:
        os.close(fd)
    text = shown.decode(errors="replace")
    assert "Game saved to phoenixgames-schatz-3.json" in text
    assert "make: ***" not in text and "Interrupt" not in text, text
    assert os.waitstatus_to_exitcode(status) == 0
    assert (tmp_path / "phoenixgames-schatz-3.json").exists()
