"""hog for Python against the CLI's --json output (bit for bit: floats are
compared with ==) and against figures known from first principles."""

import os
import signal
import threading
import time
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

import numpy as np
import pytest

import hogsolver

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = str(ROOT / "samples" / "hog.py")

Cli = Callable[..., Any]

# The sample student's final_strategy (samples/hog.py), as a plain function.
def sample_strategy(score: int, opponent_score: int) -> int:
    bacon = 1 + max(int(digit) for digit in str(opponent_score))
    if 2 * (score + bacon) == opponent_score:
        return 0
    if bacon >= 8 and score + bacon != 2 * opponent_score:
        return 0
    if opponent_score - score >= 20:
        return 7
    return 5


# The fields a `Grade` shares with `hog grade --json`.
GRADE_FIELDS = ["rules", "goal", "strategy", "baseline", "win_rate", "first", "second", "draw"]
GRADE_FIELDS += ["sees_hidden_state", "course_target", "meets_target", "warning", "costliest"]


def grade_fields(grade: hogsolver.Grade) -> Dict[str, Any]:
    return {name: getattr(grade, name) for name in GRADE_FIELDS}


def cli_grade(cli: Cli, *args: str) -> Dict[str, Any]:
    """`hog grade ARGS... --json`: the fields a `Grade` shares with it."""
    graded = cli("grade", *args)
    return {name: graded[name] for name in GRADE_FIELDS}


# Rules, presets


def test_the_package_brings_the_hog_command(hog_bin: str) -> None:
    # `python -m hogsolver` and the installed `hog` script print what the
    # binary prints, and exit as it exits.
    import subprocess
    import sys

    script = Path(sys.executable).parent / "hog"
    for args in (["rules", "show", "fa13"], ["grade", "nope", "--rules", "fa13"]):
        binary = subprocess.run([hog_bin, *args], capture_output=True, text=True)
        for command in ([sys.executable, "-m", "hogsolver"], [str(script)]):
            ran = subprocess.run([*command, *args], capture_output=True, text=True)
            assert (ran.returncode, ran.stdout, ran.stderr) == (
                binary.returncode,
                binary.stdout,
                binary.stderr,
            ), command


def test_presets_are_the_cli_listing(cli: Cli) -> None:
    assert [p.to_dict() for p in hogsolver.presets()] == cli("rules", "list")["presets"]


def test_rules_are_the_cli_rules(cli: Cli) -> None:
    for preset in hogsolver.presets():
        shown = cli("rules", "show", preset.name)
        rules = hogsolver.rules(preset.name)
        assert (rules.name, rules.text, rules.baseline) == (shown["name"], shown["rules"], shown["baseline"])
        assert [min(rules.actions), max(rules.actions)] == shown["actions"]


def test_rules_round_trip_through_their_text() -> None:
    fa16 = hogsolver.rules("fa16")
    assert fa16.name == "fa16"
    assert hogsolver.rules(fa16.text) == fa16
    assert fa16.actions == list(range(-1, 11))  # Pork Chop, then 0 to 10 dice
    assert fa16.baseline == "always_roll(4)"
    assert fa16.hides_state and fa16.hidden_values == 2
    assert hogsolver.rules("sp14").name == "fa13"  # a semester of the fa13 rules
    assert not hogsolver.rules("fa13").hides_state


# Grades


@pytest.mark.parametrize(
    "strategy,args",
    [
        ("always_roll(8)", ["--baseline", "always_roll(4)", "--rules", "fa16"]),
        ("always_roll(6)", ["--rules", "fa13"]),
        ("always_roll(3)", ["--rules", "nju21"]),  # endless games: draws
        ("optimal", ["--rules", "fa16"]),
    ],
)
def test_grade_is_the_cli_grade(cli: Cli, strategy: str, args: List[str]) -> None:
    rules = args[args.index("--rules") + 1]
    against = args[args.index("--baseline") + 1] if "--baseline" in args else None
    expected = cli_grade(cli, strategy, *args)
    assert grade_fields(hogsolver.grade(strategy, against, rules=rules)) == expected


def test_exact_grade_is_the_cli_fractions(cli: Cli) -> None:
    expected = cli("grade", "always_roll(8)", "--baseline", "always_roll(4)", "--exact")
    got = hogsolver.grade("always_roll(8)", "always_roll(4)", exact=True)
    assert got.win_rate_exact == Fraction(expected["win_rate_exact"])
    assert got.first_exact == Fraction(expected["first_exact"])
    assert got.draw_exact == 0
    # The float is the exact value's nearest double.
    assert got.win_rate == float(Fraction(expected["win_rate_exact"])) == expected["win_rate"]


