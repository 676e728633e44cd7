"""Fixed documents rendered ahead (companion/web/printing/ahead.py): a phone's request then comes from the cache."""

from __future__ import annotations

import pytest
from flask import Flask

from companion.web.printing import ahead
from companion.web.printing.listing import by_id


def test_a_document_rendered_ahead_is_a_cache_hit_for_a_phone(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    with app.app_context():
        calibration = by_id()["calibration"]
    monkeypatch.setattr(ahead, "by_id", lambda: {"calibration": calibration})
    monkeypatch.setattr(ahead, "PAPERS", ("a4",))
    done = list(ahead.print_ahead(app))
    assert [(url, status, cached) for url, status, _s, cached in done] == [
        ("/print/calibration.pdf?lang=ja&paper=a4", 200, False), ("/print/calibration.pdf?lang=en&paper=a4", 200, False)]
    phone = app.test_client().get("/print/calibration.pdf?lang=en&paper=a4", headers={"Accept-Language": "en"})
    assert phone.status_code == 200 and phone.headers["X-Print-Cache"] == "hit"
    assert phone.data.startswith(b"%PDF")


def test_a_card_sheets_print_shop_version_is_rendered_ahead_after_every_default(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    with app.app_context():
        printables = by_id()
    cards = next(p for p in printables.values() if "mode" in p.options)
    monkeypatch.setattr(ahead, "by_id", lambda: {"calibration": printables["calibration"], cards.id: cards})
    monkeypatch.setattr(ahead, "PAPERS", ("a4",))
    monkeypatch.setattr(ahead, "LANGS", ("en",))
    done = [(url, status) for url, status, _s, _cached in ahead.print_ahead(app)]
    first, second = sorted([cards.id, "calibration"])
    assert done == [(f"/print/{first}.pdf?lang=en&paper=a4", 200), (f"/print/{second}.pdf?lang=en&paper=a4", 200),
                    (f"/print/{cards.id}.pdf?lang=en&paper=a4&mode=shop", 200)]  # the calibration page has none
    phone = app.test_client().get(f"/print/{cards.id}.pdf?lang=en&paper=a4&mode=shop",
                                  headers={"Accept-Language": "en"})
    assert phone.status_code == 200 and phone.headers["X-Print-Cache"] == "hit"
