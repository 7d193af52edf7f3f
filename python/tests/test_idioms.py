"""The package as a scientific-Python user meets it: its import name beside
a course's hog.py, its warnings, its names, its results' axes, its
docstrings, and its progress in a notebook."""

import inspect
import os
import shutil
import subprocess
import sys
import typing
import warnings
from pathlib import Path
from typing import Any, Callable

import numpy as np
import pytest

import hogsolver

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "hog.py"

Cli = Callable[..., Any]


def test_the_package_imports_beside_a_course_hog_py(tmp_path: Path) -> None:
    # Every project folder holds the course's hog.py: Python started there
    # imports it as `hog`, and the package as `hogsolver` all the same.
    shutil.copy(SAMPLE, tmp_path / "hog.py")
    probe = (
        "import hog, hogsolver; "
        "print(hog.__file__); print(hogsolver.__file__); "
        "print(hogsolver.grade(hog.final_strategy, rules='fa13', goal=20).strategy)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    student, package, graded = done.stdout.splitlines()
    assert Path(student).resolve() == (tmp_path / "hog.py").resolve()
    assert Path(package).parent.name == "hogsolver" and Path(package).parent != tmp_path
    assert graded == "final_strategy"


# The rules used


def test_the_default_rules_are_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.warns(UserWarning) as caught:
        graded = hogsolver.grade("always_roll(5)")
    assert graded.rules == "fa16"
    [warning] = caught
    message = str(warning.message)
    assert "fa16, the default" in message and "rules=" in message
    # The warning points at the caller's line, not the package's.
    assert warning.filename == __file__
    with pytest.warns(UserWarning, match="fa16, the default"):
        hogsolver.final(goal=20)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        hogsolver.grade("always_roll(5)", rules="fa16")
        hogsolver.grade(hogsolver.solve("fa13", goal=20))  # a result says its game


def test_a_project_folder_names_the_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "hog.ok").write_text('{"endpoint": "cal/cs61a/sp14/proj01", "src": ["hog.py"]}')
    shutil.copy(SAMPLE, tmp_path / "hog.py")
    found = hogsolver.project(tmp_path)
    assert found.rules == hogsolver.rules("fa13") and found.candidates == []
    assert "sp14" in found.reason and "hog.ok" in found.reason
    empty = hogsolver.project(tmp_path / "..")
    assert empty.rules is None and "no file here names a semester" in empty.reason
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # Its hog.py plays the folder's rules, from anywhere...
        assert hogsolver.grade(str(tmp_path / "hog.py")).rules == "fa13"
        # ...and a notebook opened in the folder plays them too.
        monkeypatch.chdir(tmp_path)
        assert hogsolver.final(goal=30).rules.name == "fa13"


# One vocabulary


def test_against_and_its_alias_baseline(cli: Cli) -> None:
    expected = cli("grade", "always_roll(6)", "--baseline", "always_roll(5)", "--rules", "fa13")
    assert hogsolver.grade("always_roll(6)", against="always_roll(5)", rules="fa13").win_rate == expected["win_rate"]
    assert hogsolver.grade("always_roll(6)", baseline="always_roll(5)", rules="fa13").win_rate == expected["win_rate"]
    graded = hogsolver.grade("always_roll(6)", baseline="always_roll(5)", rules="fa13")
    assert graded.against == graded.baseline == "always_roll(5)"
    for call in (hogsolver.solve, hogsolver.final):
        with pytest.raises(TypeError, match="against= or its alias baseline="):
            call("fa13", against="always_roll(5)", baseline="always_roll(4)")
    assert hogsolver.final("fa13", goal=30, baseline="always_roll(6)").against == "always_roll(6)"
    for function in (hogsolver.grade, hogsolver.solve, hogsolver.final, hogsolver.explain, hogsolver.contest, hogsolver.heatmap):
        parameters = inspect.signature(function).parameters
        assert "against" in parameters and "baseline" in parameters, function.__name__
        assert "baseline=" in (function.__doc__ or ""), function.__name__


