"""Ctrl-C at the terminal reaches the program alone: a game started by make saves itself and make
reports no error, since the game stopped as asked; ``make play`` (the game server) stops with exit
status 0, and make reports no error either."""

from __future__ import annotations

import os
import pty
import select
import shutil
import signal
import sys
import time
from pathlib import Path

import pytest

PROMPT = "Seat 1 ▸".encode()
MAKEFILE = Path(__file__).resolve().parents[2] / "Makefile"


PROGRAM = f"{sys.executable} -c 'from phoenixgames.cli import main; main()'"
#: A terminal game started by make, as ``make play`` started one before it started the server.
GAME_RECIPE = f"\t@{PROGRAM} play schatz --players 2 --seed 3 || [ $$? -eq 130 ]"
SERVER_READY = b"in your browser"


def _play_recipe() -> str:
    """The recipe of the project's ``make play``, run by this interpreter, on any free port."""
    lines = MAKEFILE.read_text(encoding="utf-8").splitlines()
    recipe = lines[lines.index("play: $(PLAY_STAMP)") + 1]
    assert "$(BIN)/phoenixgames serve" in recipe, recipe
    return recipe.replace("$(BIN)/phoenixgames", PROGRAM) + " --port 0"


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


def _exit_status(pid: int, seconds: float) -> int:
    """The wait status of ``pid`` once it ends; killed (and the test failed) if it outlasts ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        time.sleep(0.1)
    os.killpg(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    pytest.fail(f"make play was still running {seconds} s after the key")


def _wait_until_reading(fd: int, seconds: float = 10) -> None:
    """Wait until the game on the terminal waits for a key, as a person's key would find it.

    The prompt is drawn a moment before the game reads: a Ctrl-C sent in between is taken by the
    interpreter and noticed only at the next key, which a person, slower than this test, never meets.
    Where the kernel does not say what a process waits for, a short pause stands in.
    """
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            game = os.tcgetpgrp(fd)  # the game leads the terminal's foreground group
            waiting = Path(f"/proc/{game}/wchan").read_text(encoding="ascii")
            state = Path(f"/proc/{game}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()[0]
        except OSError:
            time.sleep(0.5)
            return
        if state == "S" and waiting in ("wait_woken", "n_tty_read"):
            return
        time.sleep(0.05)


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
@pytest.mark.parametrize("key", [b"\x03", b"q\r"], ids=["ctrl-c", "q"])
def test_quitting_a_game_started_by_make_is_no_error_of_make(tmp_path: Path, key: bytes):
    (tmp_path / "Makefile").write_text(f"play:\n{GAME_RECIPE}\n", encoding="utf-8")
    pid, fd = pty.fork()
    if pid == 0:  # the child: make, on the new terminal, as a person would start it
        os.chdir(tmp_path)
        os.execvp("make", ["make", "play"])
    try:
        shown = _read_until(fd, PROMPT, 120)  # hang guards, generous: no test times the machine
        assert PROMPT in shown, shown.decode(errors="replace")
        _wait_until_reading(fd)
        os.write(fd, key)
        shown += _read_until(fd, None, 30)
        status = _exit_status(pid, 60)
    finally:
        os.close(fd)
    text = shown.decode(errors="replace")
    assert "Game saved to phoenixgames-schatz-3.json" in text
    assert "make: ***" not in text and "Interrupt" not in text, text
    assert os.waitstatus_to_exitcode(status) == 0
    assert (tmp_path / "phoenixgames-schatz-3.json").exists()


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_ctrl_c_stops_the_server_of_make_play_with_no_error_of_make(tmp_path: Path):
    (tmp_path / "Makefile").write_text(f"play:\n{_play_recipe()}\n", encoding="utf-8")
    pid, fd = pty.fork()
    if pid == 0:  # the child: make, on the new terminal, as a person would start it
        os.chdir(tmp_path)
        os.environ["XDG_DATA_HOME"] = str(tmp_path / "data")  # the embedded database goes here
        os.execvp("make", ["make", "play"])
    try:
        shown = _read_until(fd, SERVER_READY, 120)
        assert SERVER_READY in shown, shown.decode(errors="replace")
        time.sleep(0.3)
        os.write(fd, b"\x03")
        shown += _read_until(fd, None, 30)
        status = _exit_status(pid, 60)
    finally:
        os.close(fd)
    text = shown.decode(errors="replace")
    assert "Open http://127.0.0.1:" in text
    assert "make: ***" not in text and "Traceback" not in text, text
    assert os.waitstatus_to_exitcode(status) == 0
    assert (tmp_path / "data" / "phoenixgames" / "server.sqlite3").exists()
