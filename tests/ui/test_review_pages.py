"""The review where players see it: a line per seat under the final standings and on the finished game's page
(progress while it runs), costly decisions marked in the replay with a detail panel, accuracy over time on /stats,
and Play from here (``/practice/<CODE>``) opening a practice table at that step in the chosen seat."""

from __future__ import annotations

from nicegui.testing import User

from logic.registry import get_game
from logic.replay import Replay
from logic.review.model import DecisionReview, SeatReview, summarize
from tests.ui.helpers import find, open_with_status, table_attr, with_testid
from tests.ui.stats_helpers import finish_game, player_of
from ui.server.runtime import runtime


def attr(user: User, testid: str, name: str) -> str:
    with user:
        found = with_testid(user, testid)
        return str(found[0].props.get(name, "")) if found else ""


def visible(user: User, testid: str) -> bool:
    with user:
        return any(e.visible for e in with_testid(user, testid))


def crafted(code: str, seat: int, steps: list[int], game: str = "president", flagged: bool = True) -> SeatReview:
    """A stored review with a costly decision at each log index in ``steps`` (``flagged`` False: fine ones)."""
    decisions = [DecisionReview(step=s, seat=seat, chosen={"kind": "pass"}, chosen_words="pass",
                                best={"kind": "play", "cards": ["2S"]}, best_words="a single 2", chosen_value=0.0,
                                best_value=2.5, cost=2.5, stderr=0.4, worlds=32, flagged=flagged,
                                why="A single 2 wins the trick and leads next.", currency="points") for s in steps]
    decisions.append(decisions[0].model_copy(update={"step": steps[-1] + 1, "flagged": False, "cost": 0.0}))
    review = SeatReview(game=game, seat=seat, rng_seed=0, budget={"max_worlds": 32}, decisions=decisions,
                        summary=summarize(seat, decisions, 0, "points"))
    runtime().hub.reviews.store.put(code, review)
    runtime().hub.reviews._summaries = None  # (put behind the runner's back: read the summaries again)
    return review


async def test_the_standings_show_each_seats_review_as_it_runs(user: User) -> None:
    await user.open("/profile")
    pid, name, _ = player_of(user)
    runtime().hub.reviews.budget = 4  # quick and rough
    code = finish_game("president", pid, name)
    await user.open(f"/table/{code}")
    await find(user, "standings")
    for seat in range(4):
        await find(user, f"review-summary-{seat}")
        assert attr(user, f"review-summary-{seat}", "data-review-state") == "running"
    await user.should_see("Review waiting its turn")
    await runtime().hub.reviews.drain()
    for seat in range(4):
        assert attr(user, f"review-summary-{seat}", "data-review-state") == "done"
        accuracy = attr(user, f"review-summary-{seat}", "data-accuracy")
        assert accuracy.isdigit() and 0 <= int(accuracy) <= 100
    await user.should_see("accuracy")
    await user.open(f"/stats/game/{code}")  # the finished game's page reads the stored reviews
    await find(user, "review-summary-0")
    for _ in range(40):
        if attr(user, "review-summary-0", "data-review-state") == "done":
            break
        await user.should_see("How everyone played")
    assert attr(user, "review-summary-0", "data-review-state") == "done"


async def test_the_link_to_costly_moves_shows_only_while_there_may_be_some(user: User) -> None:
    await user.open("/profile")
    pid, name, _ = player_of(user)
    code = finish_game("president", pid, name)
    hub = runtime().hub
    for seat in range(4):  # reviews already made, none with a costly decision
        crafted(code, seat, [10 + seat], flagged=False)
    hub.reviews.games.pop(code, None)
    hub.reviews.fresh.clear()
    await user.open(f"/stats/game/{code}")
    await find(user, "review-summary-0")
    assert attr(user, "review-summary-3", "data-review-state") == "done"
    assert not visible(user, "review-replay-link")  # "No costly decisions" for all, and no link to them
    crafted(code, 2, [20])  # one seat's review with a costly decision
    hub.reviews.games.pop(code, None)
    await user.open(f"/stats/game/{code}")
    await find(user, "review-summary-0")
    assert attr(user, "review-summary-2", "data-review-state") == "done"
    assert visible(user, "review-replay-link")


