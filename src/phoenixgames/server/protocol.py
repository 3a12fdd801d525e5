"""Every message of the server, typed: the HTTP bodies and the WebSocket messages (pydantic models).

A WebSocket carries JSON text messages, one object each, with a ``type``. A client sends ``hello``
first (with its seat token, or none to watch), then ``move``, ``undo``, ``take_back``, ``hint``, ``chat``
and ``ping``. The server sends ``state`` on connect and after every change, ``accepted`` to the seat whose
move or undo landed, ``refused`` for a request that did not land (and why), ``error`` for a message it
cannot take, ``over`` with the full record once the game has ended, ``hint`` (what the ``hard`` bot
would play in the seat's place), ``advice`` (the same, unasked, at a learning table), ``chat`` (lines of
the table's chat), ``rematch`` (the new table offered once the game is over) and ``pong``.
``docs/server.md`` shows each.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, TypeAdapter

from .. import games as _games

#: The longest text message a WebSocket takes (a move is a few dozen bytes).
MAX_MESSAGE_BYTES = 4096
#: The longest frame a WebSocket may send at all: a longer one closes the connection (code 1009).
MAX_FRAME_BYTES = 64 * 1024
#: The longest display name.
MAX_NAME = 40


class Closed(BaseModel):
    """A body that refuses fields it does not name."""

    model_config = ConfigDict(extra="forbid")


class Strict(BaseModel):
    """A WebSocket message: no unknown field, no number written as text, no ``true`` for a number."""

    model_config = ConfigDict(extra="forbid", strict=True)


# ------------------------------------------------------------------------------------------ HTTP
class SeatRequest(Closed):
    """One seat of a new table: a person (who joins later) or a bot of a named difficulty (``easy``,
    ``medium``, ``hard``; ``hard`` if left out) or any agent spec (``ismcts:iterations=300``)."""

    # A person's seat takes no difficulty (refused with 400 ``bad_request``): the schema says so too.
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "oneOf": [
                {"properties": {"kind": {"const": "person"}, "difficulty": {"type": "null"}}},
                {"properties": {"kind": {"const": "bot"}}},
            ]
        },
    )

    kind: Literal["person", "bot"]
    difficulty: Annotated[
        str | None,
        Field(
            max_length=200,
            description="a difficulty (easy, medium, hard) or the simple bots random and greedy; the server "
            "also takes an agent spec within its cap (ismcts:iterations=300), which the schema does not list",
            json_schema_extra={"enum": ["easy", "medium", "hard", "random", "greedy", None]},
        ),
    ] = None


class CreateTable(Closed):
    """A new table."""

    game: Annotated[str, Field(max_length=40, examples=["schatz"], json_schema_extra={"enum": list(_games())})]
    # Strict numbers and switches: a body says what the schema says (0 is no false, "2" no number).
    players: Annotated[
        StrictInt | None,
        Field(ge=2, le=6, description="2 to 6 (GET /games: each game's own); left out, as many as the seats"),
    ] = None
    options: dict[str, str | int | float | bool] = Field(default_factory=dict)
    seats: Annotated[list[SeatRequest], Field(min_length=2, max_length=6)]
    clock: Annotated[
        StrictFloat | None,
        Field(gt=0, le=86400, description="seconds a seat may think on a move: then the stand-in plays that move"),
    ] = None
    absence: Annotated[
        StrictFloat | None,
        Field(
            ge=0,
            le=86400,
            description="seconds a seated player may be away before the stand-in plays for them (null, the "
            "default: nobody ever plays for a person, the table waits)",
        ),
    ] = None
    stand_in: Annotated[str, Field(max_length=200, description="the bot that plays for a seat out of time or away")] = (
        "hard"
    )
    learning: StrictBool = Field(
        False, description="a learning game: each person is told at each turn what hard would play"
    )
    listed: StrictBool = Field(
        True, description="shown in the lobby's list; false: reachable by its link (its id) only"
    )


class JoinTable(Closed):
    """Taking a free seat (the first free one if ``seat`` is left out)."""

    name: Annotated[str, Field(min_length=1, max_length=MAX_NAME)]
    seat: Annotated[StrictInt | None, Field(ge=0, le=11)] = None


class SeatInfo(BaseModel):
    """A seat as everyone may see it."""

    seat: int
    kind: Literal["person", "bot"]
    name: str | None = Field(description="the player's display name, or the bot's difficulty")
    taken: bool
    present: bool
    stand_in: bool = Field(description="a bot plays for the absent or out-of-time player")


class Away(BaseModel):
    """What happens when a person at the table is away or slow, as chosen by the table's creator."""

    policy: Literal["wait", "bot", "clock"] = Field(
        description="wait: nobody plays for a person; bot: the stand-in plays for a person away `absence` "
        "seconds; clock: the stand-in plays a move whose `clock` ran out (and, with `absence` too, for the away)"
    )
    text: str = Field(description="the choice in words, for people")


