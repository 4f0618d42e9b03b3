"""No English text handed straight to a NiceGUI element (issue 51): the browser walks in the pseudo-language
(tests/e2e/test_pseudo_language.py) read the screens they reach, and this reads the code for the ones they do not
(a closed table, a refused code, an error only a full disk brings).

Every call in ``ui/`` that puts a text on a page — ``ui.label("…")``, ``ui.button("…")``, ``ui.notify("…")``,
``.tooltip("…")``, ``frame("…")``, a ``label=``/``placeholder=``/``title=`` keyword, an ``aria-label``, ``title``,
``placeholder`` or ``data-reason`` (why a control is disabled, in words) in ``.props("…")`` — fails when it is given
a string literal (or an f-string's literal part) with a word of three letters or more, unless the text is one of
:data:`KEPT`. A text that goes through ``_()``, ``ngettext()``, ``pgettext()`` or ``tr()`` is a call, not a literal,
and passes; a text kept in a constant is marked with ``N_()`` and translated where it is shown, which the walks
check.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEXT_CALLS = {"label", "button", "notify", "tooltip", "chip", "badge", "link", "markdown", "html", "checkbox",
              "switch", "expansion", "tab", "page_title", "item_label", "frame", "not_found_page", "input", "textarea",
              "select", "number", "toggle", "radio", "set_text", "menu_item", "upload"}
NAME_FIRST = {"tab"}  # (``ui.tab(name, label)``: the name is not shown)
TEXT_KEYWORDS = {"text", "label", "placeholder", "title", "hint", "caption", "content"}
TEXT_PROPS = re.compile(r"""(?:aria-label|title|placeholder|label|hint|alt|data-reason)"""
                        r"""=(?:"([^"]*)"|'([^']*)'|(\S+))""")
WORD = re.compile(r"[A-Za-z]{3,}")
# words rightly kept as they are: the brand; a link code's shape (letters, the same in every language)
KEPT = ("Card Night", "ABCD-EFGH")
SKIPPED_FILES = {"ui/pages/api_docs.py"}  # English on purpose: for programmers (docs/architecture.md, "Languages")


def literal_words(node: ast.expr) -> str:
    """The words a literal (or an f-string's literal parts) puts on the page; "" for anything computed."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return " ".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    if isinstance(node, ast.IfExp):
        return f"{literal_words(node.body)} {literal_words(node.orelse)}"
    return ""


def drop_kept(text: str) -> str:
    for word in KEPT:
        text = text.replace(word, "")
    return text


def called_name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def plain_texts(path: Path, root: Path = ROOT) -> list[str]:
    """``file:line: text`` for each English literal put on a page in the file (named from ``root``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = called_name(node)
        texts: list[str] = []
        if name in TEXT_CALLS and node.args and name not in NAME_FIRST:
            texts.append(literal_words(node.args[0]))
        if name in TEXT_CALLS:
            texts += [literal_words(k.value) for k in node.keywords if k.arg in TEXT_KEYWORDS]
        if name == "props" and node.args:
            props = literal_words(node.args[0])
            texts += ["".join(m.groups(default="")) for m in TEXT_PROPS.finditer(props)]
        for text in texts:
            if WORD.search(drop_kept(text)):
                found.append(f"{path.relative_to(root)}:{node.lineno}: {text!r}")
    return found


def test_no_english_literal_reaches_a_page() -> None:
    files = [p for p in sorted((ROOT / "ui").rglob("*.py")) if str(p.relative_to(ROOT)) not in SKIPPED_FILES]
    assert len(files) > 100
    found = [line for path in files for line in plain_texts(path)]
    assert not found, "texts that do not pass through a catalogue:\n" + "\n".join(found)


def test_the_check_finds_a_plain_text(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('ui.label("This table has closed.")\nui.button(_("Back"))\nui.label("Card Night")\n'
                      'x.props(\'aria-label="Close the chat" data-testid=chat-box color=primary\')\n'
                      'ui.label(f"{n} · {m}")\nui.notify(f"Saved {name}.")\n', encoding="utf-8")
    assert plain_texts(sample, tmp_path) == ["sample.py:1: 'This table has closed.'", "sample.py:4: 'Close the chat'",
                                             "sample.py:6: 'Saved  .'"]
