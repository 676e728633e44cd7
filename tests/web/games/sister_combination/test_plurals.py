"""Counts read with real plurals: "1 card goes on the stack", "2 cards go"; Japanese has one form."""

from __future__ import annotations

from flask import Flask

from companion.games.base import Reason
from companion.web.messages import explain


def test_cards_put_on_the_stack_read_with_real_plurals(app: Flask) -> None:
    def stack2(added: int) -> Reason:
        return Reason("sc.card.stack2", "SC-8", True, {"added": added})

    def mamoru(added: int) -> Reason:
        return Reason("sc.sp.mamoru", "SC-1", True, {"added": added})

    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert explain(stack2(1)) == "Stack 2: 1 card goes from the deck onto the stack."
        assert explain(stack2(2)) == "Stack 2: 2 cards go from the deck onto the stack."
        assert explain(mamoru(1)) == "Mamoru's S.P.: 1 card goes on the stack."
        assert explain(mamoru(4)) == "Mamoru's S.P.: 4 cards go on the stack."
    with app.test_request_context("/", headers={"Accept-Language": "ja"}):
        assert explain(stack2(1)) == "スタック2：山札から1枚がスタックに置かれます。"
        assert explain(mamoru(4)) == "衛のS.P.：スタックに4枚追加されます。"
