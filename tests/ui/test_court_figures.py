"""Court cards carry figures, not a boxed letter: a well-formed SVG per card, with what tells J, Q and K apart."""

import xml.etree.ElementTree as ET

import pytest

from logic.cards import full_deck
from ui.components.card_faces import face_svg, faces_css, faces_version
from ui.components.court_figures import HAIR, court_figure

NS = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("four_colour", [False, True])
def test_every_face_is_well_formed_svg(four_colour: bool) -> None:
    for card in full_deck():
        root = ET.fromstring(face_svg(card.code, four_colour))
        assert root.tag == f"{NS}svg" and root.get("viewBox") == "0 0 64 92"


def test_each_court_rank_has_its_own_figure_in_the_suits_ink() -> None:
    faces = {rank: face_svg(f"{rank}H") for rank in "JQK"}
    assert len(set(faces.values())) == 3
    for svg in faces.values():
        assert 'id="fig"' in svg and '<use href="#fig"/>' in svg  # a double-headed figure: one half, turned
        assert ">J♥<" not in svg and ">Q♥<" not in svg and ">K♥<" not in svg  # no boxed letter
        assert 'fill="#c62828"' in svg  # the robe in the suit's red
    assert HAIR["K"] in faces["K"] and "M27.6 34.5" in faces["K"]  # the King's beard
    assert "M27.6 34.5" not in faces["Q"] + faces["J"]
    assert face_svg("10H").count('id="fig"') == 0  # number cards keep their big suit


def test_a_number_rank_is_no_court_figure() -> None:
    with pytest.raises(ValueError, match="court"):
        court_figure("10", "#000", "♠")


def test_the_faces_addresses_change_with_the_drawings() -> None:
    """Faces are cached for a day: their addresses carry a digest of the drawings, so new art is fetched at once."""
    version = faces_version()
    assert len(version) == 10
    css = faces_css()
    assert f'[data-card="KS"]{{background-image:url(/cards/KS.svg?v={version})}}' in css
    assert f"/cards/4/QD.svg?v={version}" in css


def test_the_table_and_the_tv_load_every_face_when_they_open() -> None:
    """A card seen for the first time is not blank while its face loads: both pages load all of them at once (the TV
    showed a newly laid card blank for a second or two on a loaded machine)."""
    lines = faces_css().splitlines()
    for page in (".cn-table:not([data-game=stockpile])::after", ".cn-tv:not([data-game=stockpile])::after"):
        [rule] = [line for line in lines if page in line.split("{")[0] and "four-colour" not in line.split("{")[0]]
        assert all(f"/cards/{card.code}.svg" in rule for card in full_deck()), page


def test_stockpile_tables_preload_no_faces() -> None:
    """Stockpile's cards are numbers drawn without an image: its table and TV load none of the deck's faces."""
    preloads = [line.split("{")[0] for line in faces_css().splitlines() if "::after" in line.split("{")[0]]
    assert len(preloads) == 2
    for selectors in preloads:
        assert all(":not([data-game=stockpile])" in part for part in selectors.split(","))