class TableInfo(BaseModel):
    """A table as the lobby shows it."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    status: Literal["open", "running", "over"]
    version: int
    clock: float | None
    absence: float | None
    stand_in: str
    seats: list[SeatInfo]
    created_at: float
    away: Away
    learning: bool = Field(description="a learning game: each person is told at each turn what hard would play")
    rematch: str | None = Field(None, description="the table of the rematch offered once this game ended")
    rematch_of: str | None = Field(None, description="the finished table this one is the rematch of")
    listed: bool = Field(True, description="whether the lobby lists it (else it is reachable by its link only)")


class TableList(BaseModel):
    tables: list[TableInfo]


class Joined(BaseModel):
    """The seat taken and its token: shown once, kept only as a hash by the server."""

    seat: int
    token: str
    table: TableInfo


class GameInfoBody(BaseModel):
    """A game: its player counts, its options, and the agent spec each difficulty stands for in it."""

    name: str
    title: str
    summary: str = Field(description="what the game is about, in a sentence")
    rules: str = Field(description="the address of the game's rules page, as implemented")
    min_players: int
    max_players: int
    options: dict[str, Any]
    difficulties: dict[str, str] = Field(description="each difficulty and the agent spec it stands for in this game")


class GameList(BaseModel):
    """The games, and the difficulties a bot's seat is offered by name (easiest first)."""

    games: list[GameInfoBody]
    difficulties: list[str]
    default_difficulty: str
    difficulty_help: dict[str, str] = Field(description="what each difficulty plays like, in words")


class ErrorDetail(BaseModel):
    code: str
    message: str


class ErrorBody(BaseModel):
    """Every refusal of the HTTP API."""

    error: ErrorDetail


# ------------------------------------------------------------------------------------- WebSocket in
class Hello(Strict):
    """The first message: a seat's token to play, none to watch; ``since`` is the version whose events
    the client already has (0: send them all)."""

    type: Literal["hello"]
    token: Annotated[str | None, Field(max_length=200)] = None
    since: Annotated[int, Field(ge=0)] = 0


class Move(Strict):
    """An action, in notation, made at ``version`` (the number of actions so far)."""

    type: Literal["move"]
    version: Annotated[int, Field(ge=0)]
    action: Annotated[str, Field(max_length=400)]


class Undo(Strict):
    """Take back this seat's last action, made to reach ``version``."""

    type: Literal["undo"]
    version: Annotated[int, Field(ge=0)]


class TakeBack(Strict):
    """Take the seat back from the stand-in bot that played for it."""

    type: Literal["take_back"]


class HintRequest(Strict):
    """What would the ``hard`` bot play here? Asked by the seat to act, one hint at a time."""

    type: Literal["hint"]


class Ping(Strict):
    type: Literal["ping"]


class ChatRequest(Strict):
    """A line of chat for everyone at the table; a spectator gives the ``name`` it is shown by (a seat is
    shown by its player's name, and gives none)."""

    type: Literal["chat"]
    text: Annotated[str, Field(max_length=1000)]
    name: Annotated[str | None, Field(max_length=MAX_NAME)] = None


