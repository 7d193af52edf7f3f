#!/usr/bin/env python3
"""Builds the public contest engines sxyu/bacon and sxyu/bacon2 at the
commits below with g++, runs the drivers beside this file (hog's own code:
they call the engines' exact win rate), and writes ../engines.json, the
figures that solver/tests/it/contest_engines.rs holds hog to.

usage: figures.py BACON_GIT_DIR BACON2_GIT_DIR

Each git directory is a clone (bare or not) of the engine's repository. The
engines' sources are not committed: `git archive` takes them from the given
clones into a temporary folder.
"""

import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# (engine, which git dir, commit, the hog preset of its rules)
BUILDS = [
    ("sxyu/bacon", 0, "241dce4080b63fcd73c8dbd1634aa8f4d7a9ba7d", "fa17-contest"),
    ("sxyu/bacon", 0, "c777f8d18970ffb8bb3d279713c07d048fa726a2", "fa18-contest"),
    ("sxyu/bacon", 0, "4fd542506120b0ee84034724067b3ed584d0c07f", "sp19-contest"),
    ("sxyu/bacon2", 1, "456fedc575ac1c8c2e70a2caa8ea917f9e7d6e0e", "fa18-contest"),
]


def build(engine, git_dir, commit, work):
    src = os.path.join(work, commit)
    os.makedirs(src)
    archive = subprocess.run(["git", "--git-dir", git_dir, "archive", commit],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", src], input=archive, check=True)
    binary = os.path.join(work, commit + ".bin")
    if engine == "sxyu/bacon":
        command = ["g++", "-std=c++11", "-O2", "-pthread", "-I", os.path.join(src, "include"),
                   "-o", binary, os.path.join(HERE, "bacon_driver.cpp")] + [
                       os.path.join(src, f) for f in ["hog.cpp", "strategy.cpp", "analysis.cpp"]]
    else:
        # bacon2's core.cpp uses std::swap without <utility>; its
        # strategy.hpp needs the Python session, so a stand-in gives get().
        command = ["g++", "-std=c++14", "-O2", "-include", "utility",
                   "-I", os.path.join(HERE, "bacon2_shim"), "-I", os.path.join(src, "include"),
                   "-o", binary, os.path.join(HERE, "bacon2_driver.cpp")] + [
                       os.path.join(src, f) for f in ["core.cpp", "config.cpp"]]
    subprocess.run(command, check=True)
    return binary


def main():
    git_dirs = sys.argv[1:3]
    results = []
    with tempfile.TemporaryDirectory() as work:
        for engine, which, commit, preset in BUILDS:
            git_dir = git_dirs[which]
            if os.path.isdir(os.path.join(git_dir, ".git")):
                git_dir = os.path.join(git_dir, ".git")
            binary = build(engine, git_dir, commit, work)
            figures = []
            for line in subprocess.run([binary], check=True, capture_output=True,
                                       text=True).stdout.splitlines():
                a, b, mean, first, second = line.split()
                figures.append({"a": a, "b": b, "win_rate": float(mean),
                                "first": float(first), "second": float(second)})
            results.append({"engine": engine, "commit": commit, "preset": preset,
                            "figures": figures})
    data = {
        "notes": [
            "Exact win rates of fixed strategies computed by the public Hog contest engines "
            "(sxyu/bacon: average_win_rate in analysis.cpp; sxyu/bacon2: HogCore::win_rate in "
            "core.cpp), each at a commit whose rules are one of hog's contest presets: Time "
            "Trot with the engine's MOD_TROT, and that commit's free_bacon and is_swap.",
            "Written by engines/figures.py, which builds each engine with g++ beside the "
            "drivers in engines/ (hog's code); the engines' own sources are not committed.",
            "a and b: always_roll(k), or random(seed): the table whose answer at (score, "
            "opponent_score), visited in row-major order, is (x >> 33) % 11 after x = x * "
            "6364136223846793005 + 1442695040888963407 (mod 2^64), x starting at seed.",
            "win_rate: a's mean over both seatings; first: a moves first; second: b moves "
            "first. The game starts at 0-0 on turn 0.",
        ],
        "engines": results,
    }
    with open(os.path.join(HERE, "..", "engines.json"), "w") as out:
        json.dump(data, out, indent=1)
        out.write("\n")


if __name__ == "__main__":
    main()
