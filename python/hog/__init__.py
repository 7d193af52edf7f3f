"""hog: the exact optimal-strategy solver and grader for the dice game Hog.

The figures are those of the ``hog`` command-line tool, bit for bit: the
game (rules, solves, grades, the best ``final_strategy``) is computed by its
Rust library, and ``turn``, ``dist``, ``explain``, ``contest``, ``heatmap``
and ``presets`` run the tool's own command code in-process and return its
``--json`` output as Python objects. Bad input raises ``ValueError`` with
the tool's one-line message; a wrong type raises ``TypeError``.

A *strategy* is any of: a callable ``final_strategy(score, opponent_score)``
(asked once per pair of scores, in this interpreter), a numpy array of
num_rolls, a strategy expression (``"always_roll(4)"``, ``"optimal"``,
``"best_response(always_roll(5))"``), a file name (``"hog.py"``,
``"table.hogtable"``, ``"./table.csv"``) or ``os.PathLike``, or a
``Solution`` or ``Final``.

A quick look::

    >>> import hog
    >>> hog.final("fa16").win_rate
    0.9225835775118023
"""

from __future__ import annotations

import json
import operator
import os
import re
import tempfile
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

from . import _hog
from ._hog import Final, Grade, Rules, Solution, grade, load, rules, solve

__all__ = [
    "Contest",
    "Final",
    "Grade",
    "Heatmap",
    "Rules",
    "Solution",
    "contest",
    "dist",
    "explain",
    "final",
    "grade",
    "heatmap",
    "load",
    "presets",
    "rules",
    "solve",
    "turn",
]

final = _hog.final

RulesLike = Union[str, Rules]


def _rules_text(rules: RulesLike) -> str:
    """The --rules argument: the canonical text, so any rules pass."""
    return _hog.rules(rules).text


def _int(name: str, value: Any) -> str:
    """An int argument as text; a TypeError for anything else (3.0, "3")."""
    try:
        return str(operator.index(value))
    except TypeError:
        raise TypeError(f"{name} must be an int, not {type(value).__name__}") from None


def _run(args: List[str]) -> Any:
    """`hog COMMAND --json ARGS...`, in-process, as Python objects."""
    return json.loads(_hog.run_json(args[:1] + ["--json"] + args[1:]))


def _game(rules: Optional[RulesLike], goal: Optional[int]) -> List[str]:
    """--rules and --goal where given; else the CLI decides, as it does."""
    args = []
    if rules is not None:
        args += ["--rules", _rules_text(rules)]
    if goal is not None:
        args += ["--goal", _int("goal", goal)]
    return args


class _Strategies:
    """Strategy objects as command-line arguments, in a throwaway folder:
    files for the game given (fa16 to 100 where none is)."""

    def __init__(self, rules: Optional[RulesLike], goal: Optional[int]) -> None:
        self._rules = "fa16" if rules is None else rules
        self._goal = 100 if goal is None else goal
        self._folder = tempfile.TemporaryDirectory(prefix="hog-")

    def __enter__(self) -> "_Strategies":
        return self

    def __exit__(self, *exc: object) -> None:
        self._folder.cleanup()

    def arg(self, strategy: Any, stem: str) -> str:
        if isinstance(strategy, os.PathLike):
            path = str(os.fspath(strategy))
            return path if os.sep in path else os.path.join(".", path)
        return _hog.strategy_arg(strategy, self._rules, self._goal, self._folder.name, stem)


def _stem(strategy: Any, fallback: str) -> str:
    """A file name for a strategy object: its function's name or its
    objective (a Solution's, a Final's), else `fallback`."""
    name = getattr(strategy, "__name__", None) or getattr(strategy, "objective", None) or fallback
    return re.sub(r"[^A-Za-z0-9_]", "_", str(name)) or fallback


def presets() -> List[Dict[str, Any]]:
    """Every preset, as ``hog rules list --json``: name, aliases, course,
    summary, baseline, target, hidden state and the canonical rules text."""
    listing: Dict[str, List[Dict[str, Any]]] = _run(["rules", "list"])
    return listing["presets"]


def turn(
    score: int,
    opponent_score: int,
    num_rolls: int,
    dice: Sequence[int] = (),
    *,
    rules: RulesLike = "fa16",
    goal: int = 100,
    sides: int = 6,
) -> Dict[str, Any]:
    """One turn with the given die faces, as the course's test dice take
    them (``hog turn --json``): points, score, opponent_score, sides after it."""
    args = ["turn", "--rules", _rules_text(rules), "--goal", _int("goal", goal)]
    args += ["--score", _int("score", score), "--opp", _int("opponent_score", opponent_score)]
    args += ["--rolls", _int("num_rolls", num_rolls), "--sides", _int("sides", sides)]
    if dice:
        args += ["--dice", ",".join(_int("a die face", face) for face in dice)]
    result: Dict[str, Any] = _run(args)
    return result


