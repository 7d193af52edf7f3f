//! The command line, as clap derive types. Numbers that can be wrong in
//! ways the rules decide (goal, scores, sides, num_rolls) are read as plain
//! integers and checked by the library, so every such error names the value.
//! Every command's arguments live here together, their help beside them,
//! which is why the file runs past 800 lines: it is declarations only.

use clap::{Args, CommandFactory, Parser, Subcommand};

pub use crate::ops::export::Format;
pub use crate::ops::heatmap::Show;
use crate::ops::PYTHON_TIMEOUT;

#[derive(Parser)]
#[command(
    name = "hog",
    version,
    about = "Exact solver and grader for the dice game Hog",
    allow_negative_numbers = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The game a command plays. Without `--rules` or `--goal`, a strategy file
/// that records its game (a policy table, an exported JSON or Python file)
/// decides; else the semester the project folder's files name (its ok
/// config, the course's tests, hog.py: the folder of a Python file given,
/// else the working folder); with none, fa16 to 100.
#[derive(Args)]
pub struct GameArgs {
    /// A preset or semester (hog rules list: fa16, fa13, sp24, ...) or a
    /// canonical rules text
    #[arg(long, value_name = "RULES")]
    pub rules: Option<String>,

    /// The goal: the game ends when a score reaches it
    #[arg(long, value_name = "GOAL", allow_negative_numbers = true)]
    pub goal: Option<i64>,
}

/// The game of a command that takes no strategy (`dist`, `turn`).
#[derive(Args)]
pub struct FixedGameArgs {
    /// A preset or semester (hog rules list: fa16, fa13, sp24, ...) or a
    /// canonical rules text
    #[arg(long, value_name = "RULES")]
    pub rules: Option<String>,

    /// The goal: the game ends when a score reaches it
    #[arg(long, value_name = "GOAL", allow_negative_numbers = true)]
    pub goal: Option<i64>,
}

impl FixedGameArgs {
    /// The same options, as a command that takes strategies has them.
    pub fn game(&self) -> GameArgs {
        GameArgs {
            rules: self.rules.clone(),
            goal: self.goal,
        }
    }
}

/// The command line, whose help names the defaults of `--rules` and
/// `--goal` from the values the code plays ([`crate::game::DEFAULT_RULES`],
/// [`crate::game::DEFAULT_GOAL`]), so that it cannot say another.
pub fn command() -> clap::Command {
    use crate::game::{DEFAULT_GOAL, DEFAULT_RULES};
    let folder = "the semester the project folder's ok config, tests and hog.py name";
    let mut cli = Cli::command();
    let names: Vec<String> = cli
        .get_subcommands()
        .map(|sub| sub.get_name().to_string())
        .collect();
    for name in names {
        // dist and turn take no strategy: their game is the folder's.
        let fixed = ["dist", "turn"].contains(&name.as_str());
        cli = cli.mut_subcommand(name, |sub| {
            // An option with a default of its own (hog tables' --goal) shows it.
            let has = |id: &str| {
                sub.get_arguments()
                    .any(|a| a.get_id() == id && a.get_default_values().is_empty())
            };
            let (rules, goal) = if fixed {
                (
                    format!("{folder} (the working folder), else {DEFAULT_RULES}"),
                    DEFAULT_GOAL.to_string(),
                )
            } else {
                (
                    format!(
                        "the strategy file's rules, else {folder} (the folder of a Python \
                         file given, else the working folder), else {DEFAULT_RULES}"
                    ),
                    format!("the strategy file's goal, else {DEFAULT_GOAL}"),
                )
            };
            // An option whose help names its default (hog serve's --rules)
            // keeps it.
            let default = |arg: clap::Arg, default: String| {
                let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
                match help.contains("[default:") {
                    true => arg,
                    false => arg.help(format!("{help} [default: {default}]")),
                }
            };
            let (has_rules, has_goal) = (has("rules"), has("goal"));
            let sub = if has_rules {
                sub.mut_arg("rules", |a| default(a, rules))
            } else {
                sub
            };
            if has_goal {
                sub.mut_arg("goal", |a| default(a, goal))
            } else {
                sub
            }
        });
    }
    cli
}

