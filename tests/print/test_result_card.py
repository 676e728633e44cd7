"""A finished table's result card (/t/<token>/result.png): for each of the five games at game over, the card's
words (what is drawn, line by line) in both languages, checked against the engine's own scores; the PNG decodes
at its size, is revalidated by its ETag and is the same from the watch link; before the end, or once an undo
reopens the game, the address says only that the game is not over (409)."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from flask import Flask
from flask_babel import force_locale
from PIL import Image

from companion.printing.card import CARD_SIZE, ResultCard
from companion.printing.card_draw import measure, missing_glyphs
from companion.printing.card_layout import ELLIPSIS, layout, lines_of
from companion.tables import store
from companion.tables.view import view_of
from companion.web.printing.result import result_card
from companion.web.printing.zone import zone_named
from tests.print.finished import DAY, SEATS, Played, play
from tests.web.apps import Phone
from tests.web.groups.support import Finished, token_of
from tests.web.helpers import text_of, version_of
from tests.web.test_tables import enter, new_table


def card_of(app: Flask, played: Played, lang: str, zone: str = "Asia/Tokyo") -> ResultCard:
    with app.test_request_context("/", headers={"Accept-Language": lang}), force_locale(lang):
        found = store.get_table(token_of(played.table))
        assert found is not None
        card = result_card(view_of(found), lang, zone_named(zone))
    assert card is not None
    return card


def ended_at(done: Finished) -> datetime:
    start = datetime(2026, 1, 1, 19, 0, tzinfo=UTC) + timedelta(days=DAY)
    return (start + timedelta(seconds=len(done.moves) - 1)).astimezone(ZoneInfo("Asia/Tokyo"))


def engine_result(done: Finished) -> tuple[Any, list[str], list[str]]:
    """The engine's breakdown, the winners' names and every seat's name by the engine's placings."""
    breakdown = done.game.score(done.final)
    assert breakdown.finished
    order = [done.seats[seat] for group in breakdown.placings for seat in group]
    return breakdown, [done.seats[s] for s in breakdown.winners], order


def expected_working(done: Finished, lang: str) -> str:
    """One line of the working, from the engine's terms of the winner (or its deciding reason)."""
    breakdown, winners, _order = engine_result(done)
    slug = done.game.slug
    (winner,) = breakdown.winners
    name = done.seats[winner]
    terms = breakdown.seats[winner].terms
    total = breakdown.seats[winner].total
    if slug == "lumiere":
        plus = sum(t.value for t in terms if t.value > 0)
        minus = -sum(t.value for t in terms if t.value < 0)
        assert not any(r.code == "lp.score.tie_break" for r in breakdown.reasons)
        if lang == "ja":
            return (f"{name}：ポイントエリアのカード {plus}点 − マイナスのカード {minus}点 = {total}点 (LP-7)" if minus
                    else f"{name}：ポイントエリアのカードで {total}点 (LP-7)")
        return (f"{name}: {plus} points of cards in the point area − {minus} of cards counting against = {total} (LP-7)"
                if minus else f"{name}: {total} points of cards in the point area (LP-7)")
    if slug == "planeta-rica":
        labels = {"en": {"pr.vp.fame": "Fame", "pr.vp.planets": "Planets", "pr.vp.gadgets": "Gadgets",
                         "pr.vp.bonus": "Bonus"},
                  "ja": {"pr.vp.fame": "名声", "pr.vp.planets": "惑星", "pr.vp.gadgets": "ガジェット",
                         "pr.vp.bonus": "ボーナス"}}[lang]
        parts = " + ".join(f"{labels[t.code]} {t.value}" for t in terms)
        return f"{name}：{parts} = {total} VP (PR-5)" if lang == "ja" else f"{name}: {parts} = {total} VP (PR-5)"
    if slug == "planetary-sisters":
        house = sum(t.value for t in terms if t.code.startswith("ps.house."))
        field = sum(t.value for t in terms if t.code.startswith("ps.field."))
        assert house + field == total
        if lang == "ja":
            return f"{name}：家札 {house}点 + 場札 {field}点 = {total}点 (§4.5)"
        return f"{name}: house cards {house} + field bonus {field} = {total} points (§4.5)"
    raise AssertionError(slug)


