"""Playwright end-to-end set-up: Debian's Chromium, and the real server in a subprocess."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


# Debian's headless shell when installed (what test.sh installs: the same Chromium without a window system, about
# 15% less CPU on this suite), else its full browser
DEFAULT_CHROMIUM = next((p for p in ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium") if os.path.exists(p)),
                        "/usr/bin/chromium")



def chromium_executable() -> str:
    """The Chromium the tests and benches launch: ``CHROMIUM_PATH`` when set, else Debian's."""
    return os.environ.get("CHROMIUM_PATH") or DEFAULT_CHROMIUM


MOTION = {"reduced_motion": "no-preference"}  # a page with motion on, as most players have it


class CalmBrowser:
    """The session's Chromium, whose new pages ask for reduced motion unless a test asks otherwise (``**MOTION``).

    For players, cards fly from where they were (assets/motion.js) and highlights pulse; drawn in software, that was
    about a third of the browser's CPU in this suite, which is bound by CPU on two cores. Reduced motion is a setting
    players have too (their system's, or "Animations" off on /profile). The tests of motion and of taps landing in
    the middle of it run with motion on: test_motion, test_tv, test_tap_during_redraw and test_press_target."""

    def __init__(self, browser: Browser) -> None:
        self._browser = browser

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)

    def new_context(self, **options: Any) -> BrowserContext:
        return self._browser.new_context(**{"reduced_motion": "reduce", **options})

    def new_page(self, **options: Any) -> Page:
        return self._browser.new_page(**{"reduced_motion": "reduce", **options})


@pytest.fixture(scope="session")
def browser(browser: Browser) -> CalmBrowser:  # pytest-playwright's browser, wrapped
    return CalmBrowser(browser)


QUICK_SERVER_ENV = {"CARDNIGHT_REVIEW_BUDGET": "8", "CARDNIGHT_WARM_POOL": "0"}
# A test server's caps on new tables and page views are far off: a module's shared server (or a bench's) makes many
# tables and pages from one address and browser. The environment wins: tests/e2e/test_abuse_limits.py sets its own.
FAR_CAPS_ENV = {"CARDNIGHT_TABLES_PER_MINUTE": "10000", "CARDNIGHT_OPEN_TABLES_PER_ADDRESS": "100000",
                "CARDNIGHT_OPEN_TABLES_PER_BROWSER": "100000", "CARDNIGHT_PAGES_PER_SECOND": "10000",
                "CARDNIGHT_PAGES_BURST": "100000"}


@pytest.fixture(scope="session", autouse=True)
def _quick_reviews() -> Iterator[None]:
    """Servers started by browser tests review finished games with 8 sampled deals a decision instead of the full
    budget: the verdicts are rougher, the work is a fraction (the review runs in worker processes beside the tests on
    a machine that is bound by CPU). The review pages' own test sets the same; no browser test judges a verdict.
    Their worker pools start when work comes, not at the first game: most of these servers never review a game nor
    run a searching computer player, and a warmed worker is about a second of CPU."""
    saved = {key: os.environ.get(key) for key in QUICK_SERVER_ENV}
    for key, value in QUICK_SERVER_ENV.items():
        os.environ.setdefault(key, value)
    yield
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {**browser_type_launch_args, "executable_path": chromium_executable(), "args": CHROMIUM_ARGS}