async def test_costly_decisions_are_marked_in_the_replay_with_a_detail_panel(user: User) -> None:
    await user.open("/profile")
    pid, name, _ = player_of(user)
    code = finish_game("president", pid, name)
    hub = runtime().hub
    for seat in range(4):  # reviews already made (as after a restart): read, not made again
        crafted(code, seat, [3 + seat * 4, 30 + seat] if seat == 0 else [40 + seat])
    hub.reviews.games.pop(code, None)
    hub.reviews.fresh.clear()
    await user.open(f"/replay/{code}")
    await find(user, "review-timeline")
    await find(user, "review-mark-4")  # the person's own marks first: log index 3 is the move to step 4
    assert not with_testid(user, "review-mark-42")  # the computers' marks are behind the seat choice
    assert attr(user, "review-mark-4", "data-cost") == "2.5"
    assert attr(user, "review-progress", "data-review-state") == "done"
    assert not visible(user, "review-detail")
    (await find(user, "review-mark-4")).click()
    assert attr(user, "replay", "data-step") == "4"
    assert visible(user, "review-detail")
    await user.should_see("The search preferred: a single 2")
    await user.should_see("A single 2 wins the trick and leads next.")
    await user.should_see("Estimated cost: about 2.5 points")  # a cost, never a signed score
    assert attr(user, "replay-move-4", "data-cost") == "2.5"
    (await find(user, "btn-replay-next")).click()
    assert not visible(user, "review-detail")
    (await find(user, "btn-review-everyone")).click()  # everyone's costly decisions: one tap away
    await find(user, "review-mark-42")
    assert attr(user, "review-progress", "data-focus") == "all"
    (await find(user, "btn-review-everyone")).click()  # ...and back to mine
    assert attr(user, "review-progress", "data-focus") == "0"
    assert not with_testid(user, "review-mark-42")
    with user:
        with_testid(user, "review-seat")[0].set_value(-1)  # everyone's, with the seat choice
    await find(user, "review-mark-42")
    (await find(user, "review-mark-4")).click()
    (await find(user, "btn-retry-decision")).click()
    await find(user, "play-from-here-dialog")
    await user.should_see("Try this decision yourself")


async def test_play_from_here_opens_a_practice_table_at_that_step_in_the_chosen_seat(user: User) -> None:
    await user.open("/profile")
    pid, name, _ = player_of(user)
    code = finish_game("rummy", pid, name)
    record = runtime().finished.find(code)
    game = get_game("rummy")
    step = 9
    state = Replay(game, record.log, config=game.make_config(**record.options), seed=record.seed).state_at(
        step)
    await user.open(f"/replay/{code}")
    (await find(user, "btn-play-from-here")).click()
    await find(user, "play-from-here-dialog")
    await find(user, "pfh-seat")
    await find(user, "pfh-level")
    await find(user, "pfh-deal")
    await user.open(f"/practice/{code}?step={step}&seat=1&level=easy&exact=1&speed=0")
    await table_attr(user, "data-seat", "1")
    hub = runtime().hub
    table = next(t for t in hub.registry.tables.values() if t.code != code and t.seat_of(pid) == 1)
    assert table.practice and hub.starts.get(table.code).source.step == step
    expected = game.view(state, 1)["hand"]
    with user:
        shown = [e.props["data-card"] for h in with_testid(user, "hand") for e in h.descendants()
                 if e.props.get("data-card")]
    assert sorted(shown) == sorted(expected)


async def test_a_bad_practice_link_says_what_is_wrong(user: User) -> None:
    await open_with_status(user, "/practice/NOSUCH?step=1", 404)
    await user.should_see("No finished game with code NOSUCH")
    await user.open("/profile")
    pid, name, _ = player_of(user)
    code = finish_game("president", pid, name)
    steps = len(runtime().finished.find(code).log)
    await open_with_status(user, f"/practice/{code}?step={steps}", 400)
    await user.should_see("the game is over after move")
    await open_with_status(user, f"/practice/{code}?step=2&seat=9", 400)
    await user.should_see("seat must be from 0 to 3")
    await open_with_status(user, f"/practice/{code}?step=2&level=godlike", 400)
    await user.should_see("level must be one of")


