"""How Planeta Rica looks on a page: card names in the page's language, slot rewards and resources as icons
with words, checked reasons with their ruling ids.

Nothing here decides a rule: it reads the engine's ids (companion.games.planeta_rica) and puts them in words.
"""

from __future__ import annotations

from companion.games.planeta_rica import Gadget, Planet, Resource, Reward
from companion.i18n import gettext as _
from companion.i18n import lazy_gettext as _l
from companion.i18n import pick
from companion.web.reasons import ReasonView

# The eleven return effects (帰還効果一覧, PR-2): a short icon and a word.
# Each icon is in the fonts the phones and the PDFs use (DejaVu, the Japanese fonts): "⧉" for copy printed as a
# missing glyph, so copy is "≒" ("the same as"), which every Japanese font has.
REWARD_ICONS: dict[str, str] = {
    "tachyon": "T", "monopole": "M", "mithril": "Mi", "any": "?", "exchange": "⇄", "coin": "¢",
    "coin2": "¢¢", "fame": "★", "worker": "♟", "copy": "≒", "nothing": "—",
}
REWARD_NAMES = {
    "tachyon": _l("tachyon"), "monopole": _l("monopole"), "mithril": _l("mithril"),
    "any": _l("any one resource"), "exchange": _l("exchange resources"), "coin": _l("1 coin"),
    "coin2": _l("2 coins"), "fame": _l("1 fame"), "worker": _l("1 worker"),
    "copy": _l("copy another planet's same slot"), "nothing": _l("nothing"),
}
RESOURCE_NAMES = {"tachyon": _l("tachyon"), "monopole": _l("monopole"), "mithril": _l("mithril")}
ADJUST_NAMES = {"tachyon": _l("tachyon"), "monopole": _l("monopole"), "mithril": _l("mithril"),
                "coins": _l("coins"), "fame": _l("fame"), "workers": _l("workers in hand")}
PHASE_NAMES = {"setup": _l("Set-up"), "return": _l("Return phase"), "action": _l("Action phase"),
               "refill": _l("Market refill"), "over": _l("Game over")}
MOVE_NAMES = {"start": _l("start player"), "reveal": _l("reveal a planet"), "return": _l("return"),
              "dispatch": _l("dispatch"), "invade": _l("invade"), "develop": _l("develop"),
              "collect": _l("collect"), "donate": _l("donate"), "end": _l("end the turn"),
              "adjust": _l("card effect")}


def card_name(card_id: str) -> str:
    """A planet's or gadget's name in the page's language (the id itself when it is no card)."""
    for kind in (Planet, Gadget):
        try:
            return pick(kind(card_id), "name")
        except ValueError:
            continue
    return card_id


def planet_name(planet: Planet) -> str:
    return pick(planet, "name")


def gadget_name(gadget: Gadget) -> str:
    return pick(gadget, "name")


def reward_name(reward: str) -> str:
    return str(REWARD_NAMES.get(reward, reward))


def reward_icon(reward: str | None) -> str:
    return "·" if reward is None else REWARD_ICONS.get(reward, reward)


def resource_name(resource: str) -> str:
    return str(RESOURCE_NAMES.get(resource, resource))


def bag_text(bag: str) -> str:
    """A resource bag in notation (``2tachyon+1mithril``, ``1any``) as words; ``0`` reads "nothing"."""
    if bag in ("", "0"):
        return _("nothing")
    parts = []
    for part in bag.split("+"):
        digits = "".join(ch for ch in part if ch.isdigit())
        name = part[len(digits):]
        word = _("any resource") if name == "any" else resource_name(name)
        parts.append(f"{digits} {word}" if digits else word)
    return ", ".join(parts)


def phase_name(phase: str) -> str:
    return str(PHASE_NAMES.get(phase, phase))


def move_name(kind: str) -> str:
    return str(MOVE_NAMES.get(kind, kind))


def none_text() -> str:
    return _("none")


def end_cause(text: str, new_earth_counts: bool = True) -> str:
    """Why the end was triggered (PR-4), from the engine's cause id. Whether New Earth is one of the 12 cards is a
    reading (RULINGS PR-4; a table option, ``new_earth``): the words say which one this table plays by."""
    if text == "cards" and new_earth_counts:
        return _("a player holds 12 planet and gadget cards, New Earth counted among them (a reading: the text "
                 "does not leave it out, and this table counts it)")
    if text == "cards":
        return _("a player holds 12 planet and gadget cards obtained, the New Earth they started with not counted "
                 "(a reading this table chose)")
    if text == "fame":
        return _("the fame pool is empty")
    return text


RESOURCES = tuple(r.value for r in Resource)
REWARDS = tuple(r.value for r in Reward)


def readings_chosen(new_earth_counts: bool, time_machine_spent: bool,
                    fame_open: bool = False) -> tuple[ReasonView, ...]:
    """The readings a table chose where the text can reasonably be read either way (PR-4 New Earth, PR-7 the Time
    Machine), and whether it plays with fame face down (PR-8's option), as the table page names them, so the
    table knows what it plays by."""
    return (
        ReasonView(_("New Earth counts among the 12 cards that end the game") if new_earth_counts
                   else _("the New Earth each player starts with does not count among the 12 cards that end the "
                          "game"), "PR-4", ok=True),
        ReasonView(_("the Time Machine is spent once it has given a second action") if time_machine_spent
                   else _("the Time Machine is kept after use"), "PR-7", ok=True),
        ReasonView(_("fame face up (the table agreed)") if fame_open
                   else _("fame face down until the final score"), "PR-8", ok=True),
    )
