"""Cards laid out once, drawn wherever they go.

A card sheet (printables/_card_sheet.html) lays out each distinct card once, on a page of its own exactly the
card's size (a section with ``data-face-page="N"``), and leaves on the sheets an empty box the card's size where
each copy goes (``data-face="N"``). This WeasyPrint finisher turns every face page into a Form XObject, draws it
in each of its boxes (under the sheet's own guides and notes, as the cards were), and takes the face pages out of
the document. A deck's 144 identical backs are laid out, styled and drawn once; the text stays text.

A sheet can be laid out once too. Print-shop pages are all the same page (a slot, the crop marks) with another
card in it, and what a page costs WeasyPrint besides its cards (the page box, its 16 margin boxes, the page's
styles, the section's layout and painting) was most of what 288 of them took. So a sheet marked as a pattern
(``data-face-pattern="NAME"``) is laid out, and a sheet marked as its copy (``data-face-copy="NAME"``, not laid
out: ``display: none``) becomes another PDF page like the pattern's, drawing the copy's cards in the pattern's
boxes, where the copy stands in the document. A copy's markup must be its pattern's but for the cards it names,
or the pattern's layout would not be the copy's.

Positions come from WeasyPrint's own layout of the empty boxes, so the grid, the mirrored and offset backs and
the print-shop bleed are exactly what the sheet's CSS says. A box marked ``data-marker`` (a card's marker, whether
the card is drawn there or laid out in it) gets the marker drawn over it, in two corners (marks.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .marks import MARKER, marker_ops

Rectangle = tuple[float, float, float, float]  # left, bottom, width, height in points

FACE_PAGE = "data-face-page"  # on a face page's section: the card's number
PLACED = "data-face"  # on an empty box of a sheet: the numbers of the cards (layers) drawn there
PATTERN = "data-face-pattern"  # on a sheet laid out once for the sheets that copy it: its name
COPY = "data-face-copy"  # on a sheet not laid out: the name of the pattern it repeats with its own cards
COPYABLE = {"Type", "Parent", "MediaBox", "Contents", "Resources", "TrimBox", "BleedBox"}  # a page's entries
PX_TO_PT = 0.75  # 72 PDF points per inch / 96 CSS pixels per inch
TOLERANCE_PT = 0.01


def has_faces(html: str) -> bool:
    """Whether the document has face pages or card markers (marks.py) for the finisher."""
    return FACE_PAGE in html or MARKER in html


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
            value, marker = element.get(PLACED), element.get(MARKER)
            if value is not None:
                yield PLACED, value, child
            if marker is not None:
                yield MARKER, marker, child
            if value is not None or marker is not None:
                continue
        if tag in ("html", "body", "section"):
            yield from _marked(child)


def _sections(box: Any) -> Iterator[Any]:
    """The boxes of the body's sections on a page."""
    for child in getattr(box, "children", ()):
        tag = getattr(child, "element_tag", None)
        if tag == "section" and getattr(child, "element", None) is not None:
            yield child
        elif tag in ("html", "body"):
            yield from _sections(child)


def _rectangle_pt(box: Any, page_height_pt: float) -> Rectangle:
    """A box's border box in the PDF's default space: left, bottom, width, height (points)."""
    width, height = box.border_width() * PX_TO_PT, box.border_height() * PX_TO_PT
    left = box.border_box_x() * PX_TO_PT
    bottom = page_height_pt - box.border_box_y() * PX_TO_PT - height
    return left, bottom, width, height


def _object(pdf: Any, reference: Any) -> Any:
    """The object a reference (b"12 0 R") names: pydyf numbers objects by their place in ``pdf.objects``."""
    return pdf.objects[int(bytes(reference).split()[0])]


def _same_but_faces(pattern: Any, copy: Any, top: bool = True) -> bool:
    """Whether a copy's markup is its pattern's, but for the cards its empty boxes name (and the marks saying
    which is which): only then is the pattern's layout the copy's."""

    def attributes(element: Any) -> dict[str, str | None]:
        return {key: (None if key in (PLACED, MARKER) else value) for key, value in element.attrib.items()
                if key not in (PATTERN, COPY)}

    return (pattern.tag == copy.tag and pattern.text == copy.text and (top or pattern.tail == copy.tail)
            and attributes(pattern) == attributes(copy) and len(pattern) == len(copy)
            and all(_same_but_faces(a, b, top=False) for a, b in zip(pattern, copy, strict=True)))


def _placed(element: Any, attribute: str = PLACED) -> list[Any]:
    """The empty boxes of a sheet's markup (or its boxes with a card marker), in document order."""
    return [child for child in element.iter() if child.get(attribute) is not None]


