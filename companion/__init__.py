"""companion: a table-side referee for five small Japanese card games.

``create_app(config=None)`` builds the Flask app; nothing runs at import. Importing an engine
(``companion.games.<pkg>``) imports this package first, so the web stack is imported only when an app is built:
the engines and their tests need neither Flask nor SQLAlchemy.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask

ROOT = Path(__file__).resolve().parent.parent


def create_app(config: dict[str, Any] | None = None) -> Flask:
    from flask import Flask

    from companion import cli, i18n
    from companion.storage import db
    from companion.tables import live

    from .config import configure
    from .web import register_web

    app = Flask(
        __name__,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
        instance_path=(config or {}).get("INSTANCE_PATH") or None,
    )
    configure(app, config)
    db.init_app(app)
    live.init_app(app)
    i18n.init_app(app)
    register_web(app)
    cli.init_app(app)
    return app
