"""Reading what a phone or a client sends, in one place per kind: whole numbers in a range, seat indexes,
choices, text with limits, and JSON or TOML with limits on depth, numbers and characters.

Every reader either returns a value the caller can use as it is or says it could not (None, or InputError with
a message code): nothing here raises anything else, whatever the input. A number is read as people type it
(``as_typed``): ASCII digits, or the full-width digits, plus and minus a Japanese keyboard types in 全角 mode
(「１２」, 「－３」) and the minus sign "−", each read as the ASCII it stands for; every other character that
looks like a digit ("²", "٣", "𝟗", "Ⅻ" pass ``str.isdigit`` or ``str.isnumeric``) is no number here. A number has
at most a few digits, text has no lone surrogates, NUL or other control characters, and a document nests at most
``MAX_DEPTH`` levels. A score cell may also take a sum as a player writes it on paper (``score_sum``: "12+3").
Only what is read as a number goes through ``as_typed``: a name (a seat called 「Ｒ２」) is never rewritten.
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .games.base import ParseError

MAX_DEPTH = 32  # nesting of a JSON or TOML document: a table export nests 6 or so
MAX_INT_DIGITS = 15  # no count, seat, rank, seq or score of any game comes near
DIGITS_RE = re.compile(r"-?[0-9]{1,15}")
# A decimal as a phone writes it (after ``as_typed``): ASCII digits, a sign, one point or comma ("1.5", "-0,5",
# "2"). No exponent, no "_", no inf or nan, which float() would take.
DECIMAL_RE = re.compile(r"[-+]?(?:[0-9]{1,6}(?:[.,][0-9]{0,6})?|[.,][0-9]{1,6})")
# Characters no field takes: C0 controls (tab, newline and carriage return aside), DEL, lone surrogates.
BAD_TEXT_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")
BAD_LINE_RE = re.compile(r"[\x00-\x1f\x7f\ud800-\udfff]")  # the same for one-line text: no tab or newline
# What a keyboard types for a number besides ASCII: the full-width digits ０-９ (U+FF10-FF19), plus ＋ (U+FF0B) and
# minus － (U+FF0D) of a Japanese keyboard in 全角 mode, and the minus sign − (U+2212) some keyboards and
# autocorrection give. Nothing else: "²", "٣" or "𝟗" are other characters, not a way of typing a number.
TYPED = str.maketrans({**{chr(0xFF10 + d): str(d) for d in range(10)}, "\uff0b": "+", "\uff0d": "-", "\u2212": "-"})
# A score as written on paper (after ``as_typed``): a few whole numbers joined by + and −, spaces between them
# allowed ("12+3", "10 + 5 - 2"); the first may carry a sign. No other operator, no two in a row.
MAX_TERMS = 10
SUM_RE = re.compile(r"[-+]?\s*[0-9]{1,15}(?:\s*[-+]\s*[0-9]{1,15})*")
TERM_RE = re.compile(r"([-+]?)\s*([0-9]+)")
# An operator after the first character: the text was meant as a sum (or a product, "12*3"), so a refusal says how
# a sum is written rather than that it is no number.
OPERATOR_RE = re.compile(r".[-+*/×÷＊／]")


class InputError(ValueError):
    """What was sent cannot be read; ``code`` is a message code (companion.web.messages)."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


# -- single fields --------------------------------------------------------------------------------------------

def as_typed(text: str) -> str:
    """``text`` with the full-width digits, plus and minus and the minus sign "−" read as the ASCII they stand for
    (「１２」 -> "12", 「－３」 -> "-3"), every other character kept. For text about to be read as a number only."""
    return text.translate(TYPED)


