"""A group's pages: its links, roster, tables, statistics and exports (``routes``), what they read and write
(``service``), and each finished table's record as the statistics count it (``plays``)."""