def test_a_strategy_against_itself_wins_half() -> None:
    # No draws in fa16: P(first wins) + P(second wins) = 1, so the mean is 1/2.
    grade = hogsolver.grade(lambda score, opponent_score: 4, "always_roll(4)")
    assert abs(grade.win_rate - 0.5) < 1e-15
    assert abs(grade.first + grade.second - 1) < 1e-15


def test_a_python_function_grades_as_the_cli_grades_its_file(cli: Cli) -> None:
    expected = cli_grade(cli, SAMPLE, "--rules", "fa13")
    got = hogsolver.grade(sample_strategy, rules="fa13")
    assert got.strategy == "sample_strategy"
    for field in ["win_rate", "first", "second", "draw", "baseline"]:
        assert getattr(got, field) == expected[field]
    # The file itself, by the CLI's own sandbox.
    assert grade_fields(hogsolver.grade(SAMPLE, rules="fa13")) == expected


def test_a_callable_is_asked_once_per_state() -> None:
    asked: Dict[Tuple[int, int], int] = {}

    def count(score: int, opponent_score: int) -> int:
        asked[(score, opponent_score)] = asked.get((score, opponent_score), 0) + 1
        return 4

    hogsolver.grade(count, rules="fa16", goal=30)
    assert len(asked) == 30 * 30 and set(asked.values()) == {1}


def test_arrays_grade_as_the_tables_they_are(tmp_path: Path, cli: Cli) -> None:
    table = np.full((100, 100), 5, dtype=np.int64)
    expected = cli_grade(cli, "always_roll(5)", "--rules", "fa13")
    assert grade_fields(hogsolver.grade(table, rules="fa13")) == {
        **expected,
        "strategy": "the array",
        "warning": expected["warning"].replace("always_roll(5) TIES", "the array TIES"),
    }
    # A sighted fa16 policy (hidden, score, opponent_score) keeps its sides.
    optimal = hogsolver.solve("fa16")
    path = tmp_path / "optimal.hogtable"
    optimal.save(path)
    expected = cli_grade(cli, str(path))
    assert expected["sees_hidden_state"] is True
    got = hogsolver.grade(optimal.policy, rules="fa16")
    assert {**grade_fields(got), "strategy": str(path)} == expected
    assert grade_fields(hogsolver.grade(path)) == expected


# Solves and tables


def test_solve_is_the_cli_solve(cli: Cli) -> None:
    for rules in ["fa16", "sp26"]:
        expected = cli("solve", "--rules", rules)
        solution = hogsolver.solve(rules)
        assert solution.first_mover_win == expected["first_mover_win"]
        assert solution.opening_action == expected["opening_action"]
        assert solution.win_rate is None and solution.objective == "optimal"
    expected = cli("solve", "--rules", "fa13", "--against", "always_roll(5)")
    response = hogsolver.solve("fa13", against="always_roll(5)")
    assert [response.win_rate, response.first, response.second] == [
        expected["win_rate"],
        expected["first"],
        expected["second"],
    ]


def test_exact_solve_is_the_cli_exact_solve(cli: Cli) -> None:
    expected = cli("solve", "--rules", "sp26", "--exact")
    solution = hogsolver.solve("sp26", exact=True)
    assert solution.exact is not None
    assert solution.exact["first_mover_win"] == Fraction(expected["exact"]["first_mover_win"])
    assert solution.first_mover_win == expected["first_mover_win"]
    expected = cli("solve", "--rules", "fa13", "--goal", "30", "--against", "always_roll(5)", "--exact")
    response = hogsolver.solve("fa13", goal=30, against="always_roll(5)", exact=True)
    assert response.exact is not None
    for name in ["win_rate", "first", "second"]:
        assert response.exact[name] == Fraction(expected["exact"][name])
        assert getattr(response, name) == expected[name]
    assert hogsolver.solve("fa13", goal=30).exact is None


def test_solution_arrays_have_the_rules_axes() -> None:
    fa16 = hogsolver.solve("fa16", goal=40)
    assert fa16.policy.shape == (2, 40, 40) and fa16.policy.dtype == np.int8
    assert fa16.values.shape == (2, 40, 40) and fa16.values.dtype == np.float64
    fa13 = hogsolver.solve("fa13", goal=40)
    assert fa13.policy.shape == (40, 40)
    # Probabilities, up to rounding in the last bits.
    assert ((fa13.values >= -1e-12) & (fa13.values <= 1 + 1e-12)).all()
    assert set(np.unique(fa13.policy)) <= set(hogsolver.rules("fa13").actions)


