"""A game's rules as clauses, read from ``data/<slug>.toml`` and checked as they are read.

A clause is one point of the rules in the project's own words (never a copy of the rule text), in Japanese and
English: a stable ``id`` (its anchor on the rules page: never rename one, links and the API hand it out), the
``part`` of the game it belongs to (components, set-up, turn, ... see PARTS), the ``section`` of the rule text it
restates, the RULINGS ids it concerns, and the rule-text section keys an engine gives as a reason's rule where no
ruling applies (``keys``: "§4.2", "§セットフェイズ"). A clause whose ruling is a reading or a guess says so in its
``reading`` (both languages), so the page can show the reading apart from the rule.

A ruling id leads to its *home* clause: the first clause, in file order, whose list of rulings starts with it
(the clause that is about that ruling), else the first that lists it. A section key leads to the first clause
that lists it in ``keys``.

A reason an engine gives leads by its *code* to the clause that explains it (``reasons``: the codes a clause
claims, each exact or a prefix ending in ``*``), since one ruling often covers several topics (SC-7 is the end,
the hand limit and the empty deck). The one exception is a code about the form of an entry rather than a rule
(ENTRY_FORM: a malformed field, a seat that does not exist): it names the ruling of the field concerned and leads
where that ruling leads.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data"
LANGS = ("ja", "en")
# The parts of a game, in the order the rules page and the print show them.
PARTS = ("overview", "components", "setup", "turn", "phase", "scoring", "end", "variant", "faq")
ID_RE = re.compile(r"^[a-z]{2}-[a-z0-9]+(?:-[a-z0-9]+)*$")
RULING_RE = re.compile(r"^[A-Z]{2}-\d+$")
SYNONYMS_FILE = "synonyms.toml"
# A claimed reason code: an exact code ("sc.limit.pass") or a prefix ending in "*" ("sc.sp.*", "sc.choice.colour*").
CODE_PATTERN_RE = re.compile(r"^[a-z]{2}(?:\.[a-z0-9_]+)+(?:\.\*|\*)?$")
# The middle word of the codes about an entry's form (its JSON, a field's type, a cell or seat that does not
# exist): such a code carries the ruling of whichever field is wrong, so it leads where that ruling leads.
ENTRY_FORM = frozenset({"input", "json", "api", "move", "state", "seat", "cell", "form", "dispute", "option"})


def is_entry_form(code: str) -> bool:
    """Whether a reason code is about the form of an entry rather than a rule (see ENTRY_FORM)."""
    parts = code.split(".")
    return len(parts) > 2 and parts[1] in ENTRY_FORM


def code_match(pattern: str, code: str) -> int:
    """How closely a claimed pattern fits a code: 0 not at all, else the longer the closer (an exact code wins).
    A prefix "sc.limit.*" also fits the family's own name "sc.limit", which a page's badge about the hand limit
    as a whole gives."""
    if pattern.endswith("*"):
        return len(pattern) if code.startswith(pattern[:-1]) or code == pattern[:-2] else 0
    return 1000 if code == pattern else 0


class RulebookError(ValueError):
    """A clause file that breaks the format: every problem found, each naming the clause."""

    def __init__(self, source: str, problems: list[str]) -> None:
        super().__init__(f"{source}: " + "; ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class Clause:
    id: str
    part: str
    section: Mapping[str, str]  # lang -> the rule text's section it restates
    rulings: tuple[str, ...]
    keys: tuple[str, ...]
    title: Mapping[str, str]
    text: Mapping[str, str]
    reading: Mapping[str, str] = field(default_factory=dict)  # lang -> the reading, where a ruling is one
    reasons: tuple[str, ...] = ()  # the reason codes this clause explains (exact, or a prefix ending in "*")

    def follows(self, rule: str) -> bool:
        """Whether this clause concerns a reason's rule (a ruling id it lists, or a rule-text section key)."""
        return rule in self.rulings or rule in self.keys

    def in_lang(self, what: str, lang: str) -> str:
        value: Mapping[str, str] = getattr(self, what)
        return value.get(lang) or value.get("en", "")

    def paragraphs(self, lang: str, what: str = "text") -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The text as blocks: ("p", (paragraph,)) or ("ul", (item, ...)). A line starting "- " is a list item,
        an indented line continues the item above it, other lines make paragraphs (a blank line ends one)."""
        blocks: list[tuple[str, list[str]]] = []
        ended = True
        for raw in self.in_lang(what, lang).splitlines():
            line = raw.strip()
            if not line:
                ended = True
                continue
            if line.startswith("- "):
                if ended or blocks[-1][0] != "ul":
                    blocks.append(("ul", []))
                blocks[-1][1].append(line[2:].strip())
            elif not ended and (blocks[-1][0] == "p" or raw[:1].isspace()):
                blocks[-1][1][-1] = _joined(blocks[-1][1][-1], line)
            else:
                blocks.append(("p", [line]))
            ended = False
        return tuple((kind, tuple(lines)) for kind, lines in blocks)


CJK = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uff01-\uff60]")


def _joined(before: str, after: str) -> str:
    """Two lines of one paragraph: Japanese runs on without a space, other text with one."""
    return before + after if CJK.match(before[-1]) and CJK.match(after[0]) else f"{before} {after}"


@dataclass(frozen=True)
class Rulebook:
    slug: str
    prefix: str  # the RULINGS ids' prefix: "SC"
    source: str  # the rule text's file in ../shared/rules
    name: Mapping[str, str]
    clauses: tuple[Clause, ...]

    @property
    def by_id(self) -> dict[str, Clause]:
        return {c.id: c for c in self.clauses}

    def clause(self, clause_id: str) -> Clause | None:
        return next((c for c in self.clauses if c.id == clause_id), None)

    def clause_for(self, rule: str) -> Clause | None:
        """The clause a reason's rule leads to: a ruling id's home clause, or the clause of a section key."""
        found = next((c for c in self.clauses if c.rulings[:1] == (rule,)), None)
        found = found or next((c for c in self.clauses if rule in c.rulings), None)
        return found or next((c for c in self.clauses if rule in c.keys), None)

    def clause_for_reason(self, code: str, rule: str) -> Clause | None:
        """The clause that explains a reason: of the clauses claiming its code, one that concerns its rule, then
        the closest claim, then the first; a code no clause claims leads where its rule leads."""
        claims = [(clause.follows(rule), max(code_match(p, code) for p in clause.reasons), -number, clause)
                  for number, clause in enumerate(self.clauses) if clause.reasons]
        claims = [claim for claim in claims if claim[1]]
        if claims:
            return max(claims, key=lambda claim: claim[:3])[3]
        return self.clause_for(rule) if rule else None

    def rulings(self) -> set[str]:
        return {r for c in self.clauses for r in c.rulings}


def _text(value: object) -> str:
    return value.strip() if isinstance(value, str) else ""


def _lang_table(raw: Mapping[str, object], lang: str) -> Mapping[str, object]:
    table = raw.get(lang)
    return table if isinstance(table, dict) else {}


def _strings(value: object) -> tuple[str, ...] | None:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return None
    return tuple(value)


def parse_rulebook(slug: str, data: Mapping[str, object], source: str = "") -> Rulebook:
    """Check a clause file's data and build its Rulebook; RulebookError lists every problem."""
    where = source or slug
    problems: list[str] = []
    prefix = _text(data.get("prefix"))
    if not re.fullmatch(r"[A-Z]{2}", prefix):
        problems.append("prefix must be two capital letters")
    name = {lang: _text(_lang_table(data, lang).get("name")) for lang in LANGS}
    if not all(name.values()):
        problems.append("the game's name is needed in ja and en")
    raw_clauses = data.get("clause")
    if not isinstance(raw_clauses, list) or not raw_clauses:
        raise RulebookError(where, problems + ["no [[clause]]"])
    clauses: list[Clause] = []
    seen: set[str] = set()
    for number, raw in enumerate(raw_clauses, 1):
        if not isinstance(raw, dict):
            problems.append(f"clause {number} is not a table")
            continue
        cid = _text(raw.get("id"))
        label = cid or f"clause {number}"
        if not ID_RE.fullmatch(cid) or not cid.startswith(prefix.lower() + "-"):
            problems.append(f"{label}: the id must look like {prefix.lower()}-some-words")
        if cid in seen:
            problems.append(f"{label}: the id is used twice")
        seen.add(cid)
        part = _text(raw.get("part"))
        if part not in PARTS:
            problems.append(f"{label}: part must be one of {', '.join(PARTS)}")
        rulings = _strings(raw.get("rulings", []))
        keys = _strings(raw.get("keys", []))
        reasons = _strings(raw.get("reasons", []))
        if reasons is None or not all(CODE_PATTERN_RE.fullmatch(r) and r.startswith(prefix.lower() + ".")
                                      for r in reasons):
            problems.append(f"{label}: reasons must be a list of {prefix.lower()}.… codes (a prefix ends in *)")
        if rulings is None or not all(RULING_RE.fullmatch(r) and r.startswith(prefix + "-") for r in rulings):
            problems.append(f"{label}: rulings must be a list of {prefix}-n ids")
        if keys is None or not all(k.startswith("§") for k in keys):
            problems.append(f"{label}: keys must be a list of rule-text sections starting with §")
        texts: dict[str, dict[str, str]] = {"title": {}, "text": {}, "section": {}, "reading": {}}
        for lang in LANGS:
            table = _lang_table(raw, lang)
            for what in texts:
                texts[what][lang] = _text(table.get(what))
            for what in ("title", "text", "section"):
                if not texts[what][lang]:
                    problems.append(f"{label}: {lang}.{what} is missing")
        if bool(texts["reading"]["ja"]) != bool(texts["reading"]["en"]):
            problems.append(f"{label}: a reading is given in both languages or in neither")
        clauses.append(Clause(cid, part, texts["section"], rulings or (), keys or (), texts["title"],
                              texts["text"], {k: v for k, v in texts["reading"].items() if v}, reasons or ()))
    if problems:
        raise RulebookError(where, problems)
    return Rulebook(slug, prefix, _text(data.get("source")), name, tuple(clauses))


