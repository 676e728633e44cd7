"""Fill a catalog's translations from a Python file defining T = {msgid: msgstr}; keeps the rest as it is.

    python scripts/fill_catalog.py companion/translations/ja/LC_MESSAGES/messages.po translations.py
"""

from __future__ import annotations

import runpy
import sys

from babel.messages.pofile import read_po, write_po


def main(po_path: str, table_path: str) -> None:
    table = runpy.run_path(table_path)["T"]
    with open(po_path, "rb") as f:
        catalog = read_po(f)
    filled = 0
    for message in catalog:
        if message.id and message.id in table:
            message.string = table[message.id]
            message.flags.discard("fuzzy")
            filled += 1
    with open(po_path, "wb") as f:
        write_po(f, catalog, no_location=True, sort_output=True, width=120)
    print(f"{po_path}: {filled} translated")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
