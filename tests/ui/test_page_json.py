"""A page's first answer is escaped for HTML by replaces, exactly as NiceGUI's ``translate`` would (and the test fails
when a NiceGUI upgrade moves what ui/nicegui_internals/page_json.py hooks into)."""

from __future__ import annotations

import inspect
import random
import re

from nicegui import ui
from nicegui.client import HTML_ESCAPE_TABLE, Client
from nicegui.testing import User

from ui.nicegui_internals import page_json

TRICKY = ["", "plain", "<script>alert(`$x` & 1)</script>", "&amp;&lt;", "$$``<<>>&&", "é 🂡 \u2028 \\u003c"]


def test_nicegui_still_escapes_the_elements_json_as_the_hook_expects() -> None:
    source = inspect.getsource(Client.build_response)
    assert "elements = json.dumps(" in source and "elements.translate(HTML_ESCAPE_TABLE)" in source
    assert page_json.replaces_for(HTML_ESCAPE_TABLE) is not None  # five text entries, "&" first works


def test_the_replaces_give_what_translate_gives() -> None:
    page_json.install()
    rng = random.Random(5)
    alphabet = "&<>`$;#a1 é\"'"
    samples = TRICKY + ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40))) for _ in range(500)]
    for text in samples:
        assert page_json.PageJson(text).translate(HTML_ESCAPE_TABLE) == text.translate(HTML_ESCAPE_TABLE), text
    other = str.maketrans({"a": "b"})
    assert page_json.PageJson("banana").translate(other) == "bbnbnb"  # any other table: as str does


def test_a_table_that_replaces_cannot_follow_is_left_to_translate() -> None:
    assert page_json.replaces_for(str.maketrans({"<": "&lt;", "&": "<"})) is None  # "&" → "<" then "<" again
    assert page_json.replaces_for(str.maketrans({"<": None})) is None
    assert [c for c, _ in page_json.replaces_for(str.maketrans({"<": "&lt;", "&": "&amp;"})) or []] == ["&", "<"]


async def test_a_page_with_every_escaped_character_reads_back_as_written(user: User) -> None:
    words = "<b>bold?</b> `tick` $5 & more"

    @ui.page("/escape-check")
    def page() -> None:
        ui.label(words).props("data-testid=escape-check")

    await user.open("/escape-check")
    await user.should_see(words)
    import nicegui.client

    assert isinstance(nicegui.client.json, page_json.ClientJson)  # the app's start put the hook in place
    html = (await user.http_client.get("/escape-check")).text
    raw = re.search(r"parseElements\(String\.raw`(.*?)`\)", html, re.S)
    assert raw is not None and "<b>" not in raw.group(1) and "`tick`" not in raw.group(1)
    assert "&lt;b&gt;bold?&lt;/b&gt; &#96;tick&#96; &#36;5 &amp; more" in raw.group(1)
