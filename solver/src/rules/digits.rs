//! The number helpers the rules share: digits, primes, squares, divisors,
//! powers.

use std::sync::RwLock;

use num_bigint::BigUint;

/// The decimal digits of `x`, from the ones digit up; 0 has the one digit 0
/// (as the course's `str(x)`).
pub fn digits(x: u64) -> impl Iterator<Item = u32> {
    let mut rest = Some(x);
    std::iter::from_fn(move || {
        let x = rest?;
        rest = (x >= 10).then_some(x / 10);
        Some((x % 10) as u32)
    })
}

/// The largest of all the decimal digits of `x`.
pub fn largest_digit(x: u32) -> u32 {
    digits(x.into()).max().expect("every number has a digit")
}

/// The smallest of all the decimal digits of `x`.
pub fn smallest_digit(x: u64) -> u32 {
    digits(x).min().expect("every number has a digit")
}

/// The leftmost (most significant) decimal digit of `x`.
pub fn leftmost_digit(x: u32) -> u32 {
    digits(x.into()).last().expect("every number has a digit")
}

/// The tens digit: (x // 10) % 10.
pub fn tens(x: u32) -> u32 {
    (x / 10) % 10
}

/// The ones digit: x % 10.
pub fn ones(x: u32) -> u32 {
    x % 10
}

/// |tens(x) - ones(x)|, the gap between the last two digits.
pub fn tens_ones_gap(x: u32) -> u32 {
    tens(x).abs_diff(ones(x))
}

/// Whether n = r² for a whole r (0 and 1 included).
pub fn is_perfect_square(n: u32) -> bool {
    n.isqrt().pow(2) == n
}

pub fn is_prime(n: u32) -> bool {
    n >= 2
        && (2..)
            .take_while(|&d| d <= n / d)
            .all(|d| !n.is_multiple_of(d))
}

/// The smallest prime larger than `n`.
pub fn next_prime(n: u32) -> u32 {
    (n + 1..)
        .find(|&p| is_prime(p))
        .expect("primes are unbounded")
}

/// The number of divisors of `n`, counting 1 and `n` (0 for 0). Divisors
/// come in pairs d and n/d with d <= sqrt(n) (tested as d <= n/d, which
/// cannot overflow); d = n/d counts once.
pub fn divisor_count(n: u32) -> u32 {
    let mut count = 0;
    let mut d = 1;
    while d <= n / d {
        if n.is_multiple_of(d) {
            count += if d == n / d { 1 } else { 2 };
        }
        d += 1;
    }
    count
}

/// Whether 3^k has equal first and last decimal digits, by exact integer
/// arithmetic. Results are cached: a solve asks for every sum of scores.
pub fn power_of_three_digits_match(k: u32) -> bool {
    static CACHE: RwLock<Vec<bool>> = RwLock::new(Vec::new());
    let k = k as usize;
    if let Some(&known) = CACHE.read().expect("cache lock").get(k) {
        return known;
    }
    let mut cache = CACHE.write().expect("cache lock");
    let mut power = BigUint::from(3u32).pow(cache.len() as u32);
    while cache.len() <= k {
        let digits = power.to_str_radix(10);
        cache.push(digits.as_bytes().first() == digits.as_bytes().last());
        power *= 3u32;
    }
    cache[k]
}

/// The greatest common divisor (gcd(0, n) = n).
pub fn gcd(a: u32, b: u32) -> u32 {
    num_integer::gcd(a, b)
}
