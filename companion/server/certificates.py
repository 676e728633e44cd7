"""The certificates of https at the table (`make run HTTPS=1`, docs/deployment.md#https-at-the-table).

Phones on the Wi-Fi open the app by a private address (http://192.168.1.20:8000/), which no public certificate
authority can vouch for, so browsers hold back what they allow only on secure pages (keeping the screen on,
copying at a tap). This computer therefore makes a certificate authority of its own, once, and each phone trusts
it once (the /trust page); the authority then signs a server certificate for this computer's current addresses and
names, made again whenever they change (another Wi-Fi, another address) or it nears its end. Nothing is asked of
the phones again until the authority itself ends (ten years).

The authority may sign only for home-network names and addresses (X.509 name constraints): a phone whose browser
honours them (Chrome's verifier, OpenSSL, Firefox) refuses it for any other site, so a copy of its key stolen
from this computer could not impersonate a bank to the phones that trusted it. The constraints are marked
non-critical, as the CA/Browser Forum allows, so a browser that does not read them still accepts the certificate.

Files, in the instance folder's ``tls/``: ``ca.crt`` and ``ca.key`` (the authority; the key never leaves this
computer, readable by its owner only), ``server.crt`` and ``server.key`` (what gunicorn serves).
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import os
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from companion.server.addresses import lan_addresses

CA_DAYS = 3650
# iPhones refuse a server certificate valid for more than 825 days; a year, made again a month before its end.
SERVER_DAYS = 397
RENEW_DAYS = 30
# What the authority may sign for: the private and link-local networks, loopback, and the names home networks use.
HOME_NETWORKS = ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16", "127.0.0.0/8",
                 "100.64.0.0/10", "fc00::/7", "fe80::/10", "::1/128")
HOME_DOMAINS = ("localhost", "local", "lan", "home", "home.arpa", "internal")

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


@dataclass(frozen=True)
class TlsFiles:
    folder: Path

    @property
    def ca_cert(self) -> Path:
        return self.folder / "ca.crt"

    @property
    def ca_key(self) -> Path:
        return self.folder / "ca.key"

    @property
    def cert(self) -> Path:
        return self.folder / "server.crt"

    @property
    def key(self) -> Path:
        return self.folder / "server.key"


def tls_files(instance: Path | str) -> TlsFiles:
    return TlsFiles(Path(instance) / "tls")


@dataclass(frozen=True)
class Names:
    """What the server certificate names: DNS names and IP addresses."""
    dns: tuple[str, ...]
    ips: tuple[IPAddress, ...]


def split_names(names: Iterable[str]) -> Names:
    dns: list[str] = []
    ips: list[IPAddress] = []
    for raw in names:
        name = raw.strip().strip("[]").rstrip(".").lower()
        if not name:
            continue
        try:
            address = ipaddress.ip_address(name)
        except ValueError:
            if name not in dns:
                dns.append(name)
        else:
            if address not in ips:
                ips.append(address)
    return Names(tuple(dns), tuple(ips))


def machine_names(extra: Iterable[str] = ()) -> Names:
    """This computer's names and addresses as phones may reach it: its host name (and .local, the name
    Bonjour/Avahi answers), its LAN addresses, loopback; and ``extra`` (TLS_NAMES: a name the router's DNS gives
    it, say)."""
    host = socket.gethostname().strip().lower()
    found = ["localhost", "127.0.0.1", "::1", *lan_addresses(), *extra]
    if host and host != "localhost":
        found[1:1] = [host] if host.endswith(".local") or "." in host else [host, f"{host}.local"]
    return split_names(found)


def _permitted_domains(names: Names) -> list[str]:
    """The domains the authority may sign for: the home-network ones and, when it is outside them, each name this
    computer has as it is made (its bare host name, a name of the router's DNS, TLS_NAMES)."""
    domains = list(HOME_DOMAINS)
    for name in names.dns:
        if not _within(name, domains):
            domains.append(name)
    return domains


def _permitted_networks(names: Names) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    """The networks the authority may sign for: the home-network ones and, when it is outside them, each address
    this computer has as it is made (a Wi-Fi that hands out public addresses)."""
    networks = [ipaddress.ip_network(n) for n in HOME_NETWORKS]
    for address in names.ips:
        if not any(address in n for n in networks):
            networks.append(ipaddress.ip_network(address))
    return networks


def _within(name: str, domains: Iterable[str]) -> bool:
    return any(name == d or name.endswith("." + d) for d in domains)


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _write(path: Path, data: bytes, private: bool) -> None:
    """Written aside and renamed; a private key readable by its owner only from the start."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(path.suffix + f".{os.getpid()}.tmp")
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600 if private else 0o644)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    partial.replace(path)


def _pem_key(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def make_authority(files: TlsFiles, names: Names) -> x509.Certificate:
    """A new certificate authority for this computer (phones that trusted an earlier one must trust this one)."""
    key = ec.generate_private_key(ec.SECP256R1())
    host = socket.gethostname() or "this computer"
    now = _now()
    subject = x509.Name([
        x509.NameAttribute(NameOID.COMMON_NAME, f"companion table CA ({host}, {now:%Y-%m-%d})"[:64]),
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, "companion (this computer only)"),
    ])
    permitted: list[x509.GeneralName] = [x509.DNSName(d) for d in _permitted_domains(names)]
    permitted += [x509.IPAddress(n) for n in _permitted_networks(names)]
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject).issuer_name(subject).public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(hours=1)).not_valid_after(now + dt.timedelta(days=CA_DAYS))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True,
                                     content_commitment=False, key_encipherment=False, data_encipherment=False,
                                     key_agreement=False, encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.NameConstraints(permitted_subtrees=permitted, excluded_subtrees=None), critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    _write(files.ca_key, _pem_key(key), private=True)
    _write(files.ca_cert, cert.public_bytes(serialization.Encoding.PEM), private=False)
    return cert


def _load_authority(files: TlsFiles) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey] | None:
    try:
        cert = x509.load_pem_x509_certificate(files.ca_cert.read_bytes())
        key = serialization.load_pem_private_key(files.ca_key.read_bytes(), password=None)
    except (OSError, ValueError):
        return None
    if not isinstance(key, ec.EllipticCurvePrivateKey) or cert.not_valid_after_utc <= _now():
        return None
    return cert, key


def permits(authority: x509.Certificate, name: str | IPAddress) -> bool:
    """The authority's name constraints allow this name or address."""
    try:
        constraints = authority.extensions.get_extension_for_class(x509.NameConstraints).value
    except x509.ExtensionNotFound:
        return True
    subtrees = constraints.permitted_subtrees or []
    if isinstance(name, str):
        return _within(name, [t.value for t in subtrees if isinstance(t, x509.DNSName)])
    networks = [t.value for t in subtrees if isinstance(t, x509.IPAddress)]
    return any(isinstance(n, ipaddress.IPv4Network | ipaddress.IPv6Network) and name in n for n in networks)


@dataclass(frozen=True)
class Served:
    """What `ensure` left in place: the files, the names the server certificate carries, the ones the authority
    may not sign for (left out), and whether anything was made now."""
    files: TlsFiles
    names: Names
    refused: tuple[str, ...]
    made_authority: bool
    made_certificate: bool


def _current_names(cert: x509.Certificate) -> Names:
    try:
        san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return Names((), ())
    ips = [a for a in san.get_values_for_type(x509.IPAddress)
           if isinstance(a, ipaddress.IPv4Address | ipaddress.IPv6Address)]
    return Names(tuple(san.get_values_for_type(x509.DNSName)), tuple(ips))


def _server_is_good(files: TlsFiles, authority: x509.Certificate, names: Names) -> bool:
    try:
        cert = x509.load_pem_x509_certificate(files.cert.read_bytes())
        files.key.stat()
    except (OSError, ValueError):
        return False
    if cert.issuer != authority.subject or cert.not_valid_after_utc - _now() < dt.timedelta(days=RENEW_DAYS):
        return False
    try:
        cert.verify_directly_issued_by(authority)
    except (ValueError, TypeError, InvalidSignature):  # signed by another authority's key
        return False
    have = _current_names(cert)
    return set(names.dns) <= set(have.dns) and set(names.ips) <= set(have.ips)


def make_server_certificate(files: TlsFiles, authority: x509.Certificate, authority_key: ec.EllipticCurvePrivateKey,
                            names: Names) -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    now = _now()
    alt: list[x509.GeneralName] = [x509.DNSName(n) for n in names.dns] + [x509.IPAddress(a) for a in names.ips]
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "companion")]))
        .issuer_name(authority.subject).public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(hours=1)).not_valid_after(now + dt.timedelta(days=SERVER_DAYS))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=False, crl_sign=False,
                                     content_commitment=False, key_encipherment=False, data_encipherment=False,
                                     key_agreement=False, encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.SubjectAlternativeName(alt), critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(authority_key.public_key()), critical=False)
        .sign(authority_key, hashes.SHA256())
    )
    _write(files.key, _pem_key(key), private=True)
    _write(files.cert, cert.public_bytes(serialization.Encoding.PEM), private=False)


