"""A reason reads the same in every game: its sentence, then its ruling as a badge whose link opens the clause
that explains it, with the way back to the page it was read on."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, quote, urlsplit

from markupsafe import escape

from tests.web.apps import Phone
from tests.web.games.lumiere.support import new_table as new_lumiere_table
from tests.web.games.lumiere.support import scored_profile
from tests.web.games.lumiere.test_tool import url as lumiere_captures
from tests.web.games.planeta_rica.support import start_table as start_planeta_rica

BADGE = (r'\s*<span class="rule"><a class="rule-link" href="(?P<href>[^"]+)" data-rule="(?P<rule>[^"]+)">'
         r'(?P<shown>[^<]+)</a></span>')


def ruling_after(html: str, sentence: str) -> tuple[str, str, str, str]:
    """(clause path, back, ruling id, ruling as shown) of the badge that ends the line ``sentence`` begins."""
    match = re.search(re.escape(str(escape(sentence))) + r"[^<]*(?:<span class=\"reason-detail\">[^<]*</span>)?"
                      + BADGE, html)
    assert match, f"no ruling badge after {sentence!r}"
    parts = urlsplit(match["href"].replace("&amp;", "&"))
    return parts.path, parse_qs(parts.query).get("back", [""])[0], match["rule"], match["shown"]


def checklist_line(html: str, sentence: str) -> str:
    """The checklist line (its li) that holds ``sentence``."""
    lines = [li for li in re.findall(r"<li class=\"(?:ok|fail)\".*?</li>", html, flags=re.S)
             if str(escape(sentence)) in li]
    assert lines, f"no checklist line holds {sentence!r}: " + " | ".join(re.findall(r"<li class=\"(?:ok|fail)\".*?</li>", html, flags=re.S))
    return lines[0]


def test_lumiere_a_sandwich_reason_links_its_ruling(phone: Phone) -> None:
    page = lumiere_captures("commoner@0* yokai@1 ghost@2 commoner@0\ncommoner@3* commoner@3 commoner@3 .\n"
                            ". . . .\n. . . .")
    html = phone.get(page).get_data(as_text=True)
    line = checklist_line(html, "Two cards (A2, A3) lie between Player 1's cards at A1, A4")
    assert line.startswith('<li class="fail" data-code="lp.sandwich.two_between"><span class="mark" aria-hidden="true">'
                           '✗</span> <span class="sr">fails:</span> Two cards')
    assert ruling_after(line, "nothing is taken.") == ("/rules/lumiere/lp-sandwich", page, "LP-2", "LP-2")


def test_planeta_rica_the_readings_chosen_link_their_rulings(phone: Phone) -> None:
    table = start_planeta_rica(phone, "Aki", "Ben", "Chie")
    html = phone.get(table).get_data(as_text=True)
    path, back, rule, shown = ruling_after(html, "New Earth counts among the 12 cards that end the game")
    assert (path.startswith("/rules/planeta-rica/"), back, rule, shown) == (True, table, "PR-4", "PR-4")


def test_planetary_sisters_a_profiles_rule_text_facts_link_their_rulings(phone: Phone) -> None:
    phone.get("/profiles/planetary-sisters")
    editor = phone.post("/profiles/planetary-sisters/copy", {"source": "default"}).headers["Location"]
    html = phone.get(editor).get_data(as_text=True)
    facts = html.split('id="facts"', 1)[1].split("</section>", 1)[0]
    lines = re.findall(r'<li class="(?:ok|fail)" data-code="(ps\.[^"]+)"><span class="mark" aria-hidden="true">[✓✗]</span> '
                       r'<span class="sr">(?:holds|fails):</span> ([^<]+)' + BADGE + "</li>", facts)
    assert lines, "no rule-text fact drawn as a reason line: " + facts
    for _code, _text, href, rule, shown in lines:
        assert href.startswith("/rules/planetary-sisters/") and f"back={quote(editor, safe='')}" in href
        assert rule == shown


def test_sister_combination_a_check_links_its_ruling(phone: Phone) -> None:
    page = "/sister-combination/check?ts=karen&tn=3&cs=marie&cn=3"
    html = phone.get(page).get_data(as_text=True)
    line = checklist_line(html, "Marie 3 has the same symbol as the field card Karen 3.")
    assert '<span class="sr">holds:</span> Marie 3 has the same symbol' in line
    assert ruling_after(line, "Marie 3 has the same symbol as the field card Karen 3.") == (
        "/rules/sister-combination/sc-matching", page, "SC-2", "SC-2")


def test_strato_sphere_a_failing_check_says_whose_node_and_links_its_ruling(phone: Phone) -> None:
    # Seat 1 (♥) attacks from node 2, whose K♠ is seat 0's
    page = ("/strato-sphere/dispute?players=4&from=2&to=3&player=1&f0=S&f1=H&ar=K&as=S&an=2&tr=Q&ts=H&tn=2"
            "&ask=attack")
    html = phone.get(page).get_data(as_text=True)
    line = checklist_line(html, "An attack starts from a node you control, and node 2 is not one")
    assert '<span class="reason-detail">(' in line  # whose node it is, under the sentence
    path, back, rule, shown = ruling_after(line, "An attack starts from a node you control, and node 2 is not one")
    assert (path.startswith("/rules/strato-sphere/"), back, rule, shown) == (True, page, "SS-6", "SS-6")


def test_a_rule_text_section_reads_in_the_pages_language_and_links_its_clause(phone: Phone) -> None:
    table = new_lumiere_table(phone, "Aki", "Ben", "Chie", profile=scored_profile(phone))
    html = phone.get(table).get_data(as_text=True)
    setup = html.split('<h2>', 1)[1].split("</h2>", 1)[0]
    assert re.search(r'<span class="rule"><a class="rule-link" href="/rules/lumiere/[^"?]+\?back=[^"]+" '
                     r'data-rule="§プレイの準備">§Preparing to play</a></span>', setup), setup