/// Output for machines.
#[derive(Args)]
pub struct JsonArgs {
    /// Print machine-readable JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Exact fractions instead of f64.
#[derive(Args)]
pub struct ExactArgs {
    /// Compute with exact fractions (seconds instead of milliseconds at
    /// goal 100) and print each figure as a reduced fraction too.
    #[arg(long)]
    pub exact: bool,
}

/// A time limit for Python strategies: 1 s to 1,000,000 s (11 days).
fn python_timeout() -> clap::builder::RangedU64ValueParser {
    clap::value_parser!(u64).range(1..=1_000_000)
}

/// For commands that take strategies, which may be Python files.
#[derive(Args)]
pub struct PythonArgs {
    /// How long a Python strategy may take to import, and to answer every
    /// state in each of two rounds.
    #[arg(long, default_value_t = PYTHON_TIMEOUT, value_name = "SECONDS", value_parser = python_timeout())]
    pub python_timeout: u64,
}

// The commands in the order `hog --help` lists them: the student's (final,
// grade) first.
#[derive(Subcommand)]
pub enum Command {
    /// The best final_strategy for a course, written as a module to paste into hog.py.
    ///
    /// The best response to the course baseline (or --against); where the
    /// rules hide state from final_strategy (fa16's dice sides), the best
    /// found among strategies of the two scores alone, with the bound no
    /// such strategy can pass.
    Final(FinalArgs),
    /// The exact win rate of a strategy against an opponent (the course baseline).
    Grade(GradeArgs),
    /// Every action's exact chance to win at one state, and why the best is best.
    Explain(ExplainArgs),
    /// Play a game against a strategy, shown every move's exact chance to win.
    ///
    /// Your moves are read from stdin, one num_rolls a line (a terminal or
    /// a pipe). Before each, every legal action's exact chance to win if you
    /// take it and play best afterwards against the strategy (what hog
    /// explain --against STRATEGY computes), the best marked; after it, what
    /// the move cost. You move first (--second: the strategy does).
    Play(PlayArgs),
    /// Draw a strategy's num_rolls, win probability or difference to another as a heatmap.
    ///
    /// One map per dice-sides value (fa16: six and four, side by side) over
    /// every (score, opponent_score): x = opponent_score, y = the score of
    /// the player to move. Each map panel is 900x800 pixels (the figure:
    /// 900 per column by 800 per row). PNG or SVG by the file's extension.
    ///
    /// Colours: num_rolls -1..10 use twelve colours of Paul Tol's
    /// colour-blind-safe muted and light schemes, neighbouring actions
    /// clearly apart (fixed, the same in every picture); win probabilities use
    /// viridis from 0 to 1; differences use Tol's BuRd (red: SOURCE wins
    /// less, blue: more), grey where the two strategies choose the same.
    ///
    /// --show win: P(player to move wins): for `optimal` (without --against)
    /// the self-play value; otherwise SOURCE moving and playing the game
    /// against the opponent (--against, the course baseline by default). --diff OTHER: in the states where SOURCE and
    /// OTHER choose differently, P(win | SOURCE moves) - P(win | OTHER moves),
    /// each against the opponent.
    ///
    /// -o FILE.html: one self-contained page (opens from disk) with the
    /// action map and the win (or --diff) map, a view per dice sides, and on
    /// hover or tap each action's exact chance to win in that cell, as hog
    /// explain --strategy SOURCE --against BASELINE computes it.
    Heatmap(HeatmapArgs),
    /// Grade a whole class: every entry against every other, exactly, ranked by match points.
    Contest(ContestArgs),
    /// Write a strategy as a Python module (final_strategy), a CSV or a JSON table.
    Export(ExportArgs),
    /// Solve a rule set: the self-play optimum, or the best response to a strategy.
    Solve(SolveArgs),
    /// List the rule presets, or show one rule set in plain words.
    Rules(RulesArgs),
    /// Monte Carlo play with seeded random dice.
    Simulate(SimulateArgs),
    /// Replay a whole game with cycling test dice.
    Replay(ReplayArgs),
    /// The exact distribution of one turn's points and resulting state.
    Dist(DistArgs),
    /// Play one turn with given die faces.
    Turn(TurnArgs),
    /// What a policy table holds: its rules, goal, objective, format version
    /// and checksum (verified).
    Table(TableArgs),
    /// Print a shell completion script: `hog completions bash > hog.bash`.
    Completions(CompletionsArgs),
    /// Serve exact grades over HTTP: the course's hog-calc protocol, for every semester.
    ///
    /// POST /SEMESTER/api/compare_strategies takes what a course's calc.py
    /// posts (strat0, strat1: JSON tables of num_rolls, and token) and
    /// answers {"success": true, "win_rate": X}, strat0's exact win rate
    /// against strat1 under SEMESTER's rules (any name hog rules list
    /// gives); POST /api/compare_strategies plays --rules. GET / lists every
    /// semester with its file to hand in (GET /SEMESTER/final.py) and that
    /// file's policy page, and grades an uploaded table. It grades tables
    /// only (it never runs Python) and writes no file. The first line on
    /// stdout is the address; one line per request goes to stderr. SIGINT
    /// or SIGTERM: finishes the requests in flight and exits 0.
    Serve(ServeArgs),
    /// For the project's maintainers (not listed): regenerate the committed
    /// tables of every preset, their exports, heatmaps and MANIFEST.
    #[command(hide = true)]
    Tables(TablesArgs),
}

#[derive(Args)]
pub struct ServeArgs {
    /// Where to listen: ADDRESS:PORT (port 0: any free port; 0.0.0.0 takes
    /// connections from other machines: put the server behind a proxy).
    #[arg(long, default_value = "127.0.0.1:6161", value_name = "ADDRESS:PORT")]
    pub listen: String,

