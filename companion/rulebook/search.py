"""Asking the rules: a BM25 index over a game's clauses that takes a question in Japanese or English.

Why this index (docs/games.md, "Rules at hand"): the corpus is small (some twenty clauses a game, both languages), so a
pure-Python index answers in well under a millisecond and needs no package and no service. Japanese has no
spaces, and most of its rule words are two characters (手札, 攻撃, 防御, 得点) or one (親, 子, 山): SQLite's FTS5
trigram tokenizer cannot match a term shorter than three characters, so it would miss exactly those. Here
Japanese is cut into overlapping character **bigrams** (plus single kanji), English into **stemmed words**;
both languages of a clause go into one document, so a question in either language finds the clause, whichever
language the answer is shown in. The synonyms players use (data/synonyms.toml: stack/スタック, node/ノード,
skip/Pass…) are folded into each clause that speaks of one of them.

Pure: standard library only.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from .clauses import LANGS, Clause, Rulebook, rulebook, synonyms

K1 = 1.2
B = 0.5  # clauses differ in length less than web pages; a long clause is often the one about the topic
TITLE_WEIGHT = 3  # a title's words count as often as this in its clause
RULING_WEIGHT = 2
WEAK = 0.25  # bigrams of kana particles only ("があ", "とき"), a kanji inside a longer word: they say little
MAX_QUERY = 200  # characters (API.md)

JA = "\u3041-\u3096\u30a1-\u30fa\u30fc\u3005\u3006\u3400-\u4dbf\u4e00-\u9fff"
# A run of Japanese, with the digits that stick to it ("2人", "7枚", "5金": a count and its counter are a word).
JA_RUN = re.compile(f"[0-9]*(?:[{JA}]+[0-9]*)+")
KANJI = re.compile(r"[\u3005\u3400-\u4dbf\u4e00-\u9fff]")
HIRAGANA_ONLY = re.compile(r"^[\u3041-\u3096\u30fc]+$")
HIRAGANA = re.compile(r"[\u3041-\u3096]")
KATAKANA = re.compile(r"[\u30a1-\u30fa]")
WHOLE_WORD = re.compile(r"[\u30a1-\u30fa\u30fc]{2,}|[\u3005\u3400-\u4dbf\u4e00-\u9fff]{2,}")
WORD = re.compile(r"[a-z]{2}-\d+|[a-z0-9]+")

STOPWORDS = frozenset("""
a an the is are was were be been being am do does did can could may might must shall should will would i you he
she it we they me my your our their its this that these those there here of to in on at by for with from as and
or but if then than so what when where who whom whose which why how while any some all each every other about
into onto over under again also just only very too not no yes does doesn t s let lets get gets got
have has had anyone someone something anything one's ones
""".split())

IRREGULAR = {
    "drawn": "draw", "drew": "draw", "took": "take", "taken": "take", "dealt": "deal", "won": "win", "wins": "win",
    "gone": "go", "went": "go", "going": "go", "goes": "go", "chose": "choose", "chosen": "choose", "hidden": "hide", "laid": "lay",
    "paid": "pay", "sent": "send", "held": "hold", "lost": "lose", "made": "make", "ran": "run", "left": "left",
    "children": "child", "men": "man", "sandwiched": "sandwich", "sandwiches": "sandwich",
    "pointed": "pointed",  # Planetary Sisters' element class, not "points"
}


def normalise(text: str) -> str:
    """Full-width letters and digits as ASCII, half-width kana as full-width, lower case (NFKC); "S.P." as one
    word, and "can't" / "don't" as "can not" / "do not"."""
    text = unicodedata.normalize("NFKC", text).lower().replace("\u2019", "'")
    text = text.replace("s.p.", "sp").replace("s.p", "sp").replace("can't", "can not").replace("won't", "will not")
    return text.replace("n't", " not")


def stem(word: str) -> str:
    """A light English stemmer: enough that "stacks", "stacked" and "stacking" meet "stack"."""
    if word in IRREGULAR:
        return IRREGULAR[word]
    if len(word) <= 3 or word.isdigit():
        return word
    for suffix, keep in (("ies", "y"), ("sses", "ss"), ("ches", "ch"), ("shes", "sh"), ("xes", "x"),
                         ("ing", ""), ("ed", ""), ("ly", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= (4 if suffix == "ly" else 3) \
                and not (suffix == "s" and word.endswith("ss")):
            word = word[: len(word) - len(suffix)] + keep
            break
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
        word = word[:-1]  # stopp(ed) -> stop
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]  # take / taking -> tak
    return word


def en_tokens(text: str) -> list[str]:
    """Stemmed words, then each pair of neighbouring words ("number_card"): a phrase outweighs its words."""
    every = WORD.findall(normalise(text))
    words = [stem(w) for w in every if w not in STOPWORDS]
    # Pairs only of words that stand side by side in the text: "cards to the stack" is no "card stack".
    pairs = [f"{stem(a)}_{stem(b)}" for a, b in zip(every, every[1:], strict=False) if a not in STOPWORDS and b not in STOPWORDS]
    return words + pairs


PHRASE_WEIGHT = 0.5  # a pair of words adds to its words' weight rather than doubling it


def ja_grams(text: str) -> list[tuple[str, float]]:
    """Bigrams of each run of Japanese characters, and its kanji one by one, with the weight a query gives them:
    a lone kanji (親, 山) counts fully, a kanji inside a longer word weakly (its bigrams carry the word)."""
    grams: list[tuple[str, float]] = []
    for run in JA_RUN.findall(normalise(text)):
        for i in range(len(run) - 1):
            pair = run[i:i + 2]
            grams.append((pair, WEAK if HIRAGANA_ONLY.match(pair) else 1.0))
        kanji_runs = [m.group() for m in re.finditer(r"[\u3005\u3400-\u4dbf\u4e00-\u9fff]+", run)]
        for word in kanji_runs:
            for ch in word:
                grams.append((ch, 1.0 if len(word) == 1 else WEAK))
    return grams


def terms(text: str) -> list[tuple[str, float]]:
    """Every index term of a text with its query weight: stemmed English words, then Japanese grams."""
    return [(t, PHRASE_WEIGHT if "_" in t else 1.0) for t in en_tokens(text)] + ja_grams(text)


def _side(term: str) -> str:
    """Which language's part of a clause a term belongs to: "ja" for Japanese grams, else "en"."""
    return "ja" if JA_RUN.match(term) else "en"


