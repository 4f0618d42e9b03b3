"""docs/cardnight.service runs what the README tells people to run (./start.sh with options main.py accepts), as a
user of its own, with the data directory systemd makes for it, restarting on failure; the README links the guide.
start.sh on a fresh clone: one line while it installs, pip's output only when that fails, --help without installing,
and a one-line fix when Python is missing, too old or has no venv module."""

from __future__ import annotations

import configparser
import os
import re
import shlex
import shutil
import subprocess
import sys
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


def test_main_and_the_network_module_agree_on_the_default_name() -> None:
    from main import DEFAULT_NAME
    from ui.net.mdns import DEFAULT_NAME as MDNS_DEFAULT

    assert DEFAULT_NAME == MDNS_DEFAULT == parse_args([]).name


# --- start.sh, run from a copy in a temporary folder with fake Pythons on PATH (nothing is installed for real)

FAKE_PYTHON = """#!/bin/sh
# python3 as start.sh sees it: FAKE_VERSION, FAKE_NO_VENV; "-m venv" makes a .venv with the fake venv python
case "$*" in
  *version_info*) echo "${FAKE_VERSION:-3.11}" ;;
  *ensurepip*) [ -z "$FAKE_NO_VENV" ] ;;
  "-m venv .venv") mkdir -p .venv/bin && cp "$FAKE_VENV_PYTHON" .venv/bin/python && chmod +x .venv/bin/python ;;
  *) echo "unexpected: python3 $*" >&2; exit 2 ;;
esac
"""
FAKE_VENV_PYTHON = """#!/bin/sh
# .venv/bin/python: pip is noisy (and fails with FAKE_PIP_FAILS); main.py says how it was started
case "$*" in
  *"import nicegui"*) [ -e .venv/pip-done ] ;;
  "-m pip install"*" -e .")
    echo "SetuptoolsDeprecationWarning: a long warning nobody needs to read"
    if [ -n "$FAKE_PIP_FAILS" ]; then echo "ERROR: No matching distribution found for nicegui"; exit 1; fi
    touch .venv/pip-done ;;
  "-m pip install"*) echo "Requirement already satisfied: pip" ;;
  main.py*) echo "started: $*" ;;
  *) echo "unexpected: .venv/bin/python $*" >&2; exit 2 ;;
esac
"""


def start_sh(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    app, bin_dir = tmp_path / "app", tmp_path / "bin"
    if not app.exists():
        app.mkdir()
        bin_dir.mkdir()
        shutil.copy(ROOT / "start.sh", app / "start.sh")
        shutil.copy(ROOT / "pyproject.toml", app / "pyproject.toml")
        (app / "main.py").symlink_to(ROOT / "main.py")
        for name, text in (("python3", FAKE_PYTHON), ("venv-python", FAKE_VENV_PYTHON)):
            (bin_dir / name).write_text(text)
            (bin_dir / name).chmod(0o755)
    environ = {"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(tmp_path),
               "FAKE_VENV_PYTHON": str(bin_dir / "venv-python"), **env}
    return subprocess.run(["bash", str(app / "start.sh"), *args], env=environ, capture_output=True, text=True,
                          timeout=60)


def test_start_sh_help_lists_main_options_on_a_fresh_clone(tmp_path: Path) -> None:
    bare = tmp_path / "bare-python"  # the real Python without any installed package (-S: no site-packages)
    bare.mkdir()
    (bare / "python3").write_text(f'#!/bin/sh\nexec "{sys.executable}" -S "$@"\n')
    (bare / "python3").chmod(0o755)
    main_help = subprocess.run([sys.executable, "main.py", "--help"], cwd=ROOT, capture_output=True, text=True,
                               env={"PATH": "/usr/bin:/bin", "COLUMNS": "100"}, check=True).stdout
    done = start_sh(tmp_path, "--help", PYTHON=str(bare / "python3"), COLUMNS="100")
    assert done.returncode == 0, done.stderr
    assert main_help in done.stdout and "--data-dir" in done.stdout and "--no-mdns" in done.stdout
    assert done.stdout.startswith("./start.sh [options]")
    assert not (tmp_path / "app" / ".venv").exists()  # --help installs nothing


def test_start_sh_says_in_one_line_when_python_is_too_old_or_missing_or_has_no_venv(tmp_path: Path) -> None:
    for env, words in (({"FAKE_VERSION": "3.9"}, ("3.11 or newer", "is 3.9", "sudo apt-get install python3.11")),
                       ({"PYTHON": "python3-not-here"}, ("3.11 or newer", "not installed", "sudo apt-get install")),
                       ({"FAKE_NO_VENV": "1"}, ("venv module", "sudo apt-get install python3.11-venv"))):
        done = start_sh(tmp_path, **env)
        assert done.returncode == 1 and done.stdout == "", env
        assert len(done.stderr.splitlines()) == 1 and all(w in done.stderr for w in words), done.stderr
        assert not (tmp_path / "app" / ".venv").exists()


def test_start_sh_installs_quietly_then_starts_with_the_options(tmp_path: Path) -> None:
    first = start_sh(tmp_path, "--port", "9000")
    assert first.returncode == 0 and first.stderr == "", first.stderr
    assert first.stdout.splitlines() == ["Installing Card Night into .venv — first run, about a minute…",
                                         "started: main.py --port 9000"]  # no pip or setuptools noise
    app = tmp_path / "app"
    assert (app / ".venv" / ".installed").exists() and not (app / ".install.log").exists()
    again = start_sh(tmp_path)
    assert again.stdout.splitlines() == ["started: main.py"]  # installed: straight to the server
    (app / "pyproject.toml").touch()
    os.utime(app / ".venv" / ".installed", (0, 0))  # the dependencies changed since the install
    assert start_sh(tmp_path).stdout.splitlines()[0] == "Updating Card Night's packages in .venv, about a minute…"


def test_start_sh_shows_pips_whole_output_when_installing_fails(tmp_path: Path) -> None:
    done = start_sh(tmp_path, FAKE_PIP_FAILS="1")
    assert done.returncode == 1
    assert done.stdout.splitlines() == ["Installing Card Night into .venv — first run, about a minute…"]
    assert "SetuptoolsDeprecationWarning" in done.stderr and "No matching distribution found for nicegui" in done.stderr
    assert done.stderr.splitlines()[-1].startswith("Installing failed")
    assert "No matching distribution" in (tmp_path / "app" / ".install.log").read_text()
