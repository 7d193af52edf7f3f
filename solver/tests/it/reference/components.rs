//! The reference's own plain transcriptions of the rule components of the
//! semesters after fa13 (docs/rules.md, "Rule components"), one function
//! each, written from the docs' sentences and not from `hog_solver::rules`:
//! digits are read from the decimal text of a number, primes and squares are
//! found by counting up, so that a slip in the library's arithmetic shows up
//! as a disagreement.

use std::sync::OnceLock;

use num_bigint::BigInt;

/// "tens(x) = (x // 10) % 10"
pub fn tens(x: u32) -> u32 {
    (x / 10) % 10
}

/// "ones(x) = x % 10"
pub fn ones(x: u32) -> u32 {
    x % 10
}

/// The decimal digits of x, most significant first (0 is "0").
pub fn digits(x: u64) -> Vec<u32> {
    x.to_string().bytes().map(|b| u32::from(b - b'0')).collect()
}

/// "1 is not prime": trial division by every number below n.
pub fn is_prime(n: u32) -> bool {
    n >= 2 && (2..n).all(|d| !n.is_multiple_of(d))
}

/// The smallest prime larger than `n`.
pub fn next_prime(n: u32) -> u32 {
    let mut p = n + 1;
    while !is_prime(p) {
        p += 1;
    }
    p
}

/// Whether n = r * r for some whole r, counting r up from 0.
pub fn is_square(n: u32) -> bool {
    (0..=n).take_while(|r| r * r <= n).any(|r| r * r == n)
}

/// Whether n = r * r * r for some whole r, counting r up from 0.
pub fn is_cube(n: u32) -> bool {
    (0..=n)
        .take_while(|r| r * r * r <= n)
        .any(|r| r * r * r == n)
}

/// The greatest number that divides both (counting down from the smaller).
fn gcd(a: u32, b: u32) -> u32 {
    (1..=a.min(b))
        .rev()
        .find(|d| a.is_multiple_of(*d) && b.is_multiple_of(*d))
        .unwrap_or(a.max(b))
}

/// Decimal n of π (3 for n = 0), n <= 100: π = 16 atan(1/5) − 4 atan(1/239)
/// (Machin), each arctangent summed in integers scaled by 10^110, ten guard
/// digits; computed once.
pub fn decimal_of_pi(n: u32) -> u32 {
    static PI: OnceLock<String> = OnceLock::new();
    let pi = PI.get_or_init(|| {
        let scale = BigInt::from(10).pow(110);
        let atan_of_one_over = |x: u32| {
            let mut term = &scale / x;
            let mut sum = BigInt::from(0);
            let mut k = 0u32;
            while term != BigInt::from(0) {
                let part = &term / (2 * k + 1);
                sum = if k.is_multiple_of(2) {
                    sum + part
                } else {
                    sum - part
                };
                term /= x * x;
                k += 1;
            }
            sum
        };
        let pi: BigInt = atan_of_one_over(5) * 16 - atan_of_one_over(239) * 4;
        (pi / BigInt::from(10).pow(10)).to_string()
    });
    u32::from(pi.as_bytes()[n as usize] - b'0')
}

/// Decimal n >= 1 of 1/den, by long division.
pub fn decimal_of_one_over(den: u32, n: u32) -> u32 {
    let mut remainder = 1;
    let mut digit = 0;
    for _ in 0..n {
        remainder *= 10;
        digit = remainder / den;
        remainder %= den;
    }
    digit
}

/// The extra-turn rules, by their names in the rules text: whether the
/// mover, now at m against o, moves again.
pub fn extra_turn(rule: &str, m: u32, o: u32) -> bool {
    match rule {
        // "m > 0, o > 0 and gcd(m, o) ≥ 10"
        "swine_align" => m > 0 && o > 0 && gcd(m, o) >= 10,
        // "m < o and o − m ≤ 2"
        "pig_pass" => m < o && o - m <= 2,
        // "padded to two digits, m's first digit < o's and m's second digit
        // < o's": the first two characters of the zero-padded texts.
        "more_boar" => {
            let (a, b) = (format!("{m:02}"), format!("{o:02}"));
            let (a, b) = (a.as_bytes(), b.as_bytes());
            a[0] < b[0] && a[1] < b[1]
        }
        // "the smallest digit of m < o's and the largest > o's"
        "more_boar_min_max" => {
            let (a, b) = (digits(m.into()), digits(o.into()));
            let smallest = |d: &[u32]| *d.iter().min().unwrap();
            let largest = |d: &[u32]| *d.iter().max().unwrap();
            smallest(&a) < smallest(&b) && largest(&a) > largest(&b)
        }
        other => panic!("the reference knows no extra-turn rule {other}"),
    }
}

