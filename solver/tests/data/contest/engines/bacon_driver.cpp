// Exact win rates from sxyu/bacon's own average_win_rate, for hog's tests.
// Compiled with bacon's hog.cpp, strategy.cpp and analysis.cpp (not its
// main.cpp). Strategies: always_roll(k), and tables drawn from a seeded
// 64-bit linear congruential generator, answer (state >> 33) % 11 for each
// (score, opponent_score) in row-major order.
#include "stdafx.h"
#include "hog.h"
#include "analysis.h"
#include <cstdint>
#include <cstdio>

struct Table : public IStrategy {
    int rolls[GOAL][GOAL];
    explicit Table(int always) {
        for (int s = 0; s < GOAL; ++s)
            for (int o = 0; o < GOAL; ++o) rolls[s][o] = always;
    }
    Table(uint64_t seed, bool) {
        uint64_t state = seed;
        for (int s = 0; s < GOAL; ++s)
            for (int o = 0; o < GOAL; ++o) {
                state = state * 6364136223846793005ULL + 1442695040888963407ULL;
                rolls[s][o] = (int)((state >> 33) % 11);
            }
    }
    int operator()(int s, int o) { return rolls[s][o]; }
};

static void report(const char *a, const char *b, IStrategy &x, IStrategy &y) {
    double mean = average_win_rate(x, y, -1, 0, 0, 0, 0);
    double first = average_win_rate(x, y, 0, 0, 0, 0, 0);
    double second = average_win_rate(x, y, 1, 0, 0, 0, 0);
    printf("%s %s %.17g %.17g %.17g\n", a, b, mean, first, second);
}

int main() {
    Table always[11] = {Table(0), Table(1), Table(2), Table(3), Table(4), Table(5),
                        Table(6), Table(7), Table(8), Table(9), Table(10)};
    char name[2][32];
    for (int k = 0; k <= 10; ++k) {
        snprintf(name[0], 32, "always_roll(%d)", k);
        report(name[0], "always_roll(4)", always[k], always[4]);
    }
    report("always_roll(0)", "always_roll(7)", always[0], always[7]);
    report("always_roll(8)", "always_roll(3)", always[8], always[3]);
    for (uint64_t seed = 1; seed <= 4; ++seed) {
        Table t(seed, true);
        snprintf(name[0], 32, "random(%llu)", (unsigned long long)seed);
        report(name[0], "always_roll(4)", t, always[4]);
        for (uint64_t other = seed + 1; other <= 4; ++other) {
            Table u(other, true);
            snprintf(name[1], 32, "random(%llu)", (unsigned long long)other);
            report(name[0], name[1], t, u);
        }
    }
    return 0;
}