def free_port() -> int:
    """A loopback port free now. Under pytest-xdist each worker draws from its own range below the kernel's
    ephemeral ports, so two workers never start servers on one port (nor meet a browser's outgoing port)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not worker.startswith("gw"):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            return s.getsockname()[1]
    low = 20000 + 2000 * (int(worker[2:]) % 6)
    for _ in range(200):
        port = random.randrange(low, low + 2000)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {low}-{low + 1999}")


class Server:
    """The app as a user starts it, on a free port with its own data directory."""

    def __init__(self, data_dir: Path, port: int, seed: int | None = None, host: str = "127.0.0.1",
                 extra_args: tuple[str, ...] = (), env: dict[str, str] | None = None) -> None:
        self.data_dir, self.port, self.seed, self.host, self.extra_args = data_dir, port, seed, host, extra_args
        self.env = env or {}  # the server's own environment on top of the run's (e.g. a test-only setting)
        self.root = ROOT  # the checkout it runs from (tests/bench/bench_actions.py runs older commits too)
        self.proc: subprocess.Popen | None = None
        self.log = data_dir.parent / f"server-{port}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = {**FAR_CAPS_ENV, **{k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"}, **self.env}
        cmd = [sys.executable, str(self.root / "main.py"), "--host", self.host, "--port", str(self.port),
               "--data-dir", str(self.data_dir), *self.extra_args]
        if self.seed is not None:
            cmd += ["--seed", str(self.seed)]
        self.proc = subprocess.Popen(cmd, cwd=self.root, env=env, stdout=self.log.open("ab"), stderr=subprocess.STDOUT)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}") from None
                time.sleep(0.2)
        raise RuntimeError("server did not start in 30 s")

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None

    def errors(self) -> list[str]:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return [line for line in text.splitlines() if " ERROR " in line or "Traceback" in line]


def serving(data_dir: Path) -> Iterator[Server]:
    """A server on a free port, stopped afterwards; what it logged as an error fails the test."""
    yield from running(Server(data_dir, free_port(), seed=1000))


def running(srv: Server) -> Iterator[Server]:
    """``srv`` started for a fixture and stopped after it; what it logged as an error fails the test."""
    srv.start()
    yield srv
    srv.stop()
    assert not srv.errors(), "server logged errors:\n" + "\n".join(srv.errors())


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    yield from serving(tmp_path / "data")


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for a whole module, for files whose tests each open their own table, never stop the server and
    end no game (a server start is about 1.5 s of CPU, and this suite is bound by CPU; but a finished game is
    reviewed by the server, which a shared server would go on doing under the next test). Such a module says
    ``server = shared_server_fixture()``; its errors are checked when the module ends."""
    yield from serving(tmp_path_factory.mktemp("shared") / "data")


def shared_server_fixture() -> Any:
    """A module's ``server`` fixture that is the module's one ``shared_server``."""

    @pytest.fixture(scope="module")
    def server(shared_server: Server) -> Server:
        return shared_server

    return server


@pytest.fixture(autouse=True)
def _close_pages_after_each_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """The browser lives for the whole run; the pages a test opened itself (browser.new_context / new_page) are
    closed when it ends, so they do not keep drawing and reconnecting to a stopped server under later tests.
    (Contexts of module-scoped fixtures exist before the test starts and are left to their fixture.)"""
    browser = request.getfixturevalue("browser") if "browser" in request.fixturenames else None
    before = set(browser.contexts) if browser is not None else set()
    yield
    if browser is not None:
        for context in browser.contexts:
            if context not in before:
                context.close()


# Seconds each of the slowest files takes (summed ``--durations=0`` of a whole browser phase on 4 workers, session 51;
# tap-during-redraw's after it tapped six times, not ten). On several workers a file runs on one worker
# (``--dist loadfile``) and files are handed out in collection order (test.sh turns off xdist's own reorder by test
# count, which put one-test files such as test_seat_api_games last): the longest first, so that no long file starts
# while the others have nothing left (longest-first keeps the workers' ends close). Files not named: after these.
SLOW_FILES = {
    "test_hidden_cards_ws.py": 178, "test_layout.py": 154, "test_tv.py": 146, "test_fit_in_every_language.py": 129,
    "test_seat_api_games.py": 120, "test_axe.py": 111, "test_president_friends.py": 107, "test_presence.py": 105,
    "test_abuse_limits.py": 94, "test_tap_during_redraw.py": 75, "test_pseudo_language.py": 73,
    "test_review_browser.py": 66, "test_house_moments.py": 65, "test_two_languages.py": 59,
    "test_beanie_friends.py": 57, "test_motion.py": 50, "test_stockpile_partners.py": 48, "test_rummy_friends.py": 40,
    "test_layout_languages.py": 46, "test_forged_input.py": 36, "test_clock_step.py": 34,
    "test_stockpile_solo.py": 33, "test_phone_layout.py": 33, "test_polish_game.py": 32, "test_night_browser.py": 32,
    "test_press_target.py": 31, "test_replay_browser.py": 30, "test_pass_for_trick.py": 29, "test_http_status.py": 28,
    "test_host_console_browser.py": 24, "test_steady_bars.py": 23, "test_rummy_privacy.py": 23,
    "test_rule_examples_phone.py": 21, "test_seat_api.py": 20,
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: -SLOW_FILES.get(Path(str(item.fspath)).name, 0))  # (stable: a file keeps its order)
