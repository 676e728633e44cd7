"""Fame is face down (PR-8) as a player meets it: during play no page (play link or watch link, the TV's
scoreboard), score summary or group record shows any seat's fame or a VP total that counts it; the fame pool,
coins, resources, workers and cards stay open; the VP on the table are shown, said to leave fame out. On the
play link a player may tap to look at their own fame and tap again to hide it (a closed <details>: it works with
JavaScript off); the watch link never carries it. The final score turns every fame up. A table that agreed to
play with open fame (the option, set when it starts) shows fame as before."""

from __future__ import annotations

import re

from flask import Flask

from companion.profiles.refs import ProfileRef
from companion.tables import store
from companion.tables.view import view_of
from companion.web.games.planeta_rica.summary import summary
from tests.web.apps import Phone
from tests.web.groups.support import new_group
from tests.web.helpers import text_of

from .support import profile_token_of
from .test_tracker import MARKET, enter, ok

WATCH_RE = re.compile(r"/w/[A-Za-z0-9_-]{24}")
CLOSED_DETAILS = re.compile(r"(<details\b(?![^>]*\bopen\b)[^>]*>\s*<summary\b.*?</summary>).*?(</details>)", re.S)


def before_a_tap(html: str) -> str:
    """What a player sees before tapping anything: a closed <details> shows its summary only."""
    return text_of(CLOSED_DETAILS.sub(r"\1\2", html))


def table(phone: Phone, app: Flask, **options: str) -> str:
    """Aki, Ben, Chie on the test profile (New Earth: 0 VP), set up; Aki has won 2 + 3 fame by card effects."""
    data = {"seat0": "Aki", "seat1": "Ben", "seat2": "Chie",
            "profile_link": str(ProfileRef.user(profile_token_of(app))),
            **{f"option_{key}": value for key, value in options.items()}}
    response = phone.post("/new/planeta-rica", data)
    assert response.status_code == 303, text_of(response.get_data(as_text=True))[:800]
    url = str(response.headers["Location"])
    ok(phone, url, type="start", seat="0")
    for planet in MARKET:
        ok(phone, url, type="reveal", planet=planet)
    ok(phone, url, type="adjust", seat="0", card="new_earth", fame="2")
    ok(phone, url, type="adjust", seat="0", card="new_earth", fame="3")
    return url


def watch_of(phone: Phone, url: str) -> str:
    found = WATCH_RE.search(phone.get(url).get_data(as_text=True))
    assert found
    return found.group(0)


def seat_card(html: str, seat: int) -> str:
    start = html.index(">", html.index(f'data-seat="{seat}"', html.index('class="card pr-seat'))) + 1
    return html[start:html.index("</section>", start)]


def test_the_play_page_hides_fame_until_a_tap_and_says_what_the_vp_leave_out(phone: Phone, app: Flask) -> None:
    url = table(phone, app)
    html = phone.get(url).get_data(as_text=True)
    seen = before_a_tap(html)
    assert "fame 5" not in seen and "5 VP" not in seen
    assert "Fame pool: 31" in seen  # the pool is open: 36 − 5
    assert "Aki, effect of New Earth: fame +2" in seen and "Aki, effect of New Earth: fame +3" in seen  # public acts
    aki = seat_card(html, 0)
    assert before_a_tap(aki).startswith("Aki start to move 0 VP, fame not counted coins 5 · fame face down · hand 6")
    # the tap: a closed <details> whose summary says what it holds; opening it shows Aki's fame, closing hides it
    look = re.search(r'<details class="pr-fame-look" data-seat="0">(.*?)</details>', aki, re.S)
    assert look, aki
    assert "Aki's fame, face down: tap to look, tap again to hide PR-8" in text_of(look.group(1).split("</summary>")[0])
    assert "fame 5" in text_of(look.group(1))
    results = html[html.index('id="results"'):]
    results = results[:results.index("</section>")]
    assert "VP on the table so far (fame face down, not counted) PR-5" in text_of(results)
    assert "Aki : Planets 0 + Gadgets 0 = 0" in text_of(results) and not re.search(r"Fame \d", text_of(results))
    assert ("Fame stays face down until the game ends: these totals count the cards and bonuses only. PR-8"
            in text_of(results))


def test_the_watch_page_and_the_tv_never_carry_fame(phone: Phone, app: Flask) -> None:
    url = table(phone, app)
    html = phone.get(watch_of(phone, url)).get_data(as_text=True)
    text = text_of(html)
    assert "fame 5" not in text and "5 VP" not in text and 'class="pr-fame-look"' not in html
    assert "tap to look" not in text
    assert "Fame pool: 31" in text
    assert "fame face down" in before_a_tap(seat_card(html, 0))
    scoreboard = html[html.index(">", html.index('class="seats scoreboard"')) + 1:]
    scoreboard = scoreboard[:scoreboard.index("</p>")]
    assert text_of(scoreboard) == ("1. Aki 0 VP, fame not counted 2. Ben 0 VP, fame not counted "
                                   "3. Chie 0 VP, fame not counted")


