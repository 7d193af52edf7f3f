"""hogsolver: the exact optimal-strategy solver and grader for the dice game Hog.

The figures are those of the ``hog`` command-line tool, bit for bit: every
function calls the same Rust library as the tool's commands, in-process
(``pip install`` puts the ``hog`` command itself on the PATH too). The package is
named ``hogsolver``, not ``hog``, because every Hog project folder holds the
course's ``hog.py``, which Python would import in its place.

A *strategy* is any of: a callable ``final_strategy(score, opponent_score)``
(asked once per pair of scores, in this interpreter), a numpy array of
num_rolls, a strategy expression (``"always_roll(4)"``, ``"optimal"``,
``"best_response(always_roll(5))"``), a file name (``"hog.py"``,
``"table.hogtable"``, ``"./table.csv"``) or ``os.PathLike``, or a
``Solution`` or ``Final``.

The game: the ``rules`` and ``goal`` given, else those a strategy records
(a ``Solution``, a ``Final``, a table file), else the semester the project
folder names (``project()``: the folder of a ``hog.py`` strategy, else the
working folder), else fa16 to 100, with a warning saying so.

Bad input raises ``HogError`` (a ``ValueError``) with the tool's one-line
message; a wrong type raises ``TypeError``.

Examples
--------
>>> import hogsolver
>>> hogsolver.grade("always_roll(6)", rules="fa13", goal=50).win_rate
0.5218717299521822
"""

from __future__ import annotations

import importlib
import operator
import os
import warnings
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

from . import _hog
from ._hog import Final, Grade, HogError, Project, Rules, Solution

__all__ = [
    "Contest",
    "Distribution",
    "Explanation",
    "Final",
    "Grade",
    "Heatmap",
    "HogError",
    "Preset",
    "Project",
    "Rules",
    "Solution",
    "Turn",
    "contest",
    "dist",
    "explain",
    "final",
    "grade",
    "heatmap",
    "load",
    "presets",
    "project",
    "rules",
    "solve",
    "turn",
]

#: Rules: a preset or semester name, a canonical rules text, or a ``Rules``.
RulesLike = Union[str, Rules]
#: A strategy: a callable, an array of num_rolls, a strategy expression or
#: file name, a path, or a hogsolver result.
StrategyLike = Union[
    Callable[[int, int], int],
    "npt.NDArray[np.integer[Any]]",
    str,
    "os.PathLike[str]",
    Solution,
    Final,
]
StrPath = Union[str, "os.PathLike[str]"]

#: How long a Python strategy may take by default, in seconds: a callable to
#: answer every state, a file to import and to answer every state (in each
#: of its two rounds). About what the course's autograder and contest allow.
PYTHON_TIMEOUT: int = _hog.PYTHON_TIMEOUT


# Arguments


def _int(name: str, value: Any) -> int:
    """An int argument; a TypeError for anything else (3.0, "3")."""
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an int, not {type(value).__name__}") from None


def _goal(goal: Optional[int]) -> Optional[int]:
    """The goal, checked as the CLI checks --goal where it is no machine int."""
    if goal is None:
        return None
    goal = _int("goal", goal)
    if not 1 <= goal <= _hog.MAX_GOAL:
        raise HogError(
            f"goal {goal} is not allowed: the goal must be between 1 and {_hog.MAX_GOAL}"
        )
    return goal


def _timeout(timeout: int) -> int:
    timeout = _int("timeout", timeout)
    if not 1 <= timeout <= 1_000_000:
        raise HogError(f"timeout {timeout} is not allowed: it must be 1 to 1000000 seconds")
    return timeout


def _opponent(against: Any, baseline: Any) -> Any:
    """``against``, or its alias ``baseline``; not both."""
    if against is not None and baseline is not None:
        raise TypeError("give against= or its alias baseline=, not both")
    return baseline if against is None else against


def _stem(strategy: Any, fallback: str) -> str:
    """A file name for a strategy object: its function's name or its
    objective (a Solution's, a Final's), else `fallback`."""
    name = getattr(strategy, "__name__", None) or getattr(strategy, "objective", None) or fallback
    stem = "".join(c if c.isalnum() or c == "_" else "_" for c in str(name))
    return stem or fallback


# Results


