"""Alembic's environment: the connection is handed in by :func:`phoenixgames.server.store.migrate`."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from phoenixgames.server.store import Base

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # run by the alembic command itself, from an ini file
    with create_engine(config.get_main_option("sqlalchemy.url") or "").begin() as connection:
        context.configure(connection=connection, target_metadata=Base.metadata)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()
