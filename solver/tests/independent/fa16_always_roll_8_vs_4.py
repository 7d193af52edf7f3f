#!/usr/bin/env python3
"""Independent exact evaluation: always_roll(8) vs always_roll(4), fa16 rules, goal 100.

Written from the rules alone (docs/rules.md), without reading hog's engine,
with Python's fractions.Fraction; standard library only. Six-sided dice
throughout (no Pork Chop is ever played). It printed the exact win rate that
solver/tests/exact.rs holds as FA16_ALWAYS_ROLL_8_VS_4: run
`python3 solver/tests/independent/fa16_always_roll_8_vs_4.py` (about 10 s)
to see it again."""
from fractions import Fraction
import sys, time

GOAL = 100
SIDES = 6

def is_prime(x):
    if x < 2:
        return False
    d = 2
    while d * d <= x:
        if x % d == 0:
            return False
        d += 1
    return True

def next_prime(x):
    y = x + 1
    while not is_prime(y):
        y += 1
    return y

def face_dist(hog_wild, one):
    """Distribution of one die's final face. hog_wild: re-rolling die."""
    if not hog_wild:
        return {f: one / SIDES for f in range(1, SIDES + 1)}
    d = {f: 0 * one for f in range(1, SIDES + 1)}
    for f1 in range(1, SIDES + 1):
        if f1 % 2 == 0:
            d[f1] += one / SIDES
        else:
            for f2 in range(1, SIDES + 1):
                d[f2] += one / (SIDES * SIDES)
    return d

def points_dist(n, hog_wild, one):
    """Distribution of turn points for n >= 1 dice, after Pig Out, Hogtimus Prime, When Pigs Fly."""
    fd = face_dist(hog_wild, one)
    # state: (ones_count, sum of non-one faces)
    st = {(0, 0): one}
    for _ in range(n):
        nst = {}
        for (k, s), p in st.items():
            for f, q in fd.items():
                key = (k + 1, s) if f == 1 else (k, s + f)
                nst[key] = nst.get(key, 0 * one) + p * q
        st = nst
    out = {}
    for (k, s), p in st.items():
        pts = k if k > 0 else s
        if is_prime(pts):
            pts = next_prime(pts)
        pts = min(pts, 25 - n)
        out[pts] = out.get(pts, 0 * one) + p
    assert sum(out.values()) == one or abs(sum(out.values()) - one) < 1e-12
    return sorted(out.items())

def solve(one, rolls=(8, 4)):
    """Returns W[who][s][o] = P(player A wins) when `who` (0 = A, 1 = B) moves with score s,
    the other has o. A = always_roll(rolls[0]), B = always_roll(rolls[1])."""
    dists = {}
    for n in set(rolls):
        for hw in (False, True):
            dists[(n, hw)] = points_dist(n, hw, one)
    zero = 0 * one
    W = [[[None] * GOAL for _ in range(GOAL)] for _ in range(2)]
    for total in range(2 * GOAL - 2, -1, -1):
        for s in range(max(0, total - GOAL + 1), min(total, GOAL - 1) + 1):
            o = total - s
            hw = (s + o) % 7 == 0
            for who in (0, 1):
                n = rolls[who]
                acc = zero
                for pts, p in dists[(n, hw)]:
                    m, t = s + pts, o          # mover, other
                    if m == 2 * t or t == 2 * m:
                        m, t = t, m
                    if m >= GOAL:
                        a_wins = one if who == 0 else zero
                    elif t >= GOAL:
                        a_wins = zero if who == 0 else one
                    else:
                        a_wins = W[1 - who][t][m]
                    acc += p * a_wins
                W[who][s][o] = acc
    return W

def factor23(q):
    a = b = 0
    while q % 2 == 0:
        q //= 2; a += 1
    while q % 3 == 0:
        q //= 3; b += 1
    return a, b, q

def ulps_between(x, y):
    import struct
    def key(v):
        i = struct.unpack('<q', struct.pack('<d', v))[0]
        return i if i >= 0 else -(i & 0x7fffffffffffffff)
    return key(y) - key(x)

def main():
    def out(s=""):
        print(s)
    # quick sanity prints of the point distributions
    t0 = time.time()
    Wf = solve(1.0)
    tf = time.time() - t0
    t0 = time.time()
    Wx = solve(Fraction(1))
    tx = time.time() - t0
    first_x = Wx[0][0][0]              # A moves first from 0-0
    second_x = Wx[1][0][0]             # B moves first from 0-0
    rate_x = (first_x + second_x) / 2
    first_f = Wf[0][0][0]; second_f = Wf[1][0][0]
    rate_f = (first_f + second_f) / 2
    out("fa16, goal 100, A = always_roll(8), B = always_roll(4); six-sided dice")
    out(f"(float solve {tf:.1f}s, exact solve {tx:.1f}s)")
    for name, X, F in (("P(A wins | A moves first)", first_x, first_f),
                       ("P(A wins | B moves first)", second_x, second_f),
                       ("win rate (mean of the two)", rate_x, rate_f)):
        p, q = X.numerator, X.denominator
        a, b, rest = factor23(q)
        d = float(X)
        out("")
        out(f"== {name}")
        out(f"exact p/q = {p}/{q}")
        out(f"  p has {len(str(p))} digits; q = 2^{a} * 3^{b}" + ("" if rest == 1 else f" * {rest}") + f" ({len(str(q))} digits)")
        out(f"  nearest double: {d!r}   (float(Fraction), correctly rounded)")
        out(f"  check: Fraction(double) - exact = {float(Fraction(d) - X):.3e}")
        out(f"  plain float arithmetic: {F!r}  (differs from nearest double by {ulps_between(d, F)} ulp)")
    out("")
    d = float(rate_x)
    for ref in (0.20377818161990918, 0.2037781816199082):
        u = ulps_between(d, ref)
        out(f"reference {ref!r}: {u:+d} ulp from the nearest double of the exact win rate; "
            f"exact error = {float(Fraction(ref) - rate_x):.3e}")

if __name__ == "__main__":
    main()