    /// The rules of POST /api/compare_strategies, the path without a
    /// semester (a preset, a semester or a canonical rules text) [default:
    /// none: that path refuses, naming the semester paths]
    #[arg(long, value_name = "RULES")]
    pub rules: Option<String>,

    /// Take only the tokens in FILE (one a line) in a request's field
    /// `token` [default: any token, read and ignored]
    #[arg(long, value_name = "FILE")]
    pub tokens: Option<std::path::PathBuf>,
}

#[derive(Args)]
pub struct TablesArgs {
    /// The folder to write into.
    #[arg(long, default_value = "tables", value_name = "DIR")]
    pub dir: std::path::PathBuf,

    /// The goal of every table.
    #[arg(
        long,
        default_value_t = 100,
        value_name = "GOAL",
        allow_negative_numbers = true
    )]
    pub goal: i64,

    #[command(flatten)]
    pub python: PythonArgs,
}

#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

#[derive(Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// Solve the best response to this strategy instead of the self-play
    /// optimum.
    #[arg(long, visible_alias = "baseline", value_name = "STRATEGY")]
    pub against: Option<String>,

    /// Write the policy table to this file.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,

    /// Replace the -o file even where hog did not write it (hog refuses to
    /// replace a file it did not write, a project's hog.py above all).
    #[arg(long)]
    pub force: bool,

    #[command(flatten)]
    pub exact: ExactArgs,

    #[command(flatten)]
    pub json: JsonArgs,

    #[command(flatten)]
    pub python: PythonArgs,
}

