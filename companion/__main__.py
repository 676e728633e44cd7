"""`python -m companion migrate`: bring the database schema up to date (make run does this first).
`python -m companion print-ahead`: render the fixed PDFs into the disk cache (make run starts it beside the server)."""

from __future__ import annotations

import sys

from companion import create_app
from companion.storage import db

from .web.printing.ahead import print_ahead


def main(argv: list[str]) -> int:
    if argv[:1] == ["migrate"]:
        app = create_app()
        db.upgrade(app)
        print(f"database ready: {app.config['DATABASE_URL'].split('@')[-1]}")
        return 0
    if argv[:1] == ["print-ahead"]:
        for url, status, seconds, cached in print_ahead(create_app()):
            print(f"{status} {seconds:6.2f} s {'cached' if cached else 'rendered'}  {url}", flush=True)
        return 0
    print("usage: python -m companion migrate | print-ahead", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
