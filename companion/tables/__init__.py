"""A table in play, below the web layer: what its log means and the states it replays to (``eventlog``), entering
into it (``play``: one write path for every entry, undo, redo and what a table learns), the fair turn of phones
whose entries crossed (``turnqueue``, ``rebase``), its persistence (``store``: tables and logs; ``turns``: the
write turn; ``snapshots``: replayed states kept), and the live hub that tells every open page of a new version
(``live``). Nothing here imports the web layer.
"""
