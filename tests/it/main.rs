//! The end-to-end tests of the `hog` binary, one module per command or
//! concern, in one test binary: each test binary links every dependency
//! again, so one binary builds much faster than one per file. A new
//! subject is a new file here and a `mod` line below; a test goes in the
//! file of its subject, and helpers that several files share in `common`.

mod all_presets;
mod common;
mod contest;
mod cost_map;
mod costliest;
mod detect;
mod detect_fuzz;
mod docs;
mod exact;
mod explain;
mod export;
mod files;
mod final_strategy;
mod grade;
mod heatmap;
mod hostile;
mod imports;
mod messages;
mod outputs;
mod page;
mod play;
mod progress;
mod readme;
mod rules;
mod sandbox;
mod sandbox_wall;
mod semester_data;
mod serve;
mod solve;
mod special_files;
mod strategies;
mod strategy_files;
mod tables;
mod turns;
mod usage;
mod verdicts;