def whole_number(raw: object, low: int, high: int) -> int | None:
    """A whole number written in digits as typed (``as_typed``; an int given as one, from JSON) between low and
    high inclusive, or None. A leading "-" is read; whether a negative is allowed is the range's to say."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        value = raw
    elif isinstance(raw, str):
        text = as_typed(raw).strip()
        if not DIGITS_RE.fullmatch(text):
            return None
        value = int(text)
    else:
        return None
    return value if low <= value <= high else None


def form_number(form: Mapping[str, str], key: str, low: int, high: int, code: str, rule: str, *,
                signed: bool = False) -> int:
    """An entry form's whole number (digits as typed, ``as_typed``; a sign where ``signed``) between low and high;
    anything else is a ParseError(code, rule, key) naming what was sent, so every game refuses the whole family
    of odd numbers (other Unicode digits, thousands of digits, NUL, a lone surrogate) the same way."""
    found = optional_form_number(form, key, low, high, code, rule, signed=signed)
    if found is None:
        raise ParseError(code, rule, key, value="")
    return found


def optional_form_number(form: Mapping[str, str], key: str, low: int, high: int, code: str, rule: str, *,
                         signed: bool = False) -> int | None:
    """``form_number`` for a field that may be left blank (None)."""
    raw = form.get(key)
    given = raw.strip() if isinstance(raw, str) else ""
    if given == "":
        return None
    typed = as_typed(given)
    unsigned = typed[1:] if signed and typed[:1] in ("+", "-") else typed
    value = whole_number(unsigned, 0, max(abs(low), abs(high)))
    if value is not None and typed.startswith("-"):
        value = -value
    if value is None or not low <= value <= high:
        raise ParseError(code, rule, key, value=given[:40])
    return value


def decimal_number(raw: object, limit: float) -> float | None:
    """A decimal number written in digits as typed (``as_typed``, then DECIMAL_RE) no further than ``limit`` from
    0, or None."""
    if not isinstance(raw, str):
        return None
    text = as_typed(raw).strip()
    if not DECIMAL_RE.fullmatch(text):
        return None
    value = float(text.replace(",", "."))
    return value if abs(value) <= limit else None


@dataclass(frozen=True)
class Sum:
    """A score as a player writes it on a score sheet: one number, or a few added up ("12+3" is 15 from 12 and 3;
    a term taken away is negative: "10+5-2" is 13 from 10, 5 and -2)."""

    total: int
    terms: tuple[int, ...]

    @property
    def parts(self) -> str:
        """The terms as a page shows them beside the total ("12 + 3", "10 + 5 − 2"); "" for one number."""
        if len(self.terms) < 2:
            return ""
        first, *rest = self.terms
        shown = str(first).replace("-", "\u2212")
        return shown + "".join(f" + {t}" if t >= 0 else f" \u2212 {-t}" for t in rest)


def score_sum(raw: object, low: int, high: int) -> Sum | None:
    """A score cell's value: a whole number, or a sum of at most MAX_TERMS whole numbers joined by + and − as
    written on paper ("12+3", 「１２＋３」, "10+5-2"; read through ``as_typed``), each term no further from 0 than
    the range reaches and the total between low and high; None otherwise ("12++3", "12*3", "12+", "²")."""
    if not isinstance(raw, str):
        return None
    text = as_typed(raw).strip()
    if not SUM_RE.fullmatch(text):
        return None
    terms = tuple(int(sign + digits) for sign, digits in TERM_RE.findall(text))
    reach = max(abs(low), abs(high))
    if len(terms) > MAX_TERMS or any(abs(t) > reach for t in terms):
        return None
    total = sum(terms)
    return Sum(total, terms) if low <= total <= high else None


def written_as_sum(raw: str) -> bool:
    """Whether ``raw`` was written as a sum or another sum-like expression ("12++3", "12*3", 「１２＋＋３」): an
    operator after its first character. A refusal of it says how a sum is written."""
    return OPERATOR_RE.search(as_typed(raw).strip()) is not None


def notation_as_typed(text: str, separators: str) -> str:
    """A card notation as a player typed it, with each number in it read as ASCII: the text is cut at
    ``separators`` (the notation's own, e.g. ",:*+"), and a piece that is a whole number as typed (full-width
    digits, say) is replaced by its ASCII digits. Every other piece and every separator is kept exactly, so a name
    with a full-width digit in it (an element called 王２) is never rewritten."""
    pieces = re.split(f"([{re.escape(separators)}])", text)
    return "".join(_number_piece(p) for p in pieces)


def _number_piece(piece: str) -> str:
    """A piece of a notation: its digits as ASCII when it is a whole number as typed (spaces around it kept)."""
    core = piece.strip()
    typed = as_typed(core)
    return piece.replace(core, typed) if core and typed.isascii() and typed.isdigit() else piece


def seat_index(raw: object, players: int) -> int | None:
    """A seat's index (0 … players − 1), or None."""
    return whole_number(raw, 0, players - 1)


ENTRY_KEY_RE = re.compile(r"[A-Za-z0-9_-]{8,64}")


