//! The `iriscan` command: reads lines from files or standard input and writes one result per
//! line, in order (DESIGN.md, "The command-line tool").

mod check;
mod lines;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Internationalized Resource Identifiers (draft-ietf-iri-3987bis, RFC 3986), line by line.
#[derive(Parser)]
#[command(name = "iriscan", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Check(check::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let status = match cli.command {
        Command::Check(args) => check::run(&args),
    };
    ExitCode::from(status)
}
