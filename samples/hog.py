"""A sample student strategy for CS 61A Fall 2013 Hog (fa13), to show
`hog grade samples/hog.py --rules fa13`: Free Bacon when it is worth at least
8 points, a beneficial swap when one is on offer, more dice when behind."""


def free_bacon(opponent_score):
    """Rolling 0 dice scores 1 + the larger digit of the opponent's score."""
    return 1 + max(int(digit) for digit in str(opponent_score))


def final_strategy(score, opponent_score):
    bacon = free_bacon(opponent_score)
    if 2 * (score + bacon) == opponent_score:
        return 0
    if bacon >= 8 and score + bacon != 2 * opponent_score:
        return 0
    if opponent_score - score >= 20:
        return 7
    return 5
