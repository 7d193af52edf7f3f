"""Input the package must read as the numbers and objects it is given:
arrays of any dtype and layout, negative numbers, huge goals, empty lists,
results of other games, files that must survive a failed write."""

import os
import subprocess
import time
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

import numpy as np
import pytest

import hogsolver

Cli = Callable[..., Any]


# Arrays


def test_an_unsigned_array_is_read_as_its_numbers() -> None:
    # 2**64 - 1 is no num_rolls; cast to int64 it would be -1, fa16's Pork Chop.
    table = np.full((100, 100), 4, dtype=np.uint64)
    table[3, 7] = 2**64 - 1
    with pytest.raises(hogsolver.HogError) as raised:
        hogsolver.grade(table, rules="fa16")
    assert "num_rolls 18446744073709551615 at score 3, opponent_score 7" in str(raised.value)
    table[3, 7] = 2**63 + 4
    with pytest.raises(hogsolver.HogError, match="num_rolls 9223372036854775812 at score 3"):
        hogsolver.grade(table, rules="fa16")
    table[3, 7] = 4
    same = hogsolver.grade(table, rules="fa16")
    assert same.win_rate == hogsolver.grade("always_roll(4)", rules="fa16").win_rate


def test_any_layout_of_an_array_grades_as_its_values() -> None:
    # A table that answers by score only: its transpose answers by the
    # opponent's score, so the two grade differently, each as itself.
    by_score = np.tile(np.arange(100, dtype=np.int64)[:, None] % 7 + 1, (1, 100))
    transposed = by_score.T
    assert not transposed.flags.c_contiguous
    copied = np.ascontiguousarray(transposed)
    assert hogsolver.grade(transposed, rules="fa13").win_rate == hogsolver.grade(copied, rules="fa13").win_rate
    fortran = np.asfortranarray(by_score)
    assert hogsolver.grade(fortran, rules="fa13").win_rate == hogsolver.grade(by_score, rules="fa13").win_rate
    assert hogsolver.grade(fortran, rules="fa13").win_rate != hogsolver.grade(copied, rules="fa13").win_rate
    # A strided view (every other column of a wider table) as well.
    wide = np.repeat(by_score, 2, axis=1)
    assert hogsolver.grade(wide[:, ::2], rules="fa13").win_rate == hogsolver.grade(by_score, rules="fa13").win_rate


# Arguments


def test_negative_numbers_are_values(cli_error: Callable[..., str]) -> None:
    # A die face of -1 is refused as the CLI refuses it (which names its
    # option too), not as an option.
    with pytest.raises(hogsolver.HogError) as raised:
        hogsolver.turn(0, 0, 3, [-1, 2, 3], rules="fa13")
    assert str(raised.value) == "die face -1 is not allowed: faces are whole numbers from 1"
    cli_says = cli_error("turn", "--rules", "fa13", "--score", "0", "--opp", "0", "--rolls", "3", "--dice=-1,2,3")
    assert cli_says == "--dice '-1,2,3': " + str(raised.value)
    with pytest.raises(hogsolver.HogError) as raised:
        hogsolver.turn(-5, 0, 3, [1, 2, 3], rules="fa13")
    assert str(raised.value) == cli_error("turn", "--rules", "fa13", "--score=-5", "--opp", "0", "--rolls", "3", "--dice", "1,2,3")
    entries = ["always_roll(4)", "always_roll(6)"]
    try:
        result = hogsolver.contest(entries, rules="fa13", goal=30, margin=-1)
    except hogsolver.HogError as error:
        assert "unexpected argument" not in str(error)
        assert str(error) == cli_error("contest", *entries, "--rules", "fa13", "--goal", "30", "--margin=-1.0")
    else:
        # A margin of -1: every match wins a point, both ways.
        assert [e["points"] for e in result.entries] == [1, 1]


def test_a_contest_of_no_entries_says_so_whole() -> None:
    for entries in ([], ["always_roll(4)"]):
        with pytest.raises(hogsolver.HogError) as raised:
            hogsolver.contest(entries, rules="fa13")
        message = str(raised.value)
        assert "two entries" in message and not message.endswith(":")


def test_a_contest_that_grades_nothing_names_each_reason(tmp_path: Path) -> None:
    # Two entries that cannot be read: each is excluded with its reason, and
    # the error says both (there is no board to show them on).
    missing = [str(tmp_path / "a.csv"), str(tmp_path / "b.csv")]
    with pytest.raises(hogsolver.HogError) as raised:
        hogsolver.contest(missing, rules="fa13", goal=20)
    message = str(raised.value)
    assert message.startswith("nothing graded: every entry was excluded (")
    assert "a.csv: no such file" in message and "b.csv: no such file" in message


