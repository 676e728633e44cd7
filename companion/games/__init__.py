"""The pure rules engines, one package per game (see ``base.py`` for the contract every game follows).

Nothing here imports Flask, the store or a template. ``companion.registry`` finds the games.
"""
