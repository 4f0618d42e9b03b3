"""The host console's trust decision (pure functions): only a loopback connection counts as the server's own
machine; wrong passwords wait longer and longer and are logged."""

from __future__ import annotations

import logging

import pytest

from ui.pages import host_access
from ui.pages.host_access import is_local_address, key_of, password_matches, record_failure, wait_before_check


@pytest.mark.parametrize("address", ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1", "[::1]"])
def test_loopback_connections_are_the_servers_own_machine(address: str) -> None:
    assert is_local_address(address)


@pytest.mark.parametrize("address", ["192.168.1.20", "10.0.0.2", "192.0.2.2", "::ffff:192.168.1.2", "fe80::1",
                                     "0.0.0.0", "", None, "localhost", "testclient", "127.0.0.1, 10.0.0.2",
                                     "x-forwarded-for: 127.0.0.1"])
def test_every_other_address_is_remote(address: str | None) -> None:
    assert not is_local_address(address)


def test_passwords_compare_whole_and_the_session_keeps_only_a_hash() -> None:
    assert password_matches(" abcd-efgh-jkmn-pqrs ", "abcd-efgh-jkmn-pqrs")
    assert not password_matches("abcd-efgh-jkmn-pqr", "abcd-efgh-jkmn-pqrs")
    assert not password_matches("", "abcd-efgh-jkmn-pqrs")
    assert "abcd" not in key_of("abcd-efgh-jkmn-pqrs") and key_of("a" * 12) != key_of("b" * 12)


def test_wrong_passwords_wait_longer_each_time_and_are_logged(caplog: pytest.LogCaptureFixture) -> None:
    now = 1000.0
    fails: host_access.Fails = {}  # (the server keeps its own: Runtime.host_fails)
    assert wait_before_check(fails, "10.0.0.9", now) == 0
    waits = []
    with caplog.at_level(logging.WARNING, "cardnight.host"):
        for _ in range(7):
            record_failure(fails, "10.0.0.9", now)
            waits.append(wait_before_check(fails, "10.0.0.9", now))
            now += waits[-1]  # the try is answered after its wait
    assert waits == sorted(waits) and waits[0] >= 1 and waits[-1] == host_access.MAX_WAIT
    assert sum("Wrong host console password from 10.0.0.9" in r.getMessage() for r in caplog.records) == 7
    assert wait_before_check(fails, "10.0.0.8", now) == 0  # another device is not slowed
    # tries sent at once queue behind each other: the second waits for the first
    first = wait_before_check(fails, "10.0.0.9", now)
    assert wait_before_check(fails, "10.0.0.9", now) > first
    assert wait_before_check(fails, "10.0.0.9", now + 10_000) == 0  # forgotten after a quiet spell


FORWARDED = [
    {"X-Forwarded-For": "127.0.0.1"}, {"Forwarded": "for=127.0.0.1"}, {"X-Real-IP": "127.0.0.1"},
    {"x-forwarded-for": "192.168.1.30"}, {"X-Forwarded-Host": "localhost"}, {"X-Forwarded-Proto": "http"},
    {"Via": "1.1 proxy"}, {"True-Client-IP": "127.0.0.1"}, {"X-Forwarded-For": ""},
    {"X-Forwarded-For": "127.0.0.1", "Forwarded": "for=127.0.0.1", "X-Real-IP": "127.0.0.1"},
    {"Forwarded": 'for="[::1]";host=localhost'}, {"X-Forwarded-For": "::1, 127.0.0.1"},
]


@pytest.mark.parametrize("headers", FORWARDED)
@pytest.mark.parametrize("host", ["localhost", "localhost:8080", "localhost.", "127.0.0.1:8080", "[::1]:8080",
                                  "[::ffff:127.0.0.1]:8080", "192.168.1.20:8080"])
def test_any_forwarding_header_means_the_password_whatever_the_host(host: str, headers: dict[str, str]) -> None:
    assert not host_access.request_is_local("127.0.0.1", {"host": host, **headers})
    assert not host_access.request_is_local("::1", [(k.lower(), v) for k, v in {"host": host, **headers}.items()])


@pytest.mark.parametrize("host", ["localhost", "localhost:8080", "localhost.", "LOCALHOST.:8080", "127.0.0.1:8080",
                                  "127.0.0.2", "[::1]:8080", "[::1]", "[::ffff:127.0.0.1]"])
@pytest.mark.parametrize("peer", ["127.0.0.1", "127.0.0.2", "::1", "::ffff:127.0.0.1"])
def test_a_loopback_peer_without_forwarding_headers_naming_this_machine_opens_it(peer: str, host: str) -> None:
    """An IPv4 loopback connection seen on a dual-stack socket (``::ffff:127.0.0.1``) is the same machine;
    ``localhost.`` (the fully qualified form) is localhost."""
    assert host_access.request_is_local(peer, {"host": host, "user-agent": "x", "accept": "*/*"})


@pytest.mark.parametrize("host", ["evil.example:8080", "evil.example", "cardnight.local:8080", "192.168.1.20:8080",
                                  "localhost.evil.example", "127.0.0.1.evil.example", "", None])
@pytest.mark.parametrize("peer", ["127.0.0.1", "::1", "::ffff:127.0.0.1"])
def test_a_loopback_peer_naming_another_host_is_asked_for_the_password(peer: str, host: str | None) -> None:
    """A page from elsewhere that points its own name at 127.0.0.1 (DNS rebinding) reaches us from loopback with
    its own name in Host; so does a proxy that forwards the visitor's Host and adds no header. Both get the
    password form."""
    headers = {} if host is None else {"host": host, "user-agent": "x", "accept": "*/*"}
    assert not host_access.request_is_local(peer, headers)
    assert not host_access.request_is_local(peer, None)


@pytest.mark.parametrize("peer", ["192.168.1.30", "10.0.0.2", "::ffff:192.168.1.2", "fe80::1", "", None,
                                  "testclient", "localhost"])
def test_another_peer_needs_the_password_even_asking_for_localhost(peer: str | None) -> None:
    assert not host_access.request_is_local(peer, {"host": "localhost"})


def test_the_switch_asks_the_servers_own_browser_too() -> None:
    assert host_access.request_is_local("127.0.0.1", {"host": "localhost"})
    assert not host_access.request_is_local("127.0.0.1", {"host": "localhost"}, password_always=True)
    assert not host_access.request_is_local("::1", {}, password_always=True)


@pytest.mark.parametrize("peer", ["127.0.1.1", "127.0.0.1", "::1"])
@pytest.mark.parametrize("host", ["debian", "debian:8080", "DEBIAN.:8080", "debian.home.arpa:8080"])
def test_the_machines_own_host_name_opens_it(peer: str, host: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 47: the server's own browser at ``http://<hostname>:8080/host`` (Debian maps the name to 127.0.1.1) got
    the password form. Its own host name, with or without its domain, names this machine; other names do not."""
    monkeypatch.setattr(host_access.socket, "gethostname", lambda: "debian.home.arpa")
    assert host_access.own_host_names() == {"debian.home.arpa", "debian"}
    assert host_access.request_is_local(peer, {"host": host})
    assert not host_access.request_is_local(peer, {"host": host, "x-forwarded-for": "127.0.0.1"})
    assert not host_access.request_is_local("192.168.1.30", {"host": host})
    for other in ("debian.evil.example", "evil.example", "debian-2:8080", "home.arpa"):
        assert not host_access.request_is_local(peer, {"host": other}), other


def test_a_local_host_name_is_never_trusted(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``.local`` name is answered by anyone on the network (mDNS): it asks for the password."""
    monkeypatch.setattr(host_access.socket, "gethostname", lambda: "cardnight.local")
    assert host_access.own_host_names() == {"cardnight"}
    assert not host_access.request_is_local("127.0.0.1", {"host": "cardnight.local:8080"})
    monkeypatch.setattr(host_access.socket, "gethostname", lambda: "localhost")
    assert host_access.own_host_names() == frozenset()
