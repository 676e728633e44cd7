"""Reading a quick tool's link: the query of a score, dispute, check or print page, which a player may have typed
or edited by hand (?players=99, ?rank=Z, ?count=-1, a huge number, "²"; "４" in full width is 4, as typed).

Each value goes through the shared readers (``companion.inputs``); a value that is there but cannot be used is
left out as before, and also kept in ``refused`` with what the page expected, so the page says in words what it
left out instead of silently showing something else. Nothing here raises, whatever the query.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from companion.i18n import gettext as _
from companion.inputs import text, whole_number

SHOWN_VALUE = 20  # characters of a refused value repeated back on the page


@dataclass
class LinkReader:
    """One page's query, read field by field; ``refused`` lists (key, value as sent, what was expected)."""

    args: Mapping[str, str]
    refused: list[tuple[str, str, str]] = field(default_factory=list)

    def _given(self, key: str) -> str | None:
        raw = self.args.get(key)
        return None if raw is None or raw.strip() == "" else raw

    def refuse(self, key: str, expected: str) -> None:
        """Note a value the page read its own way and could not use."""
        raw = self.args.get(key, "")
        shown = text(raw, 10_000) or "?"
        if len(shown) > SHOWN_VALUE:
            shown = shown[:SHOWN_VALUE] + "…"
        self.refused.append((key, shown, expected))

    def refuse_choice(self, key: str, choices: Iterable[object]) -> None:
        """Note a value the page read its own way that is none of ``choices``."""
        self.refuse(key, _one_of(tuple(choices)))

    def number(self, key: str, low: int, high: int, allowed: Iterable[int] | None = None) -> int | None:
        """A whole number from low to high (and among ``allowed`` when given), or None when absent or refused."""
        raw = self._given(key)
        if raw is None:
            return None
        value = whole_number(raw, low, high)
        choices = tuple(allowed) if allowed is not None else None
        if value is None or (choices is not None and value not in choices):
            if choices and choices == tuple(range(choices[0], choices[-1] + 1)) and len(choices) > 2:
                low, high, choices = choices[0], choices[-1], None  # 3 … 13 players: said as a range
            self.refuse(key, _one_of(choices) if choices else _("a whole number from %(low)s to %(high)s",
                                                                 low=low, high=high))
            return None
        return value

    def choice(self, key: str, allowed: Iterable[str], read: Callable[[str], str] | None = None) -> str:
        """One of ``allowed`` ("" when absent or refused); ``read`` may first turn the value into one (case)."""
        raw = self._given(key)
        choices = tuple(allowed)
        if raw is None:
            return ""
        value = read(raw) if read is not None else raw
        if value not in choices:
            self.refuse(key, _one_of(choices))
            return ""
        return value

    def notice(self) -> str:
        """What the page says about the parts of its link it left out ("" when it used all of it)."""
        if not self.refused:
            return ""
        parts = [_("“%(key)s=%(value)s” (%(expected)s)", key=key, value=value, expected=expected)
                 for key, value, expected in self.refused]
        return _("This link asks for something that cannot be, so the page leaves it out: %(parts)s.",
                 parts="; ".join(parts))


def _one_of(choices: tuple[object, ...]) -> str:
    shown = [str(c) for c in choices]
    if len(shown) > 14:
        shown = [*shown[:14], "…"]
    return _("one of %(choices)s", choices=", ".join(shown))
