//! The `iriscan` command: reads lines from files or standard input and writes one result per
//! line, in order. Each command is a module that implements
//! `engine::LineCommand`; the engine does the reading, the parallel work and the writing.

mod check;
mod compare;
mod convert;
mod dedupe;
mod engine;
mod mode;
mod normalize;
mod output;
mod parse;
mod relativize;
mod resolve;
mod to_iri;
mod to_uri;

use clap::{Parser, Subcommand};
use iriscan::Grammar;
use std::process::ExitCode;

/// Internationalized Resource Identifiers (draft-ietf-iri-3987bis, RFC 3986), line by line.
///
/// Reads each FILE (standard input when none, and for "-") and writes one result per line, in
/// order. Exit status: 0 when every line is ok, 1 when some line is not; a filter (--valid,
/// --invalid, dedupe) exits 0 when it wrote a line, 1 when none; 2 on a usage or I/O error.
/// A reader that stops early (`| head`) ends the run quietly with status 0.
#[derive(Parser)]
#[command(name = "iriscan", version, about, long_about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Check(check::Args),
    Parse(parse::Args),
    ToUri(to_uri::Args),
    ToIri(to_iri::Args),
    Normalize(normalize::Args),
    Compare(compare::Args),
    Dedupe(dedupe::Args),
    Resolve(resolve::Args),
    Relativize(relativize::Args),
}

/// `--grammar`: the names of [`Grammar::name`], listed in `--help`.
fn grammar_parser() -> impl clap::builder::TypedValueParser<Value = Grammar> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(Grammar::ALL.map(Grammar::name))
        .map(|name| name.parse::<Grammar>().expect("a listed grammar"))
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            // Usage errors are 2, as the contract says; --help and --version are 0.
            return ExitCode::from(if e.use_stderr() {
                engine::EXIT_TROUBLE
            } else {
                0
            });
        }
    };
    let status = match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Parse(args) => parse::run(&args),
        Command::ToUri(args) => to_uri::run(&args),
        Command::ToIri(args) => to_iri::run(&args),
        Command::Normalize(args) => normalize::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Dedupe(args) => dedupe::run(&args),
        Command::Resolve(args) => resolve::run(&args),
        Command::Relativize(args) => relativize::run(&args),
    };
    ExitCode::from(status)
}
