"""Card markers: a square fiducial marker on every physical card, printed by the companion and read from a photo.

- ``ids``: which marker id is which physical card (game, card notation, copy): pure, from the engines.
- ``codes``: the marker family (AprilTag 36h11 through OpenCV's ArUco module) and each marker as SVG rects.
- ``reader``: the cards a photo shows (``read_cards``), with OpenCV; no web imports.
"""