#[derive(Args)]
pub struct FinalArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// The strategy to beat; the preset's course
    /// baseline by default. Given more than once, a field of opponents, each
    /// met as often: the strategy with the highest mean exact win rate over
    /// the field.
    #[arg(long, visible_alias = "baseline", value_name = "STRATEGY")]
    pub against: Vec<String>,

    /// Write the strategy to this file, by its extension: .py (a module
    /// defining final_strategy), .csv, .json or .hogtable.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,

    /// Replace the -o file even where hog did not write it (hog refuses to
    /// replace a file it did not write, a project's hog.py above all).
    #[arg(long)]
    pub force: bool,

    /// Where the rules hide state (or against a field of opponents): how
    /// hard the search for the best strategy tries. After its first answer
    /// it makes this many more tries, each taking about as long as a solve
    /// and kept only where it wins more: more tries, a strategy as good or
    /// better, found more slowly. Rules with more than 8 hidden values
    /// (Time Trot's turn numbers, memories) make none. [default up to goal
    /// 100: 256 under the rules hog plays fastest (fa16), 128 where the
    /// points flip the dice sides (su17), 56 where rolls take the general
    /// path (rules texts with extra turns and hidden state); above goal
    /// 100, or against a field, as many as take the same time, at least 1]
    #[arg(long, value_name = "TRIES", value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    pub effort: Option<u32>,

    /// Where the rules hide state: also prove a tighter bound than the
    /// sighted best response's, by branch and bound over at most this many
    /// nodes of its tree. Each split computes both children of its 4
    /// candidate cells (1 under Feral Hogs) and keeps the pair whose bounds
    /// fall most (strong branching; fa16: 10,001 nodes take about 2
    /// minutes on 2 busy cores). One opponent only.
    #[arg(long, value_name = "NODES", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub prove_bound: Option<u32>,

    /// Under rules with bids (fa14-contest): the opponent's final_bid (the
    /// baseline's, or every --against's); the bid with the highest exact
    /// win rate against it is given beside the strategy; 0 to the goal (a
    /// bid past it hands the other player the game) [default: 0]
    #[arg(long, value_name = "BID")]
    pub opponent_bid: Option<u32>,

    #[command(flatten)]
    pub exact: ExactArgs,

    #[command(flatten)]
    pub json: JsonArgs,

    #[command(flatten)]
    pub python: PythonArgs,
}

#[derive(Args)]
pub struct ContestArgs {
    /// Strategy files (.py, .csv, .json, .hogtable), folders of them (or
    /// of subfolders holding a hog.py), or strategy expressions.
    #[arg(required = true, value_name = "ENTRY")]
    pub entries: Vec<String>,

    #[command(flatten)]
    pub game: GameArgs,

    /// A match point for a win rate above 0.5 + M (ties count as losses).
    #[arg(long, default_value_t = 0.000001, value_name = "M")]
    pub margin: f64,

    /// Each entry's win rate is also given against this; the preset's
    /// course baseline by default.
    #[arg(long, visible_alias = "baseline", value_name = "STRATEGY")]
    pub against: Option<String>,

    /// Also write the results: .csv (ranking), .json (everything), .html
    /// (leaderboard and matrix), .png (the matrix as a heatmap).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,

    /// Replace the -o file even where hog did not write it (hog refuses to
    /// replace a file it did not write, a project's hog.py above all).
    #[arg(long)]
    pub force: bool,

    /// With -o FILE.html: write each graded entry's policy page (as hog
    /// heatmap ENTRY -o page.html, against the baseline) into DIR, and link
    /// the entry's row of the leaderboard to it.
    #[arg(long, value_name = "DIR")]
    pub pages: Option<std::path::PathBuf>,

    /// The cache of graded pairs [default: $XDG_CACHE_HOME/hog/contest.cache,
    /// else ~/.cache/hog/contest.cache].
    #[arg(long, value_name = "FILE", conflicts_with = "no_cache")]
    pub cache: Option<std::path::PathBuf>,

    /// Grade every pair afresh, and keep no cache.
    #[arg(long)]
    pub no_cache: bool,

    /// Run the Python entries where the kernel offers only the sandbox's
    /// weaker wall (no Landlock): an entry could then read your files and
    /// hog's key, and forge the cache.
    #[arg(long)]
    pub weaker_sandbox: bool,

    /// How long each Python entry may take to import, and to answer every
    /// state in each of two rounds.
    #[arg(long, default_value_t = PYTHON_TIMEOUT, value_name = "SECONDS", value_parser = python_timeout())]
    pub python_timeout: u64,

