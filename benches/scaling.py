#!/usr/bin/env python3
"""How hog's work scales with threads: times whole `hog` processes with
RAYON_NUM_THREADS set to 1, 2, 4, 8, 16 (those the machine has, and its
own count) and prints a Markdown table, with the machine and its load.

It needs only python3 and a built hog (no network, no build): copy the
binary to the machine to measure, e.g. after `cargo build --release`,

    python3 benches/scaling.py --hog target/release/hog
    python3 benches/scaling.py --hog ./hog --quick          # a minute or two
    python3 benches/scaling.py --hog ./hog --rows solve --threads 1,16

Each cell is the median wall time of --repeat runs (alternating thread
counts, so that a burst of other load spreads over all of them); the CPU
table beside it is the processes' user + system time, so CPU / wall is how
many cores a run kept busy. Measure on an idle machine: the load average
at the start and the other programs' running threads before each run are
printed, and a run beside other load says so.
"""

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

CONTEST_TABLES = 100
CONTEST_GOAL = 100


def rows(quick, contest_folder):
    """(name, hog arguments, fewest threads measured) of every row."""
    solve_goal = 1000 if quick else 5000
    tables = f"{CONTEST_TABLES} fa13 tables"
    if quick:
        tables = f"{CONTEST_TABLES // 5} fa13 tables"
    all_rows = [
        (f"`hog solve --rules fa13 --goal {solve_goal}`",
         ["solve", "--rules", "fa13", "--goal", str(solve_goal)], 1),
        (f"`hog solve --rules fa16 --goal {solve_goal}`",
         ["solve", "--rules", "fa16", "--goal", str(solve_goal)], 1),
        (f"`hog contest` of {tables} (`--no-cache`)",
         ["contest", contest_folder, "--rules", "fa13", "--no-cache"], 1),
        ("`hog final --rules fa16`", ["final", "--rules", "fa16"], 1),
        ("`hog final --rules su20`", ["final", "--rules", "su20"], 1),
    ]
    if not quick:
        # Minutes on one thread: measured from two threads up, as the
        # scaling issue's table was (--all-threads measures one too).
        all_rows += [
            ("`hog final --rules fa16 --goal 400`",
             ["final", "--rules", "fa16", "--goal", "400"], 2),
            ("`hog final --rules fa16 --goal 1000`",
             ["final", "--rules", "fa16", "--goal", "1000"], 2),
        ]
    return all_rows


def write_contest_tables(folder, count, seed=7):
    """`count` CSV tables of random fa13 actions (0 to 10 dice) at goal 100."""
    rng = random.Random(seed)
    header = "score\\opponent," + ",".join(map(str, range(CONTEST_GOAL))) + "\n"
    for k in range(count):
        with open(os.path.join(folder, f"e{k:04d}.csv"), "w") as f:
            f.write(header)
            for score in range(CONTEST_GOAL):
                answers = (str(rng.randint(0, 10)) for _ in range(CONTEST_GOAL))
                f.write(f"{score}," + ",".join(answers) + "\n")


def load():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def others_running():
    """Threads running or runnable now besides this script: other load,
    read between runs (the load average counts hog's own threads too)."""
    with open("/proc/stat") as f:
        for line in f:
            if line.startswith("procs_running"):
                return int(line.split()[1]) - 1
    return 0


def machine():
    model, memory = "unknown CPU", "unknown memory"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
        with open("/proc/meminfo") as f:
            kib = int(f.readline().split()[1])
            memory = f"{kib / 2**20:.0f} GiB"
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} logical CPUs, {memory}"


def run(hog, args, threads, env, timeout):
    """Wall and CPU seconds of one run, or None if it failed."""
    env = dict(env, RAYON_NUM_THREADS=str(threads))
    before = os.times()
    start = time.perf_counter()
    try:
        done = subprocess.run([hog, *args], env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "timed out"
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user
           + after.children_system - before.children_system)
    if done.returncode != 0:
        return None, f"exit {done.returncode}: {done.stderr.decode()[-300:]}"
    return (wall, cpu), None