def entry_key(raw: object) -> str:
    """The key a phone made for one tap (URL-safe, 8 to 64 characters), or "" when there is none or it is odd:
    an entry without a key is written as any other, it only loses the guard against being sent twice."""
    return raw if isinstance(raw, str) and ENTRY_KEY_RE.fullmatch(raw) else ""


def choice(raw: object, choices: Iterable[str]) -> str | None:
    """One of ``choices`` exactly, or None."""
    if not isinstance(raw, str):
        return None
    return raw if raw in tuple(choices) else None


def is_clean(text: str, *, one_line: bool = False) -> bool:
    """No lone surrogates, NUL or control characters (one-line text has no tab or newline either)."""
    return (BAD_LINE_RE if one_line else BAD_TEXT_RE).search(text) is None


def text(raw: object, limit: int, *, one_line: bool = True) -> str | None:
    """Text with its outer spaces stripped, at most ``limit`` characters and clean (see ``is_clean``), or
    None."""
    if not isinstance(raw, str):
        return None
    value = raw.strip()
    if len(value) > limit or not is_clean(value, one_line=one_line):
        return None
    return value


def form_text(form: Mapping[str, str], key: str, limit: int = 200) -> str:
    """A form field as text ("" when missing or unreadable): for fields a later check reads again."""
    return text(form.get(key, ""), limit) or ""


# -- documents ------------------------------------------------------------------------------------------------

def _refuse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise InputError("json.number_too_large")
    return int(digits)


def _read_float(digits: str) -> int | float:
    """A JSON number with a fraction or an exponent. JSON Schema (and so the API's description) calls 2.0 or 2e3
    an integer, so an integral one is read as the integer it is, held to the same 15 digits; others stay
    fractions. A number too large for a float is refused, never read as infinity."""
    value = float(digits)
    if not math.isfinite(value):
        raise InputError("json.number_too_large")
    if value.is_integer():
        if abs(value) >= 10 ** MAX_INT_DIGITS:
            raise InputError("json.number_too_large")
        return int(value)
    return value


def _refuse_constant(name: str) -> Any:
    raise InputError("json.malformed")


def load_json(data: bytes | str, max_depth: int = MAX_DEPTH) -> Any:
    """A JSON document, checked (see ``check_document``); InputError ("json.malformed", "json.too_deep",
    "json.number_too_large", "json.bad_text") when it cannot be taken."""
    try:
        if isinstance(data, bytes):
            data = data.decode("utf-8")
        value = json.loads(data, parse_int=_refuse_int, parse_float=_read_float, parse_constant=_refuse_constant)
    except InputError:
        raise
    except RecursionError as exc:
        raise InputError("json.too_deep", depth=max_depth) from exc
    except (ValueError, UnicodeDecodeError) as exc:  # JSONDecodeError is a ValueError
        raise InputError("json.malformed") from exc
    check_document(value, max_depth)
    return value


def load_toml(data: str, max_depth: int = MAX_DEPTH) -> dict[str, Any]:
    """A TOML document, checked like JSON; InputError when it cannot be taken."""
    try:
        value = tomllib.loads(data)
    except RecursionError as exc:
        raise InputError("json.too_deep", depth=max_depth) from exc
    except (tomllib.TOMLDecodeError, ValueError) as exc:
        raise InputError("json.malformed", detail=str(exc)[:200]) from exc
    check_document(value, max_depth)
    return value


def check_document(value: Any, max_depth: int = MAX_DEPTH) -> None:
    """Walk a parsed document without recursion: at most ``max_depth`` levels, every key and string clean
    (no lone surrogates, no NUL), every integer of at most MAX_INT_DIGITS digits. Raises InputError."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    limit = 10 ** MAX_INT_DIGITS
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            if depth > max_depth:
                raise InputError("json.too_deep", depth=max_depth)
            for key, child in item.items():
                if not isinstance(key, str) or not is_clean(key):
                    raise InputError("json.bad_text")
                stack.append((child, depth + 1))
        elif isinstance(item, list):
            if depth > max_depth:
                raise InputError("json.too_deep", depth=max_depth)
            stack.extend((child, depth + 1) for child in item)
        elif isinstance(item, str):
            if not is_clean(item):
                raise InputError("json.bad_text")
        elif isinstance(item, int) and not isinstance(item, bool) and not -limit < item < limit:
            raise InputError("json.number_too_large")


def upload_text(data: bytes) -> str:
    """An uploaded file's text (UTF-8, a leading byte-order mark dropped); InputError when it is not."""
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise InputError("upload.not_utf8") from exc
