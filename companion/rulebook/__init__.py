"""Rules at hand: each game's rules in the project's own words, ja and en, as clauses (pure: standard library).

Where to look:
- ``data/<slug>.toml``: one file per game, its clauses with both languages side by side (id, part, the rule
  text's section, the RULINGS ids it concerns, the engine's rule-text section keys it answers for, title, text
  and, where a ruling is a reading or a guess, that reading); ``data/synonyms.toml``: the words players use.
- ``clauses.py``: reads and validates those files (``rulebook(slug)``, ``rulebooks()``), and says which clause a
  ruling id or a rule-text section leads to (``Rulebook.clause_for``) and which clause explains a reason, by its
  code (``Rulebook.clause_for_reason``).
- ``search.py``: the lookup index over the clauses (BM25 over character bigrams for Japanese and stemmed words for
  English, synonyms folded in), built once per game in memory, and the highlighting of the matched words.

Nothing here imports Flask: the pages, the API and the print (companion/web/rules/) draw what this package says.
"""

from __future__ import annotations

from .clauses import LANGS, PARTS, Clause, Rulebook, RulebookError, rulebook, rulebooks, ruling_game
from .search import Hit, Index, index_for

__all__ = ["LANGS", "PARTS", "Clause", "Hit", "Index", "Rulebook", "RulebookError", "index_for", "rulebook", "rulebooks",
           "ruling_game"]