def _pandas() -> Any:
    try:
        return importlib.import_module("pandas")
    except ImportError:
        raise ImportError("to_pandas() needs pandas: pip install pandas") from None


class _Record:
    """A command's result: its fields (those ``--json`` prints) as attributes."""

    _name = "record"

    def __init__(self, fields: Mapping[str, Any]) -> None:
        self._fields = dict(fields)
        for key, value in fields.items():
            setattr(self, key, value)

    def to_dict(self) -> Dict[str, Any]:
        """The fields as a dict, as ``hog ... --json`` prints them."""
        return dict(self._fields)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Record) and type(self) is type(other) and self._fields == other._fields

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{key}={_number(value)}"
            for key, value in self._fields.items()
            if not isinstance(value, (list, dict))
        )
        return f"<hogsolver.{self._name} {shown}>"


def _number(value: Any) -> str:
    """A value as the CLI prints it: a probability to 12 decimals."""
    if isinstance(value, float):
        return f"{value:.12f}"
    return repr(value)


class Preset(_Record):
    """One preset, as ``hog rules list --json`` lists it: ``name``,
    ``aliases``, ``course``, ``summary``, ``baseline``, ``target``, the
    hidden state and the canonical rules ``text``."""

    _name = "Preset"
    name: str
    aliases: List[str]
    baseline: str


class Turn(_Record):
    """One turn played with given dice (``hog turn --json``): ``points``,
    then the state after it: ``score``, ``opponent_score``, ``sides``."""

    _name = "Turn"
    points: int
    score: int
    opponent_score: int
    sides: int


class Distribution(_Record):
    """The exact distribution of one turn's outcomes (``hog dist --json``):
    ``outcomes``, one dict per outcome with its points, the state after it,
    its ``probability`` and its reduced ``fraction`` ("p/q")."""

    _name = "Distribution"
    outcomes: List[Dict[str, Any]]

    def __iter__(self) -> Iterator[Dict[str, Any]]:
        return iter(self.outcomes)

    def __len__(self) -> int:
        return len(self.outcomes)

    def to_pandas(self) -> Any:
        """The outcomes as a ``pandas.DataFrame``, one row each."""
        return _pandas().DataFrame(self.outcomes)


class Explanation(_Record):
    """Why the best action is best in one state (``hog explain --json``):
    ``actions`` (every action's chance to win), ``best``, ``win``, the
    margin over the runner-up and the turn's outcomes."""

    _name = "Explanation"
    rules: str
    goal: int
    score: int
    opponent_score: int
    sides: int
    against: Optional[str]
    strategy: Optional[str] = None
    plays: Optional[int] = None
    sees_hidden_state: bool
    actions: List[Dict[str, Any]]
    best: int
    win: float
    margin: float
    tie: bool
    runner_up: Optional[int]
    outcomes: List[Dict[str, Any]]

    def to_pandas(self) -> Any:
        """The actions as a ``pandas.DataFrame`` indexed by num_rolls."""
        return _pandas().DataFrame(self.actions).set_index("num_rolls")


# Rules and projects


def rules(name_or_text: RulesLike) -> Rules:
    """The rules of a preset, a semester, or a canonical rules text.

    Parameters
    ----------
    name_or_text : str or Rules
        A preset or semester name (``"fa16"``, ``"sp14"``; ``presets()``
        lists them) or a canonical rules text (``Rules.text``).

    Returns
    -------
    Rules
        With ``name``, ``text``, ``actions``, ``baseline``, ``hides_state``,
        ``hidden_values`` and ``hidden_labels``.

    Raises
    ------
    HogError
        For a name that is no preset or a text that is no rules.

    Examples
    --------
    >>> fa16 = rules("fa16")
    >>> fa16.baseline, fa16.hidden_values, fa16.hidden_labels
    ('always_roll(4)', 2, ['sides 6', 'sides 4'])
    >>> rules("sp14")
    hogsolver.rules("fa13")
    """
    return _hog.rules(name_or_text)


