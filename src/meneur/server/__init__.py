"""The table server: an adapter beside the CLI that drives :class:`meneur.engine.Session` over HTTP.

Tables, members, characters, sessions (setup + events), rolls and the live feed are stored in SQLite
or PostgreSQL; no rule lives here. Nothing in this package is imported by the root CLI until
``meneur serve`` or ``meneur table`` runs.
"""
