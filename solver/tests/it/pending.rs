//! The rules of the semesters whose engine features landed before their
//! presets (fa19/sp20/su20 Feral Hogs; nju20 plays sp20's rules), as
//! canonical rules texts transcribed from the semesters map the team keeps
//! beside the repository and checked by the course's own cases
//! (`courses.rs`). They become presets once `hog final` searches the Feral
//! Hogs memories in bounded time (docs/rules.md, "Semesters without a
//! preset yet").

pub const PENDING: &[(&str, &str)] = &[
    ("fa19", "zero=free_bacon_ten_minus_min_digit,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=feral_hogs_rolls+swine_swap_first_last_product,limit=none,special=none"),
    ("sp20", "zero=free_bacon_cube_alternating,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=feral_hogs_points+swine_swap_power_of_three,limit=none,special=none"),
    ("su20", "zero=free_bacon_ten_plus_tens_minus_ones,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=feral_hogs_points+swine_swap_ones_diff_tens,limit=none,special=none"),
    ("nju20", "zero=free_bacon_cube_alternating,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=feral_hogs_points+swine_swap_power_of_three,limit=none,special=none"),
];

/// The rules of a semester: its preset, or its pending rules text.
pub fn semester_rules(name: &str) -> Option<hog_solver::Rules> {
    match PENDING.iter().find(|(semester, _)| *semester == name) {
        Some((_, text)) => Some(text.parse().expect("a pending rules text parses")),
        None => hog_solver::Rules::parse(name).ok(),
    }
}
