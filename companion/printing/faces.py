"""Cards laid out once, drawn wherever they go (issue #29, item 3).

A card sheet (printables/_card_sheet.html) lays out each distinct card once, on a page of its own exactly the
card's size (a section with ``data-face-page="N"``), and leaves on the sheets an empty box the card's size where
each copy goes (``data-face="N"``). This WeasyPrint finisher turns every face page into a Form XObject, draws it
in each of its boxes (under the sheet's own guides and notes, as the cards were), and takes the face pages out of
the document. A deck's 144 identical backs are laid out, styled and drawn once; the text stays text.

Positions come from WeasyPrint's own layout of the empty boxes, so the grid, the mirrored and offset backs and
the print-shop bleed are exactly what the sheet's CSS says.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

FACE_PAGE = "data-face-page"  # on a face page's section: the card's number
PLACED = "data-face"  # on an empty box of a sheet: the number of the card drawn there
PX_TO_PT = 0.75  # 72 PDF points per inch / 96 CSS pixels per inch
TOLERANCE_PT = 0.01


def has_faces(html: str) -> bool:
    return FACE_PAGE in html


def _marked(box: Any) -> Iterator[tuple[str, str, Any]]:
    """(attribute, value, box) of the boxes marked as a face page or a placed copy: a section of the body, or a
    box directly in one (a card laid out in its slot is not looked into)."""
    for child in getattr(box, "children", ()):
        tag = getattr(child, "element_tag", None)
        element = getattr(child, "element", None)
        if tag in ("section", "div") and element is not None:
            value = element.get(FACE_PAGE)
            if value is not None:
                yield FACE_PAGE, value, child
                continue
            value = element.get(PLACED)
            if value is not None:
                yield PLACED, value, child
                continue
        if tag in ("html", "body", "section"):
            yield from _marked(child)


def _rectangle_pt(box: Any, page_height_pt: float) -> tuple[float, float, float, float]:
    """A box's border box in the PDF's default space: left, bottom, width, height (points)."""
    width, height = box.border_width() * PX_TO_PT, box.border_height() * PX_TO_PT
    left = box.border_box_x() * PX_TO_PT
    bottom = page_height_pt - box.border_box_y() * PX_TO_PT - height
    return left, bottom, width, height


def _object(pdf: Any, reference: Any) -> Any:
    """The object a reference (b"12 0 R") names: pydyf numbers objects by their place in ``pdf.objects``."""
    return pdf.objects[int(bytes(reference).split()[0])]


def place_faces(document: Any, pdf: Any) -> None:
    """The finisher: face pages become Form XObjects drawn in their boxes; the face pages leave the document."""
    import pydyf  # type: ignore[import-untyped]

    pages = [pdf.objects[number] for number in pdf.pages["Kids"][::3]]
    if len(pages) != len(document.pages):
        raise ValueError("the PDF's pages are not the document's")
    faces: dict[str, tuple[Any, float, float]] = {}  # number -> (its page's stream, width, height in points)
    face_pages: set[int] = set()
    placements: list[tuple[int, str, tuple[float, float, float, float]]] = []
    for index, page in enumerate(document.pages):
        height_pt = page.height * PX_TO_PT
        for attribute, value, box in _marked(page._page_box):
            if attribute == FACE_PAGE:
                if value in faces or index in face_pages:
                    raise ValueError(f"card {value} does not fit on one face page")
                faces[value] = (_object(pdf, pages[index]["Contents"]), page.width * PX_TO_PT, height_pt)
                face_pages.add(index)
            else:
                placements.extend((index, layer, _rectangle_pt(box, height_pt)) for layer in value.split())
    if not faces:
        return
    resources = pages[0]["Resources"]
    if any(page["Resources"] != resources for page in pages):
        raise ValueError("the pages do not share their resources")
    names: dict[str, str] = {}
    for value, (stream, width, height) in faces.items():
        stream.extra.update({"Type": "/XObject", "Subtype": "/Form", "BBox": pydyf.Array([0, 0, width, height]),
                             "Resources": resources})
        names[value] = f"card{value}"
    drawn: dict[int, list[bytes]] = {}
    for index, value, (left, bottom, width, height) in placements:
        if value not in faces:
            raise ValueError(f"card {value} has no face page")
        _stream, face_width, face_height = faces[value]
        if abs(face_width - width) > TOLERANCE_PT or abs(face_height - height) > TOLERANCE_PT:
            raise ValueError(f"card {value} is {face_width:.2f} × {face_height:.2f} pt, its box {width:.2f} × "
                             f"{height:.2f}")
        drawn.setdefault(index, []).append(f"q 1 0 0 1 {left:f} {bottom:f} cm /{names[value]} Do Q".encode())
    # the XObject names go into the resources every page shares
    xobjects = _object(pdf, resources)["XObject"]
    for value, (stream, _w, _h) in faces.items():
        xobjects[names[value]] = stream.reference
    for index, ops in drawn.items():
        if index in face_pages:
            raise ValueError("a face page holds a placed card")
        stream = _object(pdf, pages[index]["Contents"])
        stream.stream[0:0] = ops  # first: under the sheet's guides and notes, as the cards were drawn
    kids = pydyf.Array()
    for index, page in enumerate(pages):
        if index in face_pages:
            page.clear()  # an empty dictionary nothing refers to (pydyf miscounts freed objects in object streams)
        else:
            kids.extend([page.number, 0, "R"])
    pdf.pages["Kids"] = kids
    pdf.pages["Count"] = len(kids) // 3

