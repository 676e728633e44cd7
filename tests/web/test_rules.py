"""Rules at hand on the web: the rules pages in both languages, reached from the home page and every
table page; their search with the matched words marked; every ruling id a page shows linked to its clause, with
the way back; the rules lookup API (API.md) and its OpenAPI description."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from flask.testing import FlaskClient
from markupsafe import Markup

from companion.rulebook import rulebooks
from tests.web.apps import Phone
from tests.web.games.sister_combination.support import started
from tests.web.helpers import text_of

SC = "sister-combination"


def test_the_home_page_leads_to_every_games_rules(phone: Phone) -> None:
    html = phone.get("/").get_data(as_text=True)
    for slug in rulebooks():
        card = html.split(f'id="game-{slug}"', 1)[1].split("</li>", 1)[0]
        assert f'href="/rules/{slug}">Rules</a>' in card
    assert 'href="/rules">Rules of every game</a>' in html
    index = text_of(phone.get("/rules").get_data(as_text=True))
    assert "Rules of Strato-Sphere" in index and "Rules of Planeta Rica" in index


def test_a_games_rules_page_in_english_and_japanese(client: FlaskClient) -> None:
    english = client.get(f"/rules/{SC}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    text = text_of(english)
    assert "Rules of Sister Combination" in text
    assert 'id="sc-obstruction"' in english and "Obstruction mode: while the stack holds cards" in text
    assert "a number card never, not even of the same colour" in text
    # the part of the rule text it restates, the ruling it concerns, and the reading shown as one
    section = english.split('id="sc-obstruction"', 1)[1].split("</article>", 1)[0]
    assert "Rule text: <『スタック』、『おじゃまモード』とは?> (Obstruction mode)" in text_of(section)
    assert 'data-rule="SC-3">SC-3</a>' in section
    assert "The companion's reading" in text_of(section) and "a reading, after the normal mode" in text_of(section)
    japanese = text_of(client.get(f"/rules/{SC}", headers={"Accept-Language": "ja"}).get_data(as_text=True))
    assert "シスター・コンビネーションのルール" in japanese
    assert "おじゃまモード：スタックがある間" in japanese and "数字のカードは場札と同じ色でも出せない" in japanese
    assert "アプリの読み" in japanese
    for part in ("The game in short", "Set-up", "Playing a turn", "The end of the game", "Questions and rulings"):
        assert part in text


def test_search_marks_the_words_that_matched(phone: Phone) -> None:
    phone.lang = "ja"
    response = phone.get(f"/rules/{SC}/search?q=スタックがあるとき数字カードは出せる？")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    first = html.split('<li class="clause card"', 2)[1]
    assert 'id="result-sc-obstruction"' in first
    assert "<mark>スタック</mark>" in first and "<mark>数字</mark>" in first
    assert "「スタックがあるとき数字カードは出せる？」によく答える条項" in text_of(html)
    # htmx asks for the results alone
    fragment = phone.get(f"/rules/{SC}/search?q=reach", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "<html" not in fragment and 'id="result-sc-reach"' in fragment


def test_a_blank_or_long_question_is_told_so(phone: Phone) -> None:
    text = text_of(phone.get(f"/rules/{SC}/search?q=%20%20").get_data(as_text=True))
    assert "Type a question: a few words in Japanese or English." in text
    text = text_of(phone.get(f"/rules/{SC}/search?q=" + "a" * 201).get_data(as_text=True))
    assert "A question may have at most 200 characters." in text
    assert "No clause answers “zzqq”" in text_of(phone.get(f"/rules/{SC}/search?q=zzqq").get_data(as_text=True))
    assert phone.get("/rules/no-such-game").status_code == 404
    assert phone.get(f"/rules/{SC}/sc-no-such-clause").status_code == 404


def test_a_clause_page_has_the_way_back(phone: Phone) -> None:
    html = phone.get(f"/rules/{SC}/sc-reach?back=/t/abc%3Fat%3D3").get_data(as_text=True)
    assert '<a class="button primary" href="/t/abc?at=3">Back</a>' in html
    assert "\"リーチ\" (reach) and the last card" in text_of(html)
    offsite = phone.get(f"/rules/{SC}/sc-reach?back=//evil.example/x").get_data(as_text=True)
    assert 'href="//evil.example' not in offsite and ">Back</a>" not in offsite
    sheet = phone.get(f"/rules/{SC}/sc-reach", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "<html" not in sheet and 'class="clause rule-sheet" id="sc-reach"' in sheet


def test_every_ruling_on_a_table_page_links_to_its_clause(phone: Phone) -> None:
    table = started(phone)
    html = phone.get(table).get_data(as_text=True)
    links = re.findall(r'<a class="rule-link" href="([^"]+)" data-rule="([^"]+)">', html)
    rules = {rule for _href, rule in links}
    assert {"SC-2", "SC-4"} <= rules
    href = next(h for h, rule in links if rule == "SC-2")
    parts = urlsplit(href.replace("&amp;", "&"))
    assert parts.path == f"/rules/{SC}/sc-matching" and parse_qs(parts.query)["back"] == [table]
    assert "What you may play: same colour, same number or symbol, or an S.P." in text_of(
        phone.get(href.replace("&amp;", "&")).get_data(as_text=True))
    # the table's own menu: the rules and a question box that answers on the table page
    menu = html.split('id="table-rules"', 1)[1].split("</details>", 1)[0]
    assert f'href="/rules/{SC}?back=' in menu and 'hx-target="#table-rule-results"' in menu
    assert f'name="back" value="{table}"' in menu
    # a button's text never becomes a link (a link inside a button would steal the tap)
    for button in re.findall(r"<button[^>]*>.*?</button>", html, flags=re.S):
        assert "rule-link" not in button


def _drawn(source: str, page: str = "/t/x", **context: object) -> str:
    """What a template drawing ``source`` shows on a page read at ``page``."""
    from flask import render_template_string

    from companion import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": "sqlite://"})
    with app.test_request_context(page):
        return render_template_string(source, **context)


def test_a_text_drawn_through_rulings_links_its_ids_and_nothing_else() -> None:
    text = "Take the stack (SC-3) <b>now</b>; ZZ-1 leads nowhere. Set it (§4.2). (§nothing)"
    drawn = _drawn("<p>{{ text|rulings }}</p>", text=text)
    assert drawn == (
        '<p>Take the stack (<a class="rule-link" href="/rules/sister-combination/sc-obstruction?back=%2Ft%2Fx" '
        'data-rule="SC-3">SC-3</a>) &lt;b&gt;now&lt;/b&gt;; ZZ-1 leads nowhere. Set it (<a class="rule-link" '
        'href="/rules/planetary-sisters/ps-round?back=%2Ft%2Fx" data-rule="§4.2">§4.2</a>). (§nothing)</p>')
    # a text that is already html keeps its tags, and what may hold no link holds none
    html = Markup('<span title="SC-3">SC-2</span> <a href="/x">SC-2</a> <select><option>SC-7</option></select>')
    drawn = _drawn("{{ html|rulings }}", html=html)
    assert drawn.startswith('<span title="SC-3"><a class="rule-link" href="/rules/sister-combination/')
    assert '<a href="/x">SC-2</a>' in drawn
    assert ('<select><option>SC-7</option></select><span class="rule-beside-links after-select">'
            '<a class="rule-link rule-beside" href="/rules/sister-combination/') in drawn


def test_a_ruling_badge_is_its_link_and_inside_a_control_its_link_is_beside() -> None:
    drawn = _drawn('{% from "_reasons.html" import ruling %}<h2>Set phase {{ ruling("§セットフェイズ") }}</h2>'
                   '<p>{{ ruling("SC-3") }} {{ ruling("ZZ-1") }}</p>'
                   '<button>Draw {{ ruling("SC-4", linked=false) }}</button>{{ beside_links(["SC-4"], "after-button") }}')
    assert ('<h2>Set phase <span class="rule"><a class="rule-link" href="/rules/lumiere/lp-set?back=%2Ft%2Fx" '
            'data-rule="§セットフェイズ">§Set phase</a></span></h2>') in drawn  # the section as an English page names it
    assert ('<span class="rule"><a class="rule-link" href="/rules/sister-combination/sc-obstruction?back=%2Ft%2Fx" '
            'data-rule="SC-3">SC-3</a></span> <span class="rule">ZZ-1</span>') in drawn
    assert ('<button>Draw <span class="rule">SC-4</span></button><span class="rule-beside-links after-button">'
            '<a class="rule-link rule-beside" href="/rules/sister-combination/sc-draw?back=%2Ft%2Fx" data-rule="SC-4">'
            'SC-4</a></span>') in drawn


def test_the_links_beside_a_control_name_each_rule_once_in_order() -> None:
    drawn = _drawn('{{ beside_links(["LP-9", "LP-7", "LP-9", "ZZ-1", ""], "before-details") }}', page="/")
    assert re.findall(r'data-rule="([^"]+)"', drawn) == ["LP-9", "LP-7"]
    assert drawn.startswith('<span class="rule-beside-links before-details"><a class="rule-link rule-beside" '
                            'href="/rules/lumiere/lp-setup?back=%2F" data-rule="LP-9">LP-9</a>')
    assert _drawn('{{ beside_links(["ZZ-1"], "after-button") }}') == ""


def test_the_rules_lookup_api(client: FlaskClient) -> None:
    response = client.get(f"/api/v1/{SC}/rules", query_string={"q": "スタックがあるとき数字カードは出せる？",
                                                                "lang": "en"})
    assert response.status_code == 200 and "Set-Cookie" not in response.headers
    body = response.get_json()
    assert body["game"] == SC and body["query"] == "スタックがあるとき数字カードは出せる？"
    assert 1 <= len(body["clauses"]) <= 5
    first = body["clauses"][0]
    assert set(first) == {"id", "title", "text", "section", "rulings", "url"}
    assert first["id"] == "sc-obstruction" and first["rulings"] == ["SC-3"]
    assert first["title"] == "Obstruction mode: while the stack holds cards"
    assert first["url"] == f"/rules/{SC}#sc-obstruction"
    assert "a number card never" in first["text"]
    japanese = client.get(f"/api/v1/{SC}/rules?q=reach", headers={"Accept-Language": "ja"}).get_json()
    assert japanese["clauses"][0]["title"] == "リーチと最後の1枚"


def test_the_rules_lookup_refuses_bad_questions(client: FlaskClient) -> None:
    for query, code in (("", "rules.query_missing"), (" \u3000 ", "rules.query_missing"),
                        ("a" * 201, "rules.query_too_long")):
        response = client.get(f"/api/v1/{SC}/rules", query_string={"q": query})
        assert response.status_code == 422
        assert response.get_json()["errors"] == [
            {"path": "q", "code": code, "rule": "", "rule_url": "", "message": response.get_json()["errors"][0]["message"]}]
    missing = client.get(f"/api/v1/{SC}/rules").get_json()["errors"][0]
    assert missing["message"] == "Type a question: a few words in Japanese or English."
    both = client.get(f"/api/v1/{SC}/rules?lang=fr", headers={"Accept-Language": "ja"}).get_json()["errors"]
    assert [e["path"] for e in both] == ["q", "lang"]
    assert both[1]["message"] == "「fr」は答えの言語ではありません：ja か en です。"
    assert client.get("/api/v1/no-such-game/rules?q=x").status_code == 404
    post = client.post(f"/api/v1/{SC}/rules?q=x")
    assert post.status_code == 405 and post.headers["Allow"] == "GET, HEAD"
    options = client.options(f"/api/v1/{SC}/rules")  # what it takes, not what it refuses
    assert options.status_code == 204 and options.headers["Allow"] == "GET, HEAD, OPTIONS"
    empty = client.get(f"/api/v1/{SC}/rules?q=x&lang=")  # present but empty: no language named
    assert empty.status_code == 422 and [e["path"] for e in empty.get_json()["errors"]] == ["lang"]
    assert client.get(f"/api/v1/{SC}/rules?q=" + "あ" * 200).status_code == 200


def test_the_rules_lookup_is_in_the_openapi_document(client: FlaskClient) -> None:
    document = client.get("/api/v1/openapi.json").get_json()
    for slug in rulebooks():
        operation = document["paths"][f"/api/v1/{slug}/rules"]["get"]
        q = next(p for p in operation["parameters"] if p["name"] == "q")
        assert q["required"] is True and q["schema"]["maxLength"] == 200 and q["schema"]["minLength"] == 1
        lang = next(p for p in operation["parameters"] if p["name"] == "lang")
        assert lang["schema"]["enum"] == ["ja", "en"]
        assert set(operation["responses"]) == {"200", "405", "422"}
    answer = document["components"]["schemas"]["RulesAnswer"]
    assert answer["required"] == ["game", "query", "clauses"] and answer["properties"]["clauses"]["maxItems"] == 5
    assert document["components"]["schemas"]["Clause"]["required"] == ["id", "title", "text", "section",
                                                                         "rulings", "url"]


def test_the_rules_index_is_built_when_the_app_starts(tmp_path, database_url: str) -> None:  # type: ignore[no-untyped-def]
    """create_app reads the clause files and builds every game's index, so no player's
    first question pays for it."""
    from companion.rulebook import index_for
    from tests.web.apps import make_app

    index_for.cache_clear()
    rulebooks.cache_clear()
    make_app(tmp_path, database_url)
    info = index_for.cache_info()
    assert info.currsize == len(rulebooks()) == 5 and info.misses == 5
    index_for("lumiere")
    assert index_for.cache_info().misses == 5  # a question now finds it built


def test_api_reasons_carry_the_url_of_their_rule(client: FlaskClient) -> None:
    """Beside every ``rule`` of an API answer (a ruling id a client cannot read by itself), ``rule_url`` is the clause
    it leads to (the
    lookup's ``url``), and that address is a rules page whose anchor is the clause."""
    body = {"players": 3, "hands": [5, 6, 7], "turn": 0, "direction": "cw", "discard": ["3"], "stack": 2,
            "deck": 50, "card": "7"}
    answer = client.post("/api/v1/sister-combination/play", json=body).get_json()
    reasons = answer.get("reasons") or answer.get("errors")
    assert reasons, answer
    linked = [r for r in reasons if r["rule"].startswith("SC-")]
    assert linked
    for reason in linked:
        book = rulebooks()["sister-combination"]
        clause = book.clause_for_reason(reason["code"], reason["rule"])
        assert clause is not None
        assert reason["rule_url"] == f"/rules/sister-combination#{clause.id}"
        page = client.get(reason["rule_url"].split("#")[0]).get_data(as_text=True)
        assert f'id="{clause.id}"' in page
    missing = client.get("/api/v1/sister-combination/rules").get_json()["errors"][0]
    assert missing["rule"] == "" and missing["rule_url"] == ""


def test_a_summarys_ruling_is_linked_just_before_its_details(phone: Phone) -> None:
    """A ruling inside a summary gets its link just before the details (floated onto the summary's line), so it
    shows while the details is closed and tapping it does not open the details."""
    from tests.web.games.lumiere.support import new_table

    table = new_table(phone, "Aki", "Ben", "Chie")
    html = phone.get(table).get_data(as_text=True)
    before, details = html.split('<details class="lp-effect-form lp-mulligan"', 1)
    beside = before.rsplit("\n", 1)[1]
    assert re.fullmatch(r'\s*<span class="rule-beside-links before-details"><a class="rule-link rule-beside" '
                        r'href="/rules/lumiere/lp-mulligan\?back=[^"]+" data-rule="LP-9">LP-9</a></span>', beside)
    assert parse_qs(urlsplit(re.findall(r'href="([^"]+)"', beside)[0]).query)["back"] == [table]
    summary = details.split("<summary>", 1)[1].split("</summary>", 1)[0]
    assert "rule-link" not in summary and '<span class="rule">LP-9</span>' in summary
    for inside in re.findall(r"<summary>.*?</summary>", html, flags=re.S):
        assert "rule-link" not in inside  # no summary on the page holds a link


def test_the_sister_combination_buttons_rulings_are_one_tap_away(phone: Phone) -> None:
    table = started(phone)
    html = phone.get(table).get_data(as_text=True)
    actions = html.split('class="card sc-actions"', 1)[1].split("</div>", 1)[0]
    draw = actions.split('class="sc-action-draw', 1)[1].split("</form>", 1)[0]
    assert "rule-link" not in draw.split("</button>", 1)[0]  # nothing to tap inside the button but the button
    beside = re.findall(r'<a class="rule-link rule-beside" href="([^"]+)" data-rule="(SC-\d+)">(SC-\d+)</a>',
                        draw.split("</button>", 1)[1])
    assert [(rule, shown) for _href, rule, shown in beside] == [("SC-4", "SC-4")]
    href = beside[0][0].replace("&amp;", "&")
    assert urlsplit(href).path == f"/rules/{SC}/sc-draw" and parse_qs(urlsplit(href).query)["back"] == [table]
    assert "Draw" in text_of(phone.get(href).get_data(as_text=True))