def test_the_optimum_played_against_itself_wins_its_value() -> None:
    # The evaluator (a Markov chain of two fixed policies) is not the solver:
    # the optimum against itself moving first wins the solver's value at 0-0.
    solution = hogsolver.solve("fa13")
    grade = hogsolver.grade(solution, solution, rules="fa13")
    assert abs(grade.first - solution.first_mover_win) < 1e-12
    # The best response to a strategy beats every other strategy against it.
    response = hogsolver.solve("fa13", against=sample_strategy)
    assert response.win_rate is not None
    assert response.win_rate >= hogsolver.grade(sample_strategy, sample_strategy, rules="fa13").win_rate


def test_save_and_load_give_the_same_table(tmp_path: Path, cli: Cli) -> None:
    solution = hogsolver.solve("fa13", against="always_roll(5)")
    path = tmp_path / "br.hogtable"
    solution.save(path)
    loaded = hogsolver.load(path)
    assert (loaded.policy == solution.policy).all()
    assert (loaded.values == solution.values).all()
    assert loaded.objective == "best_response(always_roll(5))"
    assert cli("grade", str(path))["win_rate"] == solution.win_rate
    assert hogsolver.grade(path).win_rate == solution.win_rate


# final


def test_final_is_the_cli_final(cli: Cli) -> None:
    # Goal 50: fa16's whole search (its starts and kicks) on a quarter of
    # the states; fa13 at the course's goal.
    for rules, goal in [("fa16", 50), ("fa13", 100)]:
        expected = cli("final", "--rules", rules, "--goal", str(goal))
        found = hogsolver.final(rules, goal=goal)
        got = {name: getattr(found, name) for name in ["win_rate", "first", "second", "bound"]}
        assert got == {name: expected[name] for name in got}
        assert found.against == expected["against"]


def test_final_against_a_field_is_the_cli_final(cli: Cli) -> None:
    field = ["always_roll(5)", "always_roll(4)", "always_roll(8)"]
    # Goal 50: the same search (a field hides which opponent is met) on a
    # quarter of the states.
    expected = cli(
        "final", "--rules", "fa13", "--goal", "50", *[a for f in field for a in ["--against", f]]
    )
    found = hogsolver.final("fa13", against=field, goal=50)
    assert found.field == expected["field"]
    assert (found.win_rate, found.bound) == (expected["win_rate"], expected["bound"])
    assert found.objective == "best response to the field " + ", ".join(field)
    # Each opponent met as often: the mean of the field's figures.
    assert abs(found.win_rate - sum(o["win_rate"] for o in expected["field"]) / 3) < 1e-15
    assert hogsolver.grade(found, "always_roll(8)").win_rate == expected["field"][2]["win_rate"]


def test_final_plays_its_table_and_writes_the_cli_module(tmp_path: Path, cli: Cli) -> None:
    found = hogsolver.final("fa13")
    assert found.table.shape == (100, 100)
    assert found(10, 20) == found.table[10, 20]
    assert hogsolver.grade(found).win_rate == found.win_rate
    assert hogsolver.grade(found.table, rules="fa13").win_rate == found.win_rate
    cli("final", "--rules", "fa13", "-o", "final.py", cwd=tmp_path)
    written = (tmp_path / "final.py").read_text().splitlines()
    ours = found.to_python().splitlines()
    # The same module but for the line saying what made it, and the seal
    # (the digest of the lines above it, that line among them).
    def body(lines: List[str]) -> List[str]:
        return [l for l in lines if "Made by" not in l and not l.startswith("# hog seal: ")]

    assert body(ours) == body(written)
    assert ours[-1].startswith("# hog seal: ") and written[-1].startswith("# hog seal: ")
    module = tmp_path / "ours.py"
    module.write_text(found.to_python())
    assert hogsolver.grade(str(module), rules="fa13").win_rate == found.win_rate


# turn, dist, explain, contest, heatmap


def test_turn_scores_the_dice() -> None:
    # fa13: 2 + 3 + 4 = 9 points, no 1 among them.
    assert hogsolver.turn(5, 10, 3, [2, 3, 4], rules="fa13").to_dict() == {
        "points": 9,
        "score": 14,
        "opponent_score": 10,
        "sides": 6,
    }


def test_turn_is_the_cli_turn(cli: Cli) -> None:
    args = ["--score", "15", "--opp", "28", "--rolls", "2", "--dice", "3,4"]
    assert hogsolver.turn(15, 28, 2, [3, 4], rules="fa16").to_dict() == cli("turn", "--rules", "fa16", *args)
    # Pork Chop in fa16 flips the sides of every die from the next turn on.
    assert hogsolver.turn(0, 0, -1, rules="fa16").sides == 4


