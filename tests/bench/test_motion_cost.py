"""The motion bench's census: animations started together on a page are one batch, by kind."""

from tests.bench.motion_cost import batches_by_kind


def test_animations_within_50_ms_are_one_batch_and_a_gap_starts_the_next() -> None:
    kinds = [[0.0, "play"], [3.0, "play"], [10.0, "cleared"], [1000.0, "cleared"], [1020.0, "cleared"],
             [2000.0, "play"]]
    assert batches_by_kind(kinds) == {"cleared + play": 1, "cleared": 1, "play": 1}


def test_no_animation_is_no_batch() -> None:
    assert batches_by_kind([]) == {}
