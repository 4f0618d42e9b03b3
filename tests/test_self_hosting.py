"""docs/cardnight.service runs what the README tells people to run (./start.sh with options main.py accepts), as a
user of its own, with the data directory systemd makes for it, restarting on failure; the README links the guide."""

from __future__ import annotations

import configparser
import re
import shlex
from pathlib import Path

from main import parse_args

ROOT = Path(__file__).resolve().parents[1]


def unit() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive in systemd
    parser.read_string((ROOT / "docs" / "cardnight.service").read_text())
    return parser


def test_exec_start_runs_the_readme_command_with_options_main_accepts() -> None:
    service = unit()["Service"]
    readme = (ROOT / "README.md").read_text()
    start = re.search(r"```bash\n(\./start\.sh)\n```", readme)
    assert start, "the README's start command"
    command = shlex.split(service["ExecStart"])
    workdir = Path(service["WorkingDirectory"])
    assert Path(command[0]) == workdir / Path(start.group(1)).name  # ./start.sh, from the code's folder
    assert (ROOT / start.group(1)).is_file()
    args = parse_args(command[1:])  # start.sh passes its arguments on to main.py
    assert args.data_dir == f"/var/lib/{service['StateDirectory']}"  # the directory systemd makes for the user
    assert args.port == 8080


def test_a_dedicated_user_restart_on_failure_and_a_link_from_the_readme() -> None:
    service = unit()["Service"]
    assert service["User"] == service["Group"] == "cardnight"
    assert service["Restart"] == "on-failure"
    assert unit()["Install"]["WantedBy"] == "multi-user.target"
    readme = (ROOT / "README.md").read_text()
    assert "(docs/self-hosting.md)" in readme
    guide = (ROOT / "docs" / "self-hosting.md").read_text()
    assert "cardnight.service" in guide and "storage_secret.txt" in guide
