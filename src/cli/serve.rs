//! `hog serve`: the server of [`crate::serve`], its options, and its first
//! words: the address on stdout (one line, flushed, for whatever started
//! it to read), what it serves on stderr.

use std::io::Write;
use std::net::SocketAddr;

use anyhow::{anyhow, Context, Result};
use hog_solver::Rules;

use crate::cli::args::ServeArgs;
use crate::serve::{serve, Listening, ServeInput, Tokens};

pub fn run(args: &ServeArgs, out: &mut dyn Write) -> Result<()> {
    let listen: SocketAddr = args.listen.parse().map_err(|_| {
        anyhow!(
            "--listen '{}': not an ADDRESS:PORT such as 127.0.0.1:6161 ([::1]:6161 for IPv6)",
            args.listen
        )
    })?;
    let rules = args
        .rules
        .as_deref()
        .map(Rules::parse)
        .transpose()
        .context("--rules")?;
    let tokens = args
        .tokens
        .as_deref()
        .map(Tokens::read)
        .transpose()
        .context("--tokens")?;
    let notes = notes(rules.as_ref(), tokens.as_ref());
    let input = ServeInput {
        listen,
        rules,
        tokens,
    };
    serve(input, |listening: &Listening| {
        writeln!(out, "listening on http://{}/", listening.address)?;
        out.flush()?;
        // What the server does by default, said plainly; a stderr that
        // cannot be written loses it.
        let _ = writeln!(
            std::io::stderr(),
            "hog serve: {notes}; {} request{} worked on at a time",
            listening.slots,
            if listening.slots == 1 { "" } else { "s" }
        );
        Ok(())
    })
}

/// What the server plays and whom it serves, in words.
fn notes(rules: Option<&Rules>, tokens: Option<&Tokens>) -> String {
    let plain = match rules {
        Some(rules) => format!(
            "POST /api/compare_strategies plays {} (--rules)",
            rules.name()
        ),
        None => "POST /api/compare_strategies refuses (no --rules): clients post to \
                 /SEMESTER/api/compare_strategies"
            .to_string(),
    };
    let tokens = match tokens {
        Some(tokens) => format!("only its {} tokens are taken (--tokens)", tokens.len()),
        None => "any token is taken (no --tokens)".to_string(),
    };
    format!("every semester at /SEMESTER/api/compare_strategies; {plain}; {tokens}")
}