/// |tens(x) - ones(x)|
fn gap(x: u32) -> u32 {
    (tens(x) as i64 - ones(x) as i64).unsigned_abs() as u32
}

/// The zero-dice rules, by their names in the rules text.
pub fn zero_dice(rule: &str, score: u32, opponent: u32) -> u32 {
    let (t, o) = (tens(opponent), ones(opponent));
    match rule {
        // "1 + |tens(opponent) - ones(opponent)|"
        "free_bacon_abs_diff_plus_1" => 1 + gap(opponent),
        // "2 + |tens(opponent) - ones(opponent)|"
        "free_bacon_abs_diff_plus_2" => 2 + gap(opponent),
        // "(tens(opponent) * ones(opponent)) mod 10 + 1"
        "free_bacon_digit_product" => (t * o) % 10 + 1,
        // "max(2 * tens(opponent) - ones(opponent), 1)"
        "free_bacon_twice_tens_minus_ones" => (2 * t as i64 - o as i64).max(1) as u32,
        // "1 + min(tens(opponent), ones(opponent))"
        "free_bacon_min_digit_plus_1" => 1 + t.min(o),
        // "10 - min(tens(opponent), ones(opponent))"
        "free_bacon_ten_minus_min_digit" => 10 - t.min(o),
        // "1 + |alternating sum of the digits of opponent^3|"
        "free_bacon_cube_alternating" => {
            let cube = digits(u64::from(opponent).pow(3));
            let sum: i64 = cube
                .iter()
                .enumerate()
                .map(|(i, &d)| if i % 2 == 0 { d as i64 } else { -(d as i64) })
                .sum();
            1 + sum.unsigned_abs() as u32
        }
        // "10 + tens(opponent) - ones(opponent)"
        "free_bacon_ten_plus_tens_minus_ones" => 10 + t - o,
        // "3 + the smallest digit of opponent^2"
        "piggy_points_square_min_digit" => {
            3 + digits(u64::from(opponent).pow(2))
                .into_iter()
                .min()
                .unwrap()
        }
        // "4 + |tens(opponent) - ones(opponent)|"
        "piggy_points_abs_diff_plus_4" => 4 + gap(opponent),
        // "3 + decimal o of π (3 + 3 for o = 0)"
        "free_bacon_pi" => 3 + decimal_of_pi(opponent),
        // "digit n of 1/7 = 0.142857... for opponent score n (7 for n = 0)"
        "picky_piggy_one_seventh" => match opponent {
            0 => 7,
            n => decimal_of_one_over(7, n),
        },
        "hefty_hogs" => hefty_hogs(score, opponent),
        // "2 * |tens(opponent) - ones(opponent)| + 1"
        "pig_tail" => 2 * gap(opponent) + 1,
        other => panic!("the reference knows no zero-dice rule {other}"),
    }
}

/// sp22's Hefty Hogs: "against 0, 1 point; else start from v = the mover's
/// score and apply f_d for each digit d of the opponent's score from right
/// to left, then the points are v mod 30", with Python's floor `//` and `%`
/// and `int` truncating toward 0. At the reference's goals (scores below
/// 100: two digits) every value stays far below 2^53, where doubles are
/// exact; the assertion checks it.
fn hefty_hogs(score: u32, opponent: u32) -> u32 {
    if opponent == 0 {
        return 1;
    }
    let mut v = score as i64;
    for &d in digits(opponent.into()).iter().rev() {
        assert!(
            v.abs() < 1 << 40,
            "Hefty Hogs: {v} is too large for the reference"
        );
        v = match d {
            0 => v + 1,
            1 => v * v,
            2 => v * 3,
            3 => v.div_euclid(4),
            4 => v - 5,
            5 => v.rem_euclid(6),
            6 => v.rem_euclid(7) * 8,
            7 => (v as f64 * 8.8) as i64,
            8 => (v as f64 / 99.0 * 15.0) as i64 + 10,
            _ => v,
        };
    }
    v.rem_euclid(30) as u32
}

