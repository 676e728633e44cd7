"""Planet and gadget cards, slot rewards and resources of Planeta Rica (PR-1, PR-2, PR-6).

Only what the rule text states lives here: the names of 【カード内訳】 with their copies, the eleven return
effects of 帰還効果一覧 and the three resources. Costs, VP and slot rewards are printed on the cards only and
come from the deck profile (``profile.py``); nothing here guesses them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..base import ParseError, is_plain_number


class Planet(Enum):
    """A planet type, by the id API.md gives it (in the text's 【カード内訳】 order)."""

    NEW_EARTH = "new_earth"
    AI_AUTONOMY = "ai_autonomy"
    MILITARY_INDUSTRIAL_COMPLEX = "military_industrial_complex"
    FAST_PLANET = "fast_planet"
    DARK_MATTER_FACTORY = "dark_matter_factory"
    TACHYON_MINE = "tachyon_mine"
    MITHRIL_MINE = "mithril_mine"
    MONOPOLE_MINE = "monopole_mine"
    GREAT_RACE_HOME = "great_race_home"
    TOURIST_PLANET = "tourist_planet"
    HYPNOSIS_CAPSULE_FACTORY = "hypnosis_capsule_factory"
    MERCHANT_GUILD = "merchant_guild"
    INTERSTELLAR_BANK = "interstellar_bank"
    ECOSYSTEM_RESERVE = "ecosystem_reserve"
    UNIVERSAL_ATOM_FACTORY = "universal_atom_factory"
    ENDYMION = "endymion"
    GALACTIC_FEDERATION_HQ = "galactic_federation_hq"
    STEEL_CITY = "steel_city"
    TIME_COLLISION = "time_collision"
    PERMUTATION_CITY = "permutation_city"
    CITY_OF_BRASS = "city_of_brass"

    def __str__(self) -> str:
        return self.value

    @property
    def name_ja(self) -> str:
        return PLANET_NAMES[self][0]

    @property
    def name_en(self) -> str:
        """A suggested English name (a translation, not card data)."""
        return PLANET_NAMES[self][1]

    @property
    def copies(self) -> int:
        """Copies in the game (【カード内訳】, PR-1)."""
        return PLANET_NAMES[self][2]

    @classmethod
    def parse(cls, text: object, path: str = "") -> Planet:
        try:
            return cls(text)
        except ValueError:
            raise ParseError("pr.card.unknown_planet", "PR-1", path, card=str(text)) from None


class Gadget(Enum):
    """A gadget type, by the id API.md gives it (in the text's 【カード内訳】 order)."""

    THINK_TANK = "think_tank"
    DARK_MATTER = "dark_matter"
    TIME_MACHINE = "time_machine"
    WARP_GATE = "warp_gate"
    ACCELERATOR = "accelerator"
    PHILOSOPHERS_STONE = "philosophers_stone"
    HYPNOSIS_CAPSULE = "hypnosis_capsule"
    FREE_TRADE_TREATY = "free_trade_treaty"
    COLONY_SHIP = "colony_ship"
    UNIVERSAL_ATOM = "universal_atom"
    SOLVENT_CASTOR = "solvent_castor"
    SOLVENT_BORX = "solvent_borx"
    CEO_GEORGE = "ceo_george"
    PIRATE_KING_DRAGNER = "pirate_king_dragner"
    TRADE_KING_SCHNEIDER = "trade_king_schneider"
    PRESIDENT_TERAOKA = "president_teraoka"
    INVENTOR_NIXON = "inventor_nixon"

    def __str__(self) -> str:
        return self.value

    @property
    def name_ja(self) -> str:
        return GADGET_NAMES[self][0]

    @property
    def name_en(self) -> str:
        """A suggested English name (a translation, not card data)."""
        return GADGET_NAMES[self][1]

    @property
    def copies(self) -> int:
        """Copies in the game (【カード内訳】, PR-1)."""
        return GADGET_NAMES[self][2]

    @property
    def applied(self) -> bool:
        """PR-6/PR-7: an effect the companion applies itself; every other effect is an adjustment entry."""
        return self in APPLIED_GADGETS

    @classmethod
    def parse(cls, text: object, path: str = "") -> Gadget:
        try:
            return cls(text)
        except ValueError:
            raise ParseError("pr.card.unknown_gadget", "PR-1", path, card=str(text)) from None


PLANET_NAMES: dict[Planet, tuple[str, str, int]] = {
    Planet.NEW_EARTH: ("ニューアース", "New Earth", 7),
    Planet.AI_AUTONOMY: ("AI自治区", "AI Autonomous Zone", 3),
    Planet.MILITARY_INDUSTRIAL_COMPLEX: ("軍事産業複合体", "Military-Industrial Complex", 3),
    Planet.FAST_PLANET: ("高速惑星", "Fast Planet", 3),
    Planet.DARK_MATTER_FACTORY: ("ダークマター工場", "Dark Matter Factory", 2),
    Planet.TACHYON_MINE: ("タキオン鉱床", "Tachyon Mine", 2),
    Planet.MITHRIL_MINE: ("ミスリル鉱床", "Mithril Mine", 2),
    Planet.MONOPOLE_MINE: ("モノポール鉱床", "Monopole Mine", 2),
    Planet.GREAT_RACE_HOME: ("偉大なる種族の住処", "Home of the Great Race", 2),
    Planet.TOURIST_PLANET: ("観光惑星", "Tourist Planet", 2),
    Planet.HYPNOSIS_CAPSULE_FACTORY: ("催眠カプセル工場", "Hypnosis Capsule Factory", 2),
    Planet.MERCHANT_GUILD: ("商人ギルド", "Merchant Guild", 2),
    Planet.INTERSTELLAR_BANK: ("星間銀行", "Interstellar Bank", 2),
    Planet.ECOSYSTEM_RESERVE: ("生態系保護区", "Ecosystem Reserve", 2),
    Planet.UNIVERSAL_ATOM_FACTORY: ("汎用原子工場", "Universal Atom Factory", 2),
    Planet.ENDYMION: ("エンディミオン", "Endymion", 1),
    Planet.GALACTIC_FEDERATION_HQ: ("銀河連邦本部", "Galactic Federation HQ", 1),
    Planet.STEEL_CITY: ("鋼鉄都市", "Steel City", 1),
    Planet.TIME_COLLISION: ("時間衝突", "Time Collision", 1),
    Planet.PERMUTATION_CITY: ("順列都市", "Permutation City", 1),
    Planet.CITY_OF_BRASS: ("真鍮の都", "City of Brass", 1),
}

GADGET_NAMES: dict[Gadget, tuple[str, str, int]] = {
    Gadget.THINK_TANK: ("シンクタンク", "Think Tank", 2),
    Gadget.DARK_MATTER: ("ダークマター", "Dark Matter", 2),
    Gadget.TIME_MACHINE: ("タイムマシン", "Time Machine", 2),
    Gadget.WARP_GATE: ("ワープゲート", "Warp Gate", 2),
    Gadget.ACCELERATOR: ("加速器", "Accelerator", 2),
    Gadget.PHILOSOPHERS_STONE: ("賢者の石", "Philosopher's Stone", 2),
    Gadget.HYPNOSIS_CAPSULE: ("催眠カプセル", "Hypnosis Capsule", 2),
    Gadget.FREE_TRADE_TREATY: ("自由貿易条約", "Free Trade Treaty", 2),
    Gadget.COLONY_SHIP: ("植民船", "Colony Ship", 2),
    Gadget.UNIVERSAL_ATOM: ("汎用原子", "Universal Atom", 2),
    Gadget.SOLVENT_CASTOR: ("有機溶媒カストル", "Organic Solvent Castor", 2),
    Gadget.SOLVENT_BORX: ("有機溶媒ボルクス", "Organic Solvent Borx", 2),
    Gadget.CEO_GEORGE: ("CEO ジョージ", "CEO George", 1),
    Gadget.PIRATE_KING_DRAGNER: ("海賊王ドラグナー", "Pirate King Dragner", 1),
    Gadget.TRADE_KING_SCHNEIDER: ("交易王シュナイダー", "Trade King Schneider", 1),
    Gadget.PRESIDENT_TERAOKA: ("大統領テラオカ", "President Teraoka", 1),
    Gadget.INVENTOR_NIXON: ("発明王ニクソン", "Inventor Nixon", 1),
}

# PR-7: the gadgets whose effect the companion applies (Schneider's is a score bonus, see score.py).
APPLIED_GADGETS = frozenset({Gadget.WARP_GATE, Gadget.HYPNOSIS_CAPSULE, Gadget.TIME_MACHINE,
                             Gadget.TRADE_KING_SCHNEIDER})

PLANET_CARDS = sum(p.copies for p in Planet)  # 44 (PR-1)
GADGET_CARDS = sum(g.copies for g in Gadget)  # 29 (PR-1)

Card = Planet | Gadget


def parse_card(text: object, path: str = "") -> Card:
    """A planet or gadget id."""
    for kind in (Planet, Gadget):
        try:
            return kind(text)
        except ValueError:
            continue
    raise ParseError("pr.card.unknown", "PR-1", path, card=str(text))


class Resource(Enum):
    """The three resource chips (資源: タキオン、モノポール、ミスリル)."""

    TACHYON = "tachyon"
    MONOPOLE = "monopole"
    MITHRIL = "mithril"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: object, path: str = "") -> Resource:
        try:
            return cls(text)
        except ValueError:
            raise ParseError("pr.resource.unknown", "PR-2", path, resource=str(text),
                             allowed=[r.value for r in cls]) from None


