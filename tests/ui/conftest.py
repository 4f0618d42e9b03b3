"""Fixtures for the NiceGUI `user` tests. (Each test starts the app afresh, with a fresh runtime: the hub, the
join-code guard and the rest of the server's state.)"""

from collections.abc import Callable

import pytest
from nicegui.testing import User


@pytest.fixture
def user(user: User) -> User:
    """A browser on the server's own machine names it "localhost" (the simulated client's default name is "test",
    which the host console rightly treats as another host)."""
    user.http_client.headers["host"] = "localhost"
    return user


@pytest.fixture
def create_user(create_user: Callable[[], User]) -> Callable[[], User]:
    def make() -> User:
        made = create_user()
        made.http_client.headers["host"] = "localhost"
        return made
    return make
