//! SIGINT, SIGTERM and SIGHUP: hog ends the sandboxed process groups,
//! removes its temporary files and folders ([`super::temporaries`]), says
//! so, and exits as the signal would have.

use std::io::{self, Write};

use anyhow::Result;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

use super::temporaries::{temporary, Temporary};

/// Starts the thread that, on SIGINT, SIGTERM or SIGHUP, ends the
/// sandboxed process groups, removes the temporary files and folders, says
/// so in one line on stderr, and exits with status 128 + the signal's
/// number (130 for SIGINT, Ctrl-C), as a shell reports a command it ended.
pub fn remove_temporaries_on_signals() -> Result<()> {
    let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP])?;
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            // Held until the end: nothing is created or renamed after this.
            let list = temporary();
            // First the processes, which could write into the folders.
            for item in list.iter() {
                if let Temporary::Group(group) = item {
                    let _ =
                        rustix::process::kill_process_group(*group, rustix::process::Signal::KILL);
                }
            }
            for item in list.iter() {
                let Temporary::Path(path) = item else {
                    continue;
                };
                // The other threads run on meanwhile, and a rename inside a
                // folder can slip between listing and removing its files:
                // try again until the path is gone.
                for _ in 0..100 {
                    let _ = std::fs::remove_file(path).or_else(|_| std::fs::remove_dir_all(path));
                    if path.symlink_metadata().is_err() {
                        break;
                    }
                }
            }
            let name = match signal {
                SIGINT => "SIGINT",
                SIGTERM => "SIGTERM",
                _ => "SIGHUP",
            };
            // Nothing is left to tell if stderr fails.
            let _ = writeln!(
                io::stderr(),
                "\nstopped by {name}: no file was left half-written"
            );
            std::process::exit(128 + signal);
        }
    });
    Ok(())
}
