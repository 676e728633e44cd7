"""The certificates of https at the table (companion/server/certificates.py): this computer's own authority, made
once and allowed to sign for home-network names and addresses only, and the server certificate it signs for the
computer's names and addresses now, made again when they change."""

from __future__ import annotations

import datetime as dt
import ipaddress
import stat
from pathlib import Path

from cryptography import x509
from cryptography.x509.verification import PolicyBuilder, Store, VerificationError

from companion.server import certificates

NAME = "table.test"  # a name the router's DNS might give this computer (TLS_NAMES)


def load(path: Path) -> x509.Certificate:
    return x509.load_pem_x509_certificate(path.read_bytes())


def verifies(authority: x509.Certificate, leaf: x509.Certificate, name: x509.GeneralName) -> bool:
    verifier = PolicyBuilder().store(Store([authority])).build_server_verifier(name)  # type: ignore[arg-type]
    try:
        verifier.verify(leaf, [])
    except VerificationError:
        return False
    return True


def test_the_certificate_names_this_computer_and_is_signed_by_its_own_authority(tmp_path: Path) -> None:
    served = certificates.ensure(tmp_path, [NAME])
    authority, leaf = load(served.files.ca_cert), load(served.files.cert)
    assert served.made_authority and served.made_certificate and not served.refused
    for name in (x509.DNSName(NAME), x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))):
        assert verifies(authority, leaf, name), name
    # iPhones refuse a server certificate valid for more than 825 days
    assert leaf.not_valid_after_utc - leaf.not_valid_before_utc < dt.timedelta(days=825)
    for key in (served.files.ca_key, served.files.key):
        assert stat.S_IMODE(key.stat().st_mode) == 0o600, key  # readable by this computer's owner only


def test_the_authority_may_sign_for_home_names_and_addresses_only(tmp_path: Path) -> None:
    """A copy of the authority's key could not impersonate another site to a phone whose browser checks name
    constraints: what it signs for a public name or address is refused."""
    files = certificates.ensure(tmp_path, [NAME]).files
    authority = load(files.ca_cert)
    loaded = certificates._load_authority(files)
    assert loaded is not None
    elsewhere = certificates.tls_files(tmp_path / "elsewhere")
    certificates.make_server_certificate(elsewhere, authority, loaded[1],
                                         certificates.split_names(["www.example.com", "8.8.8.8"]))
    forged = load(elsewhere.cert)
    assert not verifies(authority, forged, x509.DNSName("www.example.com"))
    assert not verifies(authority, forged, x509.IPAddress(ipaddress.ip_address("8.8.8.8")))
    assert certificates.permits(authority, ipaddress.ip_address("192.168.1.20"))
    assert certificates.permits(authority, "laptop.local")
    assert not certificates.permits(authority, "bank.example")


def test_the_authority_is_made_once_and_the_certificate_again_when_the_names_change(tmp_path: Path) -> None:
    first = certificates.ensure(tmp_path, [NAME])
    authority = first.files.ca_cert.read_bytes()
    cert = first.files.cert.read_bytes()
    again = certificates.ensure(tmp_path, [NAME])
    assert not again.made_authority and not again.made_certificate
    assert first.files.cert.read_bytes() == cert
    # another Wi-Fi, another address: a new certificate from the same authority (the phones trust it already)
    moved = certificates.ensure(tmp_path, [NAME, "192.168.77.5"])
    assert moved.made_certificate and not moved.made_authority
    assert first.files.ca_cert.read_bytes() == authority
    assert verifies(load(first.files.ca_cert), load(first.files.cert),
                    x509.IPAddress(ipaddress.ip_address("192.168.77.5")))
    # a name the authority was not made for is left out (and said), never a certificate a phone would refuse
    later = certificates.ensure(tmp_path, [NAME, "bank.example"])
    assert later.refused == ("bank.example",)
    assert "bank.example" not in later.names.dns
