//! The course rule sets: one row of plain data each.
//!
//! A preset's rules are written as their canonical text (see [`super::text`]),
//! every slot spelled out, so the table reads like the rules themselves; a
//! test parses every row and checks it round-trips.

use super::Rules;

/// A named course rule set.
pub struct Preset {
    pub name: &'static str,
    /// Other names: semesters that played exactly these rules.
    pub aliases: &'static [&'static str],
    pub course: &'static str,
    pub summary: &'static str,
    /// The course's baseline strategy for grading.
    pub baseline: &'static str,
    /// The win rate against the baseline the course asked for, where known.
    pub target: Option<&'static str>,
    /// The rules, as their canonical text.
    pub text: &'static str,
}

pub const PRESETS: &[Preset] = &[
    Preset {
        name: "fa16",
        aliases: &[],
        course: "CS 61A Fall 2016",
        summary: "Pork Chop (-1), Free Bacon, Hog Wild re-rolls, Pig Out counts 1s, Hogtimus Prime, When Pigs Fly, Swine Swap on doubles",
        baseline: "always_roll(4)",
        target: Some("0.80"),
        text: "zero=free_bacon_largest_digit,sides=six,reroll=on_sevens,pig_out=count_ones,bonus=none,points=hogtimus_prime+when_pigs_fly,after=swine_swap_double,limit=none,special=pork_chop",
    },
    Preset {
        name: "fa13",
        aliases: &["sp14"],
        course: "CS 61A Fall 2013",
        summary: "Free Bacon, four-sided dice on multiples of 7, Pig out, Swine swap on doubles",
        baseline: "always_roll(5)",
        target: Some("0.59"),
        text: "zero=free_bacon_largest_digit,sides=four_on_sevens,reroll=never,pig_out=one_point,bonus=none,points=none,after=swine_swap_double,limit=none,special=none",
    },
    Preset {
        name: "sp26",
        aliases: &["fa23", "sp24", "su24", "fa24", "sp25", "su25", "fa25"],
        course: "CS 61A Spring 2026 (= Fall 2023 to Fall 2025)",
        summary: "Boar Brawl, Sow Sad, Sus Fuss",
        baseline: "always_roll(6)",
        target: None,
        text: "zero=boar_brawl,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=sus_fuss,limit=none,special=none",
    },
    Preset {
        name: "sp26-simple",
        aliases: &[],
        course: "CS 61A Spring 2026, simple_update",
        summary: "Boar Brawl, Sow Sad (sp26 without Sus Fuss)",
        baseline: "always_roll(6)",
        target: None,
        text: "zero=boar_brawl,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=none,limit=none,special=none",
    },
    Preset {
        name: "nju21",
        aliases: &[],
        course: "Nanjing University SICP Fall 2021",
        summary: "Picky Piggy (can score 0), Pig Out with Feral Hogs, Swine Swap on 3^sum; endless games are draws",
        baseline: "always_roll(6)",
        target: None,
        text: "zero=picky_piggy,sides=six,reroll=never,pig_out=one_point,bonus=feral_hogs,points=none,after=swine_swap_power_of_three,limit=none,special=none",
    },
    Preset {
        name: "fa12",
        aliases: &[],
        course: "CS 61A Fall 2012",
        summary: "Hog Tied, Hog Wild four-sided dice, Free Bacon (tens digit), Pig out with 49ers, Touchdown",
        baseline: "always_roll(5)",
        target: Some("0.61"),
        text: "zero=free_bacon_tens_digit,sides=four_on_sevens,reroll=never,pig_out=one_point_except_49,bonus=none,points=touchdown,after=none,limit=hog_tied,special=none",
    },
];

impl Preset {
    /// A preset by its name or one of its aliases.
    pub fn find(name: &str) -> Option<&'static Preset> {
        PRESETS
            .iter()
            .find(|p| p.name == name || p.aliases.contains(&name))
    }

    /// The preset's rules.
    pub fn rules(&self) -> Rules {
        self.text
            .parse()
            .unwrap_or_else(|e| panic!("preset {}: {e} (the presets are tested)", self.name))
    }
}

impl Rules {
    /// A preset's rules by name.
    fn preset(name: &str) -> Rules {
        Preset::find(name).expect("a preset").rules()
    }

    pub fn fa16() -> Rules {
        Rules::preset("fa16")
    }

    pub fn fa13() -> Rules {
        Rules::preset("fa13")
    }

    pub fn sp26() -> Rules {
        Rules::preset("sp26")
    }

    pub fn sp26_simple() -> Rules {
        Rules::preset("sp26-simple")
    }

    pub fn nju21() -> Rules {
        Rules::preset("nju21")
    }

    pub fn fa12() -> Rules {
        Rules::preset("fa12")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row's text parses and is already canonical, and no name or
    /// alias is used twice.
    #[test]
    fn preset_rows_are_canonical_and_names_unique() {
        let mut names = vec![];
        for preset in PRESETS {
            let rules: Rules = preset.text.parse().expect("a preset's text parses");
            assert_eq!(
                rules.to_string(),
                preset.text,
                "{} is canonical",
                preset.name
            );
            names.push(preset.name);
            names.extend(preset.aliases);
        }
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "a name or alias is used twice");
        assert_eq!(Rules::parse("sp14"), Ok(Rules::fa13()));
        assert_eq!(Rules::parse("fa25"), Ok(Rules::sp26()));
    }
}