@pytest.mark.parametrize("slug", sorted(SEATS))
def test_the_card_of_each_game_says_its_result_as_the_engine_scored_it(app: Flask, phone: Phone, slug: str) -> None:
    played = play(app, phone, slug)
    done = played.done
    breakdown, winners, order = engine_result(done)
    at = ended_at(done)
    for lang in ("en", "ja"):
        card = card_of(app, played, lang)
        # the ranking: every seat once, in the engine's order, the winners first and marked
        assert [row.name for row in card.rows] == order
        assert [row.name for row in card.rows if row.first] == winners
        assert card.headline == ("、" if lang == "ja" else ", ").join(winners)
        assert card.headline_score == card.rows[0].score
        if slug in ("lumiere", "planeta-rica", "planetary-sisters"):  # points: the engine's totals, as numbers
            totals = {done.seats[s.seat]: str(s.total) for s in breakdown.seats}
            assert [row.score for row in card.rows] == [totals[row.name] for row in card.rows]
            assert card.working == expected_working(done, lang)
        elif slug == "sister-combination":  # the first out, then cards left
            out = done.final.out
            hands = {done.seats[s]: done.final.hands[s] for s in range(len(done.seats))}
            first = done.seats[out[0]]
            assert card.rows[0].score == ("上がり 1位" if lang == "ja" else "out 1st")
            for row in card.rows[1:]:
                if row.name not in {done.seats[s] for s in out}:
                    assert row.score == (f"残り {hands[row.name]} 枚" if lang == "ja" else
                                         f"{hands[row.name]} card{'s' if hands[row.name] != 1 else ''} left")
            assert first == winners[0]
            assert card.working == ("最初の人が上がったら終了。他の人は残り枚数で順位を決めます。 (SC-7)" if lang == "ja" else
                                    "The game ends when the first player is out; the others are ranked by cards left. "
                                    "(SC-7)")
        else:  # strato-sphere: won and lost, and the nodes that decided it
            assert [row.score for row in card.rows] == (["勝ち", "負け"] if lang == "ja" else ["won", "lost"])
            loser = next(n for n in done.seats if n not in winners)
            assert card.working.startswith(f"{winners[0]}の勝ち：{loser}さんの前のノード" if lang == "ja" else
                                           f"{winners[0]} wins: every node in front of {loser} (nodes ")
            assert card.working.endswith("(SS-8)." if lang == "en" else "（SS-8）。")
        # the game, when it ended (the phone's zone), the seats clockwise
        names = {"en": done.game.name_en, "ja": done.game.name_ja}
        assert (card.game, card.game_other) == (names[lang], names["en" if lang == "ja" else "ja"])
        if lang == "ja":
            assert card.when == f"{at.year}年{at.month}月{at.day}日 {at:%H:%M}（Asia/Tokyo）"
            assert card.seats == "席（時計回り）：" + "、".join(f"{i}. {n}" for i, n in enumerate(done.seats, 1))
            assert (card.headline_label, card.ranking_label, card.working_label) == ("勝者", "最終順位", "決め手")
        else:
            assert card.when == f"{at.day} {at:%b %Y, %H:%M} (Asia/Tokyo)"
            assert card.seats == "Seats (clockwise): " + ", ".join(f"{i}. {n}" for i, n in enumerate(done.seats, 1))
            assert (card.headline_label, card.ranking_label, card.working_label) == \
                ("Winner", "Final ranking", "How it was decided")
        # what is drawn: each of these, whole (nothing cut short), every character in the card's fonts
        drawn = lines_of(layout(card, measure))
        assert ("headline", card.headline) in drawn and ("game", card.game) in drawn and ("when", card.when) in drawn
        rows = [text for role, text in drawn if role in ("place", "row", "score")]
        assert rows == [part for row in card.rows for part in (row.place, row.name, row.score)]
        working = [text for role, text in drawn if role == "working"]
        assert "".join(working).replace(" ", "") == card.working.replace(" ", "")
        assert not any(ELLIPSIS in text for _role, text in drawn)
        assert not any(missing_glyphs(text) or missing_glyphs(text, bold=True) for _role, text in drawn)


