"""Problem reports, one file each: ``<data_dir>/reports/<ID>.json``.

A report keeps what a player wrote and everything needed to replay the table exactly to the moment they wrote
it: the game, its options, the seed and the action log up to then, the seat that reported, the app version and
the browser. Files are validated with pydantic on load (``schema`` field); a damaged one is skipped with a log
line, never a crash.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import tomllib
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from logic.messages import Refused, t_msg, verbatim
from storage.atomic_json import atomic_write_text

log = logging.getLogger("cardnight.storage")

SCHEMA = 1
ID_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
ID_RE = re.compile(r"R[A-Z0-9]{8}")
WORDS_LIMIT = 2000
AGENT_LIMIT = 400
MAX_REPORTS = 1000  # a full folder refuses new reports (the host deletes old ones in the console)
PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


@cache
def app_version() -> str:
    """The version in pyproject.toml ("0.1.0"), or "unknown"."""
    try:
        return str(tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["version"])
    except (OSError, ValueError, KeyError):
        return "unknown"


class Report(BaseModel):
    """One problem report. ``log`` is the table's action log up to the report: ``[[seat, action_json], ...]``."""

    model_config = ConfigDict(populate_by_name=True)
    schema_: int = Field(SCHEMA, alias="schema")
    id: str
    created_at: datetime
    words: str = Field(max_length=WORDS_LIMIT)
    code: str
    game: str
    options: dict[str, Any]
    seed: int
    log: list[tuple[int, dict[str, Any]]]
    seat: int | None
    players: list[dict[str, Any]] = []
    app_version: str
    user_agent: str = Field("", max_length=AGENT_LIMIT)

    @field_validator("schema_")
    @classmethod
    def _schema(cls, v: int) -> int:
        if v != SCHEMA:
            raise ValueError(f"unsupported schema version {v!r}")
        return v

    def dump(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True)


def is_report_id(value: object) -> bool:
    return isinstance(value, str) and ID_RE.fullmatch(value) is not None


class ReportStore:
    """Saves, lists, loads and deletes reports; a file that does not validate is logged once and skipped."""

    def __init__(self, data_dir: Path, *, fsync: bool = True) -> None:
        self.dir = Path(data_dir) / "reports"
        self._fsync = fsync
        self._reported: set[str] = set()

    def path(self, report_id: str) -> Path:
        if not is_report_id(report_id):
            raise ValueError(f"invalid report id: {report_id!r}")
        return self.dir / f"{report_id}.json"

    def add(self, *, words: str, code: str, game: str, options: dict[str, Any], seed: int, log: list[Any],
            seat: int | None, players: list[dict[str, Any]], user_agent: str, now: datetime | None = None) -> Report:
        """Validate and store a new report; :class:`Refused` (a ``ValueError``) with the reason for the person if it
        cannot be kept."""
        words = words.strip()
        if not words:
            raise Refused(t_msg("Write a few words about what went wrong first."))
        if len(words) > WORDS_LIMIT:
            raise Refused(t_msg("That is too long: {n} characters at most.", n=WORDS_LIMIT))
        if self.dir.exists() and sum(1 for _ in self.dir.glob("R*.json")) >= MAX_REPORTS:
            raise Refused(t_msg("The report box is full. Tell the person who runs Card Night."))
        report_id = "R" + "".join(secrets.choice(ID_ALPHABET) for _ in range(8))
        try:
            report = Report(id=report_id, created_at=now or datetime.now(UTC), words=words, code=code, game=game,
                            options=dict(options), seed=seed, log=[(int(s), dict(a)) for s, a in log], seat=seat,
                            players=players, app_version=app_version(), user_agent=user_agent[:AGENT_LIMIT])
        except ValidationError as exc:
            raise Refused(t_msg("The report could not be made: {why}",
                                why=verbatim(str(exc.errors()[0].get("msg"))))) from None
        self.dir.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self.path(report_id), json.dumps(report.dump(), separators=(",", ":")),
                          fsync=self._fsync)
        return report

    def get(self, report_id: str) -> Report | None:
        """The report, or None if there is none or its file is damaged (logged)."""
        if not is_report_id(report_id):
            return None
        return self._read(self.path(report_id))

    def all(self) -> list[Report]:
        """Every readable report, newest first."""
        if not self.dir.exists():
            return []
        found = [r for p in sorted(self.dir.glob("R*.json")) if (r := self._read(p)) is not None]
        return sorted(found, key=lambda r: r.created_at, reverse=True)

    def delete(self, report_id: str) -> bool:
        """Remove a report; False if there was none."""
        if not is_report_id(report_id):
            return False
        try:
            self.path(report_id).unlink()
            return True
        except FileNotFoundError:
            return False

    def _read(self, path: Path) -> Report | None:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            report = Report.model_validate(data)
            if report.id != path.stem:
                raise ValueError(f"report id {report.id!r} does not match its file")
            return report
        except FileNotFoundError:
            return None
        except (OSError, ValueError, TypeError) as exc:  # ValidationError is a ValueError
            if path.name not in self._reported:
                self._reported.add(path.name)
                log.warning("Skipping unreadable report %s: %s", path, str(exc).splitlines()[0])
            return None
