"""Every reason code the engine can give has a message in English and Japanese, with its placeholders filled
by the params the engine really sends (checked over random games, legal and illegal moves alike)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask import Flask

from companion.games.base import RulesError
from companion.games.strato_sphere import GAME
from companion.games.strato_sphere.cards import all_cards
from companion.games.strato_sphere.moves import Attack, Conceal, Defend, Draw, NoDefence, Pass, Place, Reveal, Shift
from companion.web.games.strato_sphere.messages import MESSAGES
from companion.web.messages import explain
from companion.web.messages import explain as say

ROOT = Path(__file__).resolve().parents[4]
ENGINE = ROOT / "companion" / "games" / "strato_sphere"
JA_PO = ROOT / "companion" / "web" / "games" / "strato_sphere" / "translations" / "ja" / "LC_MESSAGES" / "messages.po"


def engine_codes() -> set[str]:
    found: set[str] = set()
    for source in ENGINE.glob("*.py"):
        found |= set(re.findall(r'"(ss\.[a-z_]+\.[a-z_.]+)"', source.read_text()))
    return found


def test_every_engine_code_has_a_message() -> None:
    codes = engine_codes()
    assert len(codes) > 70
    assert sorted(codes - set(MESSAGES)) == []


def test_the_japanese_catalog_keeps_every_placeholder() -> None:
    with JA_PO.open("rb") as f:
        catalog = read_po(f)
    checked = 0
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(re.findall(r"\{\w+\}|%\(\w+\)s", ids[-1]))
        for text in strings:
            assert text, f"untranslated: {ids[0]!r}"
            assert set(re.findall(r"\{\w+\}|%\(\w+\)s", text)) == wanted, (ids[0], text)
            checked += 1
    assert checked > 200


def test_a_string_shared_with_another_catalog_is_translated_the_same() -> None:
    """Flask-Babel merges every part's catalog into one: a msgid this game shares with the platform or another
    game must not change that part's Japanese."""
    with JA_PO.open("rb") as f:
        mine = {m.id: m.string for m in read_po(f) if m.id}
    differing = []
    for po in (ROOT / "companion").rglob("ja/LC_MESSAGES/messages.po"):
        if po == JA_PO:
            continue
        with po.open("rb") as f:
            other = {m.id: m.string for m in read_po(f) if m.id}
        differing += [(str(po), msgid) for msgid in set(mine) & set(other) if mine[msgid] != other[msgid]]
    assert differing == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_message_renders_in_both_languages(app: Flask, lang: str) -> None:
    with app.test_request_context(headers={"Accept-Language": lang}):
        texts = {code: str(message) for code, message in MESSAGES.items()}
    with app.test_request_context(headers={"Accept-Language": "en"}):
        english = {code: str(message) for code, message in MESSAGES.items()}
    if lang == "ja":
        assert [code for code in texts if texts[code] == english[code]] == []
        assert all(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text) for text in texts.values())


def _candidates(state, rng: random.Random) -> list:  # type: ignore[no-untyped-def]
    """Moves of every kind, most of them illegal, so failing reasons get rendered too."""
    size = len(state.board.nodes)
    node, other = rng.randrange(size), rng.randrange(size + 1)
    card = rng.choice(all_cards())
    return [Draw(), Pass(), NoDefence(), Place(node), Conceal(node), Reveal(node, card), Shift(node, other),
            Attack(node, other), Attack(node, (node + 1) % size), Defend(rng.randrange(5), card)]


@pytest.mark.parametrize("players", [2, 4])
def test_every_reason_of_random_games_renders_without_a_placeholder(app: Flask, players: int) -> None:
    rng = random.Random(players)
    seen_codes: set[str] = set()
    for lang in ("en", "ja"):
        with app.test_request_context(headers={"Accept-Language": lang}):
            for _game in range(6):
                state = GAME.new_state(players, {}, {})
                for _step in range(120):
                    for move in _candidates(state, rng):
                        for reason in GAME.check(state, move).reasons:
                            seen_codes.add(reason.code)
                            for text in (say(reason), explain(reason)):
                                assert "{" not in text and text != reason.code, (reason, text)
                        try:
                            GAME.apply(state, move)
                        except RulesError as exc:
                            assert "{" not in explain(exc)
                    legal = GAME.legal_moves(state)
                    if not legal:
                        break
                    # Prefer revealing and attacking, so games reach defences and wins.
                    weighted = [m for m in legal if isinstance(m, (Attack, Defend))] or list(legal)
                    state = GAME.apply(state, rng.choice(weighted if rng.random() < 0.5 else list(legal)))
    assert {"ss.attack.defence_needs", "ss.defend.window_open", "ss.turn.defence_pending", "ss.draw.hand_full",
            "ss.force.assigned", "ss.attack.rank_ok", "ss.defend.wrong_force"} <= seen_codes