def _files() -> dict[str, Path]:
    return {p.stem: p for p in sorted(DATA.glob("*.toml")) if p.name != SYNONYMS_FILE}


@cache
def rulebooks() -> dict[str, Rulebook]:
    """slug -> its Rulebook, for every clause file (read once)."""
    found = {}
    for slug, path in _files().items():
        with path.open("rb") as f:
            found[slug] = parse_rulebook(slug, tomllib.load(f), path.name)
    return found


def rulebook(slug: str) -> Rulebook | None:
    return rulebooks().get(slug)


def ruling_game(rule: str) -> str | None:
    """The slug of the game whose RULINGS ids carry this id's prefix ("SC-3" -> "sister-combination")."""
    prefix = rule.split("-", 1)[0]
    return next((slug for slug, book in rulebooks().items() if book.prefix == prefix), None)


@cache
def synonyms() -> dict[str, tuple[tuple[str, ...], ...]]:
    """slug (or "common") -> groups of words players use for one thing (data/synonyms.toml)."""
    with (DATA / SYNONYMS_FILE).open("rb") as f:
        raw = tomllib.load(f)
    found: dict[str, tuple[tuple[str, ...], ...]] = {}
    for key, groups in raw.items():
        if not isinstance(groups, dict) or not isinstance(groups.get("groups"), list):
            raise RulebookError(SYNONYMS_FILE, [f"[{key}] needs groups = [[...], ...]"])
        found[key] = tuple(tuple(str(w) for w in group) for group in groups["groups"])
    return found
