"""Asking the rules: players' questions (tests/rulebook/questions.toml, written from the rule texts) find the
clause with the ruling that answers them among the top 3, for at least 90% of each game's questions in each
language, and as the first clause for at least 75%; synonyms, both languages and the highlighting of the matched
words."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from companion.rulebook import index_for, rulebooks
from companion.rulebook.search import en_tokens, highlight, ja_grams, stem

QUESTIONS = tomllib.loads((Path(__file__).parent / "questions.toml").read_text(encoding="utf-8"))
GOAL = 0.9
TOP = 3
# The first clause shown is the one a player reads: it should be the answer for most questions. Measured when this
# was set: 80-100% per game and language (the figures are printed by `make bench`).
FIRST_GOAL = 0.75


def answered(slug: str, lang: str, top: int = TOP) -> tuple[int, int, list[str]]:
    """(answered, asked, the misses) for a game's questions in one language: answered when one of the first ``top``
    clauses found lists the question's ruling."""
    index = index_for(slug)
    assert index is not None
    misses = []
    items = QUESTIONS[slug][lang]
    for question, ruling in items:
        hits = index.search(question, top)
        if not any(ruling in hit.clause.rulings for hit in hits):
            misses.append(f"{question!r} ({ruling}): {[hit.clause.id for hit in index.search(question, TOP)]}")
    return len(items) - len(misses), len(items), misses


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("slug", sorted(rulebooks()))
def test_players_questions_are_answered(slug: str, lang: str) -> None:
    assert len(QUESTIONS[slug][lang]) >= 10
    found, asked, misses = answered(slug, lang)
    assert found / asked >= GOAL, f"{slug} {lang}: {found}/{asked}\n" + "\n".join(misses)


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("slug", sorted(rulebooks()))
def test_the_first_clause_answers_most_questions(slug: str, lang: str) -> None:
    found, asked, misses = answered(slug, lang, 1)
    assert found / asked >= FIRST_GOAL, f"{slug} {lang}: first clause right for {found}/{asked}\n" + "\n".join(misses)


def test_every_question_names_a_ruling_of_its_game() -> None:
    for slug, langs in QUESTIONS.items():
        book = rulebooks()[slug]
        for items in langs.values():
            assert all(ruling in book.rulings() for _q, ruling in items), slug


def test_the_example_questions_find_obstruction_mode_first() -> None:
    index = index_for("sister-combination")
    assert index is not None
    assert index.search("スタックがあるとき数字カードは出せる？")[0].clause.id == "sc-obstruction"
    english = index.search("can I play a number card while there's a stack?")
    assert any("SC-3" in hit.clause.rulings for hit in english[:TOP])
    assert "sc-obstruction" in [hit.clause.id for hit in english]


def test_what_a_card_is_worth_and_an_occupied_area_find_their_clause_first() -> None:
    lumiere = index_for("lumiere")
    assert lumiere is not None
    assert lumiere.search("can I stack my card on an occupied square?")[0].clause.id == "lp-set"
    assert lumiere.search("埋まっているマスにカードを置いてもいい？")[0].clause.id == "lp-set"
    assert lumiere.search("what is each card worth")[0].clause.id == "lp-cards"
    assert lumiere.search("カード1枚は何点？")[0].clause.id == "lp-cards"
    # Each game says what a card is worth where it explains its cards or its score, even where the answer is "nothing".
    for slug, clause in (("planetary-sisters", "ps-scoring"), ("planeta-rica", "pr-card-list"),
                         ("sister-combination", "sc-placings"), ("strato-sphere", "ss-cards")):
        index = index_for(slug)
        assert index is not None
        assert index.search("what is each card worth?")[0].clause.id == clause, slug
        assert index.search("カード1枚は何点？")[0].clause.id == clause, slug


def test_synonyms_players_use_find_the_clause() -> None:
    sister = index_for("sister-combination")
    strato = index_for("strato-sphere")
    assert sister is not None and strato is not None
    # "skip" and "reverse" are Uno's words; the clause says Pass and Mirror.
    assert "sc-card-effects" in [h.clause.id for h in sister.search("what does skip do", TOP)]
    assert "sc-card-effects" in [h.clause.id for h in sister.search("reverse card", TOP)]
    # ノード and node, 攻撃 and attack: a Japanese word finds the clause whose English says it, and back.
    assert "ss-defence" in [h.clause.id for h in strato.search("can I block it", TOP)]
    assert "ss-attack" in [h.clause.id for h in strato.search("攻撃の条件", 2)]
    assert "ss-attack" in [h.clause.id for h in strato.search("attack", 2)]


def test_an_empty_or_unknown_question_finds_nothing() -> None:
    index = index_for("lumiere")
    assert index is not None
    assert index.search("") == [] and index.search("zzzz qqqq") == []
    assert len(index.search("card", 5)) == 5


def test_the_index_is_built_once() -> None:
    assert index_for("planeta-rica") is index_for("planeta-rica")
    assert index_for("no-such-game") is None


def test_words_are_cut_as_players_type_them() -> None:
    assert stem("stacks") == stem("stacked") == stem("stack") == "stack"
    assert stem("taking") == stem("take") and stem("drawn") == "draw"
    assert stem("pointed") != stem("points")  # Planetary Sisters' pointed elements are not points
    assert en_tokens("Can't play the S.P.?") == ["not", "play", "sp", "not_play", "play_sp"] or \
        "sp" in en_tokens("Can't play the S.P.?")
    grams = dict(ja_grams("2人の親"))
    assert "2人" in grams and grams["親"] == 1.0 and "人の" in grams


def test_matched_words_are_marked() -> None:
    index = index_for("sister-combination")
    assert index is not None
    hit = index.search("スタックがあるとき数字カードは出せる？")[0]
    marked = {piece for piece, mark in highlight(hit.clause.text["ja"], hit.matched) if mark}
    assert any("スタック" in piece for piece in marked) and any("数字" in piece for piece in marked)
    english = next(h for h in index.search("number card while there is a stack", 10)
                   if h.clause.id == "sc-obstruction")
    marked_en = {piece for piece, mark in highlight(english.clause.text["en"], english.matched) if mark}
    assert {"stack", "number", "card"} <= {p.lower() for p in marked_en}
    assert "".join(piece for piece, _ in highlight("a b", {"a"})) == "a b"