    #[command(flatten)]
    pub json: JsonArgs,
}

#[derive(Args)]
pub struct GradeArgs {
    /// The strategy to grade: a course strategy, optimal, best_response(S),
    /// a policy table, a CSV or JSON table, or a Python file (hog.py[:NAME]).
    #[arg(value_name = "STRATEGY")]
    pub strategy: String,

    #[command(flatten)]
    pub game: GameArgs,

    /// The strategy to grade against; the preset's course baseline by
    /// default.
    #[arg(long, visible_alias = "baseline", value_name = "STRATEGY")]
    pub against: Option<String>,

    /// List the N decisions that cost the strategy most: the cells where
    /// another answer wins more, each with the exact gain of the win rate
    /// if that cell alone took it (0: none).
    #[arg(long, default_value_t = crate::ops::costliest::COSTLIEST, value_name = "N")]
    pub costliest: usize,

    #[command(flatten)]
    pub exact: ExactArgs,

    #[command(flatten)]
    pub json: JsonArgs,

    #[command(flatten)]
    pub python: PythonArgs,
}

#[derive(Args)]
#[command(allow_negative_numbers = true)]
pub struct ExportArgs {
    /// The strategy to export: a course strategy, optimal, best_response(S),
    /// a policy table, a CSV or JSON table, or a Python file (hog.py[:NAME]).
    #[arg(value_name = "STRATEGY")]
    pub source: String,

    /// The file format [default: from the extension of -o FILE: .py, .csv,
    /// .json]; needed when writing to stdout.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<Format>,

    /// Write to this file (atomically) instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,

    /// Replace the -o file even where hog did not write it (hog refuses to
    /// replace a file it did not write, a project's hog.py above all).
    #[arg(long)]
    pub force: bool,

    #[command(flatten)]
    pub game: GameArgs,

    /// For a policy that depends on the dice sides (fa16): export the
    /// answers it gives with this many sides (6 or 4), played whatever the sides.
    #[arg(long, value_name = "6|4")]
    pub sides: Option<i64>,

    /// For a policy that depends on what the rules hide: export the answers
    /// it gives with this hidden value (in the words hog prints for it, or
    /// its position on the hidden axis), played whatever is hidden.
    #[arg(long, value_name = "HIDDEN", conflicts_with = "sides")]
    pub hidden: Option<String>,

    #[command(flatten)]
    pub json: JsonArgs,

    #[command(flatten)]
    pub python: PythonArgs,
}

#[derive(Args)]
pub struct TableArgs {
    /// The policy table file.
    #[arg(value_name = "FILE")]
    pub file: std::path::PathBuf,

    #[command(flatten)]
    pub json: JsonArgs,
}

#[derive(Args)]
pub struct RulesArgs {
    #[command(subcommand)]
    pub show: Option<RulesCommand>,

    #[command(flatten)]
    pub json: JsonArgs,
}

#[derive(Subcommand)]
pub enum RulesCommand {
    /// Every preset: its semester, the other semesters that played its
    /// rules, course, baseline, target, and what final_strategy cannot see
    /// (plain `hog rules` too).
    List {
        #[command(flatten)]
        json: JsonArgs,
    },
    /// Print a rule set's canonical text and its rules in plain words.
    Show {
        /// A preset name (fa16, fa13, ...) or a canonical rules text.
        #[arg(value_name = "RULES")]
        rules: String,

        #[command(flatten)]
        json: JsonArgs,
    },
}

/// The rules, the dice sides and the action of one turn.
#[derive(Args)]
pub struct TurnRulesArgs {
    #[command(flatten)]
    pub game: FixedGameArgs,

    /// The sides of every die (4 only where fa16's Pork Chop or su17's Perfect Piggy flipped them).
    #[arg(long, default_value_t = 6, value_name = "SIDES")]
    pub sides: i64,

