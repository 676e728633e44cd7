"""A table's pages: the routes (``routes``: play, watch, the live stream and poll, entries, undo, redo, QR code,
export, import; ``hooks``: the games' own table actions and pages), reading a table or a 404 (``loading``), its
history worded (``history``), drawing it once per version for every phone (``render``, with ``scoreboard`` for a
watch page), starting one (``starting``) and its file (``transfer``). Writes go through companion.tables.play.
"""