#: A message from a client, of any type.
ClientRequest = Hello | Move | Undo | TakeBack | HintRequest | ChatRequest | Ping
ClientMessage = Annotated[ClientRequest, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[ClientRequest] = TypeAdapter(ClientMessage)


# ------------------------------------------------------------------------------------ WebSocket out
class MoveInfo(BaseModel):
    """A move as one audience may know it: the seat's own in full, others' as the public record has them."""

    number: int = Field(description="the index of the action in the game's history, from 0")
    seat: int
    action: str
    by: Literal["person", "bot", "stand-in"]


class Clock(BaseModel):
    per_move: float | None
    remaining: float | None = Field(description="seconds left to the seat to act, if it has a clock")


class StateMessage(BaseModel):
    """What a seat (or a spectator: ``seat`` null) may know now, and what happened since its last one."""

    type: Literal["state"] = "state"
    table: str
    status: Literal["open", "running", "over"]
    seat: int | None
    version: int
    to_act: int | None
    your_turn: bool
    view: dict[str, Any]
    legal: list[str]
    events: list[dict[str, Any]]
    can_undo: bool
    seats: list[SeatInfo]
    clock: Clock
    moves: list[MoveInfo] = Field(
        default_factory=list,
        description="the moves since this seat's own last move (a spectator: the last `players`), oldest first",
    )
    final: list[str] = Field(
        default_factory=list, description="the legal actions whose result cannot be taken back (the seat to act)"
    )


class Accepted(BaseModel):
    type: Literal["accepted"] = "accepted"
    request: Literal["move", "undo"]
    version: int = Field(description="the table's version after it")
    action: str


#: Why a move or undo was refused.
RefusalCode = Literal[
    "stale",
    "illegal",
    "malformed",
    "not_your_turn",
    "spectator",
    "not_running",
    "cannot_undo",
    "busy",
    "unavailable",
    "bad_text",
    "bad_name",
    "too_fast",
]


class Refused(BaseModel):
    type: Literal["refused"] = "refused"
    request: Literal["move", "undo", "take_back", "hint", "chat"]
    code: RefusalCode
    message: str
    version: int


#: Why a message could not be taken at all.
ErrorCode = Literal[
    "bad_json", "bad_message", "too_big", "flood", "hello_first", "bad_token", "no_table", "unavailable"
]


class ErrorMessage(BaseModel):
    type: Literal["error"] = "error"
    code: ErrorCode
    message: str


class Over(BaseModel):
    """The game has ended: the scores, the winners and the full record (seed included; its ``by`` says
    who made each action: ``person``, ``bot`` or ``stand-in``)."""

    type: Literal["over"] = "over"
    table: str
    scores: list[int]
    winners: list[int]
    record: dict[str, Any]


class RunnerUp(BaseModel):
    """A move the search weighed beside the one it chose."""

    action: str
    visit_share: float = Field(description="the share of the searches spent on it")
    win_share: float = Field(description="the share of the victory the search expects after it")


class Hint(BaseModel):
    """What the ``hard`` bot would play for the seat, worked out on the seat's own perspective copy (it
    knows only what the seat knows), at ``version``: a client ignores a hint older than its position.
    The figures come apart, for the page to say in the list's words; ``text`` says it all in notation."""

    type: Literal["hint"] = "hint"
    version: int = Field(description="the version of the position the hint is for")
    action: str = Field(description="the action, in notation")
    text: str = Field(description="the action and why, in a sentence (in notation)")
    visit_share: float = Field(1.0, description="the share of the searches spent on the action")
    searches: int = Field(0, description="the searches made (0: the only legal action, nothing searched)")
    win_share: float | None = Field(None, description="the share of the victory the search expects after it")
    fair_share: float = Field(0.0, description="a fair share of the victory: 1 / players")
    runner_ups: list[RunnerUp] = Field(default_factory=list, description="the next best, most searched first")
    explanation: str = Field("", description="what the move does and expects, in words, from the seat's view")


class Advice(Hint):
    """A learning game's advice: a hint, sent unasked to the seat to act at each of its turns."""

    type: Literal["advice"] = "advice"  # type: ignore[assignment]


class Pong(BaseModel):
    type: Literal["pong"] = "pong"




# ------------------------------------------------------------------------------ the table's features
class ChatLine(BaseModel):
    """One line of a table's chat: who wrote it (a seat's player, or a spectator: ``seat`` null) and what."""

    number: int = Field(description="the line's number at its table, from 1")
    seat: int | None
    name: str
    text: str
    at: float


class Chat(BaseModel):
    """Lines of the table's chat: the recent ones on connecting, then each new one as it is said."""

    type: Literal["chat"] = "chat"
    lines: list[ChatLine]


class Rematch(BaseModel):
    """The new table offered once the game ended: the same seats and bots, a new seed. A seat whose
    ``taken`` is true there has accepted (its player joined it)."""

    type: Literal["rematch"] = "rematch"
    table: str = Field(description="the old table")
    rematch: str = Field(description="the new table")
    seats: list[SeatInfo] = Field(description="the new table's seats")


class RematchRequest(Closed):
    """Asking for a rematch, or accepting one: the token of a seat at the finished table."""

    token: Annotated[str, Field(min_length=1, max_length=200)]


class ReplayStep(BaseModel):
    """A finished (or running: public only) game at one step of its record, as one audience saw it."""

    table: str
    game: str
    players: int
    status: Literal["open", "running", "over"]
    step: int = Field(description="the number of actions played, 0 to `steps`")
    steps: int = Field(description="the number of actions in the record")
    audience: str = Field(description="the seat shown, 'public' or 'all' (the referee's view, once over)")
    to_act: int | None
    view: dict[str, Any]
    events: list[dict[str, Any]] = Field(description="every event up to this step, as the audience saw it")
    moves: list[MoveInfo] = Field(description="the actions so far, each with its seat and who made it")
    seats: list[SeatInfo]
    scores: list[int] | None = Field(description="the final scores, at the last step of a finished game")
    winners: list[int] | None


#: A message from the server, of any type.
ServerMessage = StateMessage | Accepted | Refused | ErrorMessage | Over | Hint | Advice | Chat | Rematch | Pong


def encode(message: dict[str, Any]) -> str:
    """A message as the compact JSON text a WebSocket carries: by orjson, several times as fast as the
    standard library on a state message (views are a few kilobytes, sent after every move to every
    connection); by the standard library where orjson cannot (an integer past 64 bits)."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(message, separators=(",", ":"))
