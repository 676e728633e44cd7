"""Sister Combination's printables: the whole 144-card deck, and a one-page reference of the twelve S.P.
effects and the turn rules, both from the engine's card data.

The print page lists ``PRINTABLES`` (companion/web/printing/listing.py); the templates are
printables/sister_combination/deck.html and reference.html (each with its .css). The reference's words are this package's (its
catalog), handed to the template by ``sc_reference``: the builder runs in the print's language.
"""

from __future__ import annotations

from companion.games import sister_combination as sc
from companion.games.sister_combination.effects import BAD_OUT_PENALTY, FORGOT_REACH_PENALTY
from companion.games.sister_combination.state import HAND_DEALT, HAND_LIMIT
from companion.i18n import gettext as _
from companion.i18n import lazy_gettext as _l
from companion.web.printing.documents import (
    CARD_OPTIONS,
    Document,
    Printable,
    PrintOptions,
    by_lang,
    card_document,
    digest,
)
from companion.web.rules.printables import rules_printables

SC = "sister-combination"
PRINT_ORDER = 4  # the print page lists the games in this order


def sc_deck(options: PrintOptions) -> Document:
    title = by_lang(options.lang, sc.NAME_JA, sc.NAME_EN)
    return card_document("sister_combination/deck.html", sc.DECK, options, title, "sister-combination-deck",
                         marked=(SC, str))


def _turn_rules() -> list[tuple[str, str, str]]:
    """(heading, text, ruling) of a turn, in the print's language."""
    return [
        (_("Set up"), _("Deal %(n)s cards each; turn up the first field card (a number card; others go back into "
                        "the deck). Play goes clockwise from the first player (a reading: the rule text names no direction).",
                        n=HAND_DEALT), "SC-8"),
        (_("Matching"), _("Play a card of the colour to match or of the same symbol (1–8, Mirror, Pass, Stack 2); "
                          "an S.P. may be played on anything. After an S.P. the colour to match is the one its "
                          "player named."), "SC-2"),
        (_("Mirror · Pass · Stack 2"), _("Mirror reverses the direction; Pass skips the next player; Stack 2 moves "
                                         "2 cards face down from the deck onto the stack."), "SC-8"),
        (_("Obstruction mode"), _("While the stack holds a card: only Mirror, Pass, Stack 2 (matching) and S.P. "
                                  "may be played, number cards never. Who cannot or will not play takes the whole "
                                  "stack and does not play that turn."), "SC-3"),
        (_("Drawing"), _("In normal mode, who cannot or will not play draws one card, and may play it if it "
                         "matches; otherwise keeps it."), "SC-4"),
        (_("S.P. cards"), _("The effect resolves first, then its player names a colour. “Immediately” (即座に): "
                            "cannot be defended, and skips nobody's turn. “Next player”: the next in the direction "
                            "after the effect."), "SC-5"),
        (_("リーチ"), _("Leaving yourself one card, say “リーチ”. Forgotten and pointed out: draw %(two)s. Going out "
                       "without it, or on a card that is not a number: draw %(five)s, and you are not out.",
                       two=FORGOT_REACH_PENALTY, five=BAD_OUT_PENALTY), "SC-6"),
        (_("The deck runs out"), _("The discard pile under the top card is shuffled into a new deck."), "SC-7"),
        (_("The end"), _("Option: the game ends when the first player is out (the others ranked by cards left), "
                         "or goes on until one player remains."), "SC-7"),
        (_("みんななかよく"), _("Option: at most %(n)s cards in hand; a player at the limit cannot draw and passes. "
                             "Cards that would go over it go on the stack. Taking a stack too big: (a) the rest "
                             "stays on the stack (every hand at the limit and nobody can play: it goes back into "
                             "the deck); (b) the rest is dealt one each to the others below the limit. (a) or (b) "
                             "is fixed before the game, or chosen by that player when it happens.",
                             n=HAND_LIMIT), "SC-7"),
    ]


def sc_reference(options: PrintOptions) -> Document:
    """One page: the twelve S.P. effects (the rule text's words in Japanese) and the turn rules."""
    title = by_lang(options.lang, "シスター・コンビネーション 早見表", "Sister Combination: quick reference")
    sisters = [{"name_ja": s.name_ja, "reading": s.reading, "name_en": s.name_en, "element": s.element.value,
                "colour": s.element.colour_ja if options.lang == "ja" else s.element.colour_en,
                "effect": s.effect_ja if options.lang == "ja" else s.effect_en,
                "note": (s.note_ja if options.lang == "ja" else s.note_en),
                "immediate": s.immediate, "rules": list(s.rules)} for s in sc.SISTERS]
    words = {"sp_title": _("The twelve S.P. cards"), "turn_title": _("A turn"),
             "sister": _("Sister"), "effect": _("Effect"),
             "immediate": _("immediately: cannot be defended"),
             "subtitle": by_lang(options.lang, "Sister Combination", "シスター・コンビネーション"),
             "footer": _("3–13 players · 144 cards: 12 sisters × 1–8, Mirror, Pass, Stack 2, S.P. (SC-0) · "
                         "Rulings: RULINGS.md SC-0 … SC-9")}
    context = {"paper": options.paper, "sisters": sisters, "rules": _turn_rules(), "words": words}
    return Document("sister_combination/reference.html", title, f"sister-combination-reference-{options.paper.key}",
                    ("sister_combination/reference.css",), context, fingerprint=digest({"sisters": sisters,
                                                                         "rules": context["rules"],
                                                                         "words": words}))


PRINTABLES: tuple[Printable, ...] = (
    Printable("sc-deck", SC, _l("The whole deck (144 cards)"),
              _l("12 sisters × 1–8, Mirror, Pass, Stack 2 and S.P., coloured by element; every S.P. card carries "
                 "its sister's effect (SC-0, SC-1)."),
              CARD_OPTIONS, sc_deck),
    Printable("sc-reference", SC, _l("One-page reference"),
              _l("The twelve S.P. effects with the sisters' names and readings, and the rules of a turn: matching, "
                 "obstruction mode, drawing, リーチ, the deck, the options (SC-2 … SC-8)."),
              ("paper", "lang"), sc_reference),
)
PRINTABLES = PRINTABLES + rules_printables(SC)  # the whole rules, A4 and A5 (companion/web/rules)
