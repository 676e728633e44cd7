"""A group: a circle of friends with its own links, its roster and its tables, kept in the database by
``store``; and its history and statistics, pure (standard library only, no Flask, no database).

Where to look:
  store.py    the group and its links, its roster, which tables belong to it, a whole group imported
  records.py  what one finished (or unfinished) table gave: per seat its place, score and the game's own
              categories, as the engines scored them (built in companion/web/groups/plays.py)
  stats.py    statistics per player, per game and overall, and head-to-head, over those records
  chart.py    a small SVG chart of one player's scores over time (drawn on the server)
  exports.py  the group's plays as CSV and as BG Stats files
"""
