"""One web package per game (``<pkg>/``, the same module names in each): routes, forms, model, history,
messages, labels, summary, api, printables, and ``WEB = GameWeb(...)`` (see ``companion.web.gameweb``)."""