def place_faces(document: Any, pdf: Any) -> None:
    """The finisher: face pages become Form XObjects drawn in their boxes, each copy of a pattern sheet becomes
    a page like the pattern's with its own cards, the face pages leave the document, and the cards' markers
    (marks.py) are drawn over their boxes."""
    import pydyf  # type: ignore[import-untyped]

    pages = [pdf.objects[number] for number in pdf.pages["Kids"][::3]]
    if len(pages) != len(document.pages):
        raise ValueError("the PDF's pages are not the document's")
    faces: dict[str, tuple[Any, float, float]] = {}  # number -> (its page's stream, width, height in points)
    face_pages: set[int] = set()
    placements: list[tuple[int, str, Rectangle]] = []
    markers: dict[int, list[bytes]] = {}  # a page -> its cards' markers (marks.py), drawn over everything
    boxes: dict[Any, Rectangle] = {}  # an empty box's element -> where it was laid out
    last_page: dict[Any, int] = {}  # a section laid out -> the last page it is on
    patterns: dict[str, tuple[int, Any]] = {}  # a pattern's name -> its page and its section
    root = None
    for index, page in enumerate(document.pages):
        height_pt = page.height * PX_TO_PT
        for section in _sections(page._page_box):
            last_page[section.element] = index
            name = section.element.get(PATTERN)
            if name is not None:
                if patterns.get(name, (index, section.element)) != (index, section.element):
                    raise ValueError(f"the pattern {name} is not one page")
                patterns[name] = (index, section.element)
        for attribute, value, box in _marked(page._page_box):
            if attribute == FACE_PAGE:
                if value in faces or index in face_pages:
                    raise ValueError(f"card {value} does not fit on one face page")
                faces[value] = (_object(pdf, pages[index]["Contents"]), page.width * PX_TO_PT, height_pt)
                face_pages.add(index)
            elif attribute == PLACED:
                boxes[box.element] = _rectangle_pt(box, height_pt)
                placements.extend((index, layer, boxes[box.element]) for layer in value.split())
            else:
                boxes[box.element] = _rectangle_pt(box, height_pt)
                markers.setdefault(index, []).append(marker_ops(value, boxes[box.element]))
        root = root or next((child.element for child in page._page_box.children
                             if getattr(child, "element_tag", None) == "html"), None)
    copies: dict[int, list[Any]] = {}  # the page a copy follows (-1: none) -> its copies, in document order
    after = -1
    for element in root.iter() if root is not None and patterns else ():
        if element in last_page:
            after = last_page[element]
        elif element.get(COPY) is not None:
            copies.setdefault(after, []).append(element)
    # what WeasyPrint drew on each pattern's page, before its cards and markers: each copy draws it over its own
    sheets = {index: list(_object(pdf, pages[index]["Contents"]).stream) for index, _section in patterns.values()}
    for index, ops in markers.items():  # over what WeasyPrint drew, in the page's default space
        stream = _object(pdf, pages[index]["Contents"])
        stream.stream[:] = [b"q", *stream.stream, b"Q", *ops]
    if not faces and not copies:
        return
    resources = pages[0]["Resources"]
    if any(page["Resources"] != resources for page in pages):
        raise ValueError("the pages do not share their resources")
    names: dict[str, str] = {}
    for value, (stream, width, height) in faces.items():
        stream.extra.update({"Type": "/XObject", "Subtype": "/Form", "BBox": pydyf.Array([0, 0, width, height]),
                             "Resources": resources})
        names[value] = f"card{value}"

    def draw(value: str, rectangle: Rectangle) -> bytes:
        if value not in faces:
            raise ValueError(f"card {value} has no face page")
        left, bottom, width, height = rectangle
        _stream, face_width, face_height = faces[value]
        if abs(face_width - width) > TOLERANCE_PT or abs(face_height - height) > TOLERANCE_PT:
            raise ValueError(f"card {value} is {face_width:.2f} × {face_height:.2f} pt, its box {width:.2f} × "
                             f"{height:.2f}")
        return f"q 1 0 0 1 {left:f} {bottom:f} cm /{names[value]} Do Q".encode()

    drawn: dict[int, list[bytes]] = {}
    for index, value, rectangle in placements:
        drawn.setdefault(index, []).append(draw(value, rectangle))
    # the XObject names go into the resources every page shares
    xobjects = _object(pdf, resources)["XObject"]
    for value, (stream, _w, _h) in faces.items():
        xobjects[names[value]] = stream.reference
    for index, ops in drawn.items():
        if index in face_pages:
            raise ValueError("a face page holds a placed card")
        stream = _object(pdf, pages[index]["Contents"])
        stream.stream[0:0] = ops  # first: under the sheet's guides and notes, as the cards were drawn

    def copied(copy: Any) -> Any:
        """The PDF page of a copy: its pattern's, drawing the copy's cards in the pattern's boxes."""
        name = copy.get(COPY)
        if name not in patterns:
            raise ValueError(f"the pattern {name} was not laid out")
        index, pattern = patterns[name]
        if not _same_but_faces(pattern, copy):
            raise ValueError(f"a copy of the pattern {name} is not its markup")
        ops = [draw(value, boxes[box]) for box, placed in zip(_placed(pattern), _placed(copy), strict=True)
               for value in placed.get(PLACED).split()]
        page, stream = pages[index], _object(pdf, pages[index]["Contents"])
        if set(page) - COPYABLE:
            raise ValueError(f"a pattern's page with {sorted(set(page) - COPYABLE)} cannot be copied")
        marked = [marker_ops(box.get(MARKER), boxes[pattern_box]) for pattern_box, box in
                  zip(_placed(pattern, MARKER), _placed(copy, MARKER), strict=True)]
        contents = pydyf.Stream([*ops, b"q", *sheets[index], b"Q", *marked], dict(stream.extra),
                                compress=stream.compress)
        pdf.add_object(contents)
        new = pydyf.Dictionary({**page, "Contents": contents.reference})
        pdf.add_object(new)
        return new

    kids = pydyf.Array()
    for copy in copies.get(-1, ()):
        kids.extend([copied(copy).number, 0, "R"])
    for index, page in enumerate(pages):
        if index in face_pages:
            page.clear()  # an empty dictionary nothing refers to (pydyf miscounts freed objects in object streams)
        else:
            kids.extend([page.number, 0, "R"])
        for copy in copies.get(index, ()):
            kids.extend([copied(copy).number, 0, "R"])
    pdf.pages["Kids"] = kids
    pdf.pages["Count"] = len(kids) // 3