/// The after-turn rules, by their names in the rules text, on the (mover,
/// opponent) scores after a turn that scored `points`.
pub fn after_turn(rule: &str, (m, o): (u32, u32), points: u32) -> (u32, u32) {
    let swap_if = |swap: bool| if swap { (o, m) } else { (m, o) };
    match rule {
        // "if the last two digits of one score, reversed, are the other's (19
        // and 91, 8 and 80), the scores swap": as two-digit texts.
        "swine_swap_reverse_digits" => {
            let last_two = |x: u32| format!("{:02}", x % 100);
            let reversed: String = last_two(o).chars().rev().collect();
            swap_if(last_two(m) == reversed)
        }
        // "if every digit of the mover's new score is the same"
        "swine_swap_mover_repdigit" => {
            let text = m.to_string();
            swap_if(text.chars().all(|c| c == text.chars().next().unwrap()))
        }
        // "if both scores are above 1 and one is a multiple of the other"
        "swine_swap_multiple" => swap_if(m > 1 && o > 1 && (m % o == 0 || o % m == 0)),
        // "if ones(mover) = tens(opponent)"
        "swine_swap_ones_tens" => swap_if(ones(m) == tens(o)),
        // "if |tens - ones| is the same for both scores"
        "swine_swap_digit_diff" => swap_if(gap(m) == gap(o)),
        // "if the scores have an equal digit in the same place (no leading
        // zeros)": the texts read from their right ends.
        "swine_swap_same_place_digit" => {
            let (a, b) = (m.to_string(), o.to_string());
            let same = a.chars().rev().zip(b.chars().rev()).any(|(x, y)| x == y);
            // 0 has no digits: "leading zeros don't count, so 0 has no digits".
            swap_if(m > 0 && o > 0 && same)
        }
        // "if the leftmost digit of the mover's score = ones(opponent)"
        "swine_swap_lead_ones" => swap_if(digits(m.into())[0] == ones(o)),
        // "if score0 + score1 is prime, the player strictly ahead gains the
        // turn's points again"
        "prime_sum_leader_bonus" if is_prime(m + o) && m > o => (m + points, o),
        "prime_sum_leader_bonus" if is_prime(m + o) && o > m => (m, o + points),
        "prime_sum_leader_bonus" => (m, o),
        // "if |ones(mover) - ones(opponent)| = tens(opponent)"
        "swine_swap_ones_diff_tens" => {
            swap_if((ones(m) as i64 - ones(o) as i64).abs() == tens(o) as i64)
        }
        // "if the scores are equal, the mover's doubles"
        "hog_pile_double" if m == o => (m + m, o),
        "hog_pile_double" => (m, o),
        // "if the ones digits are equal, the mover gains that digit again"
        "hog_pile_ones" if ones(m) == ones(o) => (m + ones(m), o),
        "hog_pile_ones" => (m, o),
        // "a prime mover's new score becomes the next prime (1 counts as prime)"
        "pigs_on_prime" if m == 1 || is_prime(m) => (next_prime(m), o),
        "pigs_on_prime" => (m, o),
        // "a perfect-square mover's new score becomes the next perfect square"
        "square_swine" if is_square(m) => {
            let next = (m + 1..).find(|&n| is_square(n)).unwrap();
            (next, o)
        }
        "square_swine" => (m, o),
        // "g = gcd(mover's new score, 100); if g > 10 the mover gains 2 * tens(g)":
        // g is the largest number dividing both.
        "fuzzy_factors" => {
            let g = (1..=100)
                .rev()
                .find(|d| m % d == 0 && 100 % d == 0)
                .unwrap();
            (if g > 10 { m + 2 * tens(g) } else { m }, o)
        }
        // "if the mover's new score is a perfect square, the scores swap"
        "swine_swap_mover_square" => swap_if(is_square(m)),
        // "swap if leftmost(m) · ones(m) = leftmost(o) · ones(o) (a one-digit
        // d gives d · d)": the first and last characters of each text.
        "swine_swap_first_last_product" => {
            let product = |x: u32| {
                let d = digits(x.into());
                d[0] * d[d.len() - 1]
            };
            swap_if(product(m) == product(o))
        }
        other => panic!("the reference knows no after-turn rule {other}"),
    }
}

/// The components' worked examples of docs/rules.md, on these transcriptions.
#[test]
fn the_reference_components_reproduce_the_worked_examples() {
    assert_eq!(zero_dice("free_bacon_cube_alternating", 0, 45), 13);
    assert_eq!(decimal_of_one_over(7, 6), 7);
    assert!(!is_prime(1));
    assert_eq!(after_turn("pigs_on_prime", (1, 20), 1), (2, 20));
    assert_eq!(after_turn("square_swine", (25, 3), 5), (36, 3));
    assert_eq!(after_turn("fuzzy_factors", (50, 3), 5), (60, 3));
    assert_eq!(after_turn("fuzzy_factors", (0, 3), 0), (0, 3));
    assert_eq!(
        after_turn("swine_swap_reverse_digits", (107, 70), 5),
        (70, 107)
    );
}
