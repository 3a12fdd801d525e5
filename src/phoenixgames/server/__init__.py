"""The game server: tables of people and bots over HTTP and WebSockets, every move kept in a database.

Nothing here is imported by ``import phoenixgames``: the server's libraries (FastAPI, SQLAlchemy,
Alembic) load only when ``phoenixgames serve`` runs or a program imports :mod:`phoenixgames.server.app`.
"""
