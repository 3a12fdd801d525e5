"""The store on SQLite and PostgreSQL: migrations, the version check, two moves racing for one number."""

from __future__ import annotations

import threading
import time

import pytest

from phoenixgames.server.store import (
    BOT,
    OPEN,
    OVER,
    PERSON,
    RUNNING,
    SeatData,
    SeatTaken,
    StaleVersion,
    Store,
    TableData,
)


def new_table(store: Store, table_id: str = "t1", people: int = 1) -> TableData:
    seats = [SeatData(i, PERSON) for i in range(people)] + [SeatData(people, BOT, agent="random")]
    data = TableData(
        id=table_id,
        game="schatz",
        players=len(seats),
        options={},
        seed=2**127 + 5,
        status=OPEN,
        version=0,
        clock=None,
        absence=60.0,
        stand_in="greedy",
        created_at=time.time(),
        seats=seats,
    )
    store.create_table(data)
    return data


def test_the_migrations_make_the_schema_and_run_again_as_nothing(database):
    Store(database).close()
    store = Store(database)  # a second start finds the schema at its head
    new_table(store)
    data = store.load("t1")
    assert data is not None and data.seed == 2**127 + 5 and data.status == OPEN
    assert [s.kind for s in data.seats] == [PERSON, BOT]
    assert store.table_ids() == ["t1"]
    store.close()


def test_a_table_runs_once_every_persons_seat_is_taken_and_a_taken_seat_is_refused(database):
    store = Store(database)
    new_table(store, people=2)
    assert store.join("t1", 0, "Ann", "a" * 64) == OPEN
    with pytest.raises(SeatTaken):
        store.join("t1", 0, "Bob", "b" * 64)
    with pytest.raises(SeatTaken):
        store.join("t1", 2, "Bob", "b" * 64)  # a bot's
    assert store.join("t1", 1, "Bob", "b" * 64) == RUNNING
    store.close()


def test_a_move_lands_only_at_the_tables_version_and_the_last_one_ends_the_game(database):
    store = Store(database)
    new_table(store, people=0)
    with store.engine.begin() as c:
        c.exec_driver_sql("UPDATE game_tables SET status = 'running'")
    store.append_move("t1", 0, "play R3 nest2", 0, PERSON, over=False)
    with pytest.raises(StaleVersion):
        store.append_move("t1", 0, "draw deck", 0, PERSON, over=False)
    with pytest.raises(StaleVersion):
        store.append_move("t1", 2, "draw deck", 0, PERSON, over=False)
    store.append_move("t1", 1, "draw deck", 0, PERSON, over=True)
    data = store.load("t1")
    assert data.moves == ["play R3 nest2", "draw deck"] and data.status == OVER and data.version == 2
    with pytest.raises(StaleVersion):
        store.append_move("t1", 2, "play R3 nest1", 1, PERSON, over=False)  # after the end
    store.close()


def test_an_undo_takes_back_the_last_move_only_at_its_version(database):
    store = Store(database)
    new_table(store, people=0)
    with store.engine.begin() as c:
        c.exec_driver_sql("UPDATE game_tables SET status = 'running'")
    store.append_move("t1", 0, "play R3 nest2", 0, PERSON, over=False)
    with pytest.raises(StaleVersion):
        store.undo_move("t1", 2)
    store.undo_move("t1", 1)
    assert store.load("t1").moves == []
    store.append_move("t1", 0, "play R4 nest1", 0, PERSON, over=False)
    assert store.load("t1").moves == ["play R4 nest1"]
    store.close()


def test_two_moves_racing_for_one_version_cannot_both_land(database):
    stores = [Store(database), Store(database)]  # two engines, as two processes would have
    new_table(stores[0], people=0)
    with stores[0].engine.begin() as c:
        c.exec_driver_sql("UPDATE game_tables SET status = 'running'")
    for number in range(6):
        outcomes: list[str] = []
        start = threading.Barrier(2)

        def race(
            store: Store, notation: str, number: int = number, outcomes: list[str] = outcomes, start=start
        ) -> None:
            start.wait()
            try:
                store.append_move("t1", number, notation, 0, PERSON, over=False)
                outcomes.append(notation)
            except StaleVersion:
                outcomes.append("stale")

        threads = [threading.Thread(target=race, args=(s, f"move {number} by {i}")) for i, s in enumerate(stores)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(outcomes) == 2 and outcomes.count("stale") == 1, outcomes
    moves = stores[1].load("t1").moves
    assert len(moves) == 6 and all(m.startswith(f"move {i} ") for i, m in enumerate(moves))
    for s in stores:
        s.close()


def test_moves_written_together_land_or_are_refused_each_by_its_own_version(database):
    from phoenixgames.server.store import Move

    store = Store(database)
    for table_id in ("t1", "t2", "t3"):
        new_table(store, table_id, people=0)
    with store.engine.begin() as c:
        c.exec_driver_sql("UPDATE game_tables SET status = 'running'")
    store.append_move("t2", 0, "play R3 nest2", 0, PERSON, over=False)
    results = store.append_moves(
        [
            Move("t1", 0, "play R3 nest2", 0, PERSON, False),
            Move("t2", 0, "play R4 nest1", 0, PERSON, False),  # t2 is at version 1: refused alone
            Move("t3", 0, "play G2 nest1", 1, "bot", True),
        ]
    )
    assert [type(r).__name__ if r else None for r in results] == [None, "StaleVersion", None]
    assert store.load("t1").moves == ["play R3 nest2"]
    assert store.load("t2").moves == ["play R3 nest2"]
    assert store.load("t3").moves == ["play G2 nest1"] and store.load("t3").status == OVER
    store.close()