def presets() -> List[Preset]:
    """Every preset, as ``hog rules list --json`` lists them.

    Returns
    -------
    list of Preset
        Each with ``name``, ``aliases``, ``course``, ``summary``,
        ``baseline``, ``target``, the hidden state and the rules ``text``;
        ``to_dict()`` gives the record for ``pandas.DataFrame``.

    Examples
    --------
    >>> [p.name for p in presets()][:4]
    ['fa16', 'fa13', 'sp26', 'sp26-simple']
    """
    return [Preset(fields) for fields in _hog.presets()["presets"]]


def project(folder: StrPath = ".") -> Project:
    """The semester of the Hog project in a folder, as every ``hog`` command
    reads it: its ok config, its course tests, its ``hog.py``.

    Parameters
    ----------
    folder : str or os.PathLike, default "."
        The project folder (the working folder by default).

    Returns
    -------
    Project
        ``rules`` (a ``Rules``, or None where the files name no one
        preset), ``reason`` (the evidence in a sentence) and ``candidates``
        (the presets the files fit, where they fit several).

    Raises
    ------
    HogError
        Where an ok config names a semester no preset plays, or the folder
        cannot be read.

    Examples
    --------
    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> with open(os.path.join(folder, "hog.ok"), "w") as ok:
    ...     _ = ok.write('{"endpoint": "cal/cs61a/sp14/proj01", "src": ["hog.py"]}')
    >>> found = project(folder)
    >>> found.rules, found.candidates
    (hogsolver.rules("fa13"), [])
    >>> found.reason.startswith("fa13 (semester sp14, from ")
    True
    """
    return _hog.project(os.fspath(folder))


# Solves, grades, final


def solve(
    rules: Optional[RulesLike] = None,
    goal: Optional[int] = None,
    against: Optional[StrategyLike] = None,
    exact: bool = False,
    *,
    baseline: Optional[StrategyLike] = None,
    timeout: int = PYTHON_TIMEOUT,
) -> Solution:
    """The self-play optimum, or the best response to a strategy (``hog solve``).

    Parameters
    ----------
    rules : str or Rules, optional
        The game's rules; see the package's docstring for the default.
    goal : int, optional
        The score that wins (100 by default).
    against : strategy, optional
        Solve the best response to this strategy (which may see what the
        rules hide) instead of the self-play optimum. ``baseline=`` is an
        alias.
    exact : bool, default False
        Solve in exact fractions, as ``hog solve --exact``: the figures are
        then in ``Solution.exact`` and ``save`` writes the fractions too.
    timeout : int, default 120
        Seconds a Python strategy may take (``--python-timeout``).

    Returns
    -------
    Solution
        ``policy`` and ``values`` as numpy arrays whose axes ``axes`` names
        (see "Arrays" in docs/python.md), ``first_mover_win``,
        ``opening_action``, a best response's ``win_rate``, ``first`` and
        ``second``, ``to_pandas()`` and ``save(path)``.

    Raises
    ------
    HogError
        For bad rules or goal, or a strategy that breaks.

    Examples
    --------
    >>> optimum = solve("fa13", goal=30)
    >>> optimum
    <hogsolver.Solution optimal for fa13, goal 30: first mover wins 0.492852941200>
    >>> optimum.axes, optimum.policy.shape
    (('score', 'opponent_score'), (30, 30))
    >>> solve("fa13", goal=30, against="always_roll(5)").win_rate
    0.6664157246823286
    """
    against = _opponent(against, baseline)
    return _hog.solve(rules, _goal(goal), against, exact, _timeout(timeout))


def load(path: StrPath) -> Solution:
    """A table written by ``Solution.save`` or ``hog solve -o``, checked whole.

    Parameters
    ----------
    path : str or os.PathLike
        A ``.hogtable`` file.

    Returns
    -------
    Solution
        The table (with no best-response figures: ``win_rate`` is None).

    Raises
    ------
    HogError
        For a file that cannot be read or is no whole table.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "fa13.hogtable")
    >>> solve("fa13", goal=30).save(path)
    >>> load(path).objective
    'optimal'
    """
    return _hog.load(os.fspath(path))


