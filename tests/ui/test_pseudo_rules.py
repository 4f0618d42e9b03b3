"""The rules pages in the pseudo-language (issue 51; found by tests/bench/pseudo_walk.py): a game's rules document
and its examples' lines are accented like every other text, so a walk in ``en_XA`` lists only what escaped the
catalogues, not the document's hundreds of lines; the Markdown (headings, lists, tables, links) stays intact."""

from __future__ import annotations

import re

import pytest

from logic.registry import all_games
from tests.e2e.pseudo_texts import WORD
from ui.i18n.rules_docs import example_text, rules_markdown
from ui.i18n.viewer import speaking
from ui.table.rule_examples import examples_of

KEPT = re.compile(r"\]\([^)]*\)|`[^`]*`|<[^>]*>|\{[^{}]*\}")  # link targets, code, HTML, placeholders


def english_words(text: str) -> list[str]:
    return [w for w in WORD.findall(KEPT.sub("", text)) if len(w) >= 3 and w.isascii()]


@pytest.mark.parametrize("key", [g.key for g in all_games()])
def test_a_rules_document_reads_accented_in_the_pseudo_language(key: str) -> None:
    game = next(g for g in all_games() if g.key == key)
    english = game.rules_markdown()
    with speaking("en_XA"):
        pseudo = rules_markdown(game)
        lines = [example_text(key, line) for example in examples_of(key)
                 for line in (example.title, example.intro, *(m[2] for m in example.moves()))]
    assert english_words(english) and english_words(pseudo) == []
    structure = re.compile(r"^(#{1,6} |\s*[-*] |\s*\d+\. |\|)", re.M)
    assert structure.findall(pseudo) == structure.findall(english)  # the same headings, lists and tables
    assert re.findall(r"\]\(([^)]*)\)", pseudo) == re.findall(r"\]\(([^)]*)\)", english)  # links still lead there
    assert all(line.startswith("[") and not english_words(re.sub(r"\{[^{}]*\}", "", line)) for line in lines), lines
    with speaking("de"):
        assert rules_markdown(game) != pseudo
