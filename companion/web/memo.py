"""Parts of a page drawn once for what they show: ``{% memo value, ... %}…{% endmemo %}`` in a template keeps
what its body drew, keyed by the values named (with the template, the place in it, the language, the site's
address and where its ruling links lead back to), and gives it again while those values are equal.

Why: a table's fragment is drawn again at every version, yet much of it (a card picker, the rounds played, the
history's older lines) is the same as at the version before. Drawing it costs most of an entry's CPU (issue 39).

The rule for a template: a memo block reads nothing but the values its key names and what never changes while
the server runs (the game's words, its rule links). Values are compared by equality: give frozen dataclasses,
tuples, strings, numbers (dicts, lists and sets are compared by their contents). A block may hold a form: in a
fragment shared by every phone its tokens are empty (kept apart from a phone's own page by the key); a block that
drew a phone's own token is drawn for that phone alone, never kept (``drawn``). A form's version field changes at
every version: keep it outside the block, or name the version in the key.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any

from flask import g, has_request_context, request
from jinja2 import nodes
from jinja2.ext import Extension
from jinja2.parser import Parser
from markupsafe import Markup

from companion.i18n import language
from companion.server.cache import BoundedCache
from companion.web.pages import forms_shared
from companion.web.rules.links import page_back

_drawn: BoundedCache[Markup] = BoundedCache(4096, max_bytes=48 * 2**20, size_of=len)


def comparable(value: Any) -> Hashable:
    """A key's value as a hashable one: dicts, lists and sets by their contents."""
    if isinstance(value, Mapping):
        return ("{}", tuple(sorted((str(k), comparable(v)) for k, v in value.items())))
    if isinstance(value, (list, tuple)):
        return tuple(comparable(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(comparable(v) for v in value)
    try:
        hash(value)
    except TypeError:  # a dataclass holding a list or a dict: compared by what it holds, as its repr shows it
        return ("repr", type(value).__qualname__, repr(value))
    return value  # type: ignore[no-any-return]


def drawn(place: str, values: list[Any], caller: Callable[[], str]) -> Markup:
    """What the block at ``place`` draws for ``values``: kept from an earlier render, or drawn now and kept. A
    block that drew this phone's CSRF token (a form in a phone's own page) is drawn for it alone, never kept."""
    if has_request_context():
        here: tuple[Any, ...] = (language(), request.host, request.script_root, page_back(), forms_shared())
    else:
        here = ()
    key = (place, comparable(values), *here)
    found = _drawn.get(key)
    if found is not None:
        return found
    html = Markup(caller())
    token = g.get("csrf_token") if has_request_context() else None
    if token and token in html:
        return html
    return _drawn.put(key, html)


class MemoExtension(Extension):
    """The ``{% memo … %}`` tag (see the module's docstring)."""

    tags = {"memo"}

    def parse(self, parser: Parser) -> nodes.Node:
        lineno = next(parser.stream).lineno
        values = [parser.parse_expression()]
        while parser.stream.skip_if("comma"):
            values.append(parser.parse_expression())
        body = parser.parse_statements(("name:endmemo",), drop_needle=True)
        place = nodes.Const(f"{parser.name}:{lineno}")
        call = self.call_method("_drawn", [place, nodes.List(values)])
        return nodes.CallBlock(call, [], [], body).set_lineno(lineno)

    def _drawn(self, place: str, values: list[Any], caller: Callable[[], str]) -> Markup:
        return drawn(place, values, caller)


def clear() -> None:
    """Forget every kept part (tests that change a template's inputs outside a key)."""
    _drawn.clear()