def grade(
    strategy: StrategyLike,
    against: Optional[StrategyLike] = None,
    rules: Optional[RulesLike] = None,
    goal: Optional[int] = None,
    exact: bool = False,
    *,
    baseline: Optional[StrategyLike] = None,
    timeout: int = PYTHON_TIMEOUT,
    costliest: int = 5,
) -> Grade:
    """A strategy's exact win rate against an opponent (``hog grade``): the
    mean of moving first and moving second, the course's ``average_win_rate``,
    and the decisions that cost the strategy most.

    Parameters
    ----------
    strategy : strategy
        What is graded: a function, an array, an expression, a file, a result.
    against : strategy, optional
        The opponent; the course baseline of the rules by default.
        ``baseline=`` is an alias.
    rules : str or Rules, optional
        The game's rules; see the package's docstring for the default (a
        ``hog.py`` strategy's folder says which, as ``project()`` reads it).
    goal : int, optional
        The score that wins.
    exact : bool, default False
        Also give the figures as ``fractions.Fraction``s (``win_rate_exact``...).
    timeout : int, default 120
        Seconds a Python strategy may take to answer every state.
    costliest : int, default 5
        How many of the costliest decisions to find (0: none): the cells
        where another answer wins more, each with ``gain``, the exact rise
        of the win rate if that cell alone took its ``best`` answer.

    Returns
    -------
    Grade
        ``win_rate``, ``first``, ``second``, ``draw``, ``strategy``,
        ``against`` (also as ``baseline``), ``rules``, ``goal``,
        ``sees_hidden_state``, ``costliest`` (dicts as ``hog grade --json``
        lists them, highest gain first) and ``to_pandas()`` (the costliest,
        one row each).

    Raises
    ------
    HogError
        For bad rules or goal, or a strategy that breaks, answers what the
        rules do not allow, or takes longer than ``timeout``.

    Warns
    -----
    UserWarning
        Where no rules are given and nothing names a semester: the rules are
        then fa16's, the default.

    Examples
    --------
    >>> def final_strategy(score, opponent_score):
    ...     return 7 if opponent_score - score >= 20 else 5
    >>> grade(final_strategy, rules="sp26")
    <hogsolver.Grade final_strategy against always_roll(6) (sp26, goal 100): win rate 0.510197258742 (first 0.548045128143, second 0.472349389340)>
    >>> grade(final_strategy, against="always_roll(4)", rules="fa13").win_rate
    0.5432470454164434
    >>> grade(final_strategy, rules="sp26", costliest=1).costliest
    [{'score': 97, 'opponent_score': 97, 'num_rolls': 5, 'best': 0, 'gain': 0.0038269937018362565}]
    """
    against = _opponent(against, baseline)
    costliest = _int("costliest", costliest)
    if costliest < 0:
        raise HogError(f"costliest {costliest} is not allowed: give how many, 0 or more")
    return _hog.grade(
        strategy, against, rules, _goal(goal), exact, _timeout(timeout), costliest
    )


def final(
    rules: Optional[RulesLike] = None,
    against: Union[StrategyLike, Sequence[StrategyLike], None] = None,
    goal: Optional[int] = None,
    *,
    baseline: Union[StrategyLike, Sequence[StrategyLike], None] = None,
    timeout: int = PYTHON_TIMEOUT,
) -> Final:
    """The best ``final_strategy(score, opponent_score)`` for a course
    (``hog final``): the best against the course baseline among the
    strategies a course accepts, which see only the two scores.

    Parameters
    ----------
    rules : str or Rules, optional
        The game's rules; see the package's docstring for the default (a
        notebook opened in the project folder finds its semester).
    against : strategy or list of strategies, optional
        The opponent (the course baseline by default), or a field of them,
        each met as often (``hog final --against A --against B``).
        ``baseline=`` is an alias.
    goal : int, optional
        The score that wins.
    timeout : int, default 120
        Seconds a Python strategy may take to answer every state.

    Returns
    -------
    Final
        Callable as ``final_strategy``; ``win_rate``, ``first``, ``second``,
        ``bound`` (where the rules hide state: the best any strategy that
        sees it does), ``field``, ``table`` (numpy, axes (score,
        opponent_score)), ``to_pandas()`` and ``to_python()``, the module
        ``hog final -o final.py`` writes.

    Raises
    ------
    HogError
        For bad rules or goal, or an opponent that breaks.

    Examples
    --------
    >>> best = final("fa13", goal=50)
    >>> best
    <hogsolver.Final best_response(always_roll(5)) for fa13, goal 50: win rate 0.701124942895>
    >>> best(0, 0), best.table.shape
    (3, (50, 50))
    """
    against = _opponent(against, baseline)
    return _hog.final(rules, against, _goal(goal), _timeout(timeout))


