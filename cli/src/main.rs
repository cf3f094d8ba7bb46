//! The `iriscan` command: reads lines from files or standard input and writes one result per
//! line, in order. Each command is a module that implements
//! `engine::LineCommand`; the engine does the reading, the parallel work and the writing.

mod check;
mod compare;
mod convert;
mod dedupe;
mod display;
mod engine;
mod extract;
mod lint;
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
/// The version, with the Public Suffix List that `parse` and `dedupe --by` use.
static VERSION: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    format!("{} ({})", env!("CARGO_PKG_VERSION"), iriscan::suffix::LIST)
});

#[derive(Parser)]
#[command(name = "iriscan", version = VERSION.as_str(), about, long_about)]
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
    Lint(lint::Args),
    Display(display::Args),
    Extract(extract::Args),
}

/// An option that takes one of the library's names for a `T` (`--grammar`, `--level`, `--mode`,
/// `--host`): `names` listed in `--help`, and the value read by `T`'s own `FromStr`, so that
/// the command and the library cannot disagree on a name.
pub fn names<T>(
    names: impl IntoIterator<Item = &'static str>,
) -> impl clap::builder::TypedValueParser<Value = T>
where
    T: std::str::FromStr<Err = iriscan::UnknownName> + Clone + Send + Sync + 'static,
{
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(names).try_map(|name| name.parse::<T>())
}

/// `--grammar`: the names of [`Grammar::name`].
fn grammar_parser() -> impl clap::builder::TypedValueParser<Value = Grammar> {
    names(Grammar::ALL.map(Grammar::name))
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Usage errors are 2, as the contract says; --help and --version are 0, or 2 when
            // they cannot be written.
            let printed = e.print().is_ok();
            return ExitCode::from(if e.use_stderr() || !printed {
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
        Command::Lint(args) => lint::run(&args),
        Command::Display(args) => display::run(&args),
        Command::Extract(args) => extract::run(&args),
    };
    ExitCode::from(status)
}
