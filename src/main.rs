//! `hog`: the command-line tool (see [`hog::entry`]).

use std::process::ExitCode;

/// Where memory runs out: one `error:` line and exit status 2.
#[global_allocator]
static ALLOCATOR: hog::alloc::Allocator = hog::alloc::Allocator;

fn main() -> ExitCode {
    ExitCode::from(hog::entry::run(std::env::args_os()))
}
