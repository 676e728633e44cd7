"""Every reason an engine can give leads, by its code, to the clause that explains it.

One ruling often covers several topics (SC-7 is the two endings, the hand limit and the empty deck; PR-7 is five
gadgets), so a reason does not lead to the first clause citing its ruling but to the clause that claims its code
(``reasons`` in data/<slug>.toml). The codes are read from the engines' source (every ``Reason(...)`` and error
with a literal code, and the ruling it cites there) and from each game's message table (which holds a sentence
for every code, the ones an engine builds from parts too: ``sc.sp.<sister>``, ``lp.send.<where>``).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest
from flask import Flask

from companion.registry import packages
from companion.rulebook import RulebookError, rulebook, rulebooks
from companion.rulebook.clauses import is_entry_form, parse_rulebook

ROOT = Path(__file__).resolve().parents[2]
REASON_CALLS = frozenset({"Reason", "RulesError", "ParseError", "ImpossibleState", "IllegalMove"})


def _engine_codes(package: str) -> dict[str, set[str]]:
    """code -> the rulings it is given with, for every reason an engine builds with a literal code."""
    found: dict[str, set[str]] = defaultdict(set)
    for source in (ROOT / "companion" / "games" / package).rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or len(node.args) < 2:
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            code, rule = node.args[0], node.args[1]
            if name in REASON_CALLS and isinstance(code, ast.Constant) and isinstance(code.value, str):
                found[code.value].add(rule.value if isinstance(rule, ast.Constant) else "")
    return found


def _all_codes(app: Flask, slug: str, package: str) -> dict[str, set[str]]:
    prefix = rulebook(slug).prefix.lower() + "."  # type: ignore[union-attr]
    codes = _engine_codes(package)
    for code in app.extensions["companion_messages"]:
        if code.startswith(prefix) and not code.endswith(".ok"):
            codes.setdefault(code, set())
    return codes


GAMES = [(slug, game.package) for slug, game in packages().items()]


@pytest.mark.parametrize(("slug", "package"), GAMES, ids=[slug for slug, _ in GAMES])
def test_every_reason_code_has_a_clause_of_its_own_that_cites_its_ruling(app: Flask, slug: str,
                                                                          package: str) -> None:
    book = rulebooks()[slug]
    codes = _all_codes(app, slug, package)
    assert len(codes) > 60  # the engine and its messages were read
    problems = []
    for code, rules in sorted(codes.items()):
        if is_entry_form(code):
            continue
        if not any(pattern_claims(clause.reasons, code) for clause in book.clauses):
            problems.append(f"{code}: no clause claims it")
            continue
        for rule in rules - {""}:
            clause = book.clause_for_reason(code, rule)
            if clause is None or not clause.follows(rule):
                problems.append(f"{code} ({rule}) leads to {clause.id if clause else None}, which does not cite {rule}")
    assert not problems, "\n".join(problems)


def pattern_claims(patterns: tuple[str, ...], code: str) -> bool:
    return any(code == p or (p.endswith("*") and code.startswith(p[:-1])) for p in patterns)


@pytest.mark.parametrize(("slug", "code", "rule", "clause"), [
    ("planeta-rica", "pr.turn.time_machine", "PR-7", "pr-time-machine"),
    ("planeta-rica", "pr.dispatch.workers_in_hand", "PR-7", "pr-warp-gate"),
    ("planeta-rica", "pr.dispatch.workers_in_hand", "PR-3", "pr-dispatch"),
    ("planeta-rica", "pr.return.topmost", "PR-2", "pr-return-phase"),
    ("planeta-rica", "pr.setup.start_once", "PR-1", "pr-setup"),
    ("sister-combination", "sc.limit.pass", "SC-7", "sc-hand-limit"),
    ("sister-combination", "sc.deck.reshuffled", "SC-7", "sc-deck-empty"),
    ("sister-combination", "sc.card.mirror", "SC-8", "sc-card-effects"),
    ("sister-combination", "sc.turn.players_turn", "SC-8", "sc-turn-order"),
    ("planetary-sisters", "ps.turn.order", "PS-7", "ps-round"),
    ("lumiere", "lp.end.every_hand_at_most_five", "LP-7", "lp-start"),
    ("lumiere", "lp.mulligan.ended", "LP-9", "lp-mulligan"),
    ("strato-sphere", "ss.draw.last_card", "SS-8", "ss-end"),
    # a code about an entry's form leads where its ruling leads
    ("sister-combination", "sc.input.wrong_type", "SC-6", "sc-reach"),
])
def test_reasons_the_audit_found_misled_lead_to_their_clause(slug: str, code: str, rule: str, clause: str) -> None:
    found = rulebooks()[slug].clause_for_reason(code, rule)
    assert found is not None and found.id == clause


def test_a_clause_claims_only_its_own_games_codes_in_the_one_pattern_form() -> None:
    from tests.rulebook.test_clauses import _data

    book = parse_rulebook("x", _data(reasons=["xx.limit.*", "xx.deck.reshuffled"]))
    assert book.clause_for_reason("xx.limit.pass", "XX-1") is book.clauses[0]
    assert book.clause_for_reason("xx.limit", "XX-1") is book.clauses[0]  # a badge about the whole family
    assert book.clause_for_reason("xx.other", "") is None
    for bad in (["yy.limit.*"], ["xx.limit.**"], ["XX.limit"], [3]):
        with pytest.raises(RulebookError) as refused:
            parse_rulebook("x", _data(reasons=bad))
        assert "reasons must be a list of xx.… codes" in " ".join(refused.value.problems)