def test_errors_are_hog_errors_with_the_cli_line(cli_error: Callable[..., str]) -> None:
    assert issubclass(hogsolver.HogError, ValueError)
    with pytest.raises(hogsolver.HogError) as raised:
        hogsolver.solve("fa61")
    assert str(raised.value) == cli_error("solve", "--rules", "fa61")
    with pytest.raises(hogsolver.HogError) as raised:
        hogsolver.explain(0, 0, rules="fa13", goal=0)
    assert str(raised.value) == cli_error("explain", "--rules", "fa13", "--goal", "0", "--score", "0", "--opp", "0")


# Results


@pytest.mark.parametrize(
    "preset,hidden",
    [("fa13", None), ("fa16", ["sides 6", "sides 4"]), ("sp20", 14 * 14)],
    ids=["plain", "sides", "memory"],
)
def test_arrays_have_named_axes(preset: str, hidden: Any) -> None:
    goal = 12
    solution = hogsolver.solve(preset, goal=goal)
    rules = solution.rules
    if hidden is None:
        assert solution.axes == ("score", "opponent_score")
        assert solution.policy.shape == solution.values.shape == (goal, goal)
        assert rules.hidden_labels == [] and rules.hidden_name is None
    else:
        assert solution.axes == ("hidden", "score", "opponent_score")
        labels = rules.hidden_labels
        count = len(hidden) if isinstance(hidden, list) else hidden
        assert solution.policy.shape == solution.values.shape == (count, goal, goal)
        assert len(labels) == len(set(labels)) == count == rules.hidden_values
        if isinstance(hidden, list):
            assert labels == hidden and rules.hidden_name == "the dice sides"
        else:
            assert labels[0] == "memories 0 (mover) and 0 (opponent)"
            assert rules.hidden_name == "each player's previous turn"
    found = hogsolver.final(preset, goal=goal)
    assert found.axes == ("score", "opponent_score") and found.table.shape == (goal, goal)
    pandas = pytest.importorskip("pandas")
    frame = solution.to_pandas()
    assert list(frame.index.names) == list(solution.axes)
    assert list(frame.columns) == ["num_rolls", "win"]
    assert len(frame) == solution.policy.size
    # A row is the state its index names: the hidden axis by its label.
    at = (rules.hidden_labels[-1], 7, 3) if hidden is not None else (7, 3)
    where = (len(rules.hidden_labels) - 1, 7, 3) if hidden is not None else (7, 3)
    assert frame.loc[at, "num_rolls"] == solution.policy[where]
    assert frame.loc[at, "win"] == solution.values[where]
    assert isinstance(found.to_pandas(), pandas.DataFrame)
    assert found.to_pandas().loc[(7, 3), "num_rolls"] == found(7, 3)


def test_reprs_print_numbers_as_the_cli() -> None:
    graded = hogsolver.grade("always_roll(4)", rules="fa16")
    # Self-play: one half, up to rounding in the last bits of the float.
    assert abs(graded.win_rate - 0.5) < 1e-12
    # A strategy against itself ties it, below fa16's target, and the repr
    # says so, as hog grade does.
    assert repr(graded) == (
        "<hogsolver.Grade always_roll(4) against always_roll(4) (fa16, goal 100): "
        f"win rate 0.500000000000 (first {graded.first:.12f}, second {graded.second:.12f}); "
        "TIES always_roll(4); below the course's target 0.80>"
    )
    assert repr(hogsolver.turn(5, 10, 3, [2, 3, 4], rules="fa13")) == (
        "<hogsolver.Turn points=9, score=14, opponent_score=10, sides=6>"
    )


