"""Where games are played: this process, local worker processes, or a Ray cluster.

A backend runs ``work(context, chunk)`` for every chunk and yields each chunk's results as soon as
they are ready, in whatever order they finish. The caller puts them back in order, so the results
never depend on the backend or the number of workers.

A worker process is handed the agents registered in this process as import paths
(:func:`phoenixgames.agents.outside.carried`) and imports them itself before it plays.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from ..agents.outside import Carried, adopt, carried
from ..engine import PhoenixGamesError

BACKENDS = ("local", "ray")

C = TypeVar("C")
R = TypeVar("R")


class BackendUnavailable(PhoenixGamesError, RuntimeError):
    """A backend that cannot run here: Ray not installed, or no cluster at the address given."""


def run_chunks(
    work: Callable[[C, range], R],
    context: C,
    chunks: Sequence[range],
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
) -> Iterator[R]:
    """Yield ``work(context, chunk)`` for each chunk, as each finishes."""
    if backend == "local":
        if workers == 1:
            return (work(context, chunk) for chunk in chunks)
        return _processes(work, context, chunks, workers)
    if backend == "ray":
        return _ray(work, context, chunks, workers, address)
    raise BackendUnavailable(f"unknown backend {backend!r}: choose from {', '.join(BACKENDS)}")


#: The worker processes kept up by :func:`backend_session` (their number, the pool), while one is open.
_SESSION: dict[int, Any] = {}


def _new_pool(size: int) -> Any:
    # Fresh interpreters rather than forks: the parent may be running threads (a progress display).
    # The workers ignore Ctrl-C: the parent alone answers it, by ending them at once (terminate), so a
    # run stops at the first press, without a traceback from every worker.
    spawn = multiprocessing.get_context("spawn")
    return spawn.Pool(processes=size, initializer=_start_worker, initargs=(carried(),))


def _processes(work: Callable[[C, range], R], context: C, chunks: Sequence[range], workers: int) -> Iterator[R]:
    kept = _SESSION.get(workers)
    if kept is not None:  # a session's workers: they stay up for its next run
        yield from kept.imap_unordered(_run_one, [(work, context, chunk) for chunk in chunks])
        return
    pool = _new_pool(max(1, min(workers, len(chunks))))
    try:
        yield from pool.imap_unordered(_run_one, [(work, context, chunk) for chunk in chunks])
        pool.close()
    finally:
        pool.terminate()  # at once, whether the run ended, failed or was interrupted
        pool.join()


def _start_worker(registrations: Carried) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    adopt(registrations)


def _in_ray_worker(registrations: Carried, work: Callable[[C, range], R], context: C, chunk: range) -> R:
    adopt(registrations)
    return work(context, chunk)


def _run_one(task: tuple[Callable[[C, range], R], C, range]) -> R:
    work, context, chunk = task
    return work(context, chunk)


def ray_module() -> Any:
    """The ``ray`` package, or :class:`BackendUnavailable` saying how to install it."""
    try:
        import ray
    except ImportError:
        raise BackendUnavailable(
            "the ray backend needs Ray: pip install 'phoenixgames[ray]' (make test installs it)"
        ) from None
    return ray


def _start_ray(ray: Any, workers: int, address: str | None) -> bool:
    """Start or join a Ray cluster unless one is running here; whether this call started it."""
    if ray.is_initialized():
        return False
    try:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:  # a cluster of this machine alone, with as many CPUs as workers
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise BackendUnavailable(f"cannot start or reach a Ray cluster at {address or 'this machine'}: {exc}") from None
    return True


@contextlib.contextmanager
def backend_session(backend: str, workers: int = 1, address: str | None = None) -> Iterator[None]:
    """Keep the backend's workers up across several runs (a search's trials, a study's batches): one set
    of ``workers`` local processes, or with ``ray`` one cluster, for all of them instead of one started
    and stopped for each run. Ended, its processes at once, when the block ends however it ends."""
    if backend != "ray":
        if backend != "local" or workers == 1 or workers in _SESSION:
            yield
            return
        pool = _new_pool(workers)
        _SESSION[workers] = pool
        try:
            yield
        finally:
            del _SESSION[workers]
            pool.terminate()
            pool.join()
        return
    ray = ray_module()
    started_here = _start_ray(ray, workers, address)
    try:
        yield
    finally:
        if started_here:
            ray.shutdown()


def _ray(
    work: Callable[[C, range], R], context: C, chunks: Sequence[range], workers: int, address: str | None
) -> Iterator[R]:
    ray = ray_module()
    started_here = _start_ray(ray, workers, address)
    try:
        remote = ray.remote(_in_ray_worker)
        context_ref = ray.put(context)
        registrations = carried()
        pending = [remote.remote(registrations, work, context_ref, chunk) for chunk in chunks]
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            for ref in finished:
                yield ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()


__all__ = ["BACKENDS", "BackendUnavailable", "backend_session", "ray_module", "run_chunks"]
