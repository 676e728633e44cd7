"""The clause files (companion/rulebook/data): every ruling of RULINGS.md and every rule id an engine can give
leads to a clause in both languages; a ruling that is a reading or a guess has its reading shown; the files are
checked as they are read; and no clause copies the rule text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.registry import packages
from companion.rulebook import LANGS, RulebookError, rulebook, rulebooks
from companion.rulebook.clauses import parse_rulebook

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT.parent / "shared" / "rules"
if not RULES.is_dir():  # a worktree of the project: the shared folder beside the main checkout
    RULES = Path("/work/shared/rules")
RULINGS = (RULES / "RULINGS.md").read_text(encoding="utf-8")
RULING_ID = re.compile(r"^- \*\*([A-Z]{2}-\d+)\b", re.M)
# A rule an engine names: a ruling id, or a rule-text section given alone ("§4.2", "§セットフェイズ").
ENGINE_RULE = re.compile(r"\"((?:PS|SS|LP|SC|PR)-\d+|§[^\"\s:(/]+)\"")


def rulings_in_file() -> dict[str, str]:
    """Ruling id -> its paragraph in RULINGS.md."""
    found = {}
    for match in RULING_ID.finditer(RULINGS):
        end = RULINGS.find("\n- **", match.end())
        section_end = RULINGS.find("\n## ", match.end())
        stops = [p for p in (end, section_end) if p != -1]
        found[match.group(1)] = RULINGS[match.start(): min(stops) if stops else len(RULINGS)]
    return found


def test_the_rulings_file_is_read() -> None:
    found = rulings_in_file()
    assert {"PS-1", "PS-7", "SS-8", "LP-10", "SC-0", "SC-9", "PR-7"} <= set(found)
    assert len(found) == 7 + 8 + 10 + 10 + 8


def test_every_game_has_its_rules() -> None:
    assert set(rulebooks()) == set(packages())
    for book in rulebooks().values():
        parts = {c.part for c in book.clauses}
        assert {"components", "setup", "turn", "end"} <= parts | {"end" if "scoring" in parts else ""}
        assert len(book.clauses) >= 12


@pytest.mark.parametrize("ruling", sorted(rulings_in_file()))
def test_every_ruling_leads_to_a_clause_in_both_languages(ruling: str) -> None:
    book = next(b for b in rulebooks().values() if b.prefix == ruling.split("-")[0])
    clause = book.clause_for(ruling)
    assert clause is not None, f"{ruling} has no clause"
    assert ruling in clause.rulings
    for lang in LANGS:
        assert clause.title[lang] and clause.text[lang] and clause.section[lang]


def test_every_rule_an_engine_can_give_leads_to_a_clause() -> None:
    missing = []
    count = 0
    for slug, package in packages().items():
        book = rulebook(slug)
        assert book is not None
        folder = ROOT / "companion" / "games" / package.package
        for source in folder.rglob("*.py"):
            for rule in set(ENGINE_RULE.findall(source.read_text(encoding="utf-8"))):
                count += 1
                if rule[:2] not in (book.prefix, "§") and not rule.startswith("§"):
                    missing.append(f"{slug}: {source.name} gives another game's ruling {rule}")
                elif book.clause_for(rule) is None:
                    missing.append(f"{slug}: {source.name} gives {rule}, which leads to no clause")
    assert count > 50  # the engines were read
    assert not missing, "\n".join(missing)


READING = re.compile(r"\ba reading\b|\bguess\b|\*\*Ruling\*\*|\bnot in the text\b", re.I)


@pytest.mark.parametrize("ruling", sorted(r for r, text in rulings_in_file().items() if READING.search(text)))
def test_a_reading_or_a_guess_is_shown_as_one(ruling: str) -> None:
    book = next(b for b in rulebooks().values() if b.prefix == ruling.split("-")[0])
    with_reading = [c for c in book.clauses if ruling in c.rulings and c.reading]
    assert with_reading, f"no clause concerning {ruling} shows its reading"
    for clause in with_reading:
        assert clause.reading["ja"] and clause.reading["en"]


def _shingles(text: str, size: int) -> set[str]:
    squeezed = re.sub(r"\s+", "", text)
    return {squeezed[i:i + size] for i in range(len(squeezed) - size + 1)}


def test_no_clause_copies_the_rule_text() -> None:
    """The clauses restate the rules in the project's own words: no run of 20 characters is the rule text's."""
    copied = []
    for book in rulebooks().values():
        source = _shingles((RULES / book.source).read_text(encoding="utf-8"), 20)
        for clause in book.clauses:
            for what in ("text", "reading"):
                shared = _shingles(clause.reading.get("ja", "") if what == "reading" else clause.text["ja"],
                                   20) & source
                if shared:
                    copied.append(f"{clause.id}.{what}: {sorted(shared)[:2]}")
    assert not copied, "\n".join(copied)


def _data(**clause_fields: object) -> dict[str, object]:
    clause = {"id": "xx-one", "part": "turn", "rulings": ["XX-1"],
              "ja": {"title": "題", "text": "本文", "section": "節"},
              "en": {"title": "Title", "text": "Text", "section": "Section"}}
    clause.update(clause_fields)
    return {"prefix": "XX", "ja": {"name": "名"}, "en": {"name": "Name"}, "clause": [clause]}


def test_a_clause_file_is_checked_as_it_is_read() -> None:
    assert parse_rulebook("x", _data()).clause_for("XX-1") is not None
    with pytest.raises(RulebookError) as refused:
        parse_rulebook("x", _data(id="Bad Id", part="middle", rulings=["YY-1"],
                                  en={"title": "", "text": "Text", "section": "S"},
                                  ja={"title": "題", "text": "本文", "section": "節", "reading": "読み"}))
    problems = " ".join(refused.value.problems)
    assert "the id must look like xx-some-words" in problems and "part must be one of" in problems
    assert "rulings must be a list of XX-n ids" in problems and "en.title is missing" in problems
    assert "a reading is given in both languages or in neither" in problems
    doubled = _data()
    doubled["clause"] = [doubled["clause"][0], dict(doubled["clause"][0])]  # type: ignore[index]
    with pytest.raises(RulebookError, match="the id is used twice"):
        parse_rulebook("x", doubled)


def test_a_ruling_leads_to_the_clause_about_it() -> None:
    book = rulebook("sister-combination")
    assert book is not None
    assert book.clause_for("SC-3").id == "sc-obstruction"
    assert book.clause_for("SC-1").id == "sc-sp-yellow"
    assert book.clause_for("SC-0").id == "sc-deck"
    lumiere = rulebook("lumiere")
    assert lumiere is not None and lumiere.clause_for("§セットフェイズ").id == "lp-set"
    assert lumiere.clause_for("LP-99") is None


def test_sc5_another_player_for_haruka_and_yotsuba_is_shown_as_a_reading() -> None:
    """RULINGS SC-5 marks 「誰か一人」 (Haruka, Yotsuba) as one other player: a reading, so the clauses say it in
    their reading, not as the rule."""
    book = rulebook("sister-combination")
    assert book is not None
    for clause_id, sister_ja, sister_en in (("sc-sp-green", "春歌", "Haruka"), ("sc-sp-yellow", "四葉", "Yotsuba")):
        clause = book.clause(clause_id)
        assert clause is not None and "SC-5" in clause.rulings
        assert sister_ja in clause.reading["ja"] and "出した人以外" in clause.reading["ja"]
        assert sister_en in clause.reading["en"] and "another player" in clause.reading["en"]
        assert "other" not in clause.text["en"].split(sister_en, 1)[1].split("\n", 1)[0]


def test_sc7_the_stack_going_back_under_rule_a_is_in_the_hand_limit_clause() -> None:
    book = rulebook("sister-combination")
    assert book is not None
    clause = book.clause("sc-hand-limit")
    assert clause is not None and "SC-7" in clause.rulings
    assert "誰も出せない" in clause.text["ja"] and "山札に戻し" in clause.text["ja"] and "原文になし" in clause.text["ja"]
    english = " ".join(clause.text["en"].split())
    assert "nobody can play" in english and "not in the text" in english