def test_the_png_decodes_at_its_size_and_is_revalidated_by_its_etag(app: Flask, phone: Phone) -> None:
    played = play(app, phone, "planeta-rica")
    url = f"{played.table}/result.png?lang=ja&tz=Asia/Tokyo"
    response = phone.client.get(url)
    assert response.status_code == 200, text_of(response.get_data(as_text=True))
    assert response.mimetype == "image/png"
    assert response.headers["X-Print-Cache"] == "miss"
    assert response.headers["Content-Disposition"] == f'inline; filename="planeta-rica-result-{len(played.done.moves)}.png"'
    assert response.headers["Cache-Control"] == "private, no-cache"
    image = Image.open(io.BytesIO(response.data))
    image.load()
    assert (image.format, image.size) == ("PNG", CARD_SIZE)
    etag = response.headers["ETag"]
    unchanged = phone.client.get(url, headers={"If-None-Match": etag})
    assert unchanged.status_code == 304 and unchanged.data == b""
    again = phone.client.get(url)
    assert again.headers["X-Print-Cache"] == "hit" and again.data == response.data
    # the read-only link gives the same card (the result is public once the game is over)
    watched = phone.client.get(f"/w/{played.watch}/result.png?lang=ja&tz=Asia/Tokyo")
    assert watched.status_code == 200 and watched.headers["ETag"] == etag
    # another language, another zone: another card
    english = phone.client.get(f"{played.table}/result.png?lang=en&tz=Asia/Tokyo")
    assert english.status_code == 200 and english.headers["ETag"] != etag
    assert phone.client.get(f"{played.table}/result.png?lang=ja&tz=Europe/Paris").headers["ETag"] != etag


def test_before_the_end_the_address_says_only_that(app: Flask, phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", "Chie")
    assert enter(phone, table, 0, "12").status_code == 303
    for lang, said in (("en", "The result image is made once the game is over and every score is known."),
                       ("ja", "結果の画像は、ゲームが終わり、全員の得点が分かってから作れます。")):
        response = phone.client.get(f"{table}/result.png", headers={"Accept-Language": lang})
        assert response.status_code == 409
        assert response.mimetype == "text/html"
        page = text_of(response.get_data(as_text=True))
        assert said in page
        assert "Aki" not in page and "12" not in page  # nothing of the table
    with app.app_context():
        found = store.get_table(token_of(table))
        assert found is not None
        watch = found.watch_token
    assert phone.client.get(f"/w/{watch}/result.png").status_code == 409
    assert phone.client.get("/t/" + "x" * 24 + "/result.png").status_code == 404
    assert phone.client.get(f"{table}/result.png?lang=fr").status_code == 422


def test_an_undo_that_reopens_the_game_takes_the_card_away(app: Flask, phone: Phone) -> None:
    played = play(app, phone, "strato-sphere")
    assert phone.client.get(f"{played.table}/result.png").status_code == 200
    version = version_of(phone.get(played.table).get_data(as_text=True))
    # the imported entries were made on another phone: Undo asks first, then takes the winning move back
    assert phone.post(f"{played.table}/undo", {"version": version, "confirm": version}).status_code == 303
    assert phone.client.get(f"{played.table}/result.png").status_code == 409
    assert "result.png" not in phone.get(played.table).get_data(as_text=True)


def test_an_image_over_the_time_limit_is_stopped_and_said_so(app: Flask, phone: Phone) -> None:
    """The PDFs' limit: a render that takes longer is stopped and the page says so (503, try again)."""
    app.config.update(PRINT_TEST_DELAY=30, PRINT_TIME_LIMIT=1)  # read when the app's printer is first made
    played = play(app, phone, "sister-combination")
    response = phone.client.get(f"{played.table}/result.png", headers={"Accept-Language": "en"})
    assert response.status_code == 503 and response.headers["Retry-After"] == "10"
    assert "It was stopped after 1 seconds so that score entry stays quick." in text_of(response.get_data(as_text=True))
