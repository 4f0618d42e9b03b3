"""The pages load a prebuilt assets/tailwind.css (tools/build_tailwind.sh), not Tailwind's in-browser compiler.

A class written in ui/ that no stylesheet defines would silently do nothing, so every class named in a
``.classes(...)`` call must be defined by that file, by our own stylesheets or by Quasar/NiceGUI.
"""

from __future__ import annotations

import re
from pathlib import Path

import nicegui

from ui.components.card_faces import faces_css

ROOT = Path(__file__).resolve().parents[2]
STATIC = Path(nicegui.__file__).parent / "static"
CLASSES_CALL = re.compile(r"\.classes\((?:(?:add|replace|remove)=)?\s*f?([\"'])(.*?)\1")
# names that only scripts, tests or descendant selectors use, not styled themselves
UNSTYLED = {"bn-board", "panel-head", "panel-piles", "region", "rm-scores", "sp-others"}


def used_classes() -> dict[str, str]:
    """Every class token in a literal passed to ``.classes``, with one file that uses it."""
    out: dict[str, str] = {}
    for path in sorted((ROOT / "ui").rglob("*.py")):
        for match in CLASSES_CALL.finditer(path.read_text()):
            for token in match.group(2).split():
                if "{" not in token:
                    out.setdefault(token, path.name)
    return out


def defined_selectors() -> str:
    sheets = [ROOT / "assets" / "tailwind.css", *sorted((ROOT / "assets").glob("*.css")),
              STATIC / "quasar.unimportant.prod.css", STATIC / "quasar.important.prod.css", STATIC / "nicegui.css"]
    return "\n".join(p.read_text() for p in sheets) + faces_css()


def css_escape(token: str) -> str:
    return re.sub(r"([:/.\[\]%()#,!])", r"\\\1", token)


def test_the_prebuilt_stylesheet_is_there_and_is_tailwind() -> None:
    css = (ROOT / "assets" / "tailwind.css").read_text()
    assert css.startswith("/*! tailwindcss v4.")
    assert ".w-full{" in css and ".gap-2{" in css  # classes used on every page


def test_every_class_used_in_ui_is_defined_somewhere() -> None:
    css = defined_selectors()
    used = used_classes()
    assert len(used) > 50  # the scan finds the classes
    missing = {token: where for token, where in used.items()
               if token not in UNSTYLED and not re.search(r"\." + re.escape(css_escape(token)) + r"(?![\w-])", css)}
    assert not missing, f"classes no stylesheet defines (run tools/build_tailwind.sh?): {missing}"


def test_the_check_sees_a_missing_class() -> None:
    css = defined_selectors()
    assert not re.search(r"\." + re.escape(css_escape("gap-937")) + r"(?![\w-])", css)
    assert re.search(r"\." + re.escape(css_escape("max-w-5xl")) + r"(?![\w-])", css)