@dataclass(frozen=True)
class Hit:
    clause: Clause
    score: float
    matched: frozenset[str]  # the query's terms this clause holds (for the highlighting)


class Index:
    """BM25 over one game's clauses; each clause is one document holding both languages."""

    def __init__(self, clauses: Sequence[Clause], groups: Iterable[Sequence[str]] = ()) -> None:
        self.clauses = tuple(clauses)
        group_terms = [[{t for t, _w in terms(member)} for member in group] for group in groups]
        self.docs: list[Counter[str]] = []
        for clause in self.clauses:
            doc: Counter[str] = Counter()
            for lang in LANGS:
                doc.update(t for t, _w in terms(clause.title.get(lang, ""))
                           for _ in range(TITLE_WEIGHT))
                for what in ("text", "reading", "section"):
                    doc.update(t for t, _w in terms(getattr(clause, what).get(lang, "")))
            for ruling in clause.rulings:
                doc.update([ruling.lower()] * RULING_WEIGHT)
            present = set(doc)
            for members in group_terms:
                if any(member and member <= present for member in members):
                    doc.update(set().union(*members) - present)  # the other names of a thing it speaks of
            self.docs.append(doc)
        # Each language's terms are weighed against that language's length: a long Japanese text must not make
        # a clause's English words count for less (and the other way round).
        self.lengths = [{side: sum(n for t, n in d.items() if _side(t) == side) for side in LANGS}
                        for d in self.docs]
        self.average = {side: sum(length[side] for length in self.lengths) / max(1, len(self.lengths)) or 1.0
                        for side in LANGS}
        df: Counter[str] = Counter()
        for doc in self.docs:
            df.update(set(doc))
        n = len(self.docs)
        self.idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}

    def search(self, query: str, limit: int = 5) -> list[Hit]:
        weights: dict[str, float] = {}
        for term, weight in terms(query[:MAX_QUERY]):
            weights[term] = max(weight, weights.get(term, 0.0))
        hits = []
        for position, doc in enumerate(self.docs):
            score = 0.0
            matched = []
            norms = {side: K1 * (1 - B + B * self.lengths[position][side] / self.average[side]) for side in LANGS}
            for term, weight in weights.items():
                tf = doc.get(term, 0)
                if tf:
                    score += weight * self.idf[term] * tf * (K1 + 1) / (tf + norms[_side(term)])
                    matched.append(term)
            if score > 0:
                hits.append((score, -position, Hit(self.clauses[position], round(score, 4), frozenset(matched))))
        hits.sort(key=lambda h: (h[0], h[1]), reverse=True)
        return [h[2] for h in hits[:limit]]


@cache
def index_for(slug: str) -> Index | None:
    """The game's index, built once (lazily) from its clause files and synonyms."""
    book: Rulebook | None = rulebook(slug)
    if book is None:
        return None
    every = synonyms()
    return Index(book.clauses, every.get("common", ()) + every.get(slug, ()))


def _fold(ch: str) -> str:
    folded = unicodedata.normalize("NFKC", ch).lower()
    return folded if len(folded) == 1 else ch


def highlight(text: str, matched: Iterable[str]) -> list[tuple[str, bool]]:
    """``text`` cut into (piece, matched?) runs: the English words and the Japanese bigrams (and lone kanji) of
    the query that the clause holds are marked, so the page can show why a clause came up."""
    wanted = set(matched)
    marks = [False] * len(text)
    for m in re.finditer(r"[SＳ][.．][PＰ][.．]|[A-Za-z0-9Ａ-Ｚａ-ｚ０-９]+", text):
        words = WORD.findall(normalise(m.group()))
        if any(stem(w) in wanted for w in words if w not in STOPWORDS):
            for i in range(m.start(), m.end()):
                marks[i] = True
    folded = "".join(_fold(ch) for ch in text)  # one character for one, so positions line up
    for i in range(len(text) - 1):
        pair = folded[i:i + 2]
        if pair in wanted and JA_RUN.fullmatch(pair) and not HIRAGANA_ONLY.match(pair) \
                and not (KATAKANA.search(pair) and HIRAGANA.search(pair)):  # "クが": a word's end and a particle
            marks[i] = marks[i + 1] = True
    for word in WHOLE_WORD.finditer(folded):  # a katakana or kanji word is marked whole or not at all (not モ[ード])
        if not all(marks[word.start():word.end()]):
            marks[word.start():word.end()] = [False] * (word.end() - word.start())
    for i, ch in enumerate(folded):
        if ch in wanted and KANJI.match(ch) and not (i and KANJI.match(folded[i - 1])) \
                and not (i + 1 < len(folded) and KANJI.match(folded[i + 1])):
            marks[i] = True  # a lone kanji the question asked for (親, 子)
    pieces: list[tuple[str, bool]] = []
    for ch, mark in zip(text, marks, strict=True):
        if pieces and pieces[-1][1] == mark:
            pieces[-1] = (pieces[-1][0] + ch, mark)
        else:
            pieces.append((ch, mark))
    return pieces