def test_dist_is_exact(cli: Cli) -> None:
    outcomes = hogsolver.dist(0, 0, 2, rules="fa16").outcomes
    assert outcomes == cli("dist", "--rules", "fa16", "--rolls", "2")["outcomes"]
    assert sum(Fraction(o["fraction"]) for o in outcomes) == 1


def test_explain_is_the_cli_explain(cli: Cli) -> None:
    expected = cli("explain", "--rules", "fa13", "--score", "10", "--opp", "20")
    assert hogsolver.explain(10, 20, rules="fa13").to_dict() == expected
    got = hogsolver.explain(10, 20, rules="fa13", against=sample_strategy)
    assert got.best == max(got.actions, key=lambda a: a["win"])["num_rolls"]


def test_contest_ranks_as_the_cli(cli: Cli, tmp_path: Path) -> None:
    entries = ["always_roll(4)", "always_roll(5)", "always_roll(6)"]
    expected = cli("contest", *entries, "--rules", "fa13", "--no-cache")
    result = hogsolver.contest(entries, rules="fa13")
    assert result.entries == expected["entries"]
    assert result.matrix == expected["matrix"]["win_rate"]
    pairs = result.pairs()
    assert len(pairs) == 6
    # A callable entry is named after its function and graded in-process.
    mixed = hogsolver.contest([sample_strategy, "always_roll(5)"], rules="fa13")
    names = {e["name"] for e in mixed.entries}
    assert "always_roll(5)" in names and any("sample_strategy" in n for n in names)
    rate = hogsolver.grade(sample_strategy, "always_roll(5)", rules="fa13").win_rate
    assert rate in [p["win_rate"] for p in mixed.pairs()]


def test_heatmap_is_the_cli_picture(cli: Cli, tmp_path: Path) -> None:
    picture = hogsolver.heatmap("optimal", rules="fa13", goal=40)
    assert picture.png.startswith(b"\x89PNG\r\n\x1a\n")
    assert picture._repr_png_() == picture.png
    expected = cli("heatmap", "optimal", "--rules", "fa13", "--goal", "40", "-o", "map.png", cwd=tmp_path)
    assert (tmp_path / "map.png").read_bytes() == picture.png
    assert {**picture.summary, "file": "map.png"} == expected


# Bad input


def test_unknown_rules_and_goals_are_the_cli_errors(cli_error: Callable[..., str]) -> None:
    with pytest.raises(ValueError) as raised:
        hogsolver.rules("fa61")
    assert str(raised.value) == cli_error("grade", "always_roll(4)", "--rules", "fa61")
    with pytest.raises(ValueError) as raised:
        hogsolver.solve("fa16", goal=0)
    assert str(raised.value) == cli_error("solve", "--goal", "0")
    with pytest.raises(ValueError, match="bad strategy 'always_roll"):
        hogsolver.grade("always_roll(")


def test_illegal_answers_are_the_cli_errors(tmp_path: Path, cli_error: Callable[..., str]) -> None:
    (tmp_path / "bad.py").write_text(
        "def final_strategy(score, opponent_score):\n    return 11 if score == 3 else 4\n"
    )

    def final_strategy(score: int, opponent_score: int) -> int:
        return 11 if score == 3 else 4

    expected = cli_error("grade", "bad.py", "--rules", "fa13", cwd=tmp_path)
    with pytest.raises(ValueError) as raised:
        hogsolver.grade(final_strategy, rules="fa13")
    # The CLI names the function by its file.
    assert str(raised.value) == expected.replace("bad.py:final_strategy", "final_strategy")
    assert "score 3, opponent_score 0" in str(raised.value)


def test_a_float_answer_is_the_cli_error_with_its_hint(
    tmp_path: Path, cli_error: Callable[..., str]
) -> None:
    (tmp_path / "bad.py").write_text("def final_strategy(score, opponent_score):\n    return 8 / 2\n")

    def final_strategy(score: int, opponent_score: int) -> float:
        return 8 / 2

    expected = cli_error("grade", "bad.py", "--rules", "fa13", cwd=tmp_path)
    with pytest.raises(ValueError) as raised:
        hogsolver.grade(final_strategy, rules="fa13")  # type: ignore[arg-type]
    assert str(raised.value) == expected.replace("bad.py:final_strategy", "final_strategy")
    assert "answered 4.0" in expected and "a float is not: return int(...)" in expected


