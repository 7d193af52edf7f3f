//! The number helpers the rules share: digits, primes, divisors, powers.

use std::sync::RwLock;

use num_bigint::BigUint;

/// The largest of all the decimal digits of `x`.
pub fn largest_digit(mut x: u32) -> u32 {
    let mut largest = x % 10;
    while x > 0 {
        largest = largest.max(x % 10);
        x /= 10;
    }
    largest
}

/// The tens digit: (x // 10) % 10.
pub fn tens(x: u32) -> u32 {
    (x / 10) % 10
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
