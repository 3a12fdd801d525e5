"""Holding the terminal during a game, so that Ctrl-C reaches the game alone.

Ctrl-C sends SIGINT to every process of the terminal's foreground group. Started by a shell, the game
leads a group of its own; started by ``make play``, it shares make's, so make too would take the
signal and report the game as a failure, though the game saved itself and stopped as asked. For the
length of the game it therefore becomes the foreground group itself, and gives the terminal back at
the end.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Iterator


@contextlib.contextmanager
def ctrl_c_for_this_program_alone() -> Iterator[None]:
    """While inside, Ctrl-C at the terminal interrupts this program and none of its parents.

    Nothing changes where there is no terminal, where this program is not in the foreground, or where
    it already leads its own group (as under a shell).
    """
    try:
        fd = sys.stdin.fileno()
        foreground = os.tcgetpgrp(fd) if os.isatty(fd) else None
    except (OSError, ValueError, AttributeError):  # no terminal, or stdin replaced (tests)
        foreground = None
    if foreground is None or foreground != os.getpgrp() or os.getpgrp() == os.getpid():
        yield
        return
    taken = _take_terminal(fd)
    try:
        yield
    finally:
        if taken:
            _give_terminal(fd, foreground)


def _take_terminal(fd: int) -> bool:
    try:
        os.setpgid(0, 0)
        _give_terminal(fd, os.getpgrp())
    except OSError:
        return False
    return True


def _give_terminal(fd: int, group: int) -> None:
    # A process outside the foreground group is stopped (SIGTTOU) when it sets the foreground group,
    # unless it ignores that signal for the moment.
    previous = signal.signal(signal.SIGTTOU, signal.SIG_IGN)
    try:
        with contextlib.suppress(OSError):
            os.tcsetpgrp(fd, group)
    finally:
        signal.signal(signal.SIGTTOU, previous)