# The commands


def turn(
    score: int,
    opponent_score: int,
    num_rolls: int,
    dice: Sequence[int] = (),
    *,
    rules: RulesLike = "fa16",
    goal: int = 100,
    sides: int = 6,
) -> Turn:
    """One turn with the given die faces, as the course's test dice take
    them (``hog turn``).

    Parameters
    ----------
    score, opponent_score : int
        The mover's score and the opponent's, before the turn.
    num_rolls : int
        The dice rolled (0 for the rules' zero-dice points; -1 is fa16's
        Pork Chop).
    dice : sequence of int, default ()
        The faces the dice show, in order (as many as the turn reads).
    rules : str or Rules, default "fa16"
    goal : int, default 100
    sides : int, default 6
        The dice's sides this turn.

    Returns
    -------
    Turn
        ``points``, then the state after the turn: ``score``,
        ``opponent_score``, ``sides``.

    Raises
    ------
    HogError
        For a state or action the rules do not allow, or too few dice.

    Examples
    --------
    >>> turn(5, 10, 3, [2, 3, 4], rules="fa13")
    <hogsolver.Turn points=9, score=14, opponent_score=10, sides=6>
    """
    faces = [_int("a die face", face) for face in dice]
    return Turn(
        _hog.turn(
            rules,
            _int("goal", goal),
            _int("score", score),
            _int("opponent_score", opponent_score),
            _int("num_rolls", num_rolls),
            _int("sides", sides),
            faces,
        )
    )


def dist(
    score: int,
    opponent_score: int,
    num_rolls: int,
    *,
    rules: RulesLike = "fa16",
    goal: int = 100,
    sides: int = 6,
) -> Distribution:
    """The exact distribution of one turn's outcomes (``hog dist``).

    Parameters
    ----------
    score, opponent_score : int
        The state before the turn.
    num_rolls : int
        The dice rolled.
    rules : str or Rules, default "fa16"
    goal : int, default 100
    sides : int, default 6

    Returns
    -------
    Distribution
        ``outcomes``: one dict per outcome with its ``points``, the state
        after it, its ``probability`` and its reduced ``fraction`` ("p/q");
        iterable, and ``to_pandas()``.

    Raises
    ------
    HogError
        For a state or action the rules do not allow.

    Examples
    --------
    >>> from fractions import Fraction
    >>> outcomes = dist(1, 0, 1, rules="fa13")
    >>> [(o["points"], o["fraction"]) for o in outcomes][:2]
    [(1, '1/6'), (2, '1/6')]
    >>> sum(Fraction(o["fraction"]) for o in outcomes)
    Fraction(1, 1)
    """
    return Distribution(
        _hog.dist(
            rules,
            _int("goal", goal),
            _int("score", score),
            _int("opponent_score", opponent_score),
            _int("num_rolls", num_rolls),
            _int("sides", sides),
        )
    )


def explain(
    score: int,
    opponent_score: int,
    *,
    rules: Optional[RulesLike] = None,
    goal: Optional[int] = None,
    sides: int = 6,
    against: Optional[StrategyLike] = None,
    baseline: Optional[StrategyLike] = None,
    strategy: Optional[StrategyLike] = None,
    exact: bool = False,
    timeout: int = PYTHON_TIMEOUT,
) -> Explanation:
    """Why the best action is best in one state (``hog explain``).

    Parameters
    ----------
    score, opponent_score : int
        The state.
    rules, goal : optional
        The game; a ``strategy`` or ``against`` result plays its own.
    sides : int, default 6
        The dice's sides this turn.
    against : strategy, optional
        Explain the best response to this strategy instead of self-play.
        ``baseline=`` is an alias.
    strategy : strategy, optional
        Explain this strategy's own choice.
    exact : bool, default False
        The chances as exact fractions too.
    timeout : int, default 120
        Seconds a Python strategy may take to answer every state.

    Returns
    -------
    Explanation
        ``actions`` (each action's chance to win), ``best``, ``win``, the
        margin over the runner-up; ``to_pandas()``.

    Raises
    ------
    HogError
        For a state the rules do not allow, or a strategy that breaks.

    Examples
    --------
    >>> why = explain(10, 20, rules="fa13", goal=50)
    >>> why.best, why.to_dict()["best"]
    (10, 10)
    """
    against = _opponent(against, baseline)
    timeout = _timeout(timeout)
    score, opponent_score = _int("score", score), _int("opponent_score", opponent_score)
    sides = _int("sides", sides)
    return Explanation(
        _hog.explain(
            rules, _goal(goal), score, opponent_score, sides, against, strategy, bool(exact), timeout
        )
    )