def test_an_option_is_named_by_its_keyword() -> None:
    # Rules that are no preset have no course baseline: the message names
    # the keyword to give, as the command line names its option.
    custom = hogsolver.rules("fa13").text.replace("pig_out=one_point", "pig_out=count_ones")
    assert custom != hogsolver.rules("fa13").text
    with pytest.raises(hogsolver.HogError, match="give one with against=$"):
        hogsolver.grade("always_roll(4)", rules=custom, goal=30)
    with pytest.raises(hogsolver.HogError, match=r"^the opponent \(against=\): "):
        hogsolver.grade("always_roll(4)", "always_roll(99)", rules="fa13", goal=30)


def test_a_huge_goal_is_the_cli_message(cli_error: Callable[..., str]) -> None:
    for goal in (2**63, 2**70, -(2**63) - 1):
        with pytest.raises(hogsolver.HogError) as raised:
            hogsolver.solve("fa13", goal=goal)
        assert str(raised.value).startswith(f"goal {goal} is not allowed")
    # The same words as the CLI's for a goal out of range.
    with pytest.raises(hogsolver.HogError) as raised:
        hogsolver.solve("fa13", goal=10**6)
    assert str(raised.value) == cli_error("solve", "--rules", "fa13", "--goal", str(10**6))


def test_an_exact_solve_saves_its_fractions(tmp_path: Path, cli: Cli) -> None:
    solution = hogsolver.solve("sp26", goal=20, exact=True)
    assert solution.has_fractions
    path = tmp_path / "exact.hogtable"
    solution.save(path)
    loaded = hogsolver.load(path)
    assert loaded.has_fractions and not hogsolver.solve("sp26", goal=20).has_fractions
    # The file is the one `hog solve --exact -o` writes, fractions and all.
    cli("solve", "--rules", "sp26", "--goal", "20", "--exact", "-o", "cli.hogtable", cwd=tmp_path)
    assert path.read_bytes() == (tmp_path / "cli.hogtable").read_bytes()
    assert solution.exact is not None
    assert isinstance(solution.exact["first_mover_win"], Fraction)


# Results play their own game


def test_results_play_their_own_game() -> None:
    small = hogsolver.solve("fa13", goal=20)
    picture = hogsolver.heatmap(small)
    assert (picture.summary["rules"], picture.summary["goal"]) == ("fa13", 20)
    why = hogsolver.explain(3, 4, strategy=small)
    assert (why.rules, why.goal, why.plays) == ("fa13", 20, small.policy[3, 4])
    result = hogsolver.contest([small, "always_roll(5)"])
    assert (result.rules, result.goal) == ("fa13", 20)
    assert result.matrix[0][1] == hogsolver.grade(small, "always_roll(5)").win_rate
    found = hogsolver.final("fa13", goal=20)
    assert hogsolver.explain(3, 4, strategy=found).goal == 20
    with pytest.raises(hogsolver.HogError, match="was made for fa13, goal 20, not fa16, goal 100"):
        hogsolver.heatmap(small, rules="fa16", goal=100)


def test_records_name_functions_not_files() -> None:
    def mine(score: int, opponent_score: int) -> int:
        return 5

    picture = hogsolver.heatmap(mine, rules="fa13", goal=30)
    assert picture.summary["panels"][0]["title"][0] == "fa13, goal 30: mine"
    assert "hogsolver-" not in repr(picture.summary)
    result = hogsolver.contest([mine, np.full((30, 30), 4), "always_roll(6)"], rules="fa13", goal=30)
    assert [e["source"] for e in result.entries if e["name"] == "mine"] == ["mine"]
    assert "hogsolver-" not in repr(result.entries) + repr(result.names)
    why = hogsolver.explain(0, 0, rules="fa13", goal=30, against=mine)
    assert why.against == "mine"


# Files


def test_a_failed_heatmap_save_keeps_the_old_picture(tmp_path: Path) -> None:
    path = tmp_path / "map.png"
    picture = hogsolver.heatmap("optimal", rules="fa13", goal=20)
    picture.save(path)
    old = path.read_bytes()

    broken = hogsolver.Heatmap(picture.png, picture.summary)
    released = memoryview(b"x")
    released.release()  # no bytes: the save fails before any file is made
    broken.png = released  # type: ignore[assignment]
    with pytest.raises((TypeError, ValueError)):
        broken.save(path)
    assert path.read_bytes() == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.png"]
    picture.save(path)
    assert path.read_bytes() == picture.png


