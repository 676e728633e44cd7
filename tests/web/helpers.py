"""Small readers of the pages the tests get back: what a player sees, not the markup."""

from __future__ import annotations

import re
from html import unescape


def text_of(html: str) -> str:
    """The visible text of a page, whitespace folded."""
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r'<a class="rule-link"[^>]*>(.*?)</a>', r"\1", html)  # a ruling's link reads as its id
    html = re.sub(r'<span lang="ja">(.*?)</span>', r"\1", html)  # a Japanese word marked on an English page
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def totals(html: str) -> list[int]:
    return [int(v) for v in re.findall(r'class="total" data-seat="\d+">(-?\d+)<', html)]


def version_of(html: str) -> int:
    match = re.search(r'id="live" data-version="(\d+)"', html)
    assert match, "no live region"
    return int(match.group(1))


def input_value(html: str, name: str) -> str:
    match = re.search(rf'name="{re.escape(name)}"[^>]*value="([^"]*)"', html)
    return unescape(match.group(1)) if match else ""
