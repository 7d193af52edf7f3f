"""A student's hog.py for the hog-calc tests (not a course's file): what
calc.py reads of a course's hog.py (GOAL_SCORE, always_roll) and a
final_strategy: no dice when the opponent's score ends in 7 to 9, more dice
when behind, fewer when ahead."""

GOAL_SCORE = 100


def always_roll(n):
    def strategy(score, opponent_score):
        return n

    return strategy


def final_strategy(score, opponent_score):
    if opponent_score % 10 >= 7:
        return 0
    if opponent_score - score >= 20:
        return 7
    if score - opponent_score >= 20:
        return 3
    return 5