class Reward(Enum):
    """What a slot gives when its worker returns (帰還効果一覧, PR-2)."""

    TACHYON = "tachyon"
    MONOPOLE = "monopole"
    MITHRIL = "mithril"
    ANY = "any"  # one resource of the player's choice
    EXCHANGE = "exchange"  # return any number of resources, take as many in any mix
    COIN = "coin"
    COIN2 = "coin2"
    FAME = "fame"
    WORKER = "worker"
    COPY = "copy"  # the same slot of another planet the player owns
    NOTHING = "nothing"

    def __str__(self) -> str:
        return self.value

    @property
    def resource(self) -> Resource | None:
        """The named resource of tachyon/monopole/mithril slots."""
        return Resource(self.value) if self.value in RESOURCE_IDS else None

    @property
    def resource_icon(self) -> bool:
        """PR-7: one of the four resource icons Schneider counts (a named resource or "any resource")."""
        return self.resource is not None or self is Reward.ANY

    @classmethod
    def parse(cls, text: object, path: str = "") -> Reward:
        try:
            return cls(text)
        except ValueError:
            raise ParseError("pr.slot.unknown_reward", "PR-2", path, reward=str(text),
                             allowed=[r.value for r in cls]) from None


RESOURCE_IDS = frozenset(r.value for r in Resource)
SLOTS = 5  # 1st … 5th (PR-2)