def dist(
    score: int,
    opponent_score: int,
    num_rolls: int,
    *,
    rules: RulesLike = "fa16",
    goal: int = 100,
    sides: int = 6,
) -> List[Dict[str, Any]]:
    """The exact distribution of one turn's outcomes (``hog dist --json``):
    one dict per outcome with its points, the state after it, its
    ``probability`` and its reduced ``fraction`` ("p/q")."""
    args = ["dist", "--rules", _rules_text(rules), "--goal", _int("goal", goal)]
    args += ["--score", _int("score", score), "--opp", _int("opponent_score", opponent_score)]
    args += ["--rolls", _int("num_rolls", num_rolls), "--sides", _int("sides", sides)]
    outcomes: List[Dict[str, Any]] = _run(args)["outcomes"]
    return outcomes


def explain(
    score: int,
    opponent_score: int,
    *,
    rules: Optional[RulesLike] = None,
    goal: Optional[int] = None,
    sides: int = 6,
    against: Any = None,
    strategy: Any = None,
    exact: bool = False,
) -> Dict[str, Any]:
    """Why the best action is best in one state (``hog explain --json``):
    every action's chance to win, the best, its margin over the runner-up,
    and the turn's outcomes. ``against`` makes it the best response to that
    strategy; ``strategy`` explains that strategy's own choice."""
    args = ["explain"] + _game(rules, goal)
    args += ["--score", _int("score", score), "--opp", _int("opponent_score", opponent_score)]
    args += ["--sides", _int("sides", sides)]
    with _Strategies(rules, goal) as files:
        if against is not None:
            args += ["--against", files.arg(against, _stem(against, "against"))]
        if strategy is not None:
            args += ["--strategy", files.arg(strategy, _stem(strategy, "strategy"))]
        if exact:
            args.append("--exact")
        explained: Dict[str, Any] = _run(args)
    return explained


class Contest:
    """A round robin's results (``hog contest --json``).

    ``entries`` is one record per entry (name, source, status, reason,
    points, rank, win_rate_vs_baseline), ready for ``pandas.DataFrame``;
    ``pairs()`` is one record per ordered pair with the exact win rate."""

    def __init__(self, result: Dict[str, Any]) -> None:
        self.rules: str = result["rules"]
        self.goal: int = result["goal"]
        self.entries: List[Dict[str, Any]] = result["entries"]
        self.names: List[str] = result["matrix"]["names"]
        self.matrix: List[List[Optional[float]]] = result["matrix"]["win_rate"]

    def pairs(self) -> List[Dict[str, Any]]:
        """One record per ordered pair: entry, opponent, the entry's win rate."""
        return [
            {"entry": a, "opponent": b, "win_rate": rate}
            for a, row in zip(self.names, self.matrix)
            for b, rate in zip(self.names, row)
            if rate is not None
        ]

    def __repr__(self) -> str:
        ranking = ", ".join(f"{e['rank']}. {e['name']}" for e in self.entries)
        return f"<hog.Contest {self.rules}, goal {self.goal}: {ranking}>"


def contest(
    entries: Union[Sequence[Any], Mapping[str, Any]],
    *,
    rules: Optional[RulesLike] = None,
    goal: Optional[int] = None,
    baseline: Any = None,
    margin: float = 0.000001,
) -> Contest:
    """Every entry against every other, exactly, ranked by match points as
    ``hog contest`` ranks them (a point for a win rate above 0.5 + margin).
    Entries are strategies, named as the CLI names them (an expression by
    its text, a file by its name, a callable by its function's name, a
    Solution or Final by its objective), or a dict of them by name."""
    args = ["contest"] + _game(rules, goal)
    args += ["--margin", repr(float(margin)), "--no-cache"]
    with _Strategies(rules, goal) as files:
        if isinstance(entries, Mapping):
            named = [(e, _stem(name, name)) for name, e in entries.items()]
        else:
            named = [(e, _stem(e, f"entry{i}")) for i, e in enumerate(entries)]
        names = [files.arg(e, stem) for e, stem in named]
        if baseline is not None:
            args += ["--baseline", files.arg(baseline, "baseline")]
        result = _run(args + ["--"] + names)
    return Contest(result)


class Heatmap:
    """A heatmap as PNG bytes (``hog heatmap``), shown inline by Jupyter."""

    def __init__(self, png: bytes, summary: Dict[str, Any]) -> None:
        self.png = png
        self.summary = summary

    def _repr_png_(self) -> bytes:
        return self.png

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Writes the PNG file."""
        with open(path, "wb") as file:
            file.write(self.png)


def heatmap(
    strategy: Any,
    *,
    rules: Optional[RulesLike] = None,
    goal: Optional[int] = None,
    show: str = "action",
    diff: Any = None,
    baseline: Any = None,
) -> Heatmap:
    """A strategy's choice (show="action"), winning chance ("win") or both,
    over every (score, opponent_score); with ``diff``, where it and another
    strategy differ. The picture and its JSON summary, as ``hog heatmap``."""
    if show not in ("action", "win", "both"):
        raise ValueError(f"show must be 'action', 'win' or 'both', not {show!r}")
    args = _game(rules, goal)
    with _Strategies(rules, goal) as files:
        args.insert(0, files.arg(strategy, _stem(strategy, "strategy")))
        if diff is not None:
            args += ["--diff", files.arg(diff, _stem(diff, "other"))]
        elif show != "action":
            args += ["--show", show]
        if baseline is not None:
            args += ["--baseline", files.arg(baseline, "baseline")]
        png, summary = _hog.heatmap_png(args)
    return Heatmap(png, json.loads(summary))
