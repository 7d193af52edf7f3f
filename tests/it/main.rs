//! The end-to-end tests of the `hog` binary, one module per topic, in one
//! test binary: each test binary links every dependency again, so one
//! binary builds much faster than one per file. A new topic is a new file
//! here and a `mod` line below.

mod all_presets;
mod cli_contest;
mod cli_detect;
mod cli_exact;
mod cli_export;
mod cli_final;
mod cli_foundation;
mod cli_frontdoor;
mod cli_harden;
mod cli_harden2;
mod cli_harden3;
mod cli_harden4;
mod cli_heatmap;
mod cli_newcomer;
mod cli_page;
mod cli_rough;
mod cli_semester;
mod cli_solver;
mod cli_tripups;
mod cli_writer;
mod common;
mod detect_fuzz;
mod imports;
mod outputs;
mod readme;
mod sandbox_wall;
mod semester_data;
mod tables;
