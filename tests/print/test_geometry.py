"""Sheet geometry in millimetres, before any PDF: where the cards, their backs and the crop marks go."""

from __future__ import annotations

import pytest

from companion.printing.geometry import (
    CARD_SIZES,
    PAPERS,
    Offset,
    ShopGeometry,
    mm,
    paginate,
    sheet_layout,
    shop_pages,
)

POKER = CARD_SIZES["poker"]


def test_nine_poker_cards_fit_a4_centred() -> None:
    layout = sheet_layout(PAPERS["a4"], POKER)
    assert (layout.cols, layout.rows, layout.per_page) == (3, 3, 9)
    assert (layout.left, layout.top) == (10.5, 16.5)  # (210 − 189) / 2, (297 − 264) / 2
    assert [(s.x, s.y) for s in layout.slots[:4]] == [(10.5, 16.5), (73.5, 16.5), (136.5, 16.5), (10.5, 104.5)]
    assert layout.cut_x == (10.5, 73.5, 136.5, 199.5)
    assert layout.cut_y == (16.5, 104.5, 192.5, 280.5)


def test_nine_poker_cards_fit_letter_centred() -> None:
    layout = sheet_layout(PAPERS["letter"], POKER)
    assert layout.per_page == 9
    assert layout.left == pytest.approx(13.45)  # (215.9 − 189) / 2
    assert layout.top == pytest.approx(7.7)  # (279.4 − 264) / 2
    assert layout.top >= 5.0  # clear of what home printers cannot print


def test_bridge_cards_also_nine_to_a_page() -> None:
    layout = sheet_layout(PAPERS["a4"], CARD_SIZES["bridge"])
    assert (layout.cols, layout.rows) == (3, 3)
    assert layout.left == pytest.approx((210 - 3 * 57) / 2)


def test_backs_reverse_the_column_order_on_each_row() -> None:
    layout = sheet_layout(PAPERS["a4"], POKER)
    for index in range(9):
        front, back = layout.slot(index), layout.back_of(index)
        assert back.row == front.row
        assert back.col == 2 - front.col
        assert back.y == front.y
        # turning the sheet over its long edge mirrors x: the back lands behind its own front
        assert back.x == pytest.approx(210 - front.x - 63)


def test_the_offset_moves_every_back() -> None:
    layout = sheet_layout(PAPERS["letter"], POKER)
    offset = Offset.of(1.5, -0.5)
    for index in range(9):
        plain, moved = layout.back_of(index), layout.back_of(index, offset)
        assert moved.x == pytest.approx(plain.x + 1.5)
        assert moved.y == pytest.approx(plain.y - 0.5)


def test_offsets_are_read_rounded_and_bounded() -> None:
    assert Offset.parse("1.5,-0.5") == Offset(1.5, -0.5)
    assert str(Offset.of(0.04, -0.0)) == "0,0"
    assert Offset.of(0.26, 0).dx == 0.3
    for bad in ("", "1.5", "x,1", "11,0", "0,-10.5", "nan,0"):
        with pytest.raises(ValueError):
            Offset.parse(bad)


def test_pages_alternate_fronts_and_their_backs() -> None:
    layout = sheet_layout(PAPERS["a4"], POKER)
    items = list(range(20))  # 2 full sheets and 2 cards on a third
    pages = paginate(items, layout, backs=True)
    assert [(p.side, p.sheet, len(p.cards)) for p in pages] == [
        ("front", 1, 9), ("back", 1, 9), ("front", 2, 9), ("back", 2, 9), ("front", 3, 2), ("back", 3, 2)]
    last_back = pages[-1]
    assert [c.item for c in last_back.cards] == [18, 19]
    assert [c.slot.col for c in last_back.cards] == [2, 1]  # mirrored: the first card's back on the right
    assert [p.side for p in paginate(items, layout, backs=False)] == ["front"] * 3


def test_print_shop_pages_pair_each_front_with_its_back() -> None:
    assert shop_pages(["a", "b"], backs=True) == [("front", "a"), ("back", "a"), ("front", "b"), ("back", "b")]
    assert shop_pages(["a", "b"], backs=False) == [("front", "a"), ("front", "b")]


def test_crop_marks_sit_on_the_trim_lines_outside_the_bleed() -> None:
    shop = ShopGeometry(POKER)
    assert (shop.media_width, shop.media_height) == (83.0, 108.0)
    marks = shop.crop_marks()
    assert len(marks) == 8
    for x1, y1, x2, y2 in marks:
        vertical = x1 == x2
        if vertical:
            assert x1 in (10.0, 73.0)  # the trim's left and right edges
            assert (y1, y2) in ((0.0, 5.0), (103.0, 108.0))  # beyond trim + 3 mm bleed + 2 mm
        else:
            assert y1 == y2 and y1 in (10.0, 98.0)
            assert (x1, x2) in ((0.0, 5.0), (78.0, 83.0))


def test_css_lengths() -> None:
    assert mm(10.5) == "10.5mm"
    assert mm(63) == "63mm"
    assert mm(-3) == "-3mm"
    assert mm(13.45) == "13.45mm"
