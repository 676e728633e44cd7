"""`python -m companion migrate`: bring the database schema up to date (make run does this first).
`python -m companion print-ahead`: render the fixed PDFs into the disk cache (make run starts it beside the server).
`python -m companion certificate`: make this computer's certificate authority (once) and a certificate for its
addresses now, for https at the table (make run HTTPS=1 does this first; companion/server/certificates.py)."""

from __future__ import annotations

import os
import sys

from companion import create_app
from companion.server.certificates import authority_der, ensure, fingerprint
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
    if argv[:1] == ["certificate"]:
        return certificate(create_app().instance_path)
    print("usage: python -m companion migrate | print-ahead | certificate", file=sys.stderr)
    return 2


def certificate(instance: str) -> int:
    extra = [n for n in os.environ.get("TLS_NAMES", "").split(",") if n.strip()]
    served = ensure(instance, extra)
    names = ", ".join([*served.names.dns, *map(str, served.names.ips)])
    files = served.files
    if served.made_authority:
        print(f"https: made this computer's certificate authority {files.ca_cert} (each phone trusts it once)")
    print(f"https: {'made' if served.made_certificate else 'kept'} the certificate {files.cert} for {names}")
    der = authority_der(instance)
    if der is not None:
        print(f"https: the authority's SHA-256 fingerprint: {fingerprint(der)}")
    if served.refused:
        print(f"https: left out {', '.join(served.refused)}: this authority may not sign for them (its names are "
              f"fixed when it is made). To add them, delete {files.folder} and trust the new authority on each "
              "phone again.", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