class Contest:
    """A round robin's results (``hog contest``).

    Attributes
    ----------
    rules : str
    goal : int
    entries : list of dict
        One record per entry: name, source, status, reason, points, rank,
        win_rate_vs_baseline.
    names : list of str
        The entries' names, in the order of ``matrix``.
    matrix : list of list of float or None
        ``matrix[i][j]``: entry i's exact win rate against entry j.
    """

    def __init__(self, result: Dict[str, Any]) -> None:
        self.rules: str = result["rules"]
        self.goal: int = result["goal"]
        self.entries: List[Dict[str, Any]] = result["entries"]
        self.names: List[str] = result["matrix"]["names"]
        self.matrix: List[List[Optional[float]]] = result["matrix"]["win_rate"]

    def pairs(self) -> List[Dict[str, Any]]:
        """One record per ordered pair: entry, opponent, the entry's win rate.

        Examples
        --------
        >>> result = contest(["always_roll(4)", "always_roll(6)"], rules="fa13", goal=50)
        >>> result.pairs()[0]
        {'entry': 'always_roll(6)', 'opponent': 'always_roll(4)', 'win_rate': 0.5183343227668558}
        """
        return [
            {"entry": a, "opponent": b, "win_rate": rate}
            for a, row in zip(self.names, self.matrix)
            for b, rate in zip(self.names, row)
            if rate is not None
        ]

    def to_pandas(self) -> Any:
        """The entries as a ``pandas.DataFrame`` indexed by name."""
        return _pandas().DataFrame(self.entries).set_index("name")

    def __repr__(self) -> str:
        ranking = ", ".join(f"{e['rank']}. {e['name']}" for e in self.entries)
        return f"<hogsolver.Contest {self.rules}, goal {self.goal}: {ranking}>"


def contest(
    entries: Union[Sequence[StrategyLike], Mapping[str, StrategyLike]],
    *,
    rules: Optional[RulesLike] = None,
    goal: Optional[int] = None,
    against: Optional[StrategyLike] = None,
    baseline: Optional[StrategyLike] = None,
    margin: float = 0.000001,
    timeout: int = PYTHON_TIMEOUT,
    weaker_sandbox: bool = False,
) -> Contest:
    """Every entry against every other, exactly, ranked by match points as
    ``hog contest`` ranks them (a point for a win rate above 0.5 + margin).

    Parameters
    ----------
    entries : sequence of strategies, or dict of them by name
        Named as the CLI names them (an expression by its text, a file by
        its name, a callable by its function's name, a result by its
        objective); a dict's keys name its callables, arrays and results.
    rules, goal : optional
        The game; results among the entries play their own.
    against : strategy, optional
        The baseline each entry's ``win_rate_vs_baseline`` is measured
        against (the course baseline by default). ``baseline=`` is an alias.
    margin : float, default 0.000001
        How far above 0.5 a win rate must be to win a match point.
    timeout : int, default 120
        Seconds a Python strategy may take to answer every state.
    weaker_sandbox : bool, default False
        Run the Python files among the entries where the kernel offers only
        the sandbox's weaker wall (no Landlock): such an entry could then
        read your files. Without it, such a contest raises ``HogError``.

    Returns
    -------
    Contest
        ``entries``, ``names``, ``matrix``, ``pairs()`` and ``to_pandas()``.

    Raises
    ------
    HogError
        For fewer than two entries, bad rules or goal; for a Python file
        among them behind the weaker wall, unless ``weaker_sandbox``.

    Examples
    --------
    >>> def mine(score, opponent_score):
    ...     return 5
    >>> result = contest({"mine": mine, "four": "always_roll(4)"}, rules="fa13", goal=50)
    >>> [(e["rank"], e["name"], e["points"], e["source"]) for e in result.entries]
    [(1, 'always_roll(4)', 1, 'always_roll(4)'), (2, 'mine', 0, 'mine')]
    """
    against = _opponent(against, baseline)
    timeout = _timeout(timeout)
    if isinstance(entries, Mapping):
        named = [(e, _stem(name, name)) for name, e in entries.items()]
    else:
        named = [(e, _stem(e, f"entry{i}")) for i, e in enumerate(entries)]
    if len(named) < 2:
        raise HogError(f"a contest needs at least two entries, not {len(named)}")
    return Contest(
        _hog.contest(
            rules, _goal(goal), named, against, float(margin), timeout, bool(weaker_sandbox)
        )
    )