async def test_stats_show_accuracy_per_game_over_time(user: User) -> None:
    await user.open("/profile")
    pid, name, _ = player_of(user)
    first = finish_game("president", pid, name, seed=5)
    second = finish_game("president", pid, name, seed=6)
    crafted(first, 0, [3, 9])
    crafted(second, 0, [5])
    await user.open("/stats")
    await find(user, "stats-accuracy-president")
    assert attr(user, "stats-accuracy-president", "data-games") == "2"
    await user.should_see("average")
    assert not with_testid(user, "stats-accuracy-president-first")  # two games: the line, no lone figure


async def test_one_reviewed_game_shows_its_accuracy_as_a_figure_not_a_line(user: User) -> None:
    await user.open("/profile")
    pid, name, _ = player_of(user)
    review = crafted(finish_game("president", pid, name, seed=5), 0, [3])  # one costly choice of two: 50%
    await user.open("/stats")
    await find(user, "stats-accuracy-president-first")
    assert attr(user, "stats-accuracy-president", "data-games") == "1"
    await user.should_see(f"{review.summary.accuracy:.0f}%")
    await user.should_see("the line starts with the next")
    await user.should_not_see("average")


async def test_the_runner_judges_from_the_last_decision_back_seats_taking_turns_until_the_first_mark(user: User,
                                                                                             monkeypatch) -> None:
    import ui.server.review_work as reviews
    from ui.server.quiet import review_points_quietly

    calls: list[tuple[int, list[int], bool]] = []

    def recording(game_key, points, *, quiet=True, **kwargs):
        verdicts = review_points_quietly(game_key, points, quiet=True, **kwargs)  # (same verdicts either way)
        assert verdicts == review_points_quietly(game_key, points, quiet=False, **kwargs)
        calls.append((points[0].seat, [p.step for p in points], quiet))
        return verdicts

    monkeypatch.setattr(reviews, "review_points_quietly", recording)
    await user.open("/profile")
    pid, name, _ = player_of(user)
    runtime().hub.reviews.budget = 4
    code = finish_game("president", pid, name)
    await runtime().hub.reviews.drain()
    game = runtime().hub.reviews.progress(code)
    person = next(s for s, p in game.seats.items() if p.person)
    mine = [steps for seat, steps, _ in calls if seat == person]
    assert mine[0] == [max(d.step for d in game.seats[person].decisions())]  # the game's last decision, alone
    flat = [s for steps in mine for s in steps]
    assert flat == sorted(flat, reverse=True)  # then back to the first
    loud = [quiet is False for _, _, quiet in calls]
    assert loud[0] and loud == sorted(loud, reverse=True)  # loud only at the start
    phase = sum(loud)  # the seats take turns, one chunk each, until the first mark
    assert [seat for seat, _, _ in calls[:min(phase, 4)]] == game.order()[:min(phase, 4)]
    if game.first_mark_at is not None and sum(loud) < len(loud):
        first_marked = next(i for i, (seat, steps, _) in enumerate(calls)
                            if any(d.flagged and d.step in steps for d in game.seats[seat].decisions()))
        assert sum(loud) <= first_marked + 1


async def test_a_game_waiting_for_its_first_marks_goes_before_other_games_people(user: User, monkeypatch) -> None:
    import ui.server.review_work as reviews
    from ui.server.quiet import review_points_quietly

    games: list[str] = []

    def recording(game_key, points, **kwargs):
        games.append(game_key)
        return review_points_quietly(game_key, points, **kwargs)

    monkeypatch.setattr(reviews, "review_points_quietly", recording)
    await user.open("/profile")
    pid, name, _ = player_of(user)
    runner = runtime().hub.reviews
    runner.budget = 4
    marked = finish_game("president", pid, name)  # ended first: as if its first marks had shown already
    runner.games[marked].first_mark_at = 1.0
    waiting = finish_game("rummy", pid, name)
    assert list(runner.fresh) == [marked, waiting]
    await runner.drain()
    assert games[0] == "rummy" and "president" in games
    assert runner.progress(waiting).finished and runner.progress(marked).finished


def test_your_own_review_line_comes_first() -> None:
    from ui.table.review_summary import SeatLine, own_first

    lines = [SeatLine(s, f"P{s}", "", s == 2) for s in (1, 3, 2, 0)]  # the standings' order
    assert [line.seat for line in own_first(lines, 2)] == [2, 1, 3, 0]
    assert [line.seat for line in own_first(lines, None)] == [1, 3, 2, 0]
