"""How the app is served and kept responsive: gunicorn's worker class (``serving``, with ``addresses``: it imports
nothing else of the app, see tests/test_architecture.py), long CPU work off the event loop (``offload``), small
bounded caches (``cache``) and the per-client allowances of what a stranger can make (``quota``).

Kept import-light: gunicorn imports ``serving`` in its arbiter, and importing this package runs this file first.
"""
