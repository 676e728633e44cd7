"""Planeta Rica's move notation read back: ``parse_move_text(str(m)) == m`` (``"dispatch 0:1,2"``,
``"invade tourist_planet cost=3"``, …), the text form tests and error messages use; the moves themselves and
their JSON are in ``moves``."""

from __future__ import annotations

from typing import Any

from ..base import ParseError, is_plain_number
from .cards import Resources
from .moves import ADJUST_KEYS, MOVE_RULE, Move, parse_move
from .profile import Cost


def _number(word: str, text: str, signed: bool = False) -> int:
    """A number of the notation: ASCII digits only (``is_plain_number``), so "１" or "٣", which int() reads, are
    refused with a clear reason rather than taken for 1 or 3; ``signed`` allows one leading "-" or "+"."""
    digits = word[1:] if signed and word[:1] in ("-", "+") else word
    if not is_plain_number(digits):
        raise ParseError("pr.move.not_a_number", MOVE_RULE, value=word, text=text)
    return int(word)


def parse_move_text(text: str) -> Move:
    """Notation -> move (``"dispatch 0:1,2"``, ``"invade tourist_planet cost=3"``, …). Raises ParseError."""
    words = text.split()
    if not words:
        raise ParseError("pr.move.malformed", MOVE_RULE, value=text)
    head, args = words[0].lower(), words[1:]
    positional = [a for a in args if "=" not in a]
    options = dict(a.split("=", 1) for a in args if "=" in a)
    try:
        data: dict[str, Any] = {"type": head}
        if head == "start" and len(positional) == 1:
            data["seat"] = _number(positional[0], text)
        elif head == "reveal" and len(positional) == 1:
            data["planet"] = positional[0]
        elif head == "return" and len(positional) == 1:
            data["planet"] = _number(positional[0], text)
            if "copy" in options:
                data["copy"] = _number(options.pop("copy"), text)
            for key in ("take", "give"):
                if key in options:
                    data[key] = Resources.parse(options.pop(key)).to_json()
            for key in ("shows", "copied"):
                if key in options:
                    data[key] = options.pop(key)
        elif head == "dispatch" and positional and not options:
            data["placements"] = [{"planet": _number(p.split(":")[0], text),
                                   "slots": [_number(s, text) for s in p.split(":")[1].split(",")]}
                                  for p in positional]
        elif head == "invade" and len(positional) == 1:
            data["planet"] = positional[0]
            if "cost" in options:
                data["cost"] = _number(options.pop("cost"), text)
            if "hypnosis" in options:
                data["hypnosis"] = [_number(s, text) for s in options.pop("hypnosis").split(",")]
        elif head == "develop" and len(positional) == 1:
            data["gadget"] = positional[0]
            if "pay" in options:
                data["pay"] = Resources.parse(options.pop("pay")).to_json()
            if "cost" in options:
                data["cost"] = Cost.parse(options.pop("cost")).to_json()
        elif head == "collect" and len(positional) <= 1:
            if positional:
                data["resource"] = positional[0]
        elif head == "adjust" and len(positional) == 2:
            data |= {"seat": _number(positional[0], text), "card": positional[1]}
            for key in ADJUST_KEYS:
                if key in options:
                    data[key] = _number(options.pop(key), text, signed=True)
        elif head not in ("donate", "end") or args:
            raise ParseError("pr.move.malformed", MOVE_RULE, value=text)
        if options:
            raise ParseError("pr.move.malformed", MOVE_RULE, value=text)
        return parse_move(data)
    except (ValueError, IndexError):
        raise ParseError("pr.move.malformed", MOVE_RULE, value=text) from None
