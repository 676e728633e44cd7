"""A reason's ruling opens the clause that explains that reason (by its code), on the table page and in the API,
not merely the first clause citing the same ruling (SC-7 is the endings, the hand limit and the empty deck)."""

from __future__ import annotations

import re

from flask import Flask

from companion.games.base import Reason
from companion.web.api.routes import reason_json
from companion.web.reasons import reason_text, reason_view
from companion.web.rules.links import ruling_badge, rulings
from tests.web.apps import Phone
from tests.web.games.sister_combination.support import send, started
from tests.web.helpers import text_of


def _links(html: str) -> list[str]:
    return re.findall(r'<a class="rule-link[^"]*" href="([^"?]+)[^"]*" data-rule="([^"]+)"', html)


def test_a_refused_reshuffle_links_sc7_to_the_empty_deck_clause(phone: Phone) -> None:
    table = started(phone)
    response = send(phone, table, kind="reshuffle")
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    problems = html.split('class="problems"', 1)[1].split("</ul>", 1)[0]
    assert re.search(r"The deck still holds \d+ cards: it is reshuffled only when empty\. \(SC-7\)", text_of(problems))
    assert ("/rules/sister-combination/sc-deck-empty", "SC-7") in _links(problems)
    assert ("/rules/sister-combination/sc-goal", "SC-7") not in _links(problems)


def test_a_reason_as_text_line_or_badge_leads_to_its_own_clause(app: Flask) -> None:
    time_machine = Reason("pr.turn.time_machine", "PR-7")
    hand_limit = Reason("sc.limit.pass", "SC-7", True)
    with app.test_request_context("/"):
        assert reason_json(time_machine)["rule_url"] == "/rules/planeta-rica#pr-time-machine"
        assert reason_json(hand_limit)["rule_url"] == "/rules/sister-combination#sc-hand-limit"
        assert _links(str(rulings(reason_text(time_machine)))) == [("/rules/planeta-rica/pr-time-machine", "PR-7")]
        assert _links(str(rulings(reason_view(hand_limit)))) == [("/rules/sister-combination/sc-hand-limit", "SC-7")]
        assert _links(str(ruling_badge("SC-7", code="sc.limit.pass"))) == [
            ("/rules/sister-combination/sc-hand-limit", "SC-7")]
        # a badge that is no reason's still leads to the ruling's home clause
        assert _links(str(ruling_badge("SC-7"))) == [("/rules/sister-combination/sc-goal", "SC-7")]
        # a code about an entry's form leads where its ruling leads
        wrong_type = Reason("sc.input.wrong_type", "SC-6")
        assert reason_json(wrong_type)["rule_url"] == "/rules/sister-combination#sc-reach"


def test_a_badge_about_one_topic_of_a_ruling_opens_that_topics_clause(phone: Phone) -> None:
    """A page's badge beside the hand limit, the ending played or the direction names SC-7 or SC-8, rulings with
    several topics: each opens the clause of its own topic."""
    table = started(phone, hand_limit="16b", end="last_one")
    html = phone.get(table).get_data(as_text=True)
    limit = html.split('class="sc-limit"', 1)[1].split("</p>", 1)[0]
    assert "みんななかよく: hand limit 16, rule (b)" in text_of(limit)
    assert _links(limit) == [("/rules/sister-combination/sc-hand-limit", "SC-7")]
    ending = html.split('class="sc-options-line', 1)[1].split("</p>", 1)[0]
    assert "Played until one player remains." in text_of(ending)
    assert _links(ending) == [("/rules/sister-combination/sc-end", "SC-7")]
    direction = html.split('class="sc-direction"', 1)[1].split("</p>", 1)[0]
    assert _links(direction) == [("/rules/sister-combination/sc-turn-order", "SC-8")]
