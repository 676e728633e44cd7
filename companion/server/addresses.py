"""Client addresses and the networks they may come from: the trusted proxies (companion.web.guard.security) and the
per-address connection cap (companion.server.serving). Standard library only: the gunicorn worker class imports this
before the worker patches its sockets and locks for gevent, so it must import nothing of the app."""

from __future__ import annotations

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
