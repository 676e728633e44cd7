"""Print where the app can be opened: on this computer, and (with HOST=0.0.0.0) from phones on the Wi-Fi."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script, from any folder

from companion.server.addresses import lan_addresses  # noqa: E402


def main(host: str, port: str) -> None:
    print(f"companion: open http://127.0.0.1:{port}/ on this computer" if host in ("0.0.0.0", "127.0.0.1")
          else f"companion: open http://{host}:{port}/")
    if host == "0.0.0.0":
        for address in lan_addresses():
            print(f"companion: phones on the same Wi-Fi open http://{address}:{port}/")
    else:
        print("companion: only this computer can reach it; `make run HOST=0.0.0.0` lets phones on the Wi-Fi in")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
