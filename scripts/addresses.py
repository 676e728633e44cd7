"""Print where the app can be opened: on this computer, and (with HOST=0.0.0.0) from phones on the Wi-Fi; with
HTTPS=1 also the secure addresses and the page that shows a phone how to trust this computer."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script, from any folder

from companion.server.addresses import lan_addresses  # noqa: E402


def main(host: str, port: str, https_port: str = "") -> None:
    local = "127.0.0.1" if host in ("0.0.0.0", "127.0.0.1") else host
    print(f"companion: open http://{local}:{port}/ on this computer")
    if host == "0.0.0.0":
        for address in lan_addresses():
            print(f"companion: phones on the same Wi-Fi open http://{address}:{port}/")
            if https_port:
                print(f"companion:   or, once they trust this computer (http://{address}:{port}/trust shows how), "
                      f"https://{address}:{https_port}/")
    else:
        print("companion: only this computer can reach it; `make run HOST=0.0.0.0` lets phones on the Wi-Fi in")
        if https_port:
            print(f"companion: https on https://{local}:{https_port}/ (http://{local}:{port}/trust says how to trust it)")


if __name__ == "__main__":
    main(*sys.argv[1:4])
