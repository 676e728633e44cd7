"""``{% memo %}`` (companion/web/memo.py): a part of a page drawn once for the values it names, drawn again when
one of them, the language or the way back of its ruling links changes, and never kept
with a phone's token."""

from __future__ import annotations

import pytest
from flask import Flask, render_template_string
from flask_babel import force_locale

from companion.web import memo
from companion.web.pages import form_tokens, forms_carry
from companion.web.rules.links import links_back_to
from companion.web.tables.render import form_tokens_for

PART = "{% memo n %}<b>{{ n }} {{ draw() }} {{ _('Undo') }}</b>{% endmemo %}"


@pytest.fixture
def drawn(app: Flask):  # type: ignore[no-untyped-def]
    memo.clear()
    calls: list[int] = []

    def draw() -> int:
        calls.append(1)
        return len(calls)

    def render(n: object, template: str = PART) -> str:
        return render_template_string(template, n=n, draw=draw)

    with app.test_request_context("/"):
        yield render, calls
    memo.clear()


def test_a_part_is_drawn_once_for_the_same_values(drawn) -> None:  # type: ignore[no-untyped-def]
    render, calls = drawn
    assert render(1) == "<b>1 1 Undo</b>"
    assert render(1) == "<b>1 1 Undo</b>"  # kept: the body did not run again
    assert render(2) == "<b>2 2 Undo</b>" and len(calls) == 2
    assert render({"a": [1, 2]}) == render({"a": [1, 2]}) and len(calls) == 3  # dicts and lists by their contents


def test_a_part_is_drawn_again_in_another_language_or_for_another_way_back(drawn) -> None:  # type: ignore[no-untyped-def]
    render, calls = drawn
    assert render(1) == "<b>1 1 Undo</b>"
    with force_locale("ja"):
        assert render(1) == "<b>1 2 元に戻す</b>"
    with links_back_to("/t/other"):
        assert render(1) == "<b>1 3 Undo</b>"
    assert len(calls) == 3


def test_a_part_holding_a_phones_token_is_drawn_for_it_alone(drawn) -> None:  # type: ignore[no-untyped-def]
    render, calls = drawn
    form = "{% memo n %}<form>{{ form_tokens() }}{{ draw() }}</form>{% endmemo %}"
    first, second = render(1, form), render(1, form)
    token = str(form_tokens())
    assert token in first and token in second and len(calls) == 2  # drawn each time, never kept for another
    with forms_carry(form_tokens_for(shared=True, can_write=True), shared=True):  # a shared fragment: tokens empty, kept
        shared = render(1, form)
        assert 'name="csrf_token" value=""' in shared and render(1, form) == shared and len(calls) == 3
