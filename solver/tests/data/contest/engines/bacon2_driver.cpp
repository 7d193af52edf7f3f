// Exact win rates from sxyu/bacon2's HogCore (core.cpp, config.cpp), for
// hog's tests; strategies as in the bacon driver.
#include "core.hpp"
#include "strategy.hpp"
#include <cstdint>
#include <cstdio>
using bacon::HogStrategy;
static HogStrategy always(int k) {
    HogStrategy t;
    for (int s = 0; s < bacon::hog::GOAL; ++s)
        for (int o = 0; o < bacon::hog::GOAL; ++o) t.rolls[s][o] = k;
    return t;
}
static HogStrategy random_table(uint64_t seed) {
    HogStrategy t;
    uint64_t state = seed;
    for (int s = 0; s < bacon::hog::GOAL; ++s)
        for (int o = 0; o < bacon::hog::GOAL; ++o) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            t.rolls[s][o] = (int)((state >> 33) % 11);
        }
    return t;
}
static bacon::HogCore core;
static void report(const char *a, const char *b, const HogStrategy &x, const HogStrategy &y) {
    double mean = core.win_rate(x, y);
    double first = core.win_rate_going_first(x, y);
    double second = core.win_rate_going_last(x, y);
    printf("%s %s %.17g %.17g %.17g\n", a, b, mean, first, second);
}
int main() {
    char name[2][32];
    for (int k = 0; k <= 10; ++k) {
        snprintf(name[0], 32, "always_roll(%d)", k);
        report(name[0], "always_roll(4)", always(k), always(4));
    }
    report("always_roll(0)", "always_roll(7)", always(0), always(7));
    report("always_roll(8)", "always_roll(3)", always(8), always(3));
    for (uint64_t seed = 1; seed <= 4; ++seed) {
        snprintf(name[0], 32, "random(%llu)", (unsigned long long)seed);
        report(name[0], "always_roll(4)", random_table(seed), always(4));
        for (uint64_t other = seed + 1; other <= 4; ++other) {
            snprintf(name[1], 32, "random(%llu)", (unsigned long long)other);
            report(name[0], name[1], random_table(seed), random_table(other));
        }
    }
    return 0;
}
