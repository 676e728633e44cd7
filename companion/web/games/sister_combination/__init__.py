"""Sister Combination (シスター・コンビネーション) in the web layer: only its printables for now (``printables.py``:
the whole deck). There is no ``WEB`` here until the game has a tracker, so the home page does not list it; the
print page finds ``printables`` by itself.
"""
