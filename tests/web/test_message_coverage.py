"""Every reason code a game's engine or pages can give has a sentence, in both languages, for every registered
game: written once over the registry, so a new game is covered the day it registers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask

from companion.games.base import Reason
from companion.registry import packages
from companion.web.gameweb import discover
from companion.web.messages import explain

ROOT = Path(__file__).resolve().parents[2]
PLAYABLE = sorted(slug for slug in discover() if slug in packages())


def codes_in_sources(slug: str) -> set[str]:
    entry = packages()[slug]
    prefix = entry.game.ruling_prefix.lower()
    folders = [ROOT / "companion" / "games" / entry.package, ROOT / "companion" / "web" / "games" / entry.package]
    pattern = re.compile(r'"(' + prefix + r'\.[a-z0-9_]+\.[a-z0-9_.]+)"')
    found: set[str] = set()
    for folder in folders:
        for path in folder.rglob("*.py"):
            found |= set(pattern.findall(path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("slug", PLAYABLE)
def test_every_code_a_game_gives_has_a_message(slug: str) -> None:
    codes = codes_in_sources(slug)
    assert len(codes) > 10, "the pattern found the game's codes"
    messages = discover()[slug].messages
    assert sorted(codes - set(messages)) == []


@pytest.mark.parametrize("slug", PLAYABLE)
def test_every_message_reads_in_both_languages(app: Flask, slug: str) -> None:
    messages = discover()[slug].messages
    for code, message in messages.items():
        placeholders = set(re.findall(r"\{(\w+)\}", str(message)))
        for lang in ("en", "ja"):
            with app.test_request_context("/", headers={"Accept-Language": lang}):
                text = explain(Reason(code, "", True, {key: 1 for key in placeholders}))
                assert text.strip() and "{" not in text and text != code, (slug, lang, code, text)
