"""A backup of the whole data directory as one ``.zip``, taken while tables are being played.

Table files are replaced whole (write a temporary file, then rename), and only the table writer writes them. While
the writer is held (:meth:`storage.writer.TableWriter.hold`) every table file is hard-linked into a staging folder
next to the data (same disk, so a link costs microseconds and no bytes): a link keeps the very file it points at
even when the writer replaces the table's file a moment later, so each table in the zip is one whole record. The
hold lasts only as long as the linking; the rest of the data directory (finished games, their reviews, profiles,
reports, NiceGUI's storage, the secrets) is copied afterwards, and everything is zipped after the hold is released.

To restore: stop the server, unzip the file into an empty folder and start with ``--data-dir`` that folder.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import shutil
import zipfile
from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path

from storage.folder_lock import LOCK_NAME

log = logging.getLogger("cardnight.storage")

STAGING_PREFIX = ".backup-"
HELD_DIRS = ("tables",)  # written by the table writer: linked while it is held
SKIP_SUFFIXES = (".tmp",)  # half-written temporary files of atomic writes
SKIP_NAMES = (LOCK_NAME,)  # the running server's lock: a restored folder is nobody's yet


def _files(root: Path) -> Iterator[Path]:
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(STAGING_PREFIX))
        for name in sorted(filenames):
            if not name.endswith(SKIP_SUFFIXES) and name not in SKIP_NAMES:
                yield Path(dirpath) / name


def _link_or_copy(src: Path, dst: Path) -> bool:
    dst.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(src, dst)
    except FileNotFoundError:  # deleted meanwhile (a table that expired): nothing to keep
        return False
    except OSError:  # a file system without hard links
        try:
            shutil.copy2(src, dst)
        except FileNotFoundError:
            return False
    return True


def _copy_settled(src: Path, dst: Path, tries: int = 3) -> bool:
    """Copy a file not written by the table writer (e.g. NiceGUI's storage, rewritten in place): a JSON file is
    copied again if the copy does not parse (it was caught mid-write)."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    for _ in range(tries):
        try:
            shutil.copy2(src, dst)
        except FileNotFoundError:
            return False
        if src.suffix != ".json":
            return True
        try:
            json.loads(dst.read_text(encoding="utf-8") or "{}")
            return True
        except (ValueError, UnicodeDecodeError):
            continue
    log.warning("Backup: %s kept changing; its copy may be incomplete", src)
    return True


def make_backup(data_dir: Path, out: Path, hold: AbstractContextManager[object]) -> int:
    """Write the zip of ``data_dir`` to ``out`` (outside the data directory); ``hold`` is entered while table
    files are linked. Returns the number of files in the zip."""
    data_dir = Path(data_dir).resolve()
    staging = data_dir / f"{STAGING_PREFIX}{secrets.token_hex(6)}"
    staging.mkdir()
    try:
        kept: list[Path] = []
        with hold:
            for top in HELD_DIRS:
                for src in _files(data_dir / top):
                    rel = src.relative_to(data_dir)
                    if _link_or_copy(src, staging / rel):
                        kept.append(rel)
        held = set(kept)
        for src in _files(data_dir):
            rel = src.relative_to(data_dir)
            if rel.parts[0] in HELD_DIRS or rel in held:
                continue
            if _copy_settled(src, staging / rel):
                kept.append(rel)
        tmp = out.with_name(out.name + ".part")
        with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
            for rel in sorted(kept):
                zf.write(staging / rel, rel.as_posix())
        os.replace(tmp, out)
        return len(kept)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def dir_size(root: Path) -> int:
    """Bytes used by the files under ``root`` (backup staging folders left out)."""
    total = 0
    for path in _files(Path(root)):
        try:
            total += path.stat().st_size
        except OSError:
            pass
    return total


def remove_stale_staging(data_dir: Path) -> None:
    """Staging folders left by a backup the server was killed in the middle of."""
    for path in Path(data_dir).glob(f"{STAGING_PREFIX}*"):
        if path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