class Heatmap:
    """A heatmap (``hog heatmap``): the picture as PNG bytes, shown inline by
    Jupyter, and the command's JSON ``summary``."""

    def __init__(self, png: bytes, summary: Dict[str, Any]) -> None:
        self.png = png
        self.summary = summary

    def _repr_png_(self) -> bytes:
        return self.png

    def __repr__(self) -> str:
        s = self.summary
        shows = {
            "action": "num_rolls",
            "win": "P(player to move wins)",
            "both": "num_rolls and P(player to move wins)",
        }.get(s["show"], f"P(win) minus P(win) of {s['other']} where their num_rolls differ")
        panels = len(s["panels"])
        return (
            f"<hogsolver.Heatmap {s['source']} ({s['rules']}, goal {s['goal']}): {shows}, "
            f"{panels} panel{'' if panels == 1 else 's'}, {s['width']}x{s['height']} PNG>"
        )

    def save(self, path: StrPath, force: bool = False) -> None:
        """Writes the PNG file as ``hog heatmap -o FILE.png`` does, through
        hog's one writer: atomically (a failed write leaves the old file), to
        a name ending in ``.png``, never through a symlink, and replacing
        only a file hog wrote.

        Parameters
        ----------
        path : str or os.PathLike
            Ends in ``.png``.
        force : bool, default False
            Replace a file there that hog did not write (or that was
            edited since).

        Raises
        ------
        HogError
            For another name, a file hog did not write, or a symlink.

        Examples
        --------
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "map.png")
        >>> heatmap("optimal", rules="fa13", goal=30).save(path)
        >>> open(path, "rb").read(4)
        b'\\x89PNG'
        """
        _hog.save_png(path, self.png, force)


def heatmap(
    strategy: StrategyLike,
    *,
    rules: Optional[RulesLike] = None,
    goal: Optional[int] = None,
    show: str = "action",
    diff: Optional[StrategyLike] = None,
    against: Optional[StrategyLike] = None,
    baseline: Optional[StrategyLike] = None,
    timeout: int = PYTHON_TIMEOUT,
) -> Heatmap:
    """A strategy's choice, winning chance or both over every (score,
    opponent_score), as ``hog heatmap`` draws it.

    Parameters
    ----------
    strategy : strategy
        What is drawn; titles name it (a function by its name).
    rules, goal : optional
        The game; a result plays its own.
    show : {"action", "win", "both"}, default "action"
    diff : strategy, optional
        Draw where this strategy and ``strategy`` differ.
    against : strategy, optional
        The opponent of the "win" map (the course baseline by default).
        ``baseline=`` is an alias.
    timeout : int, default 120
        Seconds a Python strategy may take to answer every state.

    Returns
    -------
    Heatmap
        ``png`` (bytes), ``summary`` (dict), ``save(path)``.

    Raises
    ------
    HogError
        For bad rules or goal, or a strategy that breaks.

    Examples
    --------
    >>> picture = heatmap("optimal", rules="fa13", goal=30)
    >>> picture.png[:4], picture.summary["width"]
    (b'\\x89PNG', 900)
    """
    if show not in ("action", "win", "both"):
        raise HogError(f"show must be 'action', 'win' or 'both', not {show!r}")
    against = _opponent(against, baseline)
    timeout = _timeout(timeout)
    png, summary = _hog.heatmap(rules, _goal(goal), strategy, show, diff, against, timeout)
    return Heatmap(png, summary)
