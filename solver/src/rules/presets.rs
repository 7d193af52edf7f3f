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
    /// Where the rules come from: "owner/repo: path @commit" of public
    /// copies of the course's files, or the course's pages.
    pub sources: &'static [&'static str],
    /// The rule functions of the course's `hog.py`, written `name/arity`:
    /// a folder's `hog.py` that defines all of them (and no preset's longer
    /// list) has this preset's skeleton (see the `hog` crate's semester
    /// detection). Empty for a preset no course hands out as a project.
    pub skeleton: &'static [&'static str],
    /// Where the course plays these rules as a step of the project but
    /// grades another game (the `-simple` twins): the preset it grades.
    pub graded_as: Option<&'static str>,
    /// The course's own names for rules that hog names otherwise, as
    /// (hog's name, the course's): su22 calls its Free Bacon Oink Points.
    pub renames: &'static [(&'static str, &'static str)],
}

/// Every name `--rules` takes for a preset: each preset's name, then its aliases.
pub fn preset_names() -> impl Iterator<Item = &'static str> {
    PRESETS
        .iter()
        .flat_map(|p| std::iter::once(p.name).chain(p.aliases.iter().copied()))
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
        sources: &["Hoohchaos/CS61A-Fall-2016: projects/hog/hog.py, tests/utils.py @1bf0c24"],
        skeleton: &["free_bacon/1", "reroll/1", "select_dice/3", "take_turn/3", "play/5"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "fa13",
        aliases: &["sp14"],
        course: "CS 61A Fall 2013",
        summary: "Free Bacon, four-sided dice on multiples of 7, Pig out, Swine swap on doubles",
        baseline: "always_roll(5)",
        target: Some("0.59"),
        text: "zero=free_bacon_largest_digit,sides=four_on_sevens,reroll=never,pig_out=one_point,bonus=none,points=none,after=swine_swap_double,limit=none,special=none",
        sources: &["twistedmove/61a-sp14-website: proj/hog/hog.html @b809099", "shkfnly/berkeley61A: Projects/hog/hog.py @7519b12"],
        skeleton: &["select_dice/2", "take_turn/3", "play/3"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "sp26",
        aliases: &["fa23", "sp24", "su24", "fa24", "sp25", "su25", "fa25", "su26", "fa26"],
        course: "CS 61A Spring 2026 (= Fall 2023 to Fall 2026)",
        summary: "Boar Brawl, Sow Sad, Sus Fuss",
        baseline: "always_roll(6)",
        target: None,
        text: "zero=boar_brawl,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=sus_fuss,limit=none,special=none",
        sources: &["eric-9248/cs61a-spring-2026: proj/hog/index.html, proj/hog/hog.zip @a1cad13"],
        skeleton: &["boar_brawl/2", "sus_update/4", "sus_points/1", "simple_update/4", "take_turn/4"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "sp26-simple",
        aliases: &[],
        course: "CS 61A Spring 2026, simple_update",
        summary: "Boar Brawl, Sow Sad (sp26 without Sus Fuss)",
        baseline: "always_roll(6)",
        target: None,
        text: "zero=boar_brawl,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=none,limit=none,special=none",
        sources: &["eric-9248/cs61a-spring-2026: proj/hog/index.html, proj/hog/hog.zip @a1cad13"],
        skeleton: &[],
        graded_as: Some("sp26"),
        renames: &[],
    },
    Preset {
        name: "nju21",
        aliases: &[],
        course: "Nanjing University SICP Fall 2021",
        summary: "Picky Piggy (can score 0), Pig Out with Feral Hogs, Swine Swap on 3^sum; endless games are draws",
        baseline: "always_roll(6)",
        target: None,
        text: "zero=picky_piggy,sides=six,reroll=never,pig_out=one_point,bonus=feral_hogs,points=none,after=swine_swap_power_of_three,limit=none,special=none",
        sources: &["kyee22/NJU-SICP-FA21: proj01-Code/proj01/hog.py @6d694f4", "nju-sicp.bitbucket.io/2021/projs/proj01/"],
        skeleton: &["picky_piggy/1", "swine_swap/2", "roll_dice/3", "take_turn/5"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "sp13",
        aliases: &[],
        course: "CS 61A Spring 2013",
        summary: "Hog Tied, Hog Wild four-sided dice, Free Bacon (tens digit), Pig out with 49ers, Touchdown; answers above the allowed dice play the most allowed",
        baseline: "always_roll(5)",
        target: Some("0.61"),
        text: "zero=free_bacon_tens_digit,sides=four_on_sevens,reroll=never,pig_out=one_point_except_49,bonus=none,points=touchdown,after=none,limit=hog_tied_clamped,special=none",
        sources: &["kokimoribe/CS61a-Proj1Hog: hog.py, README.md (\"Project date: 1/27/2013\") @60ea77f"],
        skeleton: &["num_allowed_dice/2", "take_turn/5", "make_mean_strategy/2"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "fa12",
        aliases: &[],
        course: "CS 61A Fall 2012",
        summary: "Hog Tied, Hog Wild four-sided dice, Free Bacon (tens digit), Pig out; answers above the allowed dice play the most allowed",
        baseline: "always_roll(5)",
        target: None,
        text: "zero=free_bacon_tens_digit,sides=four_on_sevens,reroll=never,pig_out=one_point,bonus=none,points=none,after=none,limit=hog_tied_clamped,special=none",
        sources: &["DionWu/Hog-Dice-Game: hog.py @3115f37 (first committed 2012-09-13)"],
        skeleton: &["num_allowed_dice/2", "take_turn/4", "make_mean_strategy/2"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "fa14",
        aliases: &[],
        course: "CS 61A Fall 2014",
        summary: "Free Bacon 1 + |tens - ones|, four-sided dice on multiples of 7, Pig out, Swine swap on doubles",
        baseline: "always_roll(5)",
        target: None,
        text: "zero=free_bacon_abs_diff_plus_1,sides=four_on_sevens,reroll=never,pig_out=one_point,bonus=none,points=none,after=swine_swap_double,limit=none,special=none",
        sources: &["chenkc805/CS61AProjects: Projects/hog/hog.py @ce2792b", "dhrushilbadani/Hog: README.md"],
        skeleton: &["bid_for_start/3", "select_dice/2", "take_turn/3"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "sp15",
        aliases: &[],
        course: "CS 61A Spring 2015",
        summary: "Free Bacon, four-sided dice on multiples of 7, Pig out, Hogtimus Prime: a prime sum of scores gives the leader the points again",
        baseline: "always_roll(5)",
        target: None,
        text: "zero=free_bacon_largest_digit,sides=four_on_sevens,reroll=never,pig_out=one_point,bonus=none,points=none,after=prime_sum_leader_bonus,limit=none,special=none",
        sources: &["FreecssX/CS61A-SP15: week2/hog/hog.py, projects/hog/tests/q05.py @a5c75b4"],
        skeleton: &["prime_strategy/4", "select_dice/2", "take_turn/3", "play/5"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "su15",
        aliases: &[],
        course: "CS 61A Summer 2015",
        summary: "Free Bacon, four-sided dice on multiples of 7, Pig out, Swine Swap on reversed last two digits",
        baseline: "always_roll(5)",
        target: Some("0.58"),
        text: "zero=free_bacon_largest_digit,sides=four_on_sevens,reroll=never,pig_out=one_point,bonus=none,points=none,after=swine_swap_reverse_digits,limit=none,special=none",
        sources: &["61a-su15-website/61a-su15-website.github.io: proj/hog/index.html, proj/hog/hog.py, proj/hog/hog_eval.py, proj/hog/tests/10.py @5d3e63f"],
        skeleton: &["is_swap/2", "select_dice/2", "take_turn/3", "play/5"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "fa15",
        aliases: &[],
        course: "CS 61A Fall 2015",
        summary: "Piggy Back (a 1 scores 0 and gives the opponent num_rolls), Free Bacon, Hogtimus Prime, four-sided dice on multiples of 7, Swine Swap on reversed digits",
        baseline: "always_roll(5)",
        target: Some("0.77"),
        text: "zero=free_bacon_largest_digit,sides=four_on_sevens,reroll=never,pig_out=zero_piggy_back,bonus=none,points=hogtimus_prime,after=swine_swap_reverse_digits,limit=none,special=none",
        sources: &["linkseed18612254945/cs61a_2015Fall: project/hog/hog.py, project/hog/tests/utils.py @3fa4e72"],
        skeleton: &["free_bacon/1", "is_swap/2", "swap_strategy/3", "select_dice/2", "take_turn/3", "play/5"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "su16",
        aliases: &[],
        course: "CS 61A Summer 2016",
        summary: "Free Bacon, Hogtimus Prime, four-sided dice on multiples of 7, Hog Tied, Pig out, Swine Swap when the mover's digits are all equal",
        baseline: "always_roll(6)",
        target: Some("0.70"),
        text: "zero=free_bacon_largest_digit,sides=four_on_sevens,reroll=never,pig_out=one_point,bonus=none,points=hogtimus_prime,after=swine_swap_mover_repdigit,limit=hog_tied,special=none",
        sources: &["csyezheng/CS_61A_Summer_2016: week 1 Introduction/project1_Hog/hog.py, tests/utils.py, tests/11.py @078e304"],
        skeleton: &["free_bacon/1", "is_swap/1", "select_dice/2", "take_turn/3", "play/5"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "sp17",
        aliases: &[],
        course: "CS 61A Spring 2017",
        summary: "Pig Out counts 1s up to 11 - num_rolls, Free Bacon, Hogtimus Prime, four-sided dice on multiples of 7, Swine Swap on doubles",
        baseline: "always_roll(4)",
        target: Some("0.65"),
        text: "zero=free_bacon_largest_digit,sides=four_on_sevens,reroll=never,pig_out=count_ones_capped,bonus=none,points=hogtimus_prime,after=swine_swap_double,limit=none,special=none",
        sources: &["BhumikaGoel/CS61A-Sp17: Projects/hog/hog.py, tests/utils.py, tests/11.py @4c6aecc", "Vedaank/cs61a-sp17"],
        skeleton: &["free_bacon/1", "is_swap/2", "check_strategy/2", "select_dice/2", "take_turn/3", "play/5"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "su17",
        aliases: &[],
        course: "CS 61A Summer 2017",
        summary: "Pig Out, Free Bacon, Hogtimus Prime, Perfect Piggy (square or cube points flip the dice 6 <-> 4, hidden), Swine Swap on doubles",
        baseline: "always_roll(4)",
        target: Some("0.735"),
        text: "zero=free_bacon_largest_digit,sides=six,reroll=never,pig_out=one_point,bonus=none,points=hogtimus_prime,after=swine_swap_double,limit=none,special=perfect_piggy",
        sources: &["ema00/Berkeley-CS61A-sp15: 01_Introduction/hog/hog.py, calc.py, tests/12.py @55f61a7"],
        skeleton: &["free_bacon/1", "is_swap/2", "select_dice/1", "take_turn/3"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "fa17",
        aliases: &[],
        course: "CS 61A Fall 2017",
        summary: "Pig Out, Free Bacon, Swine Swap when one score is a multiple of the other",
        baseline: "always_roll(4)",
        target: None,
        text: "zero=free_bacon_largest_digit,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=swine_swap_multiple,limit=none,special=none",
        sources: &["kanakgarg/CS61A-Fall-2017", "czahie/CS61A: Projects/hog/README.md", "sxyu/bacon: hog.cpp @241dce4"],
        skeleton: &["free_bacon/1", "is_swap/2", "silence/2", "take_turn/3", "play/7"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "sp18",
        aliases: &[],
        course: "CS 61A Spring 2018",
        summary: "Pig Out, Free Bacon 2 + |tens - ones|, Swine Swap when one score is a multiple of the other",
        baseline: "always_roll(4)",
        target: None,
        text: "zero=free_bacon_abs_diff_plus_2,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=swine_swap_multiple,limit=none,special=none",
        sources: &["siqiaof/CS61A-Spring-2018 @05bcc58", "Asuka20/cs61a-2018-spring @44eab4a", "zhenhuiguo1995/CS61A-Spring18 @a9264aa"],
        skeleton: &["free_bacon/1", "is_swap/2", "silence/2", "take_turn/3", "play/7"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "su18",
        aliases: &[],
        course: "CS 61A Summer 2018",
        summary: "Pig Out, Free Bacon (tens * ones) mod 10 + 1, Swine Swap when ones(mover) = tens(opponent)",
        baseline: "always_roll(4)",
        target: None,
        text: "zero=free_bacon_digit_product,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=swine_swap_ones_tens,limit=none,special=none",
        sources: &["anselzianfu/CS61A-sp18: projects/hog/hog.py @7e57671", "pdo55/hog @e619689"],
        skeleton: &["free_bacon/1", "is_swap/2", "silence/2", "take_turn/3", "play/7"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "fa18",
        aliases: &[],
        course: "CS 61A Fall 2018",
        summary: "Pig Out, Free Bacon max(2 tens - ones, 1), Swine Swap on equal |tens - ones|",
        baseline: "always_roll(4)",
        target: None,
        text: "zero=free_bacon_twice_tens_minus_ones,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=swine_swap_digit_diff,limit=none,special=none",
        sources: &["taoliq/cs61a-fa18 @1b3d39d", "StoicLD/cs61a-2018fall @a014b01", "sxyu/bacon: hog.cpp @c777f8d"],
        skeleton: &["free_bacon/1", "is_swap/2", "silence/2", "take_turn/3", "play/7"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "sp19",
        aliases: &[],
        course: "CS 61A Spring 2019",
        summary: "Pig Out, Free Bacon 1 + min(tens, ones), Swine Swap on a shared digit in the same place",
        baseline: "always_roll(4)",
        target: None,
        text: "zero=free_bacon_min_digit_plus_1,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=swine_swap_same_place_digit,limit=none,special=none",
        sources: &["Haoyun-Hong/cs61a-spring-2019 @1087b3c", "PrinceWang-Cal/CS61A-Spring-19 @c29b9f4", "sxyu/bacon: hog.cpp @4fd5425"],
        skeleton: &["free_bacon/1", "is_swap/2", "silence/2", "take_turn/3", "play/7"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "su19",
        aliases: &[],
        course: "CS 61A Summer 2019",
        summary: "Pig Out, Free Bacon 10 - min(tens, ones), Swine Swap when the mover's leftmost digit = ones(opponent)",
        baseline: "always_roll(4)",
        target: None,
        text: "zero=free_bacon_ten_minus_min_digit,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=swine_swap_lead_ones,limit=none,special=none",
        sources: &["exuanbo/cs61a-su19 @c4fe6ce", "fanxin-cug/CS61A-Su19 @52043fd"],
        skeleton: &["free_bacon/1", "is_swap/2", "silence/2", "take_turn/3", "play/7"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "fa19",
        aliases: &[],
        course: "CS 61A Fall 2019",
        summary: "Pig Out, Free Bacon 10 - min digit, Feral Hogs (+3 for num_rolls 2 away from the previous turn's, hidden), Swine Swap on first x last digit products",
        baseline: "always_roll(4)",
        target: None,
        text: "zero=free_bacon_ten_minus_min_digit,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=feral_hogs_rolls+swine_swap_first_last_product,limit=none,special=none",
        sources: &["yuzhoumo/cs61a-fa2019 @4961469", "antonio-github/CS61A-fall2019 @b454167"],
        skeleton: &["free_bacon/1", "is_swap/2", "silence/2", "take_turn/3", "play/8"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "sp20",
        aliases: &["nju20"],
        course: "CS 61A Spring 2020 (= NJU SICP 2020)",
        summary: "Pig Out, Free Bacon 1 + |alternating digit sum of opp^3|, Feral Hogs (+3 for num_rolls 2 away from the previous turn's points, hidden), Swine Swap on 3^sum",
        baseline: "always_roll(6)",
        target: None,
        text: "zero=free_bacon_cube_alternating,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=feral_hogs_points+swine_swap_power_of_three,limit=none,special=none",
        sources: &["QinJiaHao1994/cs61a-sp20-solutions @71a481b", "NJU-SICP/NJU-SICP-Materials-Src-2020: project1/hog/hog.py @d633346"],
        skeleton: &["free_bacon/1", "is_swap/2", "silence/2", "take_turn/3", "play/8"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "su20",
        aliases: &[],
        course: "CS 61A Summer 2020",
        summary: "Pig Out, Free Bacon 10 + tens - ones, Feral Hogs (previous turn's points, hidden), Swine Swap when |ones - ones| = tens(opponent)",
        baseline: "always_roll(6)",
        target: None,
        text: "zero=free_bacon_ten_plus_tens_minus_ones,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=feral_hogs_points+swine_swap_ones_diff_tens,limit=none,special=none",
        sources: &["Lama1kid/CS61A_Summer_2020 @7f0634b", "gretasharoyan/hog @bd61819"],
        skeleton: &["free_bacon/1", "is_swap/2", "silence/2", "take_turn/3", "play/8"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "fa20",
        aliases: &[],
        course: "CS 61A Fall 2020",
        summary: "Pig Out, Free Bacon 3 + a decimal of pi, extra turns on Swine Align (gcd >= 10) and Pig Pass (trailing by at most 2)",
        baseline: "always_roll(6)",
        target: None,
        text: "zero=free_bacon_pi,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=none,limit=none,special=none,extra=swine_align+pig_pass",
        sources: &["Cal-CS-61A-Staff/cs61a-apps: hog/server/hog.py @513756e", "RonaldLN/CS-61A-Fall-2020 @f5ae8f3"],
        skeleton: &["swine_align/2", "pig_pass/2", "extra_turn/2", "free_bacon/1", "take_turn/3"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "sp21",
        aliases: &[],
        course: "CS 61A Spring 2021",
        summary: "Sow Sad, Piggy Points 3 + min digit of opp^2, extra turns on More Boar (both leading digits behind)",
        baseline: "always_roll(6)",
        target: None,
        text: "zero=piggy_points_square_min_digit,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=none,limit=none,special=none,extra=more_boar",
        sources: &["ikventure/cs61a-sp21 @a48ece9", "DURUII/Course-UCB-CS61A-Spring2021 @9174f8c"],
        skeleton: &["piggy_points/1", "more_boar/2", "take_turn/4"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "su21",
        aliases: &[],
        course: "CS 61A Summer 2021",
        summary: "Sow Sad, Piggy Points 4 + |tens - ones|, extra turns on More Boar (min digit below and max digit above the opponent's)",
        baseline: "always_roll(6)",
        target: None,
        text: "zero=piggy_points_abs_diff_plus_4,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=none,limit=none,special=none,extra=more_boar_min_max",
        sources: &["xxxhol1c/cs61a-su2021 @22bd9e3", "sharon-chx/CS61A_summer21 @dafd0df"],
        skeleton: &["piggy_points/1", "more_boar/2", "take_turn/4"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "fa21",
        aliases: &[],
        course: "CS 61A Fall 2021",
        summary: "Sow Sad, Picky Piggy (digits of 1/7), Hog Pile doubles equal scores",
        baseline: "always_roll(6)",
        target: None,
        text: "zero=picky_piggy_one_seventh,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=hog_pile_double,limit=none,special=none",
        sources: &["chloepei867/cs61a-fall21 @b8a051c", "MartinLwx/CS61A-Fall-2021-UCB: Projects/hog/README.md"],
        skeleton: &["picky_piggy/1", "hog_pile/2", "take_turn/4"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "sp22",
        aliases: &[],
        course: "CS 61A Spring 2022",
        summary: "Sow Sad, Hefty Hogs (can score 0), Hog Pile on equal ones digits; endless games are draws",
        baseline: "always_roll(6)",
        target: None,
        text: "zero=hefty_hogs,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=hog_pile_ones,limit=none,special=none",
        sources: &["caiscoding/CS61A-Spring2022: projects/proj1/README.md, projects/project1/hog/hog.py @738a763", "duilec/CS61A-spring2022 @b2ad679"],
        skeleton: &["hefty_hogs/2", "hog_pile/2", "take_turn/5"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "su22",
        aliases: &[],
        course: "CS 61A Summer 2022",
        summary: "Sow Sad, Oink Points max(2 tens - ones, 1), Pigs on Prime",
        baseline: "always_roll(6)",
        target: None,
        text: "zero=free_bacon_twice_tens_minus_ones,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=pigs_on_prime,limit=none,special=none",
        sources: &["songmuhan/cs61a-su22 @66e94c7", "YinY1/CS61A-su22 @bcf0af9"],
        skeleton: &["oink_points/2", "pigs_on_prime/2", "take_turn/5"],
        graded_as: None,
        renames: &[("Free Bacon", "Oink Points")],
    },
    Preset {
        name: "fa22",
        aliases: &["sp23"],
        course: "CS 61A Fall 2022 (= Spring 2023)",
        summary: "Sow Sad, Pig Tail 2 |tens - ones| + 1, Square Swine",
        baseline: "always_roll(6)",
        target: None,
        text: "zero=pig_tail,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=square_swine,limit=none,special=none",
        sources: &["Cal-CS-61A-Staff/hog-fa22: hog.py, index.html, proj01.ok @17fb79b", "yifu-deng/cs61a-sp23 @239e388"],
        skeleton: &["tail_points/1", "square_update/4", "simple_update/4", "take_turn/3"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "fa22-simple",
        aliases: &[],
        course: "CS 61A Fall 2022, simple_update",
        summary: "Sow Sad, Pig Tail (fa22 without Square Swine)",
        baseline: "always_roll(6)",
        target: None,
        text: "zero=pig_tail,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=none,limit=none,special=none",
        sources: &["Cal-CS-61A-Staff/hog-fa22: hog.py @17fb79b"],
        skeleton: &[],
        graded_as: Some("fa22"),
        renames: &[],
    },
    Preset {
        name: "su23",
        aliases: &[],
        course: "CS 61A Summer 2023",
        summary: "Sow Sad, Boar Brawl, Fuzzy Factors",
        baseline: "always_roll(6)",
        target: None,
        text: "zero=boar_brawl,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=fuzzy_factors,limit=none,special=none",
        sources: &["Stray36/CS-61A-Summer-2023 @56bdb76", "Zhouhaoran1994/cs61a_summer_2023 @eeee6f0"],
        skeleton: &["boar_brawl/2", "fuzzy_update/4", "simple_update/4", "take_turn/4"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "nju23",
        aliases: &["nju24", "nju25"],
        course: "Nanjing University SICP Fall 2023 (= Fall 2024, Fall 2025)",
        summary: "Pig Out, Picky Piggy 2 |tens - ones| + 1, Swine Swap on a perfect-square mover",
        baseline: "always_roll(6)",
        target: None,
        text: "zero=pig_tail,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=swine_swap_mover_square,limit=none,special=none",
        sources: &["fetch150zy/nju-sicp-2023fall: proj/proj01-Code.zip @be5ded2", "ILearnForever/NJU-SICP-2024Fall: .gitbook/assets/proj01-Code.zip @b7d42be"],
        skeleton: &["picky_piggy/1", "swine_swap/1", "take_turn/3"],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "fa13-contest",
        aliases: &["sp14-contest"],
        course: "CS 61A Fall 2013 Hog Contest (= Spring 2014's)",
        summary: "fa13 with Ham Hijinks: -1 scores 1 and exchanges the dice (an odd number of exchanges gives the other sides, Hog Wild's too; hidden)",
        baseline: "always_roll(5)",
        target: None,
        text: "zero=free_bacon_largest_digit,sides=four_on_sevens,reroll=never,pig_out=one_point,bonus=none,points=none,after=swine_swap_double,limit=none,special=ham_hijinks",
        sources: &["www-inst.eecs.berkeley.edu/~cs61a/fa13/proj/hog_contest/hog_contest.html", "inst.eecs.berkeley.edu/~cs61a/sp14/proj/hog_contest/hog_contest.html"],
        skeleton: &[],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "fa14-contest",
        aliases: &[],
        course: "CS 61A Fall 2014 Hog Contest",
        summary: "fa14 with bids: final_bid decides who moves first and the starting scores (a bid exactly 5 higher starts first at 10-0)",
        baseline: "always_roll(5)",
        target: None,
        text: "zero=free_bacon_abs_diff_plus_1,sides=four_on_sevens,reroll=never,pig_out=one_point,bonus=none,points=none,after=swine_swap_double,limit=none,special=none,bids=plus_5",
        sources: &["inst.eecs.berkeley.edu/~cs61a/fa14/proj/hog_contest/", "karthik-shanmugam/cs61a-proj1: hog.py, tests/q04.py, tests/info.py @106ce00"],
        skeleton: &[],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "su15-contest",
        aliases: &[],
        course: "CS 61A Summer 2015 Hog Contest",
        summary: "su15 with Ham Hijinks and Pig Fest: Pig Outs in a row multiply the next other turn's points, up to 3 (hidden)",
        baseline: "always_roll(5)",
        target: None,
        text: "zero=free_bacon_largest_digit,sides=four_on_sevens,reroll=never,pig_out=one_point,bonus=none,points=none,after=pig_fest+swine_swap_reverse_digits,limit=none,special=ham_hijinks",
        sources: &["61a-su15-website/61a-su15-website.github.io: proj/hog_contest/index.html @7c49b9e"],
        skeleton: &[],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "sp17-contest",
        aliases: &[],
        course: "CS 61A Spring 2017 Hog Contest",
        summary: "sp17 with Pork Chop: -1 scores 1 and exchanges the dice, read as Ham Hijinks (Hog Wild's dice exchanged too; hidden)",
        baseline: "always_roll(4)",
        target: None,
        text: "zero=free_bacon_largest_digit,sides=four_on_sevens,reroll=never,pig_out=count_ones_capped,bonus=none,points=hogtimus_prime,after=swine_swap_double,limit=none,special=ham_hijinks",
        sources: &["the sp17 contest page (a web copy: \"Optional Contest: Hog Strategy\", Pork Chop)", "BhumikaGoel/CS61A-Sp17 @4c6aecc"],
        skeleton: &[],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "fa17-contest",
        aliases: &[],
        course: "CS 61A Fall 2017 Hog Contest",
        summary: "fa17 with Time Trot mod 8: rolling turn number mod 8 dice gives another turn, never twice in a row (the turn hidden)",
        baseline: "always_roll(4)",
        target: None,
        text: "zero=free_bacon_largest_digit,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=swine_swap_multiple,limit=none,special=none,extra=time_trot_8",
        sources: &["sxyu/bacon: hog.cpp, analysis.cpp, include/params.h @241dce4", "inst.eecs.berkeley.edu/~cs61a/fa17/proj/hog_contest/"],
        skeleton: &[],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "sp18-contest",
        aliases: &[],
        course: "CS 61A Spring 2018 Hog Contest",
        summary: "sp18 with Time Trot mod 8",
        baseline: "always_roll(4)",
        target: None,
        text: "zero=free_bacon_abs_diff_plus_2,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=swine_swap_multiple,limit=none,special=none,extra=time_trot_8",
        sources: &["the sp18 contest page (a web copy: contest ending Monday, February 12th)", "sxyu/bacon: include/params.h @9da0e41 (MOD_TROT = 8)"],
        skeleton: &[],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "su18-contest",
        aliases: &[],
        course: "CS 61A Summer 2018 Hog Contest",
        summary: "su18 with Time Trot mod 8",
        baseline: "always_roll(4)",
        target: None,
        text: "zero=free_bacon_digit_product,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=swine_swap_ones_tens,limit=none,special=none,extra=time_trot_8",
        sources: &["the su18 contest page (a web copy: contest ending Sunday, July 1st)", "sxyu/bacon: include/params.h @9da0e41 (MOD_TROT = 8)"],
        skeleton: &[],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "fa18-contest",
        aliases: &[],
        course: "CS 61A Fall 2018 Hog Contest",
        summary: "fa18 with Time Trot mod 5",
        baseline: "always_roll(4)",
        target: None,
        text: "zero=free_bacon_twice_tens_minus_ones,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=swine_swap_digit_diff,limit=none,special=none,extra=time_trot_5",
        sources: &["sxyu/bacon: hog.cpp, analysis.cpp, include/params.h @c777f8d", "sxyu/bacon2: core.cpp, config.cpp @456fedc"],
        skeleton: &[],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "sp19-contest",
        aliases: &[],
        course: "CS 61A Spring 2019 Hog Contest",
        summary: "sp19 with Time Trot mod 5",
        baseline: "always_roll(4)",
        target: None,
        text: "zero=free_bacon_min_digit_plus_1,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=swine_swap_same_place_digit,limit=none,special=none,extra=time_trot_5",
        sources: &["sxyu/bacon: hog.cpp, analysis.cpp, include/params.h @4fd5425 (\"SP19 rules\")"],
        skeleton: &[],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "su19-contest",
        aliases: &[],
        course: "CS 61A Summer 2019 Hog Contest",
        summary: "su19 with Time Trot mod 5",
        baseline: "always_roll(4)",
        target: None,
        text: "zero=free_bacon_ten_minus_min_digit,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=swine_swap_lead_ones,limit=none,special=none,extra=time_trot_5",
        sources: &["the su19 contest page (Time Trot mod 5)", "sxyu/bacon2: core.cpp @456fedc (Time Trot mod 5, the engine of 2019)"],
        skeleton: &[],
        graded_as: None,
        renames: &[],
    },
    Preset {
        name: "sp21-contest",
        aliases: &[],
        course: "CS 61A Spring 2021 Hog Contest",
        summary: "sp21 with Time Trot mod 8 (never on an extra turn) and eight-sided dice on every extra turn (the turn hidden)",
        baseline: "always_roll(6)",
        target: None,
        text: "zero=piggy_points_square_min_digit,sides=six,reroll=never,pig_out=one_point,bonus=none,points=none,after=none,limit=none,special=none,extra=more_boar+time_trot_8,extra_dice=eight_sided",
        sources: &["Andris-Huang/Hog-Strategy: README.md @4781b10 (the contest's rules, from cs61a.org/proj/hog_contest)", "ikventure/cs61a-sp21 @a48ece9"],
        skeleton: &[],
        graded_as: None,
        renames: &[],
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

    pub fn sp13() -> Rules {
        Rules::preset("sp13")
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
