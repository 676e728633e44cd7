"""A group's pages: its links, roster and tables (``routes``), its statistics and files, the PDF, CSV, BG Stats and
its own JSON (``downloads``, on the same blueprint), what they read and write (``service``), and each finished
table's record as the statistics count it (``plays``)."""
