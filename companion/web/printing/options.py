"""A print's options, read from the query string (the print page's forms are GET forms that open the PDF).

Every option has a default, so a bare PDF link works; a value outside its choices is a problem the player is
told about in their language (never a 500, never a silent guess). The calibration offset and the last paper
chosen are remembered per phone in cookies.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask import request

from ...i18n import LANGUAGES, language
from ...inputs import decimal_number
from ...printing.geometry import CARD_SIZES, PAPERS, CardSize, Offset, Paper

OFFSET_COOKIE = "print_offset"
PAPER_COOKIE = "print_paper"
COOKIE_AGE = 60 * 60 * 24 * 365 * 2

MODES = ("home", "shop")
BACKS = ("1", "0")
# The calibration scales read −5 … +5 mm in 0.5 mm steps; the selects offer exactly those.
OFFSET_STEPS = tuple(x / 2 for x in range(-10, 11))


@dataclass(frozen=True)
class Problem:
    """One option the player must change: a message code and its parameters (see messages.py)."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PrintOptions:
    paper: Paper
    lang: str
    mode: str = "home"
    size: CardSize = CARD_SIZES["poker"]
    backs: bool = True
    offset: Offset = Offset()
    profile: str = ""  # "builtin:<id>" or "user:<token>", as companion.tables.view.resolve_profile reads it
    players: int = 4
    decks: int = 4

    @property
    def shop(self) -> bool:
        return self.mode == "shop"

    def key(self) -> dict[str, Any]:
        """What goes into the cache key besides the HTML."""
        return {"paper": self.paper.key, "lang": self.lang, "mode": self.mode, "size": self.size.key,
                "backs": self.backs, "offset": str(self.offset), "profile": self.profile,
                "players": self.players, "decks": self.decks}


def default_paper() -> Paper:
    """The paper this phone chose last, else Letter for the US and Canada, else A4."""
    remembered = request.cookies.get(PAPER_COOKIE, "")
    if remembered in PAPERS:
        return PAPERS[remembered]
    for lang, _quality in request.accept_languages:
        region = lang.replace("_", "-").split("-")[1:2]
        if region and region[0].upper() in ("US", "CA"):
            return PAPERS["letter"]
        if region:
            break
    return PAPERS["a4"]


def remembered_offset() -> Offset:
    """The offset this phone saved (cookie "dx:dy", colon so the value needs no quoting), else none."""
    try:
        return Offset.parse(request.cookies.get(OFFSET_COOKIE, "").replace(":", ","))
    except ValueError:
        return Offset()


def offset_cookie(offset: Offset) -> str:
    return str(offset).replace(",", ":")


def current_lang() -> str:
    lang = language()
    return lang if lang in LANGUAGES else "en"


def _choice(args: Mapping[str, str], name: str, choices: Sequence[str], default: str,
            problems: list[Problem]) -> str:
    value = args.get(name, "")
    if value == "":
        return default
    if value not in choices:
        problems.append(Problem("print.bad_choice", {"field": name, "value": value[:40]}))
        return default
    return value


def _number(args: Mapping[str, str], name: str, default: float, problems: list[Problem]) -> float:
    """An offset in mm from a link, read by the one decimal reader (inputs.decimal_number)."""
    raw = args.get(name, "").strip()
    if raw == "":
        return default
    value = decimal_number(raw, Offset.LIMIT)
    if value is None:
        code = "print.offset_range" if decimal_number(raw, float("inf")) is not None else "print.not_a_number"
        problems.append(Problem(code, {"field": name, "value": raw[:40], "limit": Offset.LIMIT}))
        return default
    return value


def read_options(args: Mapping[str, str], players: Sequence[int] = (2, 3, 4)) -> tuple[PrintOptions, list[Problem]]:
    """The options a PDF link carries; each missing one takes its default."""
    problems: list[Problem] = []
    paper = PAPERS[_choice(args, "paper", tuple(PAPERS), default_paper().key, problems)]
    lang = _choice(args, "lang", LANGUAGES, current_lang(), problems)
    mode = _choice(args, "mode", MODES, "home", problems)
    size = CARD_SIZES[_choice(args, "size", tuple(CARD_SIZES), "poker", problems)]
    backs = _choice(args, "backs", BACKS, "1", problems) == "1"
    remembered = remembered_offset()
    dx = _number(args, "dx", remembered.dx, problems)
    dy = _number(args, "dy", remembered.dy, problems)
    counts = tuple(str(n) for n in players)
    default_players = "4" if "4" in counts else counts[-1]
    chosen_players = int(_choice(args, "players", counts, default_players, problems))
    decks = int(_choice(args, "decks", ("4", "3"), "4", problems))
    profile = (args.get("profile_link", "").strip() or args.get("profile", "").strip())[:300]
    return PrintOptions(paper, lang, mode, size, backs, Offset.of(dx, dy), profile, chosen_players, decks), problems


def offset_choices() -> list[tuple[str, str]]:
    """(value, label) for the offset selects: −5.0 … +5.0 mm."""
    return [(f"{v:g}", f"{v:+.1f}".replace("+0.0", "0.0").replace("-", "−")) for v in OFFSET_STEPS]