def seconds(values):
    if not values:
        return ""
    return f"{statistics.median(values):.2f} s"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hog", default=None,
                        help="the hog binary (default: target/release/hog beside this script, "
                             "else hog on PATH)")
    parser.add_argument("--threads", default=None,
                        help="comma-separated thread counts (default: 1, 2, 4, 8, 16 up to "
                             "the machine's count, and that count)")
    parser.add_argument("--repeat", type=int, default=None,
                        help="runs per cell, median shown (default 3, quick 1)")
    parser.add_argument("--quick", action="store_true",
                        help="smaller rows (goal 1000 solves, 20 contest tables, the "
                             "default-goal finals), threads 1 and 2 unless --threads")
    parser.add_argument("--rows", default="",
                        help="only rows whose command contains this text")
    parser.add_argument("--all-threads", action="store_true",
                        help="also run the long finals on one thread")
    parser.add_argument("--timeout", type=float, default=3600,
                        help="seconds a run may take (default 3600)")
    options = parser.parse_args()

    here = os.path.dirname(os.path.abspath(__file__))
    hog = options.hog or os.path.join(here, "..", "target", "release", "hog")
    if options.hog is None and not os.path.exists(hog):
        hog = shutil.which("hog") or hog
    if not os.access(hog, os.X_OK):
        sys.exit(f"error: no hog binary at {hog} (give one with --hog PATH)")
    cores = os.cpu_count() or 1
    if options.threads:
        counts = [int(t) for t in options.threads.split(",")]
    elif options.quick:
        counts = [1, min(2, cores)]
    else:
        counts = [t for t in (1, 2, 4, 8, 16) if t <= cores]
        counts += [cores] if cores not in counts else []
    counts = sorted(set(counts))
    repeat = options.repeat or (1 if options.quick else 3)

    work = tempfile.mkdtemp(prefix="hog-scaling-")
    try:
        contest = os.path.join(work, "contest")
        os.makedirs(contest)
        tables = CONTEST_TABLES // 5 if options.quick else CONTEST_TABLES
        write_contest_tables(contest, tables)
        # No cache or configuration of the user's is read or written.
        env = dict(os.environ, HOME=work, XDG_CACHE_HOME=work)
        version = subprocess.run([hog, "--version"], capture_output=True, text=True).stdout
        print(f"Machine: {machine()}; {version.strip()} ({hog}); "
              f"{time.strftime('%Y-%m-%d %H:%M')}; load average {load():.2f} at the start.\n",
              flush=True)
        others = []
        table, cpu_table, notes = [], [], []
        for name, args, fewest in rows(options.quick, contest):
            if options.rows not in name:
                continue
            measured = [t for t in counts if t >= fewest or options.all_threads]
            walls = {t: [] for t in counts}
            cpus = {t: [] for t in counts}
            for _ in range(repeat):
                for threads in measured:
                    others.append(others_running())
                    took, failure = run(hog, args, threads, env, options.timeout)
                    if failure:
                        notes.append(f"{name} on {threads} threads: {failure}")
                        continue
                    walls[threads].append(took[0])
                    cpus[threads].append(took[1])
            first = next((t for t in counts if walls[t]), None)
            last = next((t for t in reversed(counts) if walls[t]), None)
            ratio = ""
            if first is not None and last != first:
                speedup = statistics.median(walls[first]) / statistics.median(walls[last])
                ratio = f"{speedup:.2f}x" + ("" if first == 1 else f" of {first}")
            table.append([name] + [seconds(walls[t]) for t in counts] + [ratio])
            cpu_table.append([name] + [seconds(cpus[t]) for t in counts])
            print(f"measured {name}", file=sys.stderr, flush=True)
        heads = [f"{t} thread" if t == 1 else str(t) for t in counts]
        biggest = counts[-1]
        print("| work | " + " | ".join(heads) + f" | {biggest} vs 1 |")
        print("|---|" + "---|" * (len(counts) + 1))
        for row in table:
            print("| " + " | ".join(row) + " |")
        print(f"\nCPU time (user + system), median of {repeat}:\n")
        print("| work | " + " | ".join(heads) + " |")
        print("|---|" + "---|" * len(counts))
        for row in cpu_table:
            print("| " + " | ".join(row) + " |")
        busy = max(others, default=0)
        print(f"\nWall time, median of {repeat} runs per cell; before the runs, other "
              f"programs had {min(others, default=0)} to {busy} threads running; load "
              f"average {load():.2f} at the end (hog's own threads included)"
              + ("; other programs shared the cores, so these are not an idle machine's "
                 "figures" if busy > 0 else "") + ".")
        for note in notes:
            print(f"\n* {note}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
