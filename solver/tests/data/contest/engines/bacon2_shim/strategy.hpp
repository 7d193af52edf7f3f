// A stand-in for bacon2's strategy.hpp (which needs its Session): only what
// core.cpp reads of a strategy, get(our_score, oppo_score).
#pragma once
#include "config.hpp"
namespace bacon {
struct HogStrategy {
    int rolls[hog::GOAL][hog::GOAL];
    int get(int our_score, int oppo_score) const { return rolls[our_score][oppo_score]; }
};
}
