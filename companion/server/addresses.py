"""Client addresses and the networks they may come from: the trusted proxies (companion.web.guard.security) and the
per-address connection cap (companion.server.serving); and this computer's own addresses on the Wi-Fi (what
`make run` prints, what the https certificate names). Standard library only: the gunicorn worker class imports this
before the worker patches its sockets and locks for gevent, so it must import nothing of the app."""

from __future__ import annotations

import socket
from ipaddress import IPv4Network, IPv6Network, ip_address, ip_network

Networks = tuple[IPv4Network | IPv6Network, ...]


def proxy_networks(setting: str) -> Networks:
    """The addresses (or networks) the proxies connect from, comma-separated: "127.0.0.1,::1,10.0.0.0/8"."""
    return tuple(ip_network(part.strip(), strict=False) for part in setting.split(",") if part.strip())


def in_networks(address: str, networks: Networks) -> bool:
    """The address is one of these (False for anything that is not an address)."""
    try:
        peer = ip_address(address)
    except ValueError:
        return False
    return any(peer in network for network in networks)


LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses other phones may reach (loopback left out)."""
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
