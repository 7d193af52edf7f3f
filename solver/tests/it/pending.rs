//! The rules of the semesters whose engine features landed before their
//! presets (fa15 Piggy Back, su17 Perfect Piggy, fa19/sp20/su20 Feral Hogs,
//! fa20/sp21/su21 extra turns; nju20 plays sp20's rules), as canonical rules
//! texts transcribed from the semesters map the team keeps beside the repository and checked by the
//! course's own cases (`courses.rs`). They become presets once the
//! reference solver knows their engine features and `hog final` searches
//! the Feral Hogs memories in bounded time (docs/rules.md, "Semesters
//! without a preset yet").

pub const PENDING: &[(&str, &str)] = &[
    ("fa15", "zero=free_bacon_largest_digit,sides=four_on_sevens,reroll=never,pig_out=zero_piggy_back,bonus=none,points=hogtimus_prime,after=swine_swap_reverse_digits,limit=none,special=none"),
    ("su17", "zero=free_bacon_largest_digit,sides=six,reroll=never,pig_out=one_point,bonus=none,points=hogtimus_prime,after=swine_swap_double,limit=none,special=perfect_piggy"),
    ("fa19", "zero=free_bacon_ten_minus_min_digit,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=feral_hogs_rolls+swine_swap_first_last_product,limit=none,special=none"),
    ("sp20", "zero=free_bacon_cube_alternating,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=feral_hogs_points+swine_swap_power_of_three,limit=none,special=none"),
    ("su20", "zero=free_bacon_ten_plus_tens_minus_ones,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=feral_hogs_points+swine_swap_ones_diff_tens,limit=none,special=none"),
    ("fa20", "zero=free_bacon_pi,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=none,limit=none,special=none,extra=swine_align+pig_pass"),
    ("sp21", "zero=piggy_points_square_min_digit,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=none,limit=none,special=none,extra=more_boar"),
    ("su21", "zero=piggy_points_abs_diff_plus_4,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=none,limit=none,special=none,extra=more_boar_min_max"),
    ("nju20", "zero=free_bacon_cube_alternating,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=feral_hogs_points+swine_swap_power_of_three,limit=none,special=none"),
];

/// The rules of a semester: its preset, or its pending rules text.
pub fn semester_rules(name: &str) -> Option<hog_solver::Rules> {
    match PENDING.iter().find(|(semester, _)| *semester == name) {
        Some((_, text)) => Some(text.parse().expect("a pending rules text parses")),
        None => hog_solver::Rules::parse(name).ok(),
    }
}