def test_saves_replace_only_files_hog_wrote(tmp_path: Path) -> None:
    module = tmp_path / "hog.py"
    module.write_text("def final_strategy(score, opponent_score):\n    return 4\n")
    picture = hogsolver.heatmap("optimal", rules="fa13", goal=20)
    solution = hogsolver.solve("fa13", goal=20)
    # A name of another format is refused: the student's module stays.
    with pytest.raises(hogsolver.HogError, match="name it .png"):
        picture.save(module)
    with pytest.raises(hogsolver.HogError, match="name it .hogtable"):
        solution.save(module)
    with pytest.raises(hogsolver.HogError, match="name it .png"):
        picture.save(tmp_path / "map.html")
    assert module.read_text().startswith("def final_strategy")
    # A picture of the user's under a .png name, and a link to the module.
    mine = tmp_path / "mine.png"
    mine.write_bytes(b"\x89PNG my own drawing")
    with pytest.raises(hogsolver.HogError, match="did not write"):
        picture.save(mine)
    assert mine.read_bytes() == b"\x89PNG my own drawing"
    link = tmp_path / "link.hogtable"
    link.symlink_to(module)
    for force in (False, True):
        with pytest.raises(hogsolver.HogError, match="symbolic link"):
            solution.save(link, force=force)
    assert module.read_text().startswith("def final_strategy")
    # force=True replaces the user's picture; a new file is readable by all.
    picture.save(mine, force=True)
    assert mine.read_bytes() == picture.png
    table = tmp_path / "fa13.hogtable"
    solution.save(table)
    solution.save(table)
    assert table.stat().st_mode & 0o644 == 0o644


def test_out_of_memory_while_copying_a_solve_raises_memory_error() -> None:
    # Run apart: the address space is capped at what the process holds, so
    # the 72 MB array of a goal-3000 solve cannot be allocated.
    script = """
import resource, hogsolver
solution = hogsolver.solve("fa13", goal=3000)
size = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status") if l.startswith("VmSize:"))
resource.setrlimit(resource.RLIMIT_AS, (size, resource.RLIM_INFINITY))
try:
    solution.values
except MemoryError as error:
    print("MemoryError:", error)
"""
    import sys

    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("MemoryError: out of memory"), done.stdout


def test_a_solve_past_the_memory_limit_raises_and_python_goes_on() -> None:
    # Run apart, under an address space of 650 MB: a goal-3000 solve of
    # fa16 (two hidden values) does not fit, and says so, as hog solve does.
    script = """
import resource, hogsolver
resource.setrlimit(resource.RLIMIT_AS, (650_000 * 1024, resource.RLIM_INFINITY))
try:
    hogsolver.solve("fa16", goal=3000)
except (MemoryError, hogsolver.HogError) as error:
    print(type(error).__name__ + ":", error)
print("still running")
"""
    import sys

    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, (done.returncode, done.stderr)
    assert "out of memory" in done.stdout, done.stdout
    assert done.stdout.endswith("still running\n"), done.stdout


def test_a_strategy_nested_thousands_deep_raises_hog_error() -> None:
    deep = "best_response(" * 20000 + "always_roll(4)" + ")" * 20000
    with pytest.raises(hogsolver.HogError, match="strategies nest at most 32 deep"):
        hogsolver.grade(deep, rules="fa13", goal=10)


def test_a_huge_score_is_named_not_an_overflow() -> None:
    final = hogsolver.final(rules="fa13", goal=30)
    with pytest.raises(hogsolver.HogError, match=f"score {10**30} is not below the goal 30"):
        final(10**30, 0)
    with pytest.raises(hogsolver.HogError, match=f"opponent_score {-(10**30)}"):
        final(0, -(10**30))
    assert final(0, 0) == final(0, 0)


def test_a_missing_project_folder_is_named() -> None:
    with pytest.raises(hogsolver.HogError, match="/nonexistent: no such folder"):
        hogsolver.project("/nonexistent")


# Python strategies


def test_a_numpy_integer_answer_gets_a_hint() -> None:
    with pytest.raises(hogsolver.HogError) as raised:
        hogsolver.grade(lambda score, opponent_score: np.int64(4), rules="fa13")  # type: ignore[arg-type, return-value]
    message = str(raised.value)
    assert message.startswith("strategy <lambda> answered np.int64(4) at score 0, opponent_score 0")
    assert "return int(...)" in message


def test_an_endless_strategy_ends_at_its_time_limit() -> None:
    def endless(score: int, opponent_score: int) -> int:
        while score == 5:
            pass
        return 4

    started = time.monotonic()
    with pytest.raises(hogsolver.HogError) as raised:
        hogsolver.grade(endless, rules="fa13", timeout=1)
    took = time.monotonic() - started
    assert str(raised.value).startswith("endless did not answer every state within 1 s")
    assert "endless(5, 0)" in str(raised.value) and "timeout=" in str(raised.value)
    assert took < 30
    # Nothing is left pending: the next call runs as usual.
    assert abs(hogsolver.grade(lambda s, o: 4, "always_roll(4)", rules="fa13", goal=20).win_rate - 0.5) < 1e-12
    assert hogsolver.PYTHON_TIMEOUT == 120


def test_an_endless_strategy_file_ends_at_its_time_limit(tmp_path: Path) -> None:
    (tmp_path / "endless.py").write_text(
        "def final_strategy(score, opponent_score):\n    while True:\n        pass\n"
    )
    with pytest.raises(hogsolver.HogError) as raised:
        hogsolver.grade(str(tmp_path / "endless.py"), rules="fa13", timeout=2)
    assert "within 2 s" in str(raised.value)
    assert str(raised.value).endswith("raise it with timeout=")