def test_a_losing_grade_says_it_loses() -> None:
    # One die a turn against the fa13 baseline: below one half, and below
    # the course's target, which holds against the course's baseline.
    losing = hogsolver.grade("always_roll(1)", rules="fa13", goal=50)
    baseline, target = hogsolver.rules("fa13").baseline, losing.course_target
    assert losing.win_rate < 0.5 and target is not None and losing.win_rate < float(target)
    assert repr(losing).endswith(f"; LOSES to {baseline}; below the course's target {target}>")
    # Against another opponent: the verdict, and no target.
    other = hogsolver.grade("always_roll(1)", "always_roll(6)", rules="fa13", goal=50)
    assert other.win_rate < 0.5 and other.course_target is None
    assert repr(other).endswith("; LOSES to always_roll(6)>")
    winning = hogsolver.grade("always_roll(6)", "always_roll(1)", rules="fa13", goal=50)
    assert winning.win_rate > 0.5 and repr(winning).endswith(")>")


def test_a_heatmap_says_what_it_shows() -> None:
    # fa13 hides nothing: one map of 900x800 pixels.
    picture = hogsolver.heatmap("optimal", rules="fa13", goal=30)
    assert repr(picture) == "<hogsolver.Heatmap optimal (fa13, goal 30): num_rolls, 1 panel, 900x800 PNG>"
    # fa16's win maps: one per dice sides, beside one action map (a course
    # strategy answers alike with both), in one row: 3 panels of 900x800.
    both = hogsolver.heatmap("always_roll(5)", rules="fa16", goal=30, show="both")
    assert repr(both) == (
        "<hogsolver.Heatmap always_roll(5) (fa16, goal 30): num_rolls and P(player to move wins), "
        "3 panels, 2700x800 PNG>"
    )


def test_results_are_objects_with_records() -> None:
    turned = hogsolver.turn(5, 10, 3, [2, 3, 4], rules="fa13")
    assert (turned.points, turned.score) == (9, 14)
    outcomes = hogsolver.dist(0, 0, 2, rules="fa16")
    assert len(outcomes) == len(list(outcomes)) == len(outcomes.outcomes)
    why = hogsolver.explain(10, 20, rules="fa13", goal=40)
    assert why.best == max(why.actions, key=lambda a: a["win"])["num_rolls"]
    assert all(isinstance(p, hogsolver.Preset) for p in hogsolver.presets())
    pandas = pytest.importorskip("pandas")
    assert list(outcomes.to_pandas()["fraction"]) == [o["fraction"] for o in outcomes]
    assert why.to_pandas().loc[why.best, "win"] == why.win


# Docstrings and annotations


def public_functions() -> "list[Any]":
    return [getattr(hogsolver, name) for name in hogsolver.__all__ if inspect.isfunction(getattr(hogsolver, name))]


def test_every_public_function_is_documented_and_annotated() -> None:
    functions = public_functions()
    assert len(functions) >= 12
    for function in functions:
        doc = function.__doc__ or ""
        for section in ("Returns\n    -------", "Examples\n    --------", ">>> "):
            assert section in doc, (function.__name__, section)
        hints = typing.get_type_hints(function)
        assert "return" in hints, function.__name__
        parameters = inspect.signature(function).parameters
        assert set(parameters) <= set(hints), function.__name__
        for name in parameters:
            assert f"{name}" in doc, (function.__name__, name)


# Progress


def test_progress_shows_in_a_notebook(tmp_path: Path) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_code_cell("import hogsolver"),
        # Several seconds of work: a solve at a large goal.
        nbformat.v4.new_code_cell("solution = hogsolver.solve('fa13', goal=2500)\nsolution.goal"),
    ]
    client = nbclient.NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    with pytest.MonkeyPatch.context() as patch:
        # The kernel is this interpreter, whatever else is installed.
        patch.setenv("PATH", os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"])
        client.execute()
    outputs = notebook.cells[1].outputs
    shown = [
        o.get("data", {}).get("text/plain", "") if o.output_type != "stream" else o.text
        for o in outputs
    ]
    text = "\n".join(shown)
    assert "solving" in text, outputs
    assert any(o.output_type == "execute_result" and o.data["text/plain"] == "2500" for o in outputs)
