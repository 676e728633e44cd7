"""PS-1 on the pages: a profile with its own split of the element classes draws every icon with a colour and
its class, and the default's split is shown as a guess."""

from __future__ import annotations

from flask import Flask

from companion.games.planetary_sisters import read_profile
from companion.web.games.planetary_sisters.cards import deck_info
from companion.web.games.planetary_sisters.messages import MESSAGES
from tests.games.planetary_sisters.support import default_profile


def test_ps1_five_pointed_types_each_get_an_icon_of_their_class() -> None:
    profile = default_profile()
    profile["meta"]["element_classes"]["PAGE"] = "pointed"
    info = deck_info(read_profile(profile))
    pointed = [(e.name, e.css) for e in info.of_class("pointed")]
    assert [name for name, _ in pointed] == ["POLE", "SWORD", "POINTED_3", "POINTED_4", "PAGE"]
    assert all(css.startswith("el-pointed-") and int(css.rsplit("-", 1)[1]) < 4 for _, css in pointed)
    assert [e.name for e in info.toggles][-4:] == ["KING", "CROWN_3", "CROWN_4", "CROWN_5"]


def test_ps1_the_classes_are_shown_as_the_profile_s_reading(app: Flask) -> None:
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        text = str(MESSAGES["ps.profile.element_classes"])
    assert "the default's split is a guess" in text
