//! `hog`: the command-line tool (see [`hog::cli`]).

use std::process::ExitCode;

/// Where memory runs out: one `error:` line and exit status 2.
#[global_allocator]
static ALLOCATOR: hog::alloc::Allocator = hog::alloc::Allocator;

fn main() -> ExitCode {
    ExitCode::from(hog::cli::run(std::env::args_os()))
}
