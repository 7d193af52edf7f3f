#!/usr/bin/env python3
"""Writes N CSV strategy tables of random actions -1 to 10 (fa16's range)
for goal 100 into DIR, seeded: the contest of `benches/report`.

    python3 benches/random_tables.py 100 /tmp/c100 [SEED]
"""
import os
import random
import sys

count, folder = int(sys.argv[1]), sys.argv[2]
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 7)
goal = 100
os.makedirs(folder, exist_ok=True)
header = "score\\opponent," + ",".join(map(str, range(goal))) + "\n"
for k in range(count):
    with open(os.path.join(folder, f"e{k:04d}.csv"), "w") as f:
        f.write(header)
        for score in range(goal):
            row = (str(rng.randint(-1, 10)) for _ in range(goal))
            f.write(f"{score}," + ",".join(row) + "\n")