    /// The hidden value of the state, in the words hog prints for it
    /// ("sides 4", "memories 3 (mover) and 5 (opponent)") or its position
    /// on the hidden axis; without it, --sides and nothing else hidden.
    #[arg(long, value_name = "HIDDEN", conflicts_with = "sides")]
    pub hidden: Option<String>,

    /// The number of dice to roll (-1 for Pork Chop).
    #[arg(long, value_name = "N")]
    pub rolls: i64,
}

#[derive(Args)]
#[command(allow_negative_numbers = true)]
pub struct DistArgs {
    #[command(flatten)]
    pub turn: TurnRulesArgs,

    /// The mover's score.
    #[arg(long, default_value_t = 0, value_name = "SCORE")]
    pub score: i64,

    /// The opponent's score.
    #[arg(long, default_value_t = 0, value_name = "SCORE")]
    pub opp: i64,

    #[command(flatten)]
    pub json: JsonArgs,
}

#[derive(Args)]
#[command(allow_negative_numbers = true)]
pub struct TurnArgs {
    #[command(flatten)]
    pub turn: TurnRulesArgs,

    /// The mover's score.
    #[arg(long, value_name = "SCORE")]
    pub score: i64,

    /// The opponent's score.
    #[arg(long, value_name = "SCORE")]
    pub opp: i64,

    /// The die faces, in the order the dice take them: 4,2,6. May be left
    /// out for 0 dice and for Pork Chop.
    #[arg(long, value_name = "FACES", alias = "outcomes")]
    pub dice: Option<String>,

    #[command(flatten)]
    pub json: JsonArgs,
}

/// Two players' strategies.
#[derive(Args)]
pub struct PlayersArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// Player 0's strategy (moves first), e.g. always_roll(4).
    #[arg(long, value_name = "STRATEGY")]
    pub p0: String,

    /// Player 1's strategy.
    #[arg(long, value_name = "STRATEGY")]
    pub p1: String,

    #[command(flatten)]
    pub json: JsonArgs,

    #[command(flatten)]
    pub python: PythonArgs,
}

#[derive(Args)]
#[command(allow_negative_numbers = true)]
#[command(group = clap::ArgGroup::new("test_dice").required(true).multiple(true).args(["dice", "six", "four"]))]
pub struct ReplayArgs {
    #[command(flatten)]
    pub players: PlayersArgs,

    /// Player 0's score at the start (player 0 moves first). Named by
    /// player, as replay's output names them, where dist, turn and explain
    /// take the mover's --score and the opponent's --opp.
    #[arg(long, default_value_t = 0, value_name = "SCORE")]
    pub score0: i64,

    /// Player 1's score at the start.
    #[arg(long, default_value_t = 0, value_name = "SCORE")]
    pub score1: i64,

    /// The mover's and the opponent's score in dist, turn and explain:
    /// refused here, where the players are named by number.
    #[arg(long, hide = true, value_name = "SCORE")]
    pub score: Option<i64>,
    #[arg(long, hide = true, value_name = "SCORE")]
    pub opp: Option<i64>,

    /// The sides of every die at the start (4 only under fa16 and su17).
    #[arg(long, default_value_t = 6, value_name = "SIDES")]
    pub sides: i64,

    /// One cycling sequence of faces for every die: 3,4,5.
    #[arg(long, value_name = "FACES", conflicts_with_all = ["six", "four"])]
    pub dice: Option<String>,

    /// A cycling sequence of faces for six-sided dice.
    #[arg(long, value_name = "FACES")]
    pub six: Option<String>,

    /// A cycling sequence of faces for four-sided dice.
    #[arg(long, value_name = "FACES")]
    pub four: Option<String>,

    /// A game still running after this many turns ends as a draw.
    #[arg(long, default_value_t = 10000, value_name = "N")]
    pub max_turns: u64,
}

#[derive(Args)]
#[command(allow_negative_numbers = true)]
pub struct SimulateArgs {
    #[command(flatten)]
    pub players: PlayersArgs,

    /// The number of games (at most a billion: `hog grade` is exact).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub games: u64,

