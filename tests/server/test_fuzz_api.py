"""The HTTP API fuzzed from its own OpenAPI description (schemathesis, in process): whatever a client
sends, the server answers without a server error, and every answer is what the description says."""

from __future__ import annotations

import asyncio
import atexit
import shutil
import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import GenerationMode
from schemathesis.checks import negative_data_rejection, not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance, status_code_conformance

from phoenixgames.server.app import create_app
from phoenixgames.server.bots import BotPool
from phoenixgames.server.settings import Settings


class ThinkingPool(BotPool):
    """Bots that never answer: the fuzzing makes tables of bots, and the API is what is under test."""

    async def think(self, state_json: str, spec: str, seat: int, seconds: float | None = None) -> str:
        await asyncio.Event().wait()
        raise AssertionError("unreachable")


_folder = Path(tempfile.mkdtemp(prefix="phoenixgames-fuzz-"))
atexit.register(shutil.rmtree, _folder, ignore_errors=True)
# Limits a fuzzer's hundreds of tables never reach: a rate limit that refills with the clock would answer
# one run 201 and a slower one 429, so that Hypothesis, replaying a sequence, met other links (flaky).
_UNLIMITED = Settings(
    tables_burst=1_000_000, joins_burst=1_000_000, max_open_tables=1_000_000, max_live_tables=1_000_000
)
app = create_app(
    f"sqlite:///{_folder / 'server.sqlite3'}", pool=ThinkingPool(1), seed_source=lambda: 12345, settings=_UNLIMITED
)
schema = schemathesis.openapi.from_asgi("/openapi.json", app)
schema.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE])  # bodies that break it too


@schema.parametrize()
@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.function_scoped_fixture],
)
def test_every_route_answers_any_request_as_its_description_says(case):
    case.call_and_validate(
        checks=[not_a_server_error, status_code_conformance, response_schema_conformance, negative_data_rejection]
    )


# Stateful: sequences of calls that follow the links of the answers (a table made, then read, joined
# and left with the token its join gave), each answer checked as above. Only the routes with links.
stateful = schemathesis.openapi.from_asgi("/openapi.json", app)
stateful.config.generation.update(modes=[GenerationMode.POSITIVE])
# A body the schema allows may still be refused for what the schema cannot say (seats that are not as many
# as the players, a spec that names no agent): a 400, not a schema's mismatch.
stateful.config.checks.update(excluded_check_names=["positive_data_acceptance"])
Sequences = stateful.as_state_machine().TestCase
Sequences.settings = settings(
    max_examples=60,
    stateful_step_count=6,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
