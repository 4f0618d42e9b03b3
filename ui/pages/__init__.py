"""Page registration."""

from __future__ import annotations

from pathlib import Path

ASSETS = Path(__file__).resolve().parents[2] / "assets"


def register_pages() -> None:
    """Every page and route, the static assets and the stylesheets every page shares."""
    # lazy: the pages load when the app registers them (main.py, after NiceGUI's storage path is set); importing
    # one page (as a test does) loads this package without all the others
    from nicegui import app, run, ui

    from ui import nicegui_internals
    from ui.components.card_faces import faces_version
    from ui.guards import frame_guard, socket_guard
    from ui.pages import (
        api_docs,
        files,
        home,
        host,
        host_report,
        link,
        new,
        night,
        night_api,
        night_tv,
        practice,
        profile,
        replay,
        rules,
        stats,
        test_hooks,
        tv,
    )
    from ui.seat_api import routes as seat_api
    from ui.server import upkeep
    from ui.server.runtime import runtime
    from ui.shell import save_notice
    from ui.table import entry as table_entry
    from ui.table.rule_examples import EXAMPLE_CSS

    nicegui_internals.install()
    nicegui_internals.serve_islands()  # islands.js (a Region box re-renders on its own), before /assets is mounted
    # workers for the searching computer players start fresh (the server has threads: forking it is unsafe)
    run.process_pool_start_method = "spawn"
    app.add_static_files("/assets", str(ASSETS))
    # Quasar's loading bar (role=progressbar while a request runs) gets a name: axe-core's aria-progressbar-name
    app.config.quasar_config.setdefault("loadingBar", {})["aria-label"] = "Loading"
    # tailwind.css is prebuilt (tools/build_tailwind.sh): Tailwind's in-browser compiler rebuilt the styles on
    # every change of every page
    ui.add_head_html('<link rel="stylesheet" href="/assets/tailwind.css">'
                     '<link rel="stylesheet" href="/assets/cardnight.css">'
                     f'<link rel="stylesheet" href="/cards/faces.css?v={faces_version()}">', shared=True)
    # motion.js: cards travel to where they land (FLIP), hooked where islands.js sees a change arrive
    ui.add_body_html('<script defer src="/assets/motion.js"></script>', shared=True)
    # press_target.js: a tap goes to the card or button it pressed, also when a redraw moved it before the release
    ui.add_body_html('<script defer src="/assets/press_target.js"></script>', shared=True)
    # touch_drag.js: a finger drags cards like a mouse does (the same drag handlers, drop targets and highlights)
    ui.add_body_html('<script defer src="/assets/touch_drag.js"></script>', shared=True)
    # alerts.js: "● Your turn" in the tab title, a dot on the favicon and a vibration when the page is not looked at
    ui.add_body_html('<script defer src="/assets/alerts.js"></script>', shared=True)
    # touch_tips.js: a tooltip a tap opened closes by itself (no mouseleave follows a tap)
    ui.add_body_html('<script defer src="/assets/touch_tips.js"></script>', shared=True)
    ui.add_head_html('<link rel="stylesheet" href="/assets/review.css">', shared=True)  # reviews, play from here
    ui.add_head_html(EXAMPLE_CSS, shared=True)  # the rules' step-by-step examples (pages and table dialogs)
    files.register()  # card faces and shared scorecards
    socket_guard.install()
    frame_guard.install()  # no page in another site's frame (X-Frame-Options, frame-ancestors)
    save_notice.install()  # pages hear when saving starts or stops failing
    upkeep.install(runtime().hub)  # pages that never connect, forgotten browsers, idle tables (ui/server/upkeep.py)

    home.register()
    new.register()
    practice.register()  # /practice/<CODE>: play from a step of a finished game
    profile.register()
    rules.register()
    table_entry.register()  # /table/<CODE>
    link.register()  # link a device, stats and history, shared scorecards
    stats.register()
    seat_api.register()  # the seat API under /api/v1
    api_docs.register()  # /docs, /redoc and /openapi.json, served without internet
    replay.register()  # replays, reports, the host console
    host.register()
    host_report.register()
    tv.register()  # /tv/<CODE>: the table on a screen across the room
    night.register()  # /night/<CODE>: a game night's standings, tables and next game
    night_tv.register()  # /tv/night/<CODE>: the night's standings on a TV
    night_api.register()  # GET /api/v1/nights/<CODE>: the night as JSON
    test_hooks.register()  # only with CARDNIGHT_TEST_HOOKS=1