    /// The seed of the random dice.
    #[arg(long, default_value_t = 0, value_name = "SEED")]
    pub seed: u64,
}

#[derive(Args)]
#[command(allow_negative_numbers = true)]
pub struct HeatmapArgs {
    /// The strategy to draw: a course strategy, optimal, best_response(S),
    /// a policy table, a CSV or JSON table, or a Python file (hog.py[:NAME]).
    #[arg(value_name = "STRATEGY")]
    pub source: String,

    #[command(flatten)]
    pub game: GameArgs,

    /// The picture: FILE.png or FILE.svg (900x800 pixels per panel), or
    /// FILE.html, a page that shows on hover why each cell says what it says.
    #[arg(short, long, default_value = "heatmap.png", value_name = "FILE")]
    pub output: std::path::PathBuf,

    /// Replace the -o file even where hog did not write it (hog refuses to
    /// replace a file it did not write, a project's hog.py above all).
    #[arg(long)]
    pub force: bool,

    /// The map to draw: num_rolls (action), P(player to move wins) (win), or both.
    #[arg(long, value_enum, default_value_t = Show::Action)]
    pub show: Show,

    /// Draw where SOURCE and OTHER choose differently, and the change in
    /// win probability there (each against the opponent).
    #[arg(long, value_name = "STRATEGY", conflicts_with = "show")]
    pub diff: Option<String>,

    /// The opponent for win probabilities; the
    /// preset's course baseline by default.
    #[arg(long, visible_alias = "baseline", value_name = "STRATEGY")]
    pub against: Option<String>,

    #[command(flatten)]
    pub json: JsonArgs,

    #[command(flatten)]
    pub python: PythonArgs,
}

#[derive(Args)]
pub struct PlayArgs {
    /// The opponent: a course strategy, optimal, best_response(S), a policy
    /// table, a CSV or JSON table, or a Python file (hog.py[:NAME]); final
    /// (the default): the file hog final makes, the best final_strategy
    /// against the course baseline.
    #[arg(value_name = "STRATEGY")]
    pub strategy: Option<String>,

    #[command(flatten)]
    pub game: GameArgs,

    /// The seed of the random dice: the same seed and moves play the same
    /// game [default: a random seed, printed]
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,

    /// Let the strategy move first.
    #[arg(long)]
    pub second: bool,

    #[command(flatten)]
    pub json: JsonArgs,

    #[command(flatten)]
    pub python: PythonArgs,
}

#[derive(Args)]
#[command(allow_negative_numbers = true)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// The mover's score.
    #[arg(long, value_name = "SCORE")]
    pub score: i64,

    /// The opponent's score.
    #[arg(long, value_name = "SCORE")]
    pub opp: i64,

    /// The sides of every die (4 only where fa16's Pork Chop or su17's Perfect Piggy flipped them).
    #[arg(long, default_value_t = 6, value_name = "SIDES")]
    pub sides: i64,

    /// The hidden value of the state, in the words hog prints for it
    /// ("sides 4", "memories 3 (mover) and 5 (opponent)") or its position
    /// on the hidden axis; without it, --sides and nothing else hidden.
    #[arg(long, value_name = "HIDDEN", conflicts_with = "sides")]
    pub hidden: Option<String>,

    /// The opponent's fixed strategy; without it
    /// (and without --strategy), both players play the self-play optimum.
    #[arg(long, visible_alias = "baseline", value_name = "STRATEGY")]
    pub against: Option<String>,

    /// Explain this strategy's answer instead of the solved one: each
    /// action's chance when the strategy plays on after it, against
    /// --against (the course baseline by default). `final` is the file hog
    /// final makes. Where the rules hide state the strategy cannot see
    /// (fa16's dice sides), the chances are the mix over it, weighted by
    /// how often games reach each.
    #[arg(long, value_name = "STRATEGY")]
    pub strategy: Option<String>,

    #[command(flatten)]
    pub exact: ExactArgs,

    #[command(flatten)]
    pub json: JsonArgs,

    #[command(flatten)]
    pub python: PythonArgs,
}
