"""hogsolver's two speed figures, printed as a table:

1. grading a plain Python function in-process (`hogsolver.grade(f)`) against the
   same function graded by the CLI as a process (`hog grade hog.py`), and
2. `hogsolver.solve` at goals 100 and 1000, to set beside the library's own time
   (`cargo bench --features bench --bench engine -- solve_fa16_by_goal`).

Run from the checkout with the package installed and a release CLI built:
    python python/bench/speed.py target/release/hog
Each figure is the median of RUNS runs, with the fastest and slowest.
"""

import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, List

import hogsolver

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "hog.py"
RUNS = 15


def sample_strategy(score: int, opponent_score: int) -> int:
    """samples/hog.py's final_strategy, as a plain function."""
    bacon = 1 + max(int(digit) for digit in str(opponent_score))
    if 2 * (score + bacon) == opponent_score:
        return 0
    if bacon >= 8 and score + bacon != 2 * opponent_score:
        return 0
    if opponent_score - score >= 20:
        return 7
    return 5


def timed(work: Callable[[], object], runs: int = RUNS) -> List[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return times


def row(name: str, times: List[float]) -> float:
    median = statistics.median(times)
    print(f"{name:<48} {median * 1e3:9.1f} ms  ({min(times) * 1e3:.1f} to {max(times) * 1e3:.1f})")
    return median


def main() -> None:
    cli = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "target" / "release" / "hog")
    in_process = row(
        "hogsolver.grade(final_strategy, rules='fa13')",
        timed(lambda: hogsolver.grade(sample_strategy, rules="fa13")),
    )
    command = [cli, "grade", str(SAMPLE), "--rules", "fa13", "--json"]
    process = row(
        "hog grade samples/hog.py --rules fa13 (a process)",
        timed(lambda: subprocess.run(command, check=True, capture_output=True)),
    )
    print(f"{'in-process speed-up':<48} {process / in_process:9.1f}x")
    assert hogsolver.grade(sample_strategy, rules="fa13").win_rate == hogsolver.grade(str(SAMPLE), rules="fa13").win_rate
    for goal in (100, 1000):
        runs = RUNS if goal == 100 else 5
        row(f"hogsolver.solve('fa16', goal={goal})", timed(lambda: hogsolver.solve("fa16", goal=goal), runs))


if __name__ == "__main__":
    main()
