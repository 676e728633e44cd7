"""Refusals and rulings show cards as a player reads them (K♥, 10♠, not KH, TS), in English and Japanese, on
the table page and in the referee API's ``message`` (codes, rules and fields unchanged)."""

from __future__ import annotations

import pytest

from tests.web.apps import Phone
from tests.web.helpers import text_of

from .helpers import enter, new_table, play

WORDING = {
    "en": "K♥ cannot be here: the packs hold 1 and 1 already seen elsewhere on the table. (SS-2)",
    "ja": "K♥はありえません：山札全体で1枚しかなく、すでにテーブルのほかの場所で1枚見えています。 (SS-2)",
}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_refused_card_on_the_table_page_reads_k_heart(client, lang: str) -> None:  # type: ignore[no-untyped-def]
    phone = Phone(client, lang=lang)
    table = new_table(phone, "Aki", "Ben")  # one pack (SS-2)
    play(phone, table, "reveal 0 KH")
    refused = enter(phone, table, "reveal 1 KH", sel="1")
    assert refused.status_code == 422
    text = text_of(refused.get_data(as_text=True))
    assert WORDING[lang] in text
    assert "KH" not in text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_api_message_reads_k_heart_and_10_spade(client, lang: str) -> None:  # type: ignore[no-untyped-def]
    body = {"players": 2, "forces": ["red", "black"],
            "nodes": [[{"card": "?"}], [{"card": "?"}], [{"card": "KH", "up": True}, {"card": "?"}],
                      [{"card": "TS", "up": True}, {"card": "?"}], [{"card": "KH"}], [{"card": "?"}]],
            "player": 0, "from": 2, "to": 3}
    response = client.post("/api/v1/strato-sphere/attack", json=body, headers={"Accept-Language": lang})
    assert response.status_code == 422
    problem = response.get_json()
    text = str(problem)
    assert "ss.card.too_many_copies" in text and "SS-2" in text  # code and rule as before
    expected = {"en": "K♥ cannot be here: the packs hold 1 and 1 already seen elsewhere on the table.",
                "ja": "K♥はありえません：山札全体で1枚しかなく、すでにテーブルのほかの場所で1枚見えています。"}
    assert expected[lang] in text
    body["nodes"][4] = [{"card": "?"}]
    ruling = client.post("/api/v1/strato-sphere/attack", json=body, headers={"Accept-Language": lang}).get_json()
    rank = next(r for r in ruling["reasons"] if r["code"] == "ss.attack.rank_ok")
    assert rank["rule"] == "SS-6"
    assert "10♠" in rank["message"] and "K♥" in rank["message"]
    assert "TS" not in rank["message"] and "KH" not in rank["message"]