def test_a_callable_that_returns_none_or_raises() -> None:
    with pytest.raises(ValueError) as raised:
        hogsolver.grade(lambda score, opponent_score: None)  # type: ignore[arg-type, return-value]
    assert str(raised.value) == (
        "strategy <lambda> answered None at score 0, opponent_score 0: num_rolls must be an int"
    )

    def final_strategy(score: int, opponent_score: int) -> int:
        return 1 // (score - 7)

    with pytest.raises(ValueError) as raised:
        hogsolver.grade(final_strategy)
    assert str(raised.value) == (
        "final_strategy(7, 0) raised ZeroDivisionError: integer division or modulo by zero"
    )
    assert isinstance(raised.value.__cause__, ZeroDivisionError)

    def interrupted(score: int, opponent_score: int) -> int:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        hogsolver.grade(interrupted)


def test_wrong_types_and_shapes() -> None:
    with pytest.raises(TypeError):
        hogsolver.grade(3.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        hogsolver.turn("3", 0, 2)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        hogsolver.grade(np.full((100, 100), 4.0))
    with pytest.raises(ValueError, match=r"shape \[10, 10\]"):
        hogsolver.grade(np.zeros((10, 10), dtype=np.int64))
    with pytest.raises(ValueError, match="num_rolls 12 at"):
        hogsolver.grade(np.full((100, 100), 12, dtype=np.int64))
    with pytest.raises(ValueError, match="was made for fa13, goal 100, not fa16"):
        hogsolver.grade(hogsolver.final("fa13"), rules="fa16")
    with pytest.raises(ValueError, match="score 100"):
        hogsolver.final("fa13")(100, 0)


# Ctrl-C must end long work at once: within this many seconds of SIGINT
# (work that ignored it would go on for seconds: each case below takes
# several seconds to a minute, or two minutes, uninterrupted).
STOPS_WITHIN = 1.0


def sleeping_module(tmp_path: Path, function: str) -> str:
    """A Python file whose strategy sleeps for an hour."""
    module = tmp_path / "sleepy.py"
    module.write_text(f"import time\n\ndef {function}(score, opponent_score):\n"
                      "    time.sleep(3600)\n    return 4\n")
    return f"{module}:{function}"


def running_with(marker: str) -> List[int]:
    """The processes whose command line holds the marker."""
    found = []
    for pid in os.listdir("/proc"):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if marker.encode() in f.read():
                    found.append(int(pid))
        except (OSError, ValueError):
            pass
    return found


@pytest.mark.parametrize(
    "work",
    [
        # The self-play solve on a team of threads (fa13).
        lambda _: hogsolver.solve("fa13", goal=5000),
        # The layer loop on rayon's threads (memories).
        lambda _: hogsolver.solve("sp20", goal=300),
        # The blind search's sweeps.
        lambda _: hogsolver.final("fa16"),
        # A Python strategy file that sleeps, in its sandbox.
        lambda tmp_path: hogsolver.grade(sleeping_module(tmp_path, "sleepy_ctrl_c_marker")),
        # The commands' library: a heatmap, an explanation, a contest's pairs.
        lambda _: hogsolver.heatmap("optimal", rules="fa13", goal=4000),
        lambda _: hogsolver.explain(0, 0, rules="fa13", goal=5000),
        lambda _: hogsolver.contest([f"always_roll({n})" for n in range(1, 11)], rules="fa13", goal=2000),
    ],
    ids=["team solve", "rayon solve", "final search", "sleeping strategy", "heatmap", "explain", "contest"],
)
def test_ctrl_c_stops_long_work_at_once(work: Callable[[Path], Any], tmp_path: Path) -> None:
    # SIGINT 0.5 s into the work, which runs with the GIL released: it
    # stops with KeyboardInterrupt within STOPS_WITHIN, and returns nothing.
    sent: List[float] = []

    def interrupt() -> None:
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.5, interrupt)
    result = None
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            result = work(tmp_path)
        stopped = time.monotonic()
    finally:
        timer.cancel()
    assert result is None
    delay = stopped - sent[0]
    print(f"stopped {delay:.3f} s after SIGINT")
    assert delay < STOPS_WITHIN, f"stopped {delay:.2f} s after SIGINT"
    # The sandboxed python3 is gone with its process group (the kernel ends
    # a PID namespace's last processes a moment after its first).
    deadline = time.monotonic() + STOPS_WITHIN
    while running_with("sleepy_ctrl_c_marker") and time.monotonic() < deadline:
        time.sleep(0.01)
    assert running_with("sleepy_ctrl_c_marker") == []