def test_in_japanese_too(phone: Phone, app: Flask) -> None:
    ja = Phone(phone.client, "ja")
    url = table(ja, app)
    html = ja.get(url).get_data(as_text=True)
    aki = seat_card(html, 0)
    assert "0 VP（名声は数えない）" in before_a_tap(aki)
    assert "名声 5" not in before_a_tap(html)
    look = re.search(r'<details class="pr-fame-look" data-seat="0">(.*?)</details>', aki, re.S)
    assert look and "Aki の名声（伏せてある）：タップで見る・もう一度タップで隠す" in text_of(look.group(1))
    watch = ja.get(watch_of(ja, url)).get_data(as_text=True)
    assert "名声 5" not in text_of(watch) and "伏せてある" in text_of(watch)


def test_the_summary_and_the_group_records_leave_fame_out_during_play(phone: Phone, app: Flask) -> None:
    url = table(phone, app)
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        found = store.get_table(url.rsplit("/", 1)[-1])
        assert found is not None
        made = summary(view_of(found))
    assert made is not None and not made.finished
    assert [score for _place, _name, score in made.ranking] == ["0, fame not counted"] * 3
    assert all(row[0] != "Fame" for t in made.tables for row in t.rows)
    assert "fame stays face down until the game ends and is not counted (PR-8)" in made.tables[0].note
    assert made.winner_note == "Scores so far (the game is not over; fame is face down and not counted, PR-8)."


def test_a_groups_history_and_exports_leave_fame_out_during_play(phone: Phone, app: Flask) -> None:
    url = table(phone, app)
    group = new_group(phone, "Friday club", "Aki", "Ben", "Chie")
    assert phone.post(f"{group}/tables", {"table": url}).status_code == 303
    page = text_of(phone.get(group).get_data(as_text=True))
    unfinished = page.split("Not finished (never counted)")[1]
    assert "Planeta Rica" in unfinished and "Aki 0, fame not counted" in unfinished and "Aki 5" not in unfinished
    assert phone.get(f"{group}/plays.csv").get_data(as_text=True).strip().count("\n") == 0  # the header only
    assert phone.get(f"{group}/bgstats.json").get_json()["plays"] == []


def test_the_summary_pdf_on_the_watch_link_leaves_fame_out(phone: Phone, app: Flask) -> None:
    from tests.print.pdfs import all_text, open_pdf

    url = table(phone, app)
    response = phone.client.get(f"{watch_of(phone, url)}/summary.pdf?lang=en&paper=a4")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    with open_pdf(response.data) as pdf:
        words = " ".join(all_text(pdf).split())
    scores = words[words.index("Ranking"):words.index("History")]
    assert "Fame" not in scores and "5" not in scores
    assert "Final place Seat Score 1 Chie 0, fame not counted 2 Ben 0, fame not counted 3 Aki 0, fame not counted" in scores


def test_a_refused_fame_loss_does_not_say_how_much_fame_the_seat_holds(phone: Phone, app: Flask) -> None:
    url = table(phone, app)
    refused = enter(phone, url, type="adjust", seat="0", card="new_earth", fame="-9")
    assert refused.status_code == 422
    text = before_a_tap(refused.get_data(as_text=True))
    assert ("A fame loss of 9 needs Aki to hold at least 9 fame; how much Aki holds stays face down (PR-8). (PR-6)"
            in text)
    assert "fame 5" not in text


def test_the_final_score_turns_every_fame_up(phone: Phone, app: Flask) -> None:
    url = table(phone, app)
    ok(phone, url, type="adjust", seat="0", card="new_earth", fame="31")  # the pool is empty: the end (PR-4)
    ok(phone, url, type="collect")  # Aki
    ok(phone, url, type="collect")  # Ben
    html = ok(phone, url, type="collect")  # Chie: the last turn
    assert 'data-phase="over"' in html
    assert "fame 36" in before_a_tap(seat_card(html, 0)) and 'class="pr-fame-look"' not in html
    results = text_of(html[html.index('id="results"'):])
    assert "Final VP PR-5" in results and "Aki : Fame 36 + Planets 0 + Gadgets 0 = 36" in results
    watch = text_of(phone.get(watch_of(phone, url)).get_data(as_text=True))
    assert "fame 36" in watch and "Aki wins with 36 VP." in watch


def test_open_fame_shows_it_all_along(phone: Phone, app: Flask) -> None:
    url = table(phone, app, fame="open")
    html = phone.get(url).get_data(as_text=True)
    aki = before_a_tap(seat_card(html, 0))
    assert "5 VP" in aki and "fame 5" in aki and 'class="pr-fame-look"' not in html
    assert "fame face up (the table agreed) PR-8" in text_of(html)
    results = text_of(html[html.index('id="results"'):])
    assert "VP so far PR-5" in results and "Aki : Fame 5 + Planets 0 + Gadgets 0 = 5" in results
    watch = phone.get(watch_of(phone, url)).get_data(as_text=True)
    assert "fame 5" in text_of(watch) and "1. Aki 5 VP" in text_of(watch)


def test_the_table_says_fame_is_face_down_and_the_new_table_page_offers_the_option(phone: Phone, app: Flask) -> None:
    url = table(phone, app)
    assert "fame face down until the final score PR-8" in text_of(phone.get(url).get_data(as_text=True))
    form = text_of(phone.get("/new/planeta-rica").get_data(as_text=True))
    assert ("Fame during play PR-8 Face down: each player may look at their own; the final score turns every fame "
            "up Face up: the table agreed to play with open fame") in form