def ensure(instance: Path | str, extra: Iterable[str] = ()) -> Served:
    """The authority (made once) and a server certificate for this computer's names now (made when missing, for
    other names, or near its end)."""
    files = tls_files(instance)
    wanted = machine_names(extra)
    loaded = _load_authority(files)
    made_authority = loaded is None
    if loaded is None:
        make_authority(files, wanted)
        loaded = _load_authority(files)
        assert loaded is not None
    authority, authority_key = loaded
    names = Names(tuple(n for n in wanted.dns if permits(authority, n)),
                  tuple(a for a in wanted.ips if permits(authority, a)))
    refused = tuple(n for n in wanted.dns if n not in names.dns) + \
        tuple(str(a) for a in wanted.ips if a not in names.ips)
    made_certificate = made_authority or not _server_is_good(files, authority, names)
    if made_certificate:
        make_server_certificate(files, authority, authority_key, names)
    return Served(files, names, refused, made_authority, made_certificate)


def authority_der(instance: Path | str) -> bytes | None:
    """The authority's certificate as phones install it (DER), or None when this computer has made none."""
    try:
        cert = x509.load_pem_x509_certificate(tls_files(instance).ca_cert.read_bytes())
    except (OSError, ValueError):
        return None
    return cert.public_bytes(serialization.Encoding.DER)


def fingerprint(der: bytes) -> str:
    """The SHA-256 fingerprint as phones and browsers show it: AB:CD:…"""
    digest = hashes.Hash(hashes.SHA256())
    digest.update(der)
    return ":".join(f"{b:02X}" for b in digest.finalize())


def authority_name(der: bytes) -> str:
    cert = x509.load_der_x509_certificate(der)
    names = cert.subject.get_attributes_for_oid(NameOID.COMMON_NAME)
    return str(names[0].value) if names else ""
