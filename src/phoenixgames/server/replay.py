"""A game replayed from its record, one step at a time, as one audience saw it (``GET
/tables/{id}/replay?step=N&as=...``): a seat (``view(seat)``), a spectator (``public``) or everyone's
cards open (``all``, the referee's ``view(None)``). Until the game is over only ``public`` is shown: a
running game's hidden cards stay hidden, its seed too.

Each answer is one step (bounded: the view, the events up to it, the moves). The position is rebuilt from
the seed and the moves in a thread; the last positions built are kept, so that stepping forward applies
one move more rather than the game again.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING

from .. import PUBLIC, GameState
from ..engine import start_game
from . import protocol as p
from .moves import with_makers
from .store import OVER, TableData
from .table_errors import TableError, seat_info

if TYPE_CHECKING:
    from .tables import Lobby

#: How many replayed positions are kept (one a table).
KEPT = 16


def audience_of(text: str, players: int) -> int | str | None:
    """``public`` -> PUBLIC, ``all`` -> None (the referee), a seat's number -> that seat."""

    if text == "public":
        return PUBLIC
    if text == "all":
        return None
    if text.isdigit() and int(text) < players:
        return int(text)
    raise TableError(
        f"a replay is shown as 'public', 'all' or a seat from 0 to {players - 1}, not {text[:20]!r}", "bad_request"
    )


class Replays:
    """The replays a lobby serves, with the positions built lately."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self._kept: OrderedDict[str, tuple[list[str], GameState]] = OrderedDict()
        self._lock = threading.Lock()  # positions are built in threads

    def _position(self, data: TableData, step: int) -> GameState:
        """The game of ``data`` after its first ``step`` moves, its events logged from the start."""
        moves = data.moves[:step]
        with self._lock:
            kept = self._kept.get(data.id)
        if kept is not None and len(kept[0]) <= step and moves[: len(kept[0])] == kept[0]:
            state, done = kept[1].copy(), len(kept[0])
        else:
            state, done = start_game(data.game, data.players, data.seed, data.options), 0
            state.events(PUBLIC, 0)  # from here on every action's events are logged as it is applied
        for notation in moves[done:]:
            state.apply(notation)
        with self._lock:
            self._kept[data.id] = (moves, state.copy())
            self._kept.move_to_end(data.id)
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        return state

    async def step(self, table_id: str, step: int, audience_text: str) -> p.ReplayStep:
        """The step ``step`` of the game at ``table_id`` as ``audience_text`` saw it."""

        data = await self.lobby.data(table_id)
        audience = audience_of(audience_text, data.players)
        if data.status != OVER and audience != PUBLIC:
            raise TableError(
                "until the game is over a replay shows only what a spectator sees (as=public)", "not_over", 409
            )
        steps = len(data.moves)
        if not 0 <= step <= steps:
            raise TableError(f"this game has steps 0 to {steps}, not {step}", "bad_request")
        state = await asyncio.to_thread(self._position, data, step)
        told = PUBLIC if audience is None else audience
        events = with_makers(state.events(told, 0), data.makers)
        public = state.public_record()["actions"]
        moves = [
            p.MoveInfo(
                number=number,
                seat=seat,
                action=data.moves[number] if audience is None or audience == seat else public[number],
                by=by,  # type: ignore[arg-type]
            )
            for number, (seat, by) in enumerate(data.makers[:step])
        ]
        return p.ReplayStep(
            table=data.id,
            game=data.game,
            players=data.players,
            status=data.status,  # type: ignore[arg-type]
            step=step,
            steps=steps,
            audience=audience_text,
            to_act=state.current_player,
            view=state.view(audience),
            events=events,
            moves=moves,
            seats=seat_info(data),
            scores=list(state.scores) if state.is_over else None,
            winners=list(state.winners) if state.is_over else None,
        )
