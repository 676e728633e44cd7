"""Print where the app can be opened: on this computer, and (with HOST=0.0.0.0) from phones on the Wi-Fi."""

from __future__ import annotations

import socket
import sys


def lan_addresses() -> list[str]:
    found: set[str] = set()
    try:
        # No packet is sent: connecting a UDP socket only asks the OS which interface would be used.
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            found.add(s.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(str(info[4][0]))
    except OSError:
        pass
    return sorted(a for a in found if not a.startswith("127."))


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
