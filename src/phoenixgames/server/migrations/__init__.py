"""Alembic migrations of the server's database (run by :func:`phoenixgames.server.store.migrate`)."""
