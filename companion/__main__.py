"""`python -m companion migrate`: bring the database schema up to date (make run does this first)."""

from __future__ import annotations

import sys

from . import create_app, db


def main(argv: list[str]) -> int:
    if argv[:1] == ["migrate"]:
        app = create_app()
        db.upgrade(app)
        print(f"database ready: {app.config['DATABASE_URL'].split('@')[-1]}")
        return 0
    print("usage: python -m companion migrate", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
