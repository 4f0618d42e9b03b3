"""A session cookie signed before the host's clock stepped back still names its browser (ui/shell/session_cookie.py).

Starlette's own signer turns such a cookie away (its age is negative), so a browser reloading in that time lost its
name and seats. The full-server check is tests/e2e/test_clock_step.py (a reload after the clock goes back)."""

from __future__ import annotations

import time

import itsdangerous
import pytest
from itsdangerous.exc import BadSignature, SignatureExpired
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware

from ui.nicegui_internals import pages as nicegui_internals
from ui.shell.session_cookie import ClockStepTolerantSigner

SECRET = "a secret of this server"
HOUR = 3600


def signed_at(signer: itsdangerous.TimestampSigner, when: float) -> bytes:
    """What ``signer`` signed at wall-clock time ``when``."""
    stamp = type(signer).get_timestamp
    try:
        type(signer).get_timestamp = lambda self: int(when)  # type: ignore[method-assign]
        return signer.sign(b"browser-id")
    finally:
        type(signer).get_timestamp = stamp  # type: ignore[method-assign]


def test_a_cookie_signed_an_hour_ahead_is_still_good() -> None:
    cookie = signed_at(ClockStepTolerantSigner(SECRET), time.time() + HOUR)  # signed, then the clock went back
    assert ClockStepTolerantSigner(SECRET).unsign(cookie, max_age=14 * 24 * HOUR) == b"browser-id"
    with pytest.raises(SignatureExpired):  # what Starlette's signer made of it: the browser lost its seat
        itsdangerous.TimestampSigner(SECRET).unsign(cookie, max_age=14 * 24 * HOUR)


def test_the_age_limit_and_the_signature_still_hold() -> None:
    signer = ClockStepTolerantSigner(SECRET)
    old = signed_at(signer, time.time() - 15 * 24 * HOUR)
    with pytest.raises(SignatureExpired):
        signer.unsign(old, max_age=14 * 24 * HOUR)
    assert signer.unsign(old) == b"browser-id"  # no limit asked: any age
    forged = signed_at(ClockStepTolerantSigner("another server's secret"), time.time())
    with pytest.raises(BadSignature):
        signer.unsign(forged, max_age=HOUR)
    value, when = signer.unsign(signed_at(signer, 1_000_000), return_timestamp=True)
    assert (value, int(when.timestamp())) == (b"browser-id", 1_000_000)


def test_the_running_apps_session_middleware_gets_the_signer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The walk down a built middleware stack finds Starlette's SessionMiddleware (as NiceGUI adds it) and keeps its
    secret: fails if a Starlette or NiceGUI upgrade hides the middleware or renames its signer."""
    app = Starlette(middleware=[Middleware(SessionMiddleware, secret_key=SECRET)])
    app.middleware_stack = app.build_middleware_stack()
    monkeypatch.setattr(nicegui_internals, "app", app)
    assert nicegui_internals.sign_session_cookies_with(ClockStepTolerantSigner) == 1
    layer = app.middleware_stack
    while not isinstance(layer, SessionMiddleware):
        layer = layer.app
    assert isinstance(layer.signer, ClockStepTolerantSigner)
    cookie = signed_at(itsdangerous.TimestampSigner(SECRET), time.time() + HOUR)
    assert layer.signer.unsign(cookie, max_age=layer.max_age) == b"browser-id"
