"""`flask --app companion <command>`: the server's upkeep commands."""

from __future__ import annotations

import click
from flask import Flask, current_app

from companion.tables.retention import cleanup


def init_app(app: Flask) -> None:
    @app.cli.command("cleanup")
    @click.option("--days", type=click.IntRange(min=1), default=None,
                  help="Delete what went unused this many days (default: RETENTION_DAYS, 30).")
    def cleanup_command(days: int | None) -> None:
        """Delete what nobody can use any more (companion/tables/retention.py): empty tables, unused deck profiles,
        groups without a table, old creation records."""
        config = current_app.config
        done = cleanup(days or int(config["RETENTION_DAYS"]), int(config["TABLE_RATE_WINDOW"]),
                       int(config["KEPT_PROFILE_DAYS"]))
        click.echo(f"deleted: {done.tables} empty tables, {done.profiles} unused deck profiles, "
                   f"{done.groups} groups without a table, {done.creations} creation records")