@dataclass(frozen=True, order=True)
class Resources:
    """A bag of resources. Notation: ``2tachyon+1mithril``; the empty bag is ``0``."""

    tachyon: int = 0
    monopole: int = 0
    mithril: int = 0

    def get(self, resource: Resource) -> int:
        return int(getattr(self, resource.value))

    @property
    def total(self) -> int:
        return self.tachyon + self.monopole + self.mithril

    def __add__(self, other: Resources) -> Resources:
        return Resources(self.tachyon + other.tachyon, self.monopole + other.monopole, self.mithril + other.mithril)

    def __sub__(self, other: Resources) -> Resources:
        return Resources(self.tachyon - other.tachyon, self.monopole - other.monopole, self.mithril - other.mithril)

    def covers(self, other: Resources) -> bool:
        return all(self.get(r) >= other.get(r) for r in Resource)

    @property
    def negative(self) -> bool:
        return any(self.get(r) < 0 for r in Resource)

    @classmethod
    def one(cls, resource: Resource, count: int = 1) -> Resources:
        return cls(**{resource.value: count})

    def to_json(self) -> dict[str, int]:
        return {r.value: self.get(r) for r in Resource if self.get(r)}

    @classmethod
    def from_json(cls, data: object, path: str) -> Resources:
        if not isinstance(data, dict):
            raise ParseError("pr.json.wrong_type", "PR-2", path, expected="object")
        counts: dict[str, int] = {}
        for key, value in data.items():
            if key not in RESOURCE_IDS:
                raise ParseError("pr.resource.unknown", "PR-2", f"{path}.{key}", resource=str(key),
                                 allowed=sorted(RESOURCE_IDS))
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ParseError("pr.json.not_a_count", "PR-2", f"{path}.{key}", value=str(value))
            counts[key] = value
        return cls(**counts)

    def __str__(self) -> str:
        parts = [f"{self.get(r)}{r.value}" for r in Resource if self.get(r)]
        return "+".join(parts) or "0"

    @classmethod
    def parse(cls, text: str) -> Resources:
        if text == "0":
            return cls()
        counts: dict[str, int] = {}
        for part in text.split("+"):
            # ASCII digits only: "３tachyon" is refused, not read as 3 (is_plain_number, as every notation)
            digits = "".join(ch for ch in part if ch.isascii() and ch.isdigit())
            name = part[len(digits):]
            if not is_plain_number(digits) or name not in RESOURCE_IDS or name in counts or part != digits + name:
                raise ParseError("pr.move.malformed", "PR-2", value=text)
            counts[name] = int(digits)
        return cls(**counts)
