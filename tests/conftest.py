"""Settings for the whole suite."""

from __future__ import annotations

import signal
import warnings
from pathlib import Path

import pytest
from typer.testing import CliRunner

from phoenixgames.cli import app


@pytest.fixture(autouse=True)
def _sealing_key_in_a_temporary_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Save files are sealed with a key from the user's config folder; tests use a key of their own."""
    folder = tmp_path_factory.getbasetemp() / "sealing-key"
    monkeypatch.setenv("PHOENIXGAMES_KEY_FILE", str(folder / "save.key"))


@pytest.fixture(autouse=True)
def _ctrl_c_as_a_terminal_leaves_it(request: pytest.FixtureRequest):
    """Each test starts with Ctrl-C (SIGINT) handled and unblocked, as a terminal's foreground job has it.

    A child process inherits an ignored or blocked SIGINT from the test process, and then cannot be
    stopped by Ctrl-C at all: the tests that press Ctrl-C on a child (``tests/cli``) would hang. Whatever
    is found changed after a test is put back, with a warning naming the test (a worker of pytest-xdist
    may start with SIGINT ignored: the first test it runs is then named)."""
    yield
    changed = []
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        changed.append("its handler")
    if signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, []):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])
        changed.append("its mask")
    if changed:
        warnings.warn(f"{request.node.nodeid} ended with SIGINT changed ({', '.join(changed)}): put back", stacklevel=1)


@pytest.fixture
def run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """Run ``phoenixgames ARGS`` in a fresh working folder; ``input`` is what the person types."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None):
        return runner.invoke(app, list(args), input=input)

    return invoke
