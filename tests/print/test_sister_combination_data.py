"""Sister Combination's card data (SC-0, SC-1): what the deck printable prints."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from companion.games import sister_combination as sc
from companion.games.base import ParseError
from companion.printing.fonts import check_fonts
from companion.registry import engines as registry

RULE_TEXT = Path(__file__).resolve().parents[3] / "shared" / "rules" / "sister-combination.ja.txt"


def test_the_deck_has_144_cards_each_sister_and_symbol_once() -> None:
    assert sc.DECK_SIZE == len(sc.DECK) == 144
    assert len(set(sc.DECK)) == 144
    assert Counter(c.sister.key for c in sc.DECK) == {s.key: 12 for s in sc.SISTERS}
    assert Counter(c.symbol for c in sc.DECK) == {symbol: 12 for symbol in sc.Symbol}
    assert [s.label for s in sc.SYMBOLS] == ["1", "2", "3", "4", "5", "6", "7", "8", "Mirror", "Pass", "Stack 2",
                                              "S.P."]


def test_colours_and_sisters_as_sc0_lists_them() -> None:
    by_element = {e: [(s.name_ja, s.reading, s.name_en) for s in sc.sisters_of(e)] for e in sc.Element}
    assert by_element[sc.Element.FIRE] == [("鞠絵", "まりえ", "Marie"), ("雛子", "ひなこ", "Hinako"),
                                           ("咲耶", "さくや", "Sakuya")]
    assert by_element[sc.Element.EARTH] == [("春歌", "はるか", "Haruka"), ("可憐", "かれん", "Karen"),
                                            ("花穂", "かほ", "Kaho")]
    assert by_element[sc.Element.AIR] == [("四葉", "よつば", "Yotsuba"), ("衛", "まもる", "Mamoru"),
                                          ("白雪", "しらゆき", "Shirayuki")]
    assert by_element[sc.Element.WATER] == [("鈴凜", "りんりん", "Rinrin"), ("亞里亞", "ありあ", "Aria"),
                                            ("千影", "ちかげ", "Chikage")]
    assert [(e.colour_ja, e.element_ja) for e in sc.Element] == [("赤", "火"), ("緑", "土"), ("黄", "風"), ("青", "水")]


@pytest.mark.skipif(not RULE_TEXT.exists(), reason="the shared rule texts are not beside this checkout")
def test_every_sp_effect_is_the_rule_texts_own_words() -> None:
    text = "".join(line.strip() for line in RULE_TEXT.read_text(encoding="utf-8").splitlines())
    for s in sc.SISTERS:
        if s.key == "mamoru":
            continue
        assert s.name_ja + s.effect_ja in text, s.key
    # SC-1: the unnamed line between 花穂's effect and 咲耶's is 衛's
    assert "順番は、スタックを配り終えた直後の人になる。スタックに4枚追加。咲耶" in text
    assert sc.sister("mamoru").effect_ja == "スタックに4枚追加。"
    assert sc.sister("mamoru").rules[0] == "SC-1"


def test_only_sp_cards_carry_an_effect() -> None:
    for card in sc.DECK:
        assert bool(card.effect_ja) == (card.symbol is sc.Symbol.SP)
        assert bool(card.effect_en) == (card.symbol is sc.Symbol.SP)
    immediate = {s.key for s in sc.SISTERS if s.immediate}
    assert immediate == {"marie", "hinako", "haruka", "karen", "kaho", "yotsuba", "rinrin", "aria"}
    assert all("SC-5" in s.rules for s in sc.SISTERS if s.immediate)


def test_notation_round_trips_and_refuses_the_unknown() -> None:
    for card in sc.DECK:
        assert sc.parse_card(str(card)) == card
    assert str(sc.parse_card("Marie:SP")) == "marie:sp"
    for bad in ("marie", "marie:9", "nobody:1", "", "marie:"):
        with pytest.raises(ParseError):
            sc.parse_card(bad)


def test_the_engine_is_registered_under_the_printed_names() -> None:
    # The rules engine (branch sc-engine) now defines GAME; the print data keeps its names and values.
    assert sc.GAME.name_ja == sc.NAME_JA and sc.GAME.name_en == sc.NAME_EN
    assert registry()["sister-combination"] is sc.GAME


def test_the_pdf_font_has_every_character_the_deck_prints() -> None:
    texts = [sc.NAME_JA, sc.NAME_EN]
    for s in sc.SISTERS:
        texts += [s.name_ja, s.reading, s.name_en, s.effect_ja, s.effect_en, s.note_ja, s.note_en]
    for e in sc.Element:
        texts += [e.colour_ja, e.element_ja, e.colour_en, e.element_en]
    assert check_fonts(texts) == set()
