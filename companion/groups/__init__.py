"""A group's history and statistics, pure: standard library only, no Flask, no database.

Where to look:
  records.py  what one finished (or unfinished) table gave: per seat its place, score and the game's own
              categories, as the engines scored them (built in companion/web/group_plays.py)
  stats.py    statistics per player, per game and overall, and head-to-head, over those records
  chart.py    a small SVG chart of one player's scores over time (drawn on the server)
  exports.py  the group's plays as CSV and as BG Stats files
"""
