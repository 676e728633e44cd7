"""``python -m companion.printing --worker IN_FD OUT_FD MAX_JOBS MAX_RSS_MB``: one render worker (pool.py)."""

import sys

from . import __doc__ as package_doc
from .pool import _worker_main

if sys.argv[1:2] == ["--worker"]:
    _worker_main(sys.argv[2:])
else:
    print(package_doc)
