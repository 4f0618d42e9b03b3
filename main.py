"""Card Night: start the server. This file only wires the pieces together."""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DEFAULT_NAME = "cardnight"  # the network name (ui/net/mdns.py has the same; tests/test_self_hosting.py checks)


def network_name(text: str) -> str:
    """``--name``, checked by ui/net/mdns.py. Imported here, not at the top, so ``--help`` needs no installed package:
    ``./start.sh --help`` answers on a fresh clone before anything is installed."""
    from ui.net.mdns import host_label  # imports no NiceGUI: safe before the storage path is set

    return host_label(text)


def env_flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes", "on")


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Card Night: card games for friends on your home network.",
        epilog="Each option can also come from the environment: CARDNIGHT_HOST, CARDNIGHT_PORT, CARDNIGHT_DATA_DIR, "
               "CARDNIGHT_NAME.")
    parser.add_argument("--host", default=os.environ.get("CARDNIGHT_HOST", "0.0.0.0"),
                        help="address to listen on (default: all interfaces)")
    parser.add_argument("--port", type=int, default=int(os.environ.get("CARDNIGHT_PORT", "8080")),
                        help="port to listen on (default 8080)")
    parser.add_argument("--data-dir", default=os.environ.get("CARDNIGHT_DATA_DIR", "./data"),
                        help="where tables, stats and settings are kept (default ./data)")
    parser.add_argument("--seed", type=int, default=None,
                        help="fixed seed for new tables (tables get seed, seed+1, ...): for reproducible tests")
    parser.add_argument("--name", type=network_name, default=os.environ.get("CARDNIGHT_NAME", DEFAULT_NAME),
                        help="network name announced by multicast DNS: NAME.local (default cardnight)")
    parser.add_argument("--no-mdns", action="store_true", help="do not announce the name on the network")
    parser.add_argument("--console-password-always", action="store_true",
                        default=env_flag("CARDNIGHT_CONSOLE_PASSWORD_ALWAYS"),
                        help="the host console asks for its password on every browser, the server's own too "
                             "(behind a reverse proxy that cannot add X-Forwarded-For)")
    return parser.parse_args(argv)


FULL_COLLECTION_EVERY = 100  # middle-generation collections per full one (Python's default: 10)


def settle_memory() -> None:
    """Once started, keep the cycle collector off everything made so far (modules, routes, loaded tables): a full
    collection walked all of it and held the event loop for 100-200 ms every few seconds under play. Full
    collections still walk every open page's elements (40-70k objects, 25-150 ms), so they also run ten times
    less often; the cyclic garbage of redrawn parts is nearly all freed by the younger generations."""
    import gc

    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_EVERY)


def main() -> None:
    simulated = os.environ.get("NICEGUI_USER_SIMULATION") == "true"
    args = parse_args([] if simulated else sys.argv[1:])
    data_dir = Path(args.data_dir if not simulated else os.environ.get("CARDNIGHT_DATA_DIR") or tempfile.mkdtemp())
    from storage.disk_check import folder_problem, remove_leftovers
    from storage.folder_lock import FolderInUse, lock_folder

    problem = folder_problem(data_dir)  # an unwritable data folder: one clear line and a non-zero exit, no traceback
    if problem:
        sys.exit(problem)
    try:  # one server per data folder, held until this process ends (before anything in the folder is touched)
        lock_folder(data_dir, port=args.port, host=args.host)
    except FolderInUse as exc:
        sys.exit(str(exc))
    # NiceGUI's own storage lives in the data dir too, so one folder is the whole backup.
    os.environ.setdefault("NICEGUI_STORAGE_PATH", str((data_dir / "nicegui").resolve()))
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    remove_leftovers(data_dir)  # temporary files of writes that never finished (ours and NiceGUI's)

    from nicegui import app, ui  # imported after NICEGUI_STORAGE_PATH is set

    from storage.host_password import load_or_create_host_password
    from storage.secret import load_or_create_secret
    from ui.guards.connection_guard import server_options
    from ui.guards.socket_guard import MAX_MESSAGE
    from ui.net import mdns
    from ui.net.lan import base_urls
    from ui.nicegui_internals import cancel_background_tasks, run_first_at_shutdown
    from ui.pages import register_pages
    from ui.server.compression import light_gzip
    from ui.server.runtime import Runtime, build_hub, set_runtime
    from ui.shell.session_cookie import use_tolerant_signer

    hub = build_hub(data_dir, inline_bots=simulated)  # the live-table server's parts, wired (ui/server/runtime.py)
    hub.load()
    rt = Runtime(hub=hub, data_dir=data_dir, host=args.host, port=args.port, seed=args.seed,
                 console_password_always=args.console_password_always)
    set_runtime(rt)
    register_pages()
    app.on_startup(use_tolerant_signer)  # a browser keeps its seat when the host's clock steps back
    app.on_startup(hub.start_ticker)  # every table's timeouts, computer moves and lobby expiry, on the monotonic clock
    app.on_startup(hub.reviews.start)  # finished games are reviewed in the worker pool (ui/server/reviews.py)
    if not simulated:  # (a test process starts the app many times: freezing there would keep every test's garbage)
        app.on_startup(settle_memory)
    app.on_shutdown(hub.save_all)
    run_first_at_shutdown(cancel_background_tasks)  # each ended, however often it takes a cancel (then NiceGUI's)
    run_first_at_shutdown(hub.stop)  # before NiceGUI cancels its tasks: no new moves meanwhile

    announcer = None if simulated or args.no_mdns else mdns.install(app, args.name, args.port, args.host)
    if announcer is not None:
        rt.mdns_url = lambda: announcer.url  # ``http://cardnight.local:8080`` while the name is announced
    if not simulated:
        print("\nCard Night is running. Open it on this machine or any device on your network:", flush=True)
        urls = base_urls(args.port, args.host)
        for url in urls:
            print(f"   {url}", flush=True)
        if announcer is not None and mdns.announced_addresses(args.host):
            print(f"   http://{announcer.host_name}:{args.port}  (the same, by name, on devices that know .local)",
                  flush=True)
        print(f"   (data kept in {data_dir.resolve()})", flush=True)
        where = "on every browser" if args.console_password_always else "from another device or through a proxy"
        print(f"   Host console: {urls[0] if urls else ''}/host — {where} it asks for the password "
              f"{load_or_create_host_password(data_dir)}\n", flush=True)
    ui.run(host=args.host, port=args.port, title="Card Night", favicon="🂡", reload=False, show=False,
           storage_secret=load_or_create_secret(data_dir), reconnect_timeout=10.0, language="en-US",
           tailwind=False,  # pages load the prebuilt assets/tailwind.css instead of compiling styles in the browser
           ws_per_message_deflate=False,  # on a home network compressing every update only costs both ends CPU
           gzip_middleware_factory=light_gzip,  # pages and answers compressed at level 1 (ui/server/compression.py)
           ws_max_size=MAX_MESSAGE,  # a bigger socket message closes its socket unread (ui/guards/socket_guard.py)
           # FastAPI's /docs and /redoc load their viewers from a CDN: ui/pages/api_docs.py serves its own
           fastapi_docs=False,
           # a restart does not wait for guesses queued by the join-code slow-down (ui/guards/code_guard.py)
           timeout_graceful_shutdown=3,
           **server_options(rt.connection_guard))  # slow requests time out, connections capped (connection_guard.py)


if __name__ == "__main__":
    main()
